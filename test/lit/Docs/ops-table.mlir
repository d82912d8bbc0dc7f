// docs/ops-table.md has a row for every member of tinygrad's Ops enum in the
// pinned source, and no row for a name the enum lacks: a member tinygrad
// adds makes this test fail until the table says what stands for it here.
// REQUIRES: tinygrad
// RUN: %python %S/../../../scripts/check-ops-table.py %tinygrad %S/../../../docs/ops-table.md | FileCheck %s
// CHECK: tinygrad's Ops has {{[0-9]+}} members; ops-table.md has a row for each

// The check fails on a table that lacks a member's row.
// RUN: grep -v '^| `WAIT`' %S/../../../docs/ops-table.md > %t.md
// RUN: not %python %S/../../../scripts/check-ops-table.py %tinygrad %t.md | FileCheck %s --check-prefix=MISSING
// MISSING: members without a row: WAIT
