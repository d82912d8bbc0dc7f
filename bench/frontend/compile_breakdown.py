"""Where tiny's compile time goes on the models of bench/frontend.

    PYTHONPATH=python:frontends/tinygrad /usr/bin/python3 \
        bench/frontend/compile_breakdown.py [--models gpt2,resnet18,mnist] \
        [--tiny-opt bazel-bin/tools/tiny-opt/tiny-opt] [--keep DIR]

For each model, in a fresh process, one step through tiny.tinygrad: the
export (UOp graph to IR text) and compile (C API: parse, tiny's pipeline,
LLVM) times the frontend's stats report, and every IR text it compiled.
Then each text goes through `tiny-opt --mlir-timing` with the JIT's MLIR
pipeline (`tiny-jit`, what the C API runs before LLVM), which splits the
MLIR part into parsing, the kernel pipeline (up to rangeify and kernel
outlining) and the lowering to the LLVM dialect. What the C API spends
beyond that (translation to LLVM IR, LLVM's -O3 and code generation in
the ORC JIT) is the compile time less tiny-opt's total; tiny-opt's total
includes printing the result, which the C API does not do, so the LLVM
share is a lower bound.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "frontends", "tinygrad", "tests"))

import workloads  # noqa: E402


def child(model, out_dir):
    workloads.import_tinygrad()
    from tinygrad import Tensor
    import tiny.tinygrad as tiny_tinygrad
    realize = sys.modules["tiny_tinygrad.realize"]
    texts = []
    original = realize._compile

    def recording(text):
        if text not in realize._PROGRAMS:
            texts.append(text)
        return original(text)

    # Every realize compiles (or finds in its cache) through _compile.
    realize._compile = recording
    tiny_tinygrad.realize(Tensor.ones(4).contiguous() + 2)
    texts.clear()
    run = workloads.WORKLOADS[model](0)
    realize.stats.reset()
    tiny_tinygrad.enable()
    try:
        tiny_tinygrad.realize(*run.step())
    finally:
        tiny_tinygrad.disable()
    stats = realize.stats
    names = []
    for i, text in enumerate(texts):
        name = os.path.join(out_dir, "%s.%d.mlir" % (model, i))
        with open(name, "w") as f:
            f.write(text)
        names.append(name)
    print(json.dumps({"export_s": stats.export_s,
                      "compile_s": stats.compile_s,
                      "compiles": stats.compiles, "files": names}))


def entry_of(text):
    match = re.search(r"tiny\.function\s+@([\w$.]+)", text)
    return match.group(1) if match else None


# (label, substrings of --mlir-timing's pass names)
GROUPS = [("parse", ("Parser",)),
          ("print", ("Output",))]


def mlir_timing(tiny_opt, path):
    with open(path) as f:
        entry = entry_of(f.read())
    pipeline = "builtin.module(tiny-jit{entry=%s})" % entry
    start = time.perf_counter()
    result = subprocess.run(
        [tiny_opt, path, "--pass-pipeline=" + pipeline, "--mlir-timing",
         "--mlir-timing-display=list", "-o", os.devnull],
        capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-2000:])
    passes = {}
    total = None
    for line in result.stderr.splitlines():
        match = re.match(r"\s*([\d.]+)\s+\(\s*[\d.]+%\)\s+(.*\S)\s*$", line)
        if not match:
            continue
        seconds, name = float(match.group(1)), match.group(2)
        if name == "Total":
            total = seconds
        else:
            passes[name] = passes.get(name, 0.0) + seconds
    return total, wall, passes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default="gpt2,resnet18,mnist")
    parser.add_argument("--tiny-opt", default=os.path.join(
        ROOT, "bazel-bin", "tools", "tiny-opt", "tiny-opt"))
    parser.add_argument("--keep", help="keep the IR texts here")
    parser.add_argument("--top", type=int, default=8,
                        help="passes to list per model")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)
    out_dir = args.keep or tempfile.mkdtemp(prefix="tiny-breakdown-")
    os.makedirs(out_dir, exist_ok=True)
    for model in args.models.split(","):
        result = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--child", model,
             out_dir], capture_output=True, text=True)
        if result.returncode != 0:
            print(model, "failed:", result.stderr[-2000:])
            continue
        info = json.loads(result.stdout.strip().splitlines()[-1])
        total = 0.0
        passes = {}
        for path in info["files"]:
            seconds, _, by_pass = mlir_timing(args.tiny_opt, path)
            total += seconds
            for name, s in by_pass.items():
                passes[name] = passes.get(name, 0.0) + s
        parse = sum(s for n, s in passes.items() if n == "Parser")
        printing = sum(s for n, s in passes.items() if n == "Output")
        mlir = total - parse - printing
        export, compile_s = info["export_s"], info["compile_s"]
        llvm = max(compile_s - total + printing, 0.0)
        whole = export + compile_s
        print("%s: %d program(s) compiled, export+compile %.3f s"
              % (model, info["compiles"], whole))
        rows = [("export (Python)", export), ("parse (tiny-opt)", parse),
                ("MLIR passes (tiny-jit)", mlir),
                ("LLVM translate+O3+codegen (rest)", llvm)]
        for label, s in rows:
            print("  %-34s %7.3f s  %5.1f%%" % (label, s,
                                                 100 * s / whole if whole else 0))
        ranked = sorted(passes.items(), key=lambda kv: -kv[1])[:args.top]
        for name, s in ranked:
            print("    %-60s %7.3f s" % (name[:60], s))


if __name__ == "__main__":
    main()
