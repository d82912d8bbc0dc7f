"""Start-up of running a program from its source against from its artifact.

Times whole `tiny-run` processes (median of --runs) on prog.mlir, which
lowers and JIT-compiles the program, and on prog.tiny from tiny-compile,
which loads the compiled code, and, inside those processes, the compile
or load alone (tiny-run --print-compile-time), and `tiny-run --version`,
the process's start without any program: for examples/scale_add.mlir and for an MLP
written here (LAYERS matmul + relu layers, then a softmax: several
kernels). $TINY_CACHE_DIR is removed from the environment, so every source
run compiles. The results of both runs are checked against numpy.

  python3 bench/artifact/startup.py --bin bazel-bin/tools [--runs 7]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BATCH, WIDTH, LAYERS = 32, 64, 4


def mlp_source():
    """x @ W1 -> relu -> ... -> @ W_LAYERS -> relu -> softmax (base 2)."""
    t = lambda shape: "tensor<%sxf32, #cpu>" % "x".join(map(str, shape))
    b, d = BATCH, WIDTH
    lines = ['#cpu = #tiny.device<"CPU">', "tiny.function @mlp -> %s {" % t([b, d]),
             '  %%x = tiny.param 0 : f32 size %d on "CPU"' % (b * d),
             "  %%h0 = tiny.reshape %%x to [%d, %d] : %s" % (b, d, t([b * d]))]
    for i in range(1, LAYERS + 1):
        p = "%%h%d" % (i - 1)
        lines += [
            '  %%w%d = tiny.param %d : f32 size %d on "CPU"' % (i, i, d * d),
            "  %%a%d = tiny.reshape %s to [%d, 1, %d] : %s" % (i, p, b, d, t([b, d])),
            "  %%ae%d = tiny.expand %%a%d to [%d, %d, %d] : %s" % (i, i, b, d, d, t([b, 1, d])),
            "  %%w2%d = tiny.reshape %%w%d to [%d, %d] : %s" % (i, i, d, d, t([d * d])),
            "  %%wt%d = tiny.permute %%w2%d [1, 0] : %s" % (i, i, t([d, d])),
            "  %%w3%d = tiny.reshape %%wt%d to [1, %d, %d] : %s" % (i, i, d, d, t([d, d])),
            "  %%we%d = tiny.expand %%w3%d to [%d, %d, %d] : %s" % (i, i, b, d, d, t([1, d, d])),
            "  %%m%d = tiny.mul %%ae%d, %%we%d : %s" % (i, i, i, t([b, d, d])),
            "  %%s%d = tiny.reduce add %%m%d axes [2] : %s" % (i, i, t([b, d, d])),
            "  %%r%d = tiny.reshape %%s%d to [%d, %d] : %s" % (i, i, b, d, t([b, d, 1])),
            "  %%z%d = tiny.const dense<0.0> : %s" % (i, t([b, d])),
            "  %%h%d = tiny.max %%r%d, %%z%d : %s, %s" % (i, i, i, t([b, d]), t([b, d])),
        ]
    h = "%%h%d" % LAYERS
    lines += [
        "  %%mx = tiny.reduce max %s axes [1] : %s" % (h, t([b, d])),
        "  %%mxe = tiny.expand %%mx to [%d, %d] : %s" % (b, d, t([b, 1])),
        "  %%df = tiny.sub %s, %%mxe : %s, %s" % (h, t([b, d]), t([b, d])),
        "  %%ex = tiny.exp2 %%df : %s" % t([b, d]),
        "  %%sm = tiny.reduce add %%ex axes [1] : %s" % t([b, d]),
        "  %%sme = tiny.expand %%sm to [%d, %d] : %s" % (b, d, t([b, 1])),
        "  %%o = tiny.fdiv %%ex, %%sme : %s, %s" % (t([b, d]), t([b, d])),
        "  tiny.return %%o : %s" % t([b, d]), "}"]
    return "\n".join(lines) + "\n"


def mlp_reference(x, weights):
    h = x.reshape(BATCH, WIDTH).astype(np.float64)
    for w in weights:
        h = np.maximum(h @ w.reshape(WIDTH, WIDTH), 0)
    e = np.exp2(h - h.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def median_seconds(command, runs, env):
    """The medians of the process's wall-clock seconds and of the compile or
    load seconds it prints (0 when it prints none)."""
    times, inside = [], []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command + ["--print-compile-time"], check=True,
                              env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - start)
        words = done.stderr.split()
        inside.append(float(words[2]) if len(words) > 2 else 0.0)
    return statistics.median(times), statistics.median(inside)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "bazel-bin/tools"))
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    run = os.path.join(args.bin, "tiny-run/tiny-run")
    compile_ = os.path.join(args.bin, "tiny-compile/tiny-compile")
    env = dict(os.environ)
    env.pop("TINY_CACHE_DIR", None)
    work = tempfile.mkdtemp(prefix="tiny-startup-")
    rng = np.random.default_rng(0)

    mlp = os.path.join(work, "mlp.mlir")
    open(mlp, "w").write(mlp_source())
    x = rng.standard_normal(BATCH * WIDTH).astype(np.float32)
    weights = [(rng.standard_normal(WIDTH * WIDTH) / 8).astype(np.float32)
               for _ in range(LAYERS)]
    mlp_inputs = []
    for i, array in enumerate([x] + weights):
        path = os.path.join(work, "in%d.npy" % i)
        np.save(path, array)
        mlp_inputs += ["-i", path]
    scale_add = os.path.join(ROOT, "examples/scale_add.mlir")
    programs = [("scale_add", scale_add, ["-i", "1,2,3,4,5,6"], None),
                ("mlp (%d layers of %dx%d)" % (LAYERS, WIDTH, WIDTH), mlp,
                 mlp_inputs, mlp_reference(x, weights))]

    schedule = subprocess.run([run, mlp, "--print-schedule"] + mlp_inputs,
                              env=env, capture_output=True, text=True)
    print(schedule.stdout.splitlines()[0] if schedule.stdout else "",
          file=sys.stderr)
    version = statistics.median(
        median_seconds([run, "--version"], args.runs, env)[0] for _ in [0])
    print("tiny-run --version: %.4f s (the process alone)" % version)
    print("%-28s %14s %14s %8s %12s %12s %10s" % (
        "program", "from .mlir (s)", "from .tiny (s)", "ratio",
        "compile (s)", "load (s)", ".tiny bytes"))
    for name, source, inputs, reference in programs:
        artifact = os.path.join(work, os.path.basename(source) + ".tiny")
        subprocess.run([compile_, source, "-o", artifact], check=True, env=env)
        outputs = []
        for path in (source, artifact):
            out = path + ".out.npy"
            subprocess.run([run, path] + inputs + ["-o", out], check=True,
                           env=env)
            outputs.append(np.load(out))
        assert np.array_equal(outputs[0], outputs[1]), name
        if reference is not None:
            assert np.allclose(outputs[1], reference, rtol=1e-4, atol=1e-6)
        compiled = median_seconds([run, source] + inputs, args.runs, env)
        loaded = median_seconds([run, artifact] + inputs, args.runs, env)
        print("%-28s %14.4f %14.4f %7.1fx %12.4f %12.4f %10d" % (
            name, compiled[0], loaded[0], compiled[0] / loaded[0],
            compiled[1], loaded[1], os.path.getsize(artifact)))


if __name__ == "__main__":
    main()
