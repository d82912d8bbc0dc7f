#!/usr/bin/env python3
"""Compiles programs for CUDA with tiny-opt and assembles every kernel's PTX
with NVIDIA's ptxas, as the driver would before a launch.

Each program's devices "CPU" and "CPU:0" become "CUDA" and "CUDA:0" (other
devices stay), it goes through -tiny-to-nvvm-host (what the JIT runs), and
each gpu.binary's PTX goes to ptxas for the chip. Prints one line per
program and a total; exits non-zero when ptxas rejects a kernel or no
kernel was made. Programs that do not compile (the error tests) are listed
and not counted.

  ptxas_check.py --tiny-opt PATH --ptxas PATH [--chip sm_90] FILE...
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--tiny-opt", required=True)
  parser.add_argument("--ptxas", required=True)
  parser.add_argument("--chip", default="sm_90")
  parser.add_argument("files", nargs="+")
  args = parser.parse_args()
  kernels = assembled = 0
  with tempfile.TemporaryDirectory() as work:
    program = os.path.join(work, "program.mlir")
    for path in sorted(args.files):
      name = os.path.basename(path)
      with open(path) as f:
        text = f.read()
      with open(program, "w") as f:
        f.write(text.replace('"CPU"', '"CUDA"').replace('"CPU:0"', '"CUDA:0"'))
      result = subprocess.run(
          [args.tiny_opt, program, f"-tiny-to-nvvm-host=chip={args.chip}",
           "-tiny-print-gpu-assembly", "-o", os.devnull],
          capture_output=True, text=True)
      if result.returncode != 0:
        print(f"{name}: does not compile")
        continue
      parts = re.split(r"^// gpu\.binary (@\S+).*$", result.stdout, flags=re.M)
      count = ok = 0
      for binary, ptx in zip(parts[1::2], parts[2::2]):
        count += 1
        source = os.path.join(work, "kernel.ptx")
        with open(source, "w") as f:
          f.write(ptx)
        check = subprocess.run(
            [args.ptxas, f"-arch={args.chip}", "-o",
             os.path.join(work, "kernel.cubin"), source],
            capture_output=True, text=True)
        if check.returncode == 0:
          ok += 1
        else:
          print(f"{name}: ptxas rejects {binary}:\n{check.stderr}")
      print(f"{name}: {count} kernels, {ok} assembled")
      kernels += count
      assembled += ok
  print(f"total: {kernels} kernels, {assembled} assembled")
  return 0 if kernels and assembled == kernels else 1


if __name__ == "__main__":
  sys.exit(main())
