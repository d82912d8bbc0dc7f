"""tiny's differential tester: random programs, a numpy reference, tiny-run,
a comparison and a minimizer. See test/fuzz/tinyfuzz.py."""
