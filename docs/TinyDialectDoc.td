//===- TinyDialectDoc.td - the whole dialect, documented --*- tablegen -*-===//
//
// The tensor-level and the kernel-level ops live in two files that the
// dialect's build generates separately; the reference page documents both,
// with the dialect's attributes, types and enums
// (//docs:tiny_dialect_doc, docs/reference/TinyDialect.md).
//
//===----------------------------------------------------------------------===//

include "TinyOps.td"
include "TinyKernelOps.td"
