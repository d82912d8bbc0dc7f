#!/usr/bin/env bash
# The differential tester must notice wrong results: run against a tiny-run
# whose results each have one element changed, it reports wrong values, and
# minimizes one of them to a program that still shows it.
# Usage: selftest.sh TINY_OPT TINY_RUN
set -euo pipefail
tiny_opt="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
tiny_run="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
here="$(cd "$(dirname "$0")" && pwd)"
dir="${TEST_TMPDIR:-$(mktemp -d)}"
wrapper="$dir/corrupting-tiny-run"
cat > "$wrapper" <<WRAPPER
#!/bin/sh
"$tiny_run" "\$@" || exit \$?
exec /usr/bin/python3 "$here/testing/corrupt_results.py" "\$@"
WRAPPER
chmod +x "$wrapper"
fuzz() {
  /usr/bin/python3 "$here/tinyfuzz.py" --tiny-run="$wrapper" \
    --tiny-opt="$tiny_opt" --features=-multi,-copy,-bf16 "$@"
}

# Most programs return some element the reference holds; each of those
# must fail, as a wrong value.
if fuzz --seed=11 --count=12 > "$dir/run.txt"; then
  echo "selftest: the fuzzer passed a tiny-run with corrupted results"
  exit 1
fi
cat "$dir/run.txt"
summary="$(tail -n 1 "$dir/run.txt")"
failed="$(echo "$summary" | sed -n 's/^fuzz: [0-9]* passed, \([0-9]*\) failed.*/\1/p')"
wrong="$(grep -c '^FAIL .*: wrong-value$' "$dir/run.txt" || true)"
if [ -z "$failed" ] || [ "$failed" -lt 10 ] || [ "$wrong" != "$failed" ]; then
  echo "selftest: expected at least 10 of 12 programs to fail with wrong values"
  exit 1
fi

# Minimized (a few runs), a failure keeps failing the same way, with fewer
# ops.
fuzz --seed=11 --count=1 > "$dir/full.txt" || true
fuzz --seed=11 --count=1 --minimize --minimize-runs=8 > "$dir/min.txt" || true
cat "$dir/min.txt"
grep -q '^FAIL 11-0: wrong-value$' "$dir/min.txt"
grep -q '^fuzz: 0 passed, 1 failed' "$dir/min.txt"
ops() { grep -c '^      %' "$1"; }
if [ "$(ops "$dir/min.txt")" -ge "$(ops "$dir/full.txt")" ]; then
  echo "selftest: minimizing removed no op"
  exit 1
fi
