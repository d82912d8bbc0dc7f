//===- ProgramGraph.h - a tiny function as a graph --------------*- C++ -*-===//
//
// The tensor-level program as tinygrad's VIZ draws a UOp graph: one node
// per op (its name and result type), an edge from each operand's op.
// Graphviz's `dot` lays it out and renders it to SVG.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TOOLS_TINYVIZ_PROGRAMGRAPH_H
#define TINY_TOOLS_TINYVIZ_PROGRAMGRAPH_H

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class Operation;
namespace tiny {

/// The graph of the ops in `function`'s body, in Graphviz's language.
std::string getProgramGraph(Operation *function);

/// `graph` rendered to SVG by the `dot` program found on the PATH; fails
/// with `error` when there is none or it fails.
FailureOr<std::string> renderGraph(StringRef graph, std::string &error);

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_TINYVIZ_PROGRAMGRAPH_H
