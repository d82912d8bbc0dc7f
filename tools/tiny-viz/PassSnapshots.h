//===- PassSnapshots.h - the IR after each pass of a pipeline ---*- C++ -*-===//
//
// tiny-viz shows a pipeline run one pass at a time: a pass instrumentation
// records the whole module's text after each pass, and the kernels
// (`tiny.k.kernel`) of the last step that still had any.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TOOLS_TINYVIZ_PASSSNAPSHOTS_H
#define TINY_TOOLS_TINYVIZ_PASSSNAPSHOTS_H

#include "mlir/Pass/PassInstrumentation.h"

#include <string>
#include <vector>

namespace mlir {
namespace tiny {

/// The module after one pass (or, first, before any).
struct PassSnapshot {
  /// The pass's command-line name (`tiny-rangeify`), or "input".
  std::string pass;
  /// The operation the pass ran on, when it is not the module
  /// (`func.func @f`).
  std::string anchor;
  std::string ir;
  bool failed = false;
};

/// A kernel as the last step that had kernels shows it.
struct KernelSnapshot {
  std::string name;
  std::string device;
  std::string ir;
};

/// What a pipeline run showed, in order.
struct PipelineRecord {
  std::vector<PassSnapshot> steps;
  std::vector<KernelSnapshot> kernels;
};

/// Records into `record` the module after each pass. The pass manager must
/// run on one thread (the module is printed while passes run).
class PassSnapshots : public PassInstrumentation {
public:
  explicit PassSnapshots(PipelineRecord &record) : record(record) {}

  /// Records `module` as the step before any pass.
  void recordInput(Operation *module);

  void runAfterPass(Pass *pass, Operation *op) override;
  void runAfterPassFailed(Pass *pass, Operation *op) override;

private:
  void addStep(Pass *pass, Operation *op, bool failed);

  PipelineRecord &record;
};

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_TINYVIZ_PASSSNAPSHOTS_H
