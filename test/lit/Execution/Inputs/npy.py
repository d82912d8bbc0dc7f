"""Minimal .npy I/O for the execution-test scripts (no numpy on the machine).

Vectors only: write_npy writes a 1-D array in format version 1.0; read_npy
reads versions 1.0 and 2.0 and returns the values as a tuple. `descr` is the
numpy dtype string ('<f4'), `code` the matching struct format letter ('f').
"""

import struct
import sys


def write_npy(path, descr, code, values):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, len(values))
    header += " " * ((64 - (11 + len(header)) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def read_npy(path, code):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit("%s: not a .npy file" % path)
    if data[6] == 1:
        start = 10 + struct.unpack("<H", data[8:10])[0]
    else:
        start = 12 + struct.unpack("<I", data[8:12])[0]
    count = (len(data) - start) // struct.calcsize(code)
    return struct.unpack("<%d%s" % (count, code), data[start:])
