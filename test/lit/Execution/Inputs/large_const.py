#!/usr/bin/env python3
"""A program holding a large constant, for constants.mlir.

  large_const.py gen DIR N   writes DIR/large.mlir, a function adding a
      constant table T[i] = (i * 7919) % 100003 of N i32 elements to its
      input, and DIR/x.npy, the input x[i] = i
  large_const.py check FILE N  checks FILE (the result tiny-run wrote) is
      x + T element by element; exits 1 on a difference
"""

import os
import sys

import npy


def table(n):
    return [(i * 7919) % 100003 for i in range(n)]


def main(argv):
    mode, n = argv[1], int(argv[3])
    if mode == "gen":
        out = argv[2]
        values = ", ".join(map(str, table(n)))
        with open(os.path.join(out, "large.mlir"), "w") as f:
            f.write('#cpu = #tiny.device<"CPU">\n')
            f.write("tiny.function @f -> tensor<%dxi32, #cpu> {\n" % n)
            f.write('  %%x = tiny.param 0 : i32 size %d on "CPU"\n' % n)
            f.write("  %%t = tiny.const dense<[%s]> : tensor<%dxi32, #cpu>\n" %
                    (values, n))
            f.write("  %%y = tiny.add %%x, %%t : tensor<%dxi32, #cpu>\n" % n)
            f.write("  tiny.return %%y : tensor<%dxi32, #cpu>\n}\n" % n)
        npy.write_npy(os.path.join(out, "x.npy"), "<i4", "i", list(range(n)))
    elif mode == "check":
        got = npy.read_npy(argv[2], "i")
        want = [i + t for i, t in enumerate(table(n))]
        if list(got) != want:
            bad = next(i for i in range(n) if i >= len(got) or got[i] != want[i])
            sys.exit("large_const.py: element %d differs" % bad)
        print("large_const.py: %d values match" % n)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
