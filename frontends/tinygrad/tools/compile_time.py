"""Time of a realize through tiny against tinygrad's own, cold and cached.

    PYTHONPATH=<tinygrad>:<tiny>/python:<tiny>/frontends/tinygrad \
        /usr/bin/python3 frontends/tinygrad/tools/compile_time.py

Each backend and graph runs in a fresh process. "cold" is the first realize
of a graph (tinygrad: schedule + codegen + compile with its compiler cache
off, then run; tiny: export + compile + run); "cached" is the mean of
later realizes of the same structure with new data (tinygrad: schedule
cache and compiled kernels reused; tiny: same IR text, program reused).
For tiny the export and compile parts are also shown.
"""

import json
import os
import subprocess
import sys
import time

GRAPHS = ["elementwise", "matmul_chain", "mlp_train_step"]


def build(name, np, Tensor, seed):
    rng = np.random.default_rng(seed)
    f = lambda *s: Tensor(rng.standard_normal(s).astype(np.float32))  # noqa: E731
    if name == "elementwise":
        x = f(64, 64)
        return [((x * 2 + 1).relu().exp() / (x.abs() + 1)).sum(axis=1)]
    if name == "matmul_chain":
        x, a, b = f(32, 64), f(64, 64), f(64, 16)
        return [((x @ a).relu() @ b).softmax(axis=1)]
    if name == "mlp_train_step":
        x, w1, w2 = f(16, 32), f(32, 64), f(64, 10)
        w1, w2 = w1.contiguous().realize(), w2.contiguous().realize()
        loss = ((x @ w1).relu() @ w2).log_softmax(axis=1).mean()
        g1, g2 = loss.gradient(w1, w2)
        w1.assign(w1 - g1 * 0.01)
        w2.assign(w2 - g2 * 0.01)
        return [loss, w1, w2]
    raise ValueError(name)


def child(backend, graph, repeats):
    import numpy as np
    from tinygrad import Tensor
    if backend == "tiny":
        import tiny_tinygrad as tt
        realize = tt.realize
    else:
        realize = lambda *t: Tensor.realize(*t)  # noqa: E731
    times = []
    for i in range(repeats + 1):
        outs = build(graph, np, Tensor, i)
        if backend == "tiny":
            tt.stats.reset()
        start = time.perf_counter()
        realize(*outs)
        times.append(time.perf_counter() - start)
        if i == 0 and backend == "tiny":
            cold = (tt.stats.export_s, tt.stats.compile_s)
    result = {"cold_s": times[0], "cached_s": sum(times[1:]) / repeats}
    if backend == "tiny":
        result["cold_export_s"], result["cold_compile_s"] = cold
        result["cached_export_s"] = tt.stats.export_s
    print(json.dumps(result))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    env = dict(os.environ, DISABLE_COMPILER_CACHE="1")
    print("%-16s %-9s %10s %10s %12s %12s" % (
        "graph", "backend", "cold ms", "cached ms", "tiny export", "tiny compile"))
    for graph in GRAPHS:
        for backend in ("tinygrad", "tiny"):
            out = subprocess.run(
                [sys.executable, __file__, "--child", backend, graph, "5"],
                env=env, capture_output=True, text=True, check=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            extra = ("%10.2f ms %10.2f ms" % (
                1e3 * r["cold_export_s"], 1e3 * r["cold_compile_s"])
                if backend == "tiny" else "")
            print("%-16s %-9s %10.2f %10.2f   %s" % (
                graph, backend, 1e3 * r["cold_s"], 1e3 * r["cached_s"],
                extra))


if __name__ == "__main__":
    main()
