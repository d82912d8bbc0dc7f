//===- ProgramGraph.cpp - a tiny function as a graph ----------------------===//

#include "tools/tiny-viz/ProgramGraph.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// `text` inside a double-quoted Graphviz string.
std::string quoteForDot(StringRef text) {
  std::string quoted;
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return quoted;
}

std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Deletes a temporary file when it goes out of scope.
struct TemporaryFile {
  SmallString<128> path;
  ~TemporaryFile() {
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
};

} // namespace

std::string mlir::tiny::getProgramGraph(Operation *function) {
  std::string graph;
  llvm::raw_string_ostream os(graph);
  os << "digraph program {\n"
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3fb\", "
        "fontname=\"monospace\", fontsize=10];\n";
  llvm::DenseMap<Operation *, unsigned> ids;
  for (Region &region : function->getRegions()) {
    for (Operation &op : region.getOps()) {
      unsigned id = ids.size();
      ids[&op] = id;
      std::string label = op.getName().getStringRef().str();
      if (op.getNumResults() == 1)
        label += "\\n" + quoteForDot(printType(op.getResult(0).getType()));
      os << "  n" << id << " [label=\"" << label << "\"];\n";
      for (Value operand : op.getOperands()) {
        auto it = ids.find(operand.getDefiningOp());
        if (it != ids.end())
          os << "  n" << it->second << " -> n" << id << ";\n";
      }
    }
  }
  os << "}\n";
  return graph;
}

FailureOr<std::string> mlir::tiny::renderGraph(StringRef graph,
                                               std::string &error) {
  llvm::ErrorOr<std::string> dot = llvm::sys::findProgramByName("dot");
  if (!dot) {
    error = "cannot find Graphviz's `dot` on the PATH (Debian: apt-get "
            "install graphviz)";
    return failure();
  }
  TemporaryFile input, output;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("tiny-viz", "dot", fd, input.path)) {
    error = "cannot create a temporary file: " + ec.message();
    return failure();
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << graph;
  }
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("tiny-viz", "svg", output.path)) {
    error = "cannot create a temporary file: " + ec.message();
    return failure();
  }
  StringRef args[] = {*dot, "-Tsvg", input.path, "-o", output.path};
  std::string message;
  if (llvm::sys::ExecuteAndWait(*dot, args, std::nullopt, {}, 0, 0,
                                &message) != 0) {
    error = "dot failed" + (message.empty() ? "" : ": " + message);
    return failure();
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> svg =
      llvm::MemoryBuffer::getFile(output.path);
  if (!svg) {
    error = "cannot read dot's output: " + svg.getError().message();
    return failure();
  }
  // Inline in HTML, the SVG element alone: no XML prolog or doctype.
  StringRef text = (*svg)->getBuffer();
  size_t start = text.find("<svg");
  if (start == StringRef::npos) {
    error = "dot wrote no <svg> element";
    return failure();
  }
  return text.drop_front(start).str();
}
