"""Times bench-kernels' programs in tinygrad's CPU backend, for
bench-kernels' tinygrad column (bench/kernels/kernels.cpp runs this script
in a process of its own before measuring anything else).

    python3 tinygrad_kernels.py --n=16777216 --matmul=1024,1000,1023 \
        --relu-matmul=1024 --runs=5

tinygrad comes from $TINYGRAD_PATH, else ../shared/tinygrad beside the
checkout holding this file. Output, one record a line, for kernels.cpp to
read: "absent REASON" when tinygrad cannot be imported, else

    setup KEY=VALUE ...         what ran: device, renderer, compiler, ...
    time KERNEL SIZE SECONDS    best time of one realize of KERNEL
    error KERNEL MESSAGE        the kernel failed or computed a wrong result

Each kernel is a TinyJit of one realize on realized inputs: after warm-up
(compile, JIT capture) a timed call replays the captured kernels and waits
for the device. BEAM search is off (BEAM=0), so tinygrad's hand-coded
optimizations pick each kernel's shape; CACHELEVEL=0 keeps earlier runs'
compiled kernels out.
"""

import argparse
import os
import sys
import time


def find_tinygrad():
    """The folder holding tinygrad's package, or None."""
    candidates = []
    if os.environ.get("TINYGRAD_PATH"):
        candidates.append(os.environ["TINYGRAD_PATH"])
    else:
        # This file may be a Bazel runfiles link: its real path is in the
        # checkout, whose parent holds shared/tinygrad.
        root = os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.realpath(__file__))))
        candidates.append(os.path.join(os.path.dirname(root), "shared",
                                       "tinygrad"))
        if os.environ.get("BUILD_WORKSPACE_DIRECTORY"):
            candidates.append(os.path.join(
                os.path.dirname(os.environ["BUILD_WORKSPACE_DIRECTORY"]),
                "shared", "tinygrad"))
    for path in candidates:
        if os.path.isfile(os.path.join(path, "tinygrad", "__init__.py")):
            return path
    return None


def best_seconds(runs, fn, sync):
    fn()
    sync()
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        sync()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--matmul", default="")
    parser.add_argument("--relu-matmul", default="")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    os.environ["BEAM"] = "0"
    os.environ["CACHELEVEL"] = "0"
    os.environ.setdefault("DEV", "CPU")
    path = find_tinygrad()
    if path is None:
        print("absent no tinygrad checkout at $TINYGRAD_PATH or "
              "../shared/tinygrad")
        return 0
    sys.path.insert(0, path)
    sys.dont_write_bytecode = True
    try:
        import numpy as np
        from tinygrad import Device, Tensor, TinyJit
        from tinygrad.helpers import NUM_CPU_THREADS
    except Exception as e:  # noqa: BLE001 (any import failure skips it)
        print("absent cannot import tinygrad from %s: %s" % (path, e))
        return 0

    device = Device[Device.DEFAULT]
    renderer = device.renderer
    print("setup device=%s renderer=%s compiler=%s target=%s beam=0 "
          "num_cpu_threads=%d path=%s" % (
              Device.DEFAULT, type(renderer).__name__,
              type(getattr(renderer, "compiler", None)).__name__,
              str(getattr(renderer, "target", "")).replace(" ", ""),
              NUM_CPU_THREADS.value, path))
    sync = device.synchronize

    def measure(name, size, inputs, build, expected, tolerance):
        try:
            tensors = [Tensor(x).realize() for x in inputs]
            jitted = TinyJit(lambda *ts: build(*ts).realize())
            result = None
            for _ in range(3):  # compile, capture, first replay
                result = jitted(*tensors)
            got = result.numpy()
            error = float(np.max(np.abs(got - expected)))
            if error > tolerance:
                print("error %s %d wrong result, max |err| %g" % (
                    name, size, error))
                return
            seconds = best_seconds(args.runs, lambda: jitted(*tensors), sync)
            print("time %s %d %.9f" % (name, size, seconds))
        except Exception as e:  # noqa: BLE001 (reported, the rest goes on)
            message = (str(e).strip().splitlines() or [""])[0][:200]
            print("error %s %d %s: %s" % (name, size, type(e).__name__,
                                          message))
        sys.stdout.flush()

    n = args.n
    index = np.arange(n, dtype=np.int64)
    a = ((index % 1000) * 0.5).astype(np.float32)
    b = (index % 7).astype(np.float32)
    measure("add", n, [a, b], lambda x, y: x + y, a + b, 0)
    measure("sum", n, [a], lambda x: x.sum().reshape(1),
            np.array([a.astype(np.float64).sum()]), 1e-4 * float(a.sum()))

    def matmul_inputs(m):
        i = np.arange(m * m, dtype=np.int64)
        x = (((i * 7) % 13) / 13.0 - 0.5).astype(np.float32).reshape(m, m)
        y = (((i * 5) % 11) / 11.0 - 0.5).astype(np.float32).reshape(m, m)
        return x, y

    for m in [int(s) for s in args.matmul.split(",") if s]:
        x, y = matmul_inputs(m)
        measure("matmul", m, [x, y], lambda p, q: p @ q, x @ y, 1e-3)
    for m in [int(s) for s in args.relu_matmul.split(",") if s]:
        x, y = matmul_inputs(m)
        measure("relu_matmul", m, [x, y], lambda p, q: (p @ q).relu(),
                np.maximum(x @ y, 0), 1e-3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
