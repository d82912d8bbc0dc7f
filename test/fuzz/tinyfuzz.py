#!/usr/bin/env python3
"""Differential tester: random tiny programs against a numpy reference.

    python3 test/fuzz/tinyfuzz.py --seed 1 --count 300
    python3 test/fuzz/tinyfuzz.py --seed 7 --count 2000 --minimize --keep /tmp/fz
    python3 test/fuzz/tinyfuzz.py --features=-pow,-multi --count 100
    python3 test/fuzz/tinyfuzz.py --seed 7 --first 12 --count 1 --minimize

Program i of a run is generated from seed (S, i), so `--seed S --first i
--count 1` regenerates it alone. Each failure is printed with its program;
with --minimize it is first reduced while it fails the same way, and with
--keep DIR the program, its inputs and a README go to DIR/fail-S-i. The last
line is the summary, `fuzz: N passed, M failed` (and the failures by kind);
the exit status is 1 when anything failed. tiny-run and tiny-opt are found
in bazel-bin/ or on the PATH, or given with --tiny-run / --tiny-opt.
"""

import argparse
import collections
import os
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

from fuzzer import check  # noqa: E402
from fuzzer import generate  # noqa: E402
from fuzzer import ir  # noqa: E402
from fuzzer import minimize  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def find_tool(name, given):
    if given:
        return os.path.abspath(given)
    built = os.path.join(ROOT, "bazel-bin", "tools", name, name)
    if os.access(built, os.X_OK):
        return built
    found = shutil.which(name)
    if not found:
        sys.exit(f"tinyfuzz: cannot find {name}; pass --{name}=PATH")
    return found


def parse_features(text):
    """`all`, a comma list of names, or `all` edited by -name / +name."""
    features = set(generate.FEATURES)
    if not text or text == "all":
        return features
    items = text.split(",")
    if not all(i.startswith(("-", "+")) for i in items):
        features = set()
    for item in items:
        name = item.lstrip("+-")
        if name not in generate.FEATURES:
            sys.exit(f"tinyfuzz: unknown feature '{name}'; known: "
                     + ", ".join(sorted(generate.FEATURES)))
        if item.startswith("-"):
            features.discard(name)
        else:
            features.add(name)
    return features


def report(name, program, outcome, out):
    print(f"FAIL {name}: {outcome.kind}", file=out)
    for line in outcome.detail[:12]:
        print(f"  {line}", file=out)
    print("  program:", file=out)
    for line in ir.to_mlir(program).splitlines():
        print(f"    {line}", file=out)
    for i, value in enumerate(program.inputs):
        flat = np.asarray(value).reshape(-1)
        shown = np.array2string(flat[:16], separator=", ",
                                max_line_width=1000)
        more = f" ... ({flat.size} elements)" if flat.size > 16 else ""
        print(f"  input {i} ({flat.dtype}): {shown}{more}", file=out)


def keep(program, outcome, directory, tools, name):
    check.write_program(program, directory)
    command = check.run_command(program, directory, tools["tiny-run"])
    with open(os.path.join(directory, "README"), "w") as f:
        f.write(f"{name}: {outcome.kind}\n")
        for line in outcome.detail:
            f.write(f"  {line}\n")
        f.write("\nrun (from this directory):\n  " + " ".join(
            os.path.basename(c) if c.endswith((".mlir", ".npy")) else c
            for c in command) + "\n")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first program (default 0)")
    parser.add_argument("--features", default="all",
                        help="all, a list (exp: arith,reduce), or all "
                        "edited (-pow,-multi); names:\n" + "\n".join(
                            f"  {k}: {v}" for k, v in
                            generate.FEATURES.items()))
    parser.add_argument("--minimize", action="store_true",
                        help="reduce each failure before printing it")
    parser.add_argument("--minimize-runs", type=int, default=200,
                        metavar="N", help="runs the minimizer may spend on "
                        "each failure (default 200)")
    parser.add_argument("--keep", metavar="DIR",
                        help="write each failing program and its inputs here")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds per tiny-run (default 60)")
    parser.add_argument("--tiny-run")
    parser.add_argument("--tiny-opt")
    parser.add_argument("--verbose", action="store_true",
                        help="print a line for each program that passes too")
    args = parser.parse_args()

    tools = {"tiny-run": find_tool("tiny-run", args.tiny_run),
             "tiny-opt": find_tool("tiny-opt", args.tiny_opt)}
    features = parse_features(args.features)
    counts = collections.Counter()
    elements = collections.Counter()
    scratch = tempfile.mkdtemp(prefix="tinyfuzz-")
    start = time.time()
    try:
        for index in range(args.first, args.first + args.count):
            name = f"{args.seed}-{index}"
            rng = np.random.default_rng([args.seed, index])
            program = generate.generate(rng, features)
            directory = os.path.join(scratch, "run")
            outcome = check.check(program, directory, tools, args.timeout)
            counts[outcome.kind] += 1
            elements.update(outcome.stats)
            if outcome.kind == "pass":
                if args.verbose:
                    print(f"ok {name}", flush=True)
                continue
            if args.minimize:
                program, outcome = minimize.minimize(
                    program, outcome, os.path.join(scratch, "min"), tools,
                    args.timeout, budget=args.minimize_runs)
            unread = check.unread_params(program, os.path.join(
                scratch, "min" if args.minimize else "run"), tools)
            if unread:
                outcome.detail.append(
                    f"note: -tiny-simplify leaves entry params {unread} "
                    "unread")
            report(name, program, outcome, sys.stdout)
            if args.keep:
                keep(program, outcome, os.path.join(args.keep,
                                                    f"fail-{name}"),
                     tools, name)
            sys.stdout.flush()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"compared {sum(elements.values())} returned elements: "
          f"{elements['exact']} exactly, {elements['bounded']} within an "
          f"error bound, {elements['poison']} not held (undefined)")
    failed = sum(v for k, v in counts.items() if k != "pass")
    kinds = ", ".join(f"{counts[k]} {k}" for k in sorted(counts)
                      if k != "pass")
    print(f"fuzz: {counts['pass']} passed, {failed} failed"
          + (f" ({kinds})" if kinds else "")
          + f" in {time.time() - start:.0f} s (seed {args.seed}, programs "
          f"{args.first}..{args.first + args.count - 1})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
