#!/usr/bin/env bash
# The README's C and Python examples: each is shown in README.md exactly as
# its file holds it, and each prints y = reshape(x, (2, 3)) * 2 + 1 for
# x = 1..6.
set -euo pipefail
cd "$(dirname "$0")/.."
for example in examples/c/scale_add.c examples/python/scale_add.py; do
  /usr/bin/python3 - "$example" README.md <<'PY'
import sys
example, readme = (open(p).read() for p in sys.argv[1:])
if example not in readme:
    sys.exit("README.md does not show %s as it is" % sys.argv[1])
PY
done
c_output=$(examples/scale_add_c examples/scale_add.mlir)
echo "C: $c_output"
[ "$c_output" = "3 5 7 9 11 13" ]
export TINY_C_LIBRARY="$PWD/capi/libtiny_c.so" PYTHONPATH="$PWD/python"
export PYTHONDONTWRITEBYTECODE=1
py_output=$(/usr/bin/python3 examples/python/scale_add.py examples/scale_add.mlir)
echo "Python: $py_output"
# Here-strings, not `echo | grep -q`: grep -q exits at its first match, and
# under pipefail the SIGPIPE of an echo still writing fails the test at random.
grep -qF "[[ 3.  5.  7.]" <<<"$py_output"
grep -qF " [ 9. 11. 13.]]" <<<"$py_output"
