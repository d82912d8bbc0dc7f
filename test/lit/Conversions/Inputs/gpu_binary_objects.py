#!/usr/bin/env python3
"""Writes the objects of the gpu.binary ops in MLIR text to files, so tests
can read a compiled code object with LLVM's tools (llvm-objdump,
llvm-readelf).

Each `#gpu.object<..., bin = "...">` string of a `gpu.binary @NAME` is
unescaped (MLIR prints every byte that is not printable, and `"` and `\\`,
as `\\` and two hex digits) and written to DIR/NAME.N (N counting the
binary's objects from 0); one line per file is printed.

  gpu_binary_objects.py DIR < module.mlir
"""

import os
import re
import sys


def unescape(text):
  return re.sub(rb"\\([0-9A-Fa-f]{2})",
                lambda m: bytes([int(m.group(1), 16)]), text.encode("latin-1"))


def main():
  folder = sys.argv[1]
  os.makedirs(folder, exist_ok=True)
  text = sys.stdin.read()
  count = 0
  for binary in re.finditer(r"gpu\.binary @(\w+)\s*(?:<[^>]*>)?\s*\[(.*)$",
                            text, flags=re.M):
    objects = re.findall(r'(?:bin|assembly|offload) = "((?:[^"\\]|\\.)*)"',
                         binary.group(2))
    for index, data in enumerate(objects):
      path = os.path.join(folder, f"{binary.group(1)}.{index}")
      with open(path, "wb") as f:
        f.write(unescape(data))
      print(path)
      count += 1
  if count == 0:
    sys.exit("no gpu.binary objects in the input")


if __name__ == "__main__":
  main()
