//===- VizPage.h - tiny-viz's HTML page -------------------------*- C++ -*-===//
//
// One self-contained HTML file (inline CSS, SVG and script; nothing
// fetched): the program's graphs, then one step per pass with what it
// changed, then the kernels with their code. Elements carry ids and data
// attributes tests and scripts can find: `#step-N[data-pass=NAME]`,
// `#kernel-N[data-kernel=NAME]`, `figure.graph[data-function=NAME]`.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TOOLS_TINYVIZ_VIZPAGE_H
#define TINY_TOOLS_TINYVIZ_VIZPAGE_H

#include "tools/tiny-viz/PassSnapshots.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

namespace mlir {
namespace tiny {

/// A function's graph, rendered.
struct FunctionGraph {
  std::string function;
  std::string svg;
};

/// Writes the page for a run of `pipeline` on `input`.
void writeVizPage(llvm::raw_ostream &os, StringRef input, StringRef pipeline,
                  ArrayRef<FunctionGraph> graphs,
                  const PipelineRecord &record);

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_TINYVIZ_VIZPAGE_H
