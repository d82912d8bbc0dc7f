#!/usr/bin/env python3
"""Runs ops on sharded values on virtual devices and checks them with numpy.

Usage: shard_ops.py TINY_RUN

Every case is a tensor-level program that takes x (float32, 4x6 on two
devices, 6x6 on three; x = 1, 2, 3, ... row-major, or x - 10 on three
devices so that some elements are negative), makes

  %s  = x sharded over the devices along axis k (a copy with `shard k`),
  %xr = x copied whole to every device,

runs the case's body on them, and gathers `%r` to CPU:1. The result printed
by `tiny-run` is compared with the value numpy computes from x. The bodies
mix the sharded value with splat constants, values every device holds whole
(copied, computed, allreduced), values broadcast along the sharded axis,
values sharded along another axis, run reduces and movement ops on it, and
store values into a buffer sharded the same way.

Cases expected to be refused give the diagnostic they must report (a pad
of the sharded axis, whose result has no even split).
Prints `ok NAME`, `refused NAME` (the expected diagnostic) or `FAIL NAME`
with what differs, then `N failures`; exits 1 on failure.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np


def tensor(shape, device, dtype="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + f"{dtype}, {device}>"


def program(devices, axis, shape, body, result_shape):
    names = ", ".join(f'"CPU:{d}"' for d in devices)
    size = int(np.prod(shape))
    dims = ", ".join(str(d) for d in shape)
    return f"""#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#all = #tiny.device<{names}>
#rev = #tiny.device<{", ".join(reversed(names.split(", ")))}>
tiny.function @main -> {tensor(result_shape, "#d1")} {{
  %p = tiny.param 0 : f32 size {size} on "CPU:1"
  %x = tiny.reshape %p to [{dims}] : {tensor([size], "#d1")}
  %s = tiny.copy %x to [{names}] shard {axis} : {tensor(shape, "#d1")}
  %xr = tiny.copy %x to [{names}] : {tensor(shape, "#d1")}
{body}
  %g = tiny.copy %r to "CPU:1" : {tensor(result_shape, "#all")}
  tiny.return %g : {tensor(result_shape, "#d1")}
}}
"""


def parse(text):
    """The first result tiny-run printed, as a float64 array of its shape."""
    values, shape = text.split(" : ")[0], text.split(" : tensor<")[1]
    dims = [int(d) for d in shape.split("x")[:-1]]
    flat = values.replace("[", " ").replace("]", " ").replace(",", " ").split()
    return np.array([float(v) for v in flat], dtype=np.float64).reshape(dims)


def cases2(k):
    """Cases on CPU:1, CPU:2 with x of shape 4x6 sharded along axis k."""
    X = np.arange(1, 25, dtype=np.float32).reshape(4, 6)
    S = tensor([4, 6], "#all")
    T = lambda shape, dtype="f32": tensor(shape, "#all", dtype)
    D1 = lambda shape: tensor(shape, "#d1")
    n = f"2dev_axis{k}_"
    yield n + "add_splat", f"  %c = tiny.const dense<2.0> : {S}\n  %r = tiny.add %s, %c : {S}, {S}", X + 2
    yield n + "fdiv_splat", f"  %c = tiny.const dense<4.0> : {S}\n  %r = tiny.fdiv %s, %c : {S}, {S}", X / np.float32(4)
    yield n + "fdiv_of_splat", f"  %c = tiny.const dense<4.0> : {S}\n  %r = tiny.fdiv %c, %s : {S}, {S}", np.float32(4) / X
    yield n + "sub_splat", f"  %c = tiny.const dense<4.0> : {S}\n  %r = tiny.sub %s, %c : {S}, {S}", X - 4
    yield n + "pow_splat", f"  %c = tiny.const dense<2.0> : {S}\n  %r = tiny.pow %s, %c : {S}, {S}", X ** 2
    yield n + "scalar_const", f"  %c = tiny.const dense<3.0> : {T([])}\n  %r = tiny.add %s, %c : {S}, {T([])}", X + 3
    yield n + "row_copied", (
        f"  %c0 = tiny.shrink %x [0, 0] to [1, 6] : {D1([4, 6])}\n"
        f"  %c1 = tiny.reshape %c0 to [6] : {D1([1, 6])}\n"
        f'  %c = tiny.copy %c1 to ["CPU:1", "CPU:2"] : {D1([6])}\n'
        f"  %r = tiny.mul %s, %c : {S}, {T([6])}"), X * X[0]
    yield n + "column_copied", (
        f"  %c0 = tiny.shrink %x [0, 0] to [4, 1] : {D1([4, 6])}\n"
        f'  %c = tiny.copy %c0 to ["CPU:1", "CPU:2"] : {D1([4, 1])}\n'
        f"  %r = tiny.mul %s, %c : {S}, {T([4, 1])}"), X * X[:, :1]
    yield n + "copied", f"  %r = tiny.mul %s, %xr : {S}, {S}", X * X
    yield n + "copied_left", f"  %r = tiny.sub %xr, %s : {S}, {S}", X - X
    yield n + "copied_from_cpu2", (
        f'  %x2 = tiny.copy %x to "CPU:2" : {D1([4, 6])}\n'
        f'  %c = tiny.copy %x2 to ["CPU:1", "CPU:2"] : {tensor([4, 6], "#d2")}\n'
        f"  %r = tiny.sub %s, %c : {S}, {S}"), X - X
    yield n + "computed", (
        f"  %c = tiny.const dense<1.0> : {S}\n"
        f"  %y = tiny.add %xr, %c : {S}, {S}\n"
        f"  %r = tiny.mul %s, %y : {S}, {S}"), X * (X + 1)
    yield n + "reciprocal", (
        f"  %c = tiny.const dense<4.0> : {S}\n"
        f"  %y = tiny.reciprocal %c : {S}\n"
        f"  %r = tiny.mul %s, %y : {S}, {S}"), X / np.float32(4)
    yield n + "allreduced", (
        f"  %a = tiny.allreduce add %xr : {S}\n"
        f"  %r = tiny.sub %a, %s : {S}, {S}"), X
    yield n + "where", (
        f"  %c = tiny.const dense<10.0> : {S}\n"
        f"  %z = tiny.const dense<0.0> : {S}\n"
        f"  %m = tiny.cmplt %s, %c : {S}, {S}\n"
        f"  %r = tiny.where %m, %xr, %z : {T([4, 6], 'i1')}, {S}, {S}"), np.where(X < 10, X, 0)
    yield n + "mulacc", (
        f"  %c = tiny.const dense<2.0> : {S}\n"
        f"  %r = tiny.mulacc %s, %c, %xr : {S}, {S}, {S}"), X * 2 + X
    yield n + "exp2", (
        f"  %c = tiny.const dense<0.125> : {S}\n"
        f"  %y = tiny.mul %s, %c : {S}, {S}\n"
        f"  %r = tiny.exp2 %y : {S}"), np.exp2(X * np.float32(0.125))
    yield n + "cast", (
        f"  %i = tiny.cast %s to i32 : {S}\n"
        f"  %r = tiny.cast %i to f32 : {T([4, 6], 'i32')}"), X
    yield n + "bitcast", (
        f"  %b = tiny.bitcast %s to ui8 : {S}\n"
        f"  %r = tiny.bitcast %b to f32 : {T([4, 24], 'ui8')}"), X
    yield n + "contiguous", f"  %r = tiny.contiguous %s : {S}", X
    yield n + "reduce_add_0", f"  %r = tiny.reduce add %s axes [0] : {S}", X.sum(0, keepdims=True)
    yield n + "reduce_max_1", f"  %r = tiny.reduce max %s axes [1] : {S}", X.max(1, keepdims=True)
    yield n + "reduce_mul_0", f"  %r = tiny.reduce mul %s axes [0] : {S}", X.prod(0, keepdims=True)
    yield n + "reduce_all", f"  %r = tiny.reduce add %s axes [0, 1] : {S}", X.sum(keepdims=True)
    yield n + "permute", f"  %r = tiny.permute %s [1, 0] : {S}", X.T
    yield n + "reshape_split", f"  %r = tiny.reshape %s to [2, 2, 6] : {S}", X.reshape(2, 2, 6)
    yield n + "reshape_columns", f"  %r = tiny.reshape %s to [4, 2, 3] : {S}", X.reshape(4, 2, 3)
    yield n + "expand", (
        f"  %y = tiny.reshape %s to [1, 4, 6] : {S}\n"
        f"  %r = tiny.expand %y to [2, 4, 6] : {T([1, 4, 6])}"), np.broadcast_to(X, (2, 4, 6))
    other = 1 - k
    pad = ["0, 0", "0, 0"]
    pad[other] = "1, 1"
    low = f"{pad[0].split(', ')[0]}, {pad[1].split(', ')[0]}"
    yield n + "pad_other_axis", (
        f"  %r = tiny.pad %s low [{low}] high [{low}] : {S}"), np.pad(X, [(1, 1) if a == other else (0, 0) for a in (0, 1)])
    yield n + "shrink_other_axis", (
        f"  %r = tiny.shrink %s [{'0, 1' if k == 0 else '1, 0'}] to [{'4, 5' if k == 0 else '3, 6'}] : {S}"), X[:, 1:5] if k == 0 else X[1:3]
    yield n + "shrink_sharded_axis", (
        f"  %r = tiny.shrink %s [{'1, 0' if k == 0 else '0, 2'}] to [{'3, 6' if k == 0 else '4, 5'}] : {S}"), X[1:3] if k == 0 else X[:, 2:5]
    yield n + "flip_both", f"  %r = tiny.flip %s axes [0, 1] : {S}", X[::-1, ::-1]
    yield n + "stack", f"  %r = tiny.stack %s, %xr : {S}, {S}", np.stack([X, X])
    yield n + "copy_to_tuple", (
        f'  %t = tiny.copy %s to ["CPU:2", "CPU:1"] : {S}\n'
        f'  %m = tiny.mselect %t[0] : {tensor([4, 6], "#rev")}\n'
        f'  %r0 = tiny.copy %m to ["CPU:1", "CPU:2"] : {tensor([4, 6], "#d2")}\n'
        f"  %r = tiny.add %r0, %s : {S}, {S}"), 2 * X
    yield n + "matmul", (
        f"  %a = tiny.reshape %s to [4, 6, 1] : {S}\n"
        f"  %t = tiny.permute %xr [1, 0] : {S}\n"
        f"  %b = tiny.reshape %t to [1, 6, 4] : {T([6, 4])}\n"
        f"  %m = tiny.mul %a, %b : {T([4, 6, 1])}, {T([1, 6, 4])}\n"
        f"  %r = tiny.reduce add %m axes [1] : {T([4, 6, 4])}"), (X @ X.T).reshape(4, 1, 4)
    yield n + "gather_other_axis" if k == 1 else n + "gather_sharded_indices", (
        f"  %i0 = tiny.shrink %x [0, 1] to [4, 2] : {D1([4, 6])}\n"
        f"  %i1 = tiny.reshape %i0 to [4] : {D1([4, 1])}\n"
        f"  %i2 = tiny.cast %i1 to i32 : {D1([4])}\n"
        f"  %c4 = tiny.const dense<4> : {tensor([4], '#d1', 'i32')}\n"
        f"  %i3 = tiny.cmod %i2, %c4 : {tensor([4], '#d1', 'i32')}, {tensor([4], '#d1', 'i32')}\n"
        + (f'  %i = tiny.copy %i3 to ["CPU:1", "CPU:2"] : {tensor([4], "#d1", "i32")}\n'
           f"  %r = tiny.index %s[%i] : {S}, {T([4], 'i32')}" if k == 1 else
           f'  %i = tiny.copy %i3 to ["CPU:1", "CPU:2"] shard 0 : {tensor([4], "#d1", "i32")}\n'
           f"  %r = tiny.index %xr[%i] : {S}, {T([4], 'i32')}")), X[[2, 0, 2, 0]]
    shard = "[2, 6]" if k == 0 else "[4, 3]"
    target = (
        f'  %b = tiny.buffer 0 : f32 size 12 on ["CPU:1", "CPU:2"]\n'
        f"  %bv = tiny.reshape %b to {shard} : {T([12])}\n"
        f"  %bu = tiny.unshard %bv axis {k} : {T([2, 6] if k == 0 else [4, 3])}\n")
    after = f"  %r = tiny.after %bu(%t) : {S}, !tiny.token"
    yield n + "store_sharded", (
        target + f"  %c = tiny.const dense<1.0> : {S}\n"
        f"  %v = tiny.add %s, %c : {S}, {S}\n"
        f"  %t = tiny.store %bu, %v : {S}\n" + after), X + 1
    yield n + "store_copied", (
        target + f"  %t = tiny.store %bu, %xr : {S}\n" + after), X
    yield n + "store_resharded", (
        target + f'  %o = tiny.copy %x to ["CPU:1", "CPU:2"] shard {1 - k} : {D1([4, 6])}\n'
        f"  %t = tiny.store %bu, %o : {S}\n" + after), X
    # Refused: the value has no even split over the devices.
    yield n + "pad_sharded_axis", (
        f"  %r = tiny.pad %s low [1, 1] high [1, 1] : {S}"), ("pads axis %d" % k, (6, 8))


def cases3(k):
    """Cases on CPU:1..CPU:3 with x of shape 6x6 sharded along axis k."""
    X = (np.arange(36, dtype=np.float32) - 10).reshape(6, 6)
    S = tensor([6, 6], "#all")
    T = lambda shape, dtype="f32": tensor(shape, "#all", dtype)
    D1 = lambda shape: tensor(shape, "#d1")
    devices = '["CPU:1", "CPU:2", "CPU:3"]'
    d = X - X.mean(1, keepdims=True)
    n = f"3dev_axis{k}_"
    yield n + "resharded", (
        f"  %o = tiny.copy %x to {devices} shard {1 - k} : {D1([6, 6])}\n"
        f"  %r = tiny.sub %s, %o : {S}, {S}"), X - X
    yield n + "resharded_permuted", (
        f"  %o = tiny.copy %x to {devices} shard {k} : {D1([6, 6])}\n"
        f"  %t = tiny.permute %o [1, 0] : {S}\n"
        f"  %r = tiny.sub %s, %t : {S}, {S}"), X - X.T
    yield n + "window", f"  %r = tiny.shrink %s [1, 1] to [5, 4] : {S}", X[1:5, 1:4]
    yield n + "window_in_one_shard", f"  %r = tiny.shrink %s [2, 2] to [4, 4] : {S}", X[2:4, 2:4]
    yield n + "windows_added", (
        f"  %a = tiny.shrink %s [1, 1] to [4, 4] : {S}\n"
        f"  %b = tiny.shrink %s [0, 0] to [3, 3] : {S}\n"
        f"  %r = tiny.add %a, %b : {T([3, 3])}, {T([3, 3])}"), X[1:4, 1:4] + X[0:3, 0:3]
    yield n + "flip_sum", (
        f"  %f = tiny.flip %s axes [{k}] : {S}\n"
        f"  %a = tiny.add %f, %s : {S}, {S}\n"
        f"  %r = tiny.reduce add %a axes [{k}] : {S}"), (np.flip(X, k) + X).sum(k, keepdims=True)
    yield n + "stack_three", (
        f"  %c = tiny.const dense<2.0> : {S}\n"
        f"  %r = tiny.stack %xr, %s, %c : {S}, {S}, {S}"), np.stack([X, X, np.full((6, 6), 2)])
    yield n + "where_resharded", (
        f"  %z = tiny.const dense<0.0> : {S}\n"
        f"  %o = tiny.copy %x to {devices} shard {1 - k} : {D1([6, 6])}\n"
        f"  %m = tiny.cmplt %o, %z : {S}, {S}\n"
        f"  %r = tiny.where %m, %z, %s : {T([6, 6], 'i1')}, {S}, {S}"), np.where(X < 0, 0, X)
    yield n + "normalize_rows", (
        f"  %m = tiny.reduce add %s axes [1] : {S}\n"
        f"  %c = tiny.const dense<6.0> : {T([6, 1])}\n"
        f"  %mean = tiny.fdiv %m, %c : {T([6, 1])}, {T([6, 1])}\n"
        f"  %d = tiny.sub %s, %mean : {S}, {T([6, 1])}\n"
        f"  %q = tiny.mul %d, %d : {S}, {S}\n"
        f"  %v = tiny.reduce add %q axes [1] : {S}\n"
        f"  %r = tiny.fdiv %d, %v : {S}, {T([6, 1])}"), d / (d * d).sum(1, keepdims=True)
    yield n + "matmul", (
        f"  %a = tiny.reshape %s to [6, 6, 1] : {S}\n"
        f"  %b = tiny.reshape %xr to [1, 6, 6] : {S}\n"
        f"  %m = tiny.mul %a, %b : {T([6, 6, 1])}, {T([1, 6, 6])}\n"
        f"  %r0 = tiny.reduce add %m axes [1] : {T([6, 6, 6])}\n"
        f"  %r = tiny.reshape %r0 to [6, 6] : {T([6, 1, 6])}"), X @ X


def run(tiny_run, tmp, name, source, args):
    path = os.path.join(tmp, name + ".mlir")
    with open(path, "w") as f:
        f.write(source)
    proc = subprocess.run([tiny_run, path] + args, capture_output=True,
                          text=True)
    return proc.returncode, proc.stdout, proc.stderr


def main():
    tiny_run = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        suites = [((1, 2), (4, 6), k, cases2(k)) for k in (0, 1)]
        suites += [((1, 2, 3), (6, 6), k, cases3(k)) for k in (0, 1)]
        for devices, shape, k, cases in suites:
            x = np.arange(1, 25) if len(devices) == 2 else np.arange(36) - 10
            for name, body, expected in cases:
                # A refusal: the diagnostic and the result's shape.
                refusal = isinstance(expected, tuple)
                result_shape = expected[1] if refusal else np.shape(expected)
                source = program(devices, k, shape, body, result_shape)
                code, out, err = run(tiny_run, tmp, name, source,
                                     ["-i", ",".join(str(v) for v in x)])
                if refusal:
                    if code != 0 and expected[0] in err:
                        print(f"refused {name}")
                    else:
                        failures += 1
                        print(f"FAIL {name}: expected '{expected[0]}', got "
                              f"{err.strip() or out.strip()}")
                    continue
                if code != 0:
                    failures += 1
                    print(f"FAIL {name}: {err.strip()}")
                    continue
                got = parse(out)
                want = np.asarray(expected, dtype=np.float64)
                if got.shape != want.shape or not np.allclose(
                        got, want, rtol=1e-6, atol=0):
                    failures += 1
                    print(f"FAIL {name}: got {got.tolist()}, "
                          f"expected {want.tolist()}")
                else:
                    print(f"ok {name}")
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
