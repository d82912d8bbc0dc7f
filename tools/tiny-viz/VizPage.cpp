//===- VizPage.cpp - tiny-viz's HTML page ---------------------------------===//

#include "tools/tiny-viz/VizPage.h"

#include "tools/tiny-viz/LineDiff.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Lines of context around each change.
constexpr size_t kContext = 3;

void writeEscaped(llvm::raw_ostream &os, StringRef text) {
  for (char c : text) {
    switch (c) {
    case '<': os << "&lt;"; break;
    case '>': os << "&gt;"; break;
    case '&': os << "&amp;"; break;
    case '"': os << "&quot;"; break;
    default: os << c;
    }
  }
}

/// " on WHERE", in small type, after a heading's name; nothing for an empty
/// `where`.
void writeWhere(llvm::raw_ostream &os, StringRef where) {
  if (where.empty())
    return;
  os << " <small>on ";
  writeEscaped(os, where);
  os << "</small>";
}

constexpr const char *kStyle = R"(
body { font-family: sans-serif; margin: 0 2em 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { border-bottom: 1px solid #ccc; }
pre { background: #f7f7f7; padding: .5em; overflow-x: auto; font-size: 12px; }
nav ol { columns: 3; font-size: 13px; }
.unchanged { color: #888; }
.failed { color: #b00; font-weight: bold; }
.add { background: #e3f6e3; display: block; }
.del { background: #fbe3e3; display: block; text-decoration: line-through; }
.gap { color: #888; display: block; }
figure.graph svg { max-width: 100%; height: auto; }
)";

/// The changed lines of `lines` with `kContext` lines around each run.
void writeDiff(llvm::raw_ostream &os, ArrayRef<DiffLine> lines) {
  std::vector<bool> shown(lines.size(), false);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].kind == DiffLine::Same)
      continue;
    size_t from = i > kContext ? i - kContext : 0;
    size_t to = std::min(lines.size(), i + kContext + 1);
    for (size_t k = from; k < to; ++k)
      shown[k] = true;
  }
  os << "<pre class=\"diff\">";
  bool skipped = false;
  for (auto [i, line] : llvm::enumerate(lines)) {
    if (!shown[i]) {
      skipped = true;
      continue;
    }
    if (skipped)
      os << "<span class=\"gap\">...</span>";
    skipped = false;
    const char *kind = line.kind == DiffLine::Added     ? "add"
                       : line.kind == DiffLine::Removed ? "del"
                                                        : "ctx";
    os << "<span class=\"" << kind << "\">";
    writeEscaped(os, line.text);
    os << "</span>" << (line.kind == DiffLine::Same ? "\n" : "");
  }
  os << "</pre>\n";
}

} // namespace

void mlir::tiny::writeVizPage(llvm::raw_ostream &os, StringRef input,
                              StringRef pipeline,
                              ArrayRef<FunctionGraph> graphs,
                              const PipelineRecord &record) {
  os << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>tiny-viz: ";
  writeEscaped(os, input);
  os << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>";
  writeEscaped(os, input);
  os << "</h1>\n<p>pipeline: <code>";
  writeEscaped(os, pipeline);
  os << "</code>; " << record.steps.size() - 1 << " passes, "
     << record.kernels.size() << " kernels</p>\n";

  os << "<section id=\"graphs\"><h2>Program</h2>\n";
  for (const FunctionGraph &graph : graphs) {
    os << "<figure class=\"graph\" data-function=\"";
    writeEscaped(os, graph.function);
    os << "\"><figcaption>@";
    writeEscaped(os, graph.function);
    os << "</figcaption>\n" << graph.svg << "</figure>\n";
  }
  os << "</section>\n";

  os << "<section id=\"passes\"><h2>Passes</h2>\n<nav><ol>\n";
  for (auto [i, step] : llvm::enumerate(record.steps)) {
    os << "<li><a href=\"#step-" << i << "\">";
    writeEscaped(os, step.pass);
    os << "</a></li>\n";
  }
  os << "</ol></nav>\n";
  for (auto [i, step] : llvm::enumerate(record.steps)) {
    os << "<div class=\"step\" id=\"step-" << i << "\" data-pass=\"";
    writeEscaped(os, step.pass);
    os << "\">\n<h3>" << i << ". ";
    writeEscaped(os, step.pass);
    writeWhere(os, step.anchor);
    os << "</h3>\n";
    if (step.failed)
      os << "<p class=\"failed\">the pass failed</p>\n";
    if (i == 0) {
      os << "<pre class=\"ir\">";
      writeEscaped(os, step.ir);
      os << "</pre>\n</div>\n";
      continue;
    }
    std::vector<DiffLine> lines = diffLines(record.steps[i - 1].ir, step.ir);
    size_t added = llvm::count_if(
        lines, [](const DiffLine &l) { return l.kind == DiffLine::Added; });
    size_t removed = llvm::count_if(
        lines, [](const DiffLine &l) { return l.kind == DiffLine::Removed; });
    if (added == 0 && removed == 0) {
      os << "<p class=\"unchanged\">no change</p>\n</div>\n";
      continue;
    }
    os << "<p class=\"changed\">+" << added << " &minus;" << removed
       << " lines</p>\n";
    writeDiff(os, lines);
    os << "<details><summary>the whole module after it</summary><pre class=\"ir\">";
    writeEscaped(os, step.ir);
    os << "</pre></details>\n</div>\n";
  }
  os << "</section>\n";

  os << "<section id=\"kernels\"><h2>Kernels</h2>\n";
  // Names repeat (a kernel per device of a sharded op): ids are indices.
  for (auto [i, kernel] : llvm::enumerate(record.kernels)) {
    os << "<div class=\"kernel\" id=\"kernel-" << i << "\" data-kernel=\"";
    writeEscaped(os, kernel.name);
    os << "\">\n<h3>";
    writeEscaped(os, kernel.name);
    writeWhere(os, kernel.device);
    os << "</h3>\n<pre class=\"code\">";
    writeEscaped(os, kernel.ir);
    os << "</pre>\n</div>\n";
  }
  os << "</section>\n</body></html>\n";
}
