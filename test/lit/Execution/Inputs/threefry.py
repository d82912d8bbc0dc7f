#!/usr/bin/env python3
"""Reference values for threefry.mlir: tinygrad's THREEFRY on uint64.

Threefry-2x32 with 20 rounds, written here from its specification (Salmon,
Moraes, Dror, Shaw: "Parallel random numbers: as easy as 1, 2, 3", SC 2011;
the Random123 library's threefry.h documents the same constants). A uint64
counter or key is two 32-bit words, the low one first; the two output words
pack into a uint64 the same way. The known-answer vectors of the Random123
distribution are checked before anything is printed.

  threefry.py values COUNTERS KEYS   the THREEFRY of each counter with its
      key (comma-separated; one key broadcasts), printed as tiny-run prints
      a tensor<Nxui64>
  threefry.py counters FILE N        writes the counters 0..N-1 as a .npy
  threefry.py check FILE N KEY       compares FILE (a .npy tiny-run wrote)
      with the THREEFRY of counters 0..N-1 under KEY; exits 1 on a mismatch
  threefry.py tinygrad COUNTERS KEYS as `values`, computed by tinygrad's own
      Tensor.threefry (PYTHONPATH must reach tinygrad)
"""

import sys

import npy

MASK = 0xFFFFFFFF
# R_32x2: the rotation of the second word in each round, 8 rounds a cycle.
ROTATIONS = (13, 15, 26, 6, 17, 29, 16, 24)
# Skein's key schedule parity constant.
PARITY = 0x1BD11BDA
ROUNDS = 20

# Random123 kat_vectors, threefry2x32 with 20 rounds:
# (counter words, key words) -> output words.
KNOWN_ANSWERS = [
    ((0x00000000, 0x00000000), (0x00000000, 0x00000000),
     (0x6B200159, 0x99BA4EFE)),
    ((0xFFFFFFFF, 0xFFFFFFFF), (0xFFFFFFFF, 0xFFFFFFFF),
     (0x1CB996FC, 0xBB002BE7)),
    ((0x243F6A88, 0x85A308D3), (0x13198A2E, 0x03707344),
     (0xC4923A9C, 0x483DF7A0)),
]


def threefry2x32(counter, key):
    schedule = (key[0], key[1], key[0] ^ key[1] ^ PARITY)
    x0 = (counter[0] + schedule[0]) & MASK
    x1 = (counter[1] + schedule[1]) & MASK
    for r in range(ROUNDS):
        x0 = (x0 + x1) & MASK
        rotation = ROTATIONS[r % 8]
        x1 = ((x1 << rotation) | (x1 >> (32 - rotation))) & MASK
        x1 ^= x0
        if r % 4 == 3:
            # Key injection s after every fourth round.
            s = r // 4 + 1
            x0 = (x0 + schedule[s % 3]) & MASK
            x1 = (x1 + schedule[(s + 1) % 3] + s) & MASK
    return x0, x1


def threefry64(counter, key):
    low, high = threefry2x32((counter & MASK, counter >> 32),
                             (key & MASK, key >> 32))
    return low | high << 32


def check_known_answers():
    for counter, key, expected in KNOWN_ANSWERS:
        got = threefry2x32(counter, key)
        if got != expected:
            sys.exit("threefry.py: known answer %s for %s, %s, got %s" %
                     (expected, counter, key, got))


def parse(text):
    return [int(v, 0) for v in text.split(",")]


def broadcast(counters, keys):
    if len(keys) == 1:
        keys = keys * len(counters)
    if len(keys) != len(counters):
        sys.exit("threefry.py: %d counters, %d keys" % (len(counters), len(keys)))
    return keys


def print_tensor(values):
    print("[%s] : tensor<%dxui64>" % (", ".join(map(str, values)), len(values)))


def main(argv):
    check_known_answers()
    mode = argv[1]
    if mode == "values":
        counters, keys = parse(argv[2]), parse(argv[3])
        keys = broadcast(counters, keys)
        print_tensor([threefry64(c, k) for c, k in zip(counters, keys)])
    elif mode == "counters":
        npy.write_npy(argv[2], "<u8", "Q", list(range(int(argv[3]))))
    elif mode == "check":
        n, key = int(argv[3]), int(argv[4], 0)
        got = npy.read_npy(argv[2], "Q")
        if len(got) != n:
            sys.exit("threefry.py: %d values, expected %d" % (len(got), n))
        for i, value in enumerate(got):
            if value != threefry64(i, key):
                sys.exit("threefry.py: element %d is %d, expected %d" %
                         (i, value, threefry64(i, key)))
        print("threefry.py: %d values match" % n)
    elif mode == "tinygrad":
        from tinygrad import Tensor, dtypes
        counters, keys = parse(argv[2]), parse(argv[3])
        keys = broadcast(counters, keys)
        x = Tensor(counters, dtype=dtypes.uint64)
        k = Tensor(keys, dtype=dtypes.uint64)
        print_tensor(x.threefry(k).tolist())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
