"""Per-call overhead of a compiled 4-element add called from Python, against
a no-op ctypes call (tiny_dtype_size) measured in the same run.

    PYTHONPATH=python /usr/bin/python3 bench/python/call_overhead.py
"""

import time

import numpy as np

import tiny

ADD = """#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<4xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4 on "CPU"
  %c = tiny.add %a, %b : tensor<4xf32, #cpu>
  tiny.return %c : tensor<4xf32, #cpu>
}
"""


def best_per_call(function, calls=20000, rounds=5):
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def main():
    start = time.perf_counter()
    add = tiny.compile(ADD)
    compile_s = time.perf_counter() - start
    a = np.arange(4, dtype=np.float32)
    b = np.ones(4, dtype=np.float32)
    assert (add(a, b) == a + b).all()
    noop = tiny._lib.tiny_dtype_size
    noop.restype, noop.argtypes = tiny.ctypes.c_size_t, [tiny.ctypes.c_uint32]
    add_s = best_per_call(lambda: add(a, b))
    noop_s = best_per_call(lambda: noop(12))
    print("compile (first, in-process cache cold): %.1f ms" % (compile_s * 1e3))
    print("4-element add from Python: %.2f us/call" % (add_s * 1e6))
    print("no-op ctypes call:         %.2f us/call" % (noop_s * 1e6))
    print("ratio add / no-op: %.1fx" % (add_s / noop_s))


if __name__ == "__main__":
    main()
