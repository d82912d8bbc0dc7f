#!/usr/bin/env python3
"""Checks that docs/ops-table.md has a row for every member of tinygrad's Ops.

  check-ops-table.py TINYGRAD_DIR TABLE.md

Reads the members of `class Ops` from TINYGRAD_DIR/tinygrad/uop/__init__.py
(the names assigned `auto()`, in order) and the first column of the table's
rows (| `NAME` | ...). Prints how many members there are and exits 1,
naming them, when a member has no row or a row names no member.
"""

import os
import re
import sys


def enum_members(tinygrad):
    path = os.path.join(tinygrad, "tinygrad", "uop", "__init__.py")
    with open(path) as f:
        text = f.read()
    match = re.search(r"^class Ops\(.*?\):\n(.*?)^\S", text, re.M | re.S)
    if not match:
        sys.exit("check-ops-table.py: no `class Ops` in %s" % path)
    members = re.findall(r"\b([A-Z][A-Z0-9_]*)\s*=\s*auto\(\)", match.group(1))
    if not members:
        sys.exit("check-ops-table.py: `class Ops` in %s has no members" % path)
    return members


def table_rows(table):
    with open(table) as f:
        return re.findall(r"^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|", f.read(), re.M)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    members = enum_members(argv[1])
    rows = table_rows(argv[2])
    missing = [m for m in members if m not in rows]
    unknown = [r for r in rows if r not in members]
    twice = sorted({r for r in rows if rows.count(r) > 1})
    name = os.path.basename(argv[2])
    for what, names in (("members without a row", missing),
                        ("rows naming no member", unknown),
                        ("members with several rows", twice)):
        if names:
            print("%s: %s: %s" % (name, what, ", ".join(names)))
    if missing or unknown or twice:
        return 1
    print("tinygrad's Ops has %d members; %s has a row for each" %
          (len(members), name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
