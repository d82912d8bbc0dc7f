#!/usr/bin/env python3
"""Times tiny's add, sum and matmul kernels on one device with
`tiny-run --repeat` and, where PyTorch sees a GPU, the same work through
PyTorch in the same run: a device-to-device copy for the bandwidth kernels,
cuBLAS sgemm (TF32 off) for the matmul. Each tiny result is checked against
numpy first; a wrong result fails the run. Used by scripts/gpu-check.sh on
the GPU machine; with --device CPU it runs anywhere (no reference then).

  gpu_bench.py --tiny-run PATH [--device CUDA] [--gpu-driver LIB] [--quick]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np


def add_program(device, n):
  return f"""
#dev = #tiny.device<"{device}">
tiny.function @add -> tensor<{n}xf32, #dev> {{
  %a = tiny.param 0 : f32 size {n} on "{device}"
  %b = tiny.param 1 : f32 size {n} on "{device}"
  %c = tiny.add %a, %b : tensor<{n}xf32, #dev>
  tiny.return %c : tensor<{n}xf32, #dev>
}}
"""


def sum_program(device, n):
  return f"""
#dev = #tiny.device<"{device}">
tiny.function @sum -> tensor<1xf32, #dev> {{
  %a = tiny.param 0 : f32 size {n} on "{device}"
  %s = tiny.reduce add %a axes [0] : tensor<{n}xf32, #dev>
  tiny.return %s : tensor<1xf32, #dev>
}}
"""


def matmul_program(device, n):
  """C = A @ B as tinygrad writes it: broadcast to (n, n, n), multiply,
  reduce the last axis."""
  return f"""
#dev = #tiny.device<"{device}">
tiny.function @matmul -> tensor<{n}x{n}xf32, #dev> {{
  %a = tiny.param 0 : f32 size {n * n} on "{device}"
  %b = tiny.param 1 : f32 size {n * n} on "{device}"
  %a3 = tiny.reshape %a to [{n}, 1, {n}] : tensor<{n * n}xf32, #dev>
  %ae = tiny.expand %a3 to [{n}, {n}, {n}] : tensor<{n}x1x{n}xf32, #dev>
  %b2 = tiny.reshape %b to [{n}, {n}] : tensor<{n * n}xf32, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<{n}x{n}xf32, #dev>
  %b3 = tiny.reshape %bt to [1, {n}, {n}] : tensor<{n}x{n}xf32, #dev>
  %be = tiny.expand %b3 to [{n}, {n}, {n}] : tensor<1x{n}x{n}xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<{n}x{n}x{n}xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<{n}x{n}x{n}xf32, #dev>
  %c = tiny.reshape %s to [{n}, {n}] : tensor<{n}x{n}x1xf32, #dev>
  tiny.return %c : tensor<{n}x{n}xf32, #dev>
}}
"""


def run_tiny(args, workdir, name, program, inputs, repeat):
  """Runs `program` on `inputs` with --repeat; returns (output, seconds)."""
  path = os.path.join(workdir, name + ".mlir")
  with open(path, "w") as f:
    f.write(program)
  command = [args.tiny_run, path]
  for i, array in enumerate(inputs):
    input_path = os.path.join(workdir, f"{name}.in{i}.npy")
    np.save(input_path, array)
    command += ["-i", input_path]
  output_path = os.path.join(workdir, name + ".out.npy")
  command += ["-o", output_path, f"--repeat={repeat}", "--print-compile-time"]
  if args.gpu_driver:
    command.append(f"--gpu-driver={args.gpu_driver}")
  result = subprocess.run(command, capture_output=True, text=True)
  if result.returncode != 0:
    sys.exit(f"gpu_bench: {name}: tiny-run failed:\n{result.stderr}")
  best = re.search(r"best of \d+ launches: (\S+) s", result.stderr)
  compile_time = re.search(r"compile time: (\S+) s", result.stderr)
  if not best:
    sys.exit(f"gpu_bench: {name}: no timing in:\n{result.stderr}")
  return (np.load(output_path), float(best.group(1)),
          float(compile_time.group(1)) if compile_time else float("nan"))


def torch_reference(n, m, repeat):
  """Best seconds of a device-to-device copy of n f32 and of an m x m x m
  cuBLAS sgemm, or None without a GPU PyTorch."""
  try:
    import torch
  except ImportError:
    return None
  if not torch.cuda.is_available():
    return None
  torch.backends.cuda.matmul.allow_tf32 = False

  def best(fn):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(
        enable_timing=True)
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
      start.record()
      fn()
      end.record()
      end.synchronize()
      times.append(start.elapsed_time(end) / 1e3)
    return min(times)

  src = torch.rand(n, device="cuda")
  dst = torch.empty_like(src)
  a = torch.rand(m, m, device="cuda")
  b = torch.rand(m, m, device="cuda")
  return {
      "copy": best(lambda: dst.copy_(src)),
      "sgemm": best(lambda: torch.matmul(a, b)),
      "name": torch.cuda.get_device_name(),
  }


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--tiny-run", required=True)
  parser.add_argument("--device", default="CUDA")
  parser.add_argument("--gpu-driver")
  parser.add_argument("--quick", action="store_true")
  args = parser.parse_args()
  n = 1 << (16 if args.quick else 26)
  m = 256 if args.quick else 2048
  repeat = 3 if args.quick else 10
  rng = np.random.default_rng(0)
  a = rng.random(n, dtype=np.float32) - 0.5
  b = rng.random(n, dtype=np.float32) - 0.5
  x = rng.random((m, m), dtype=np.float32) - 0.5
  y = rng.random((m, m), dtype=np.float32) - 0.5
  ok = True

  with tempfile.TemporaryDirectory() as workdir:
    out, add_s, add_c = run_tiny(args, workdir, "add",
                                 add_program(args.device, n), [a, b], repeat)
    if not np.array_equal(out, a + b):
      print("add: WRONG result")
      ok = False
    out, sum_s, sum_c = run_tiny(args, workdir, "sum",
                                 sum_program(args.device, n), [a], repeat)
    expected = np.sum(a, dtype=np.float64)
    sum_err = abs(float(out.reshape(-1)[0]) - expected)
    # Any order of f32 additions is within n * eps * sum|a| of the exact sum.
    if not sum_err <= n * np.finfo(np.float32).eps * np.sum(np.abs(a)):
      print(f"sum: WRONG result ({out.reshape(-1)[0]} vs {expected})")
      ok = False
    out, mm_s, mm_c = run_tiny(args, workdir, "matmul",
                               matmul_program(args.device, m),
                               [x.reshape(-1), y.reshape(-1)], repeat)
    reference = x.astype(np.float64) @ y.astype(np.float64)
    mm_err = float(np.max(np.abs(out.reshape(m, m) - reference)))
    bound = m * np.finfo(np.float32).eps * float(
        np.max(np.abs(x).astype(np.float64) @ np.abs(y).astype(np.float64)))
    if not mm_err <= bound:
      print(f"matmul: WRONG result (max |err| {mm_err:.3g} > {bound:.3g})")
      ok = False

  bytes_ = n * 4
  torch_ref = torch_reference(n, m, repeat) if args.device.startswith(
      "CUDA") else None
  print(f"device {args.device}; best of {repeat} launches each "
        f"(tiny-run --repeat: a launch returns once its kernels are done)")
  if torch_ref:
    copy_gbs = 2 * bytes_ / torch_ref["copy"] / 1e9
    sgemm_gflops = 2 * m**3 / torch_ref["sgemm"] / 1e9
    print(f"reference on {torch_ref['name']}: device-to-device copy "
          f"{copy_gbs:.1f} GB/s (read + write), cuBLAS sgemm {m}^3 "
          f"{sgemm_gflops:.1f} GFLOP/s")
  else:
    copy_gbs = sgemm_gflops = None
    print("no reference: PyTorch with a GPU is not available here")

  def ratio(value, reference):
    return f"{100 * value / reference:6.1f}% of reference" if reference else ""

  add_gbs = 3 * bytes_ / add_s / 1e9
  sum_gbs = bytes_ / sum_s / 1e9
  mm_gflops = 2 * m**3 / mm_s / 1e9
  print(f"add    {n} f32   {add_gbs:9.1f} GB/s    {ratio(add_gbs, copy_gbs)}"
        f"   compile {add_c:.3f} s")
  print(f"sum    {n} f32   {sum_gbs:9.1f} GB/s    {ratio(sum_gbs, copy_gbs)}"
        f"   compile {sum_c:.3f} s   |err| {sum_err:.3g}")
  print(f"matmul {m}^3 f32  {mm_gflops:9.1f} GFLOP/s "
        f"{ratio(mm_gflops, sgemm_gflops)}   compile {mm_c:.3f} s"
        f"   max |err| {mm_err:.3g}")
  return 0 if ok else 1


if __name__ == "__main__":
  sys.exit(main())
