//===- TestMovementIndexMap.cpp - prints movement ops' index maps ---------===//
//
// -tiny-test-movement-index-map: exercises Tiny_MovementOpInterface, so lit
// tests can check each movement op's index map against maps computed by
// hand. For every movement op it
//   - reports, as remarks, the source index of each result index listed in
//     its `test.result_indices` (an array of i64 arrays) and the result
//     index of each source index in `test.source_indices`: the constant
//     forms of the map and its inverse;
//   - for a `test.name = "N"`, adds to the module `func.func @N_to_source`
//     taking one `index` per result axis and returning the source indices
//     (and the `i1` validity, where the map sets one) as
//     buildSourceIndices builds them, and `@N_to_result` likewise for
//     buildResultIndices where the map has an inverse; and
//     `@N_inverse_view`, the tensor view createInverseOn builds, where the
//     view is bijective.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

std::string formatIndex(std::optional<SmallVector<int64_t>> index) {
  if (!index)
    return "none";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(*index, os);
  os << "]";
  return text;
}

/// Reports the map (or, with `inverse`, its inverse) at each index listed in
/// `op`'s attribute `name`.
void reportConstantMap(MovementOpInterface op, StringRef name, bool inverse) {
  auto indices = op->getAttrOfType<ArrayAttr>(name);
  if (!indices)
    return;
  for (Attribute attr : indices) {
    auto index = dyn_cast<DenseI64ArrayAttr>(attr);
    if (!index) {
      op->emitError() << name << " must hold i64 arrays";
      continue;
    }
    std::optional<SmallVector<int64_t>> mapped =
        inverse ? op.getResultIndex(index.asArrayRef())
                : op.getSourceIndex(index.asArrayRef());
    op->emitRemark() << (inverse ? "result index of " : "source index of ")
                     << formatIndex(SmallVector<int64_t>(index.asArrayRef()))
                     << ": " << formatIndex(mapped);
  }
}

/// Adds `@name(%i...: index)`, `rank` arguments, returning the indices and
/// validity `build` builds in its body; none when `build` fails.
void addIndexFunction(
    OpBuilder &builder, Location loc, StringRef name, int64_t rank,
    function_ref<FailureOr<SmallVector<Value>>(OpBuilder &, ValueRange,
                                               IndexConstantFn, Value &)>
        build) {
  Type indexType = builder.getIndexType();
  SmallVector<Type> argTypes(rank, indexType);
  auto func = func::FuncOp::create(builder, loc, name,
                                   builder.getFunctionType(argTypes, {}));
  Block *body = func.addEntryBlock();
  OpBuilder inner = OpBuilder::atBlockBegin(body);
  DenseMap<int64_t, Value> constants;
  auto getConstant = [&](int64_t value) {
    Value &constant = constants[value];
    if (!constant) {
      OpBuilder::InsertionGuard guard(inner);
      inner.setInsertionPointToStart(body);
      constant = arith::ConstantIndexOp::create(inner, loc, value);
    }
    return constant;
  };
  Value valid;
  FailureOr<SmallVector<Value>> indices =
      build(inner, body->getArguments(), getConstant, valid);
  if (failed(indices)) {
    func.erase();
    return;
  }
  SmallVector<Value> results(*indices);
  if (valid)
    results.push_back(valid);
  func::ReturnOp::create(inner, loc, results);
  func.setFunctionType(builder.getFunctionType(
      argTypes, ValueRange(results).getTypes()));
}

/// Adds `@name(%v: <result type>) -> <source type>` returning the inverse
/// view of `op` on %v, when it has one.
void addInverseViewFunction(OpBuilder &builder, MovementOpInterface op,
                            StringRef name) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  Type sourceType = op.getViewSource().getType();
  auto func = func::FuncOp::create(
      builder, loc, name, builder.getFunctionType({resultType}, {sourceType}));
  Block *body = func.addEntryBlock();
  OpBuilder inner = OpBuilder::atBlockBegin(body);
  Value inverse = op.createInverseOn(inner, loc, body->getArgument(0));
  if (!inverse) {
    func.erase();
    return;
  }
  func::ReturnOp::create(inner, loc, inverse);
}

struct TestMovementIndexMapPass
    : PassWrapper<TestMovementIndexMapPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMovementIndexMapPass)

  StringRef getArgument() const final {
    return "tiny-test-movement-index-map";
  }
  StringRef getDescription() const final {
    return "Print the index maps of tiny movement ops (a test pass)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<MovementOpInterface> ops;
    module.walk([&](MovementOpInterface op) { ops.push_back(op); });
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    for (MovementOpInterface op : ops) {
      reportConstantMap(op, "test.result_indices", /*inverse=*/false);
      reportConstantMap(op, "test.source_indices", /*inverse=*/true);
      auto name = op->getAttrOfType<StringAttr>("test.name");
      if (!name)
        continue;
      Location loc = op->getLoc();
      int64_t resultRank =
          cast<RankedTensorType>(op->getResult(0).getType()).getRank();
      int64_t sourceRank =
          cast<RankedTensorType>(op.getViewSource().getType()).getRank();
      addIndexFunction(
          builder, loc, (name.getValue() + "_to_source").str(), resultRank,
          [&](OpBuilder &inner, ValueRange indices,
              IndexConstantFn getConstant,
              Value &valid) -> FailureOr<SmallVector<Value>> {
            return op.buildSourceIndices(inner, loc, indices, getConstant,
                                         valid);
          });
      addIndexFunction(
          builder, loc, (name.getValue() + "_to_result").str(), sourceRank,
          [&](OpBuilder &inner, ValueRange indices,
              IndexConstantFn getConstant, Value &valid) {
            return op.buildResultIndices(inner, loc, indices, getConstant,
                                         valid);
          });
      addInverseViewFunction(builder, op,
                             (name.getValue() + "_inverse_view").str());
    }
  }
};

} // namespace

void mlir::tiny::registerTinyTestPasses() {
  PassRegistration<TestMovementIndexMapPass>();
}
