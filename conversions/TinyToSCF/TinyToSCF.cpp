//===- TinyToSCF.cpp - kernel-level tiny to scf and memref -----------------===//
//
// Kernel-level ops are structured control flow and memory accesses already;
// each maps to upstream ops one to one. The only tiny type, !tiny.ptr, is
// taken apart rather than converted: a tiny.k.index is replaced by its
// buffer and indices (1:N), which the memory patterns read from their
// adaptors.
//
//===----------------------------------------------------------------------===//

#include "conversions/TinyToSCF/TinyToSCF.h"

#include "conversions/Passes.h"
#include "dialects/tiny/IR/TinyKernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTOSCF
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

//===----------------------------------------------------------------------===//
// Memory accesses
//===----------------------------------------------------------------------===//

Value mlir::tiny::buildMemRefLoad(OpBuilder &builder, Location loc,
                                  Value buffer, ValueRange indices, Value gate,
                                  Value alt) {
  if (!gate)
    return memref::LoadOp::create(builder, loc, buffer, indices);
  Type type = cast<MemRefType>(buffer.getType()).getElementType();
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{type}, gate,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value loaded = memref::LoadOp::create(builder, loc, buffer, indices);
  scf::YieldOp::create(builder, loc, loaded);
  builder.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(builder, loc, alt);
  return ifOp.getResult(0);
}

void mlir::tiny::buildMemRefStore(OpBuilder &builder, Location loc,
                                  Value value, Value buffer,
                                  ValueRange indices, Value gate) {
  OpBuilder::InsertionGuard guard(builder);
  if (gate) {
    auto ifOp = scf::IfOp::create(builder, loc, gate, /*withElse=*/false);
    builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
  }
  memref::StoreOp::create(builder, loc, value, buffer, indices);
}

void mlir::tiny::buildMemRefAtomicAdd(OpBuilder &builder, Location loc,
                                      Value value, Value buffer,
                                      ValueRange indices) {
  auto kind = isa<FloatType>(value.getType()) ? arith::AtomicRMWKind::addf
                                              : arith::AtomicRMWKind::addi;
  memref::AtomicRMWOp::create(builder, loc, kind, value, buffer, indices);
}

scf::ForOp mlir::tiny::moveRangeIntoFor(RewriterBase &rewriter,
                                        k::RangeOp range, Value lowerBound,
                                        Value upperBound, Value step,
                                        ValueRange inits) {
  auto loop = scf::ForOp::create(rewriter, range.getLoc(), lowerBound,
                                 upperBound, step, inits);
  Block *loopBody = loop.getBody();
  if (!loopBody->empty())
    rewriter.eraseOp(loopBody->getTerminator());
  Block &rangeBody = range.getBody().front();
  auto end = cast<k::EndOp>(rangeBody.getTerminator());
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(end);
    rewriter.replaceOpWithNewOp<scf::YieldOp>(end, end.getValues());
  }
  rewriter.mergeBlocks(&rangeBody, loopBody, loopBody->getArguments());
  return loop;
}

namespace {

/// The buffer and indices a converted pointer stands for.
struct Address {
  Value buffer;
  ValueRange indices;
};

/// The address behind `ptr`, the values a tiny.k.index was replaced by;
/// fails for a pointer no tiny.k.index made (still a single !tiny.ptr).
FailureOr<Address> getAddress(ValueRange ptr) {
  if (ptr.empty() || !isa<MemRefType>(ptr.front().getType()))
    return failure();
  return Address{ptr.front(), ptr.drop_front()};
}

/// The value of an optional operand in a 1:N adaptor; null when absent.
Value getOptional(ValueRange operand) {
  return operand.empty() ? Value() : operand.front();
}

/// tiny.k.index -> its buffer and indices, for the accesses through it.
struct IndexOpLowering : public OpConversionPattern<k::IndexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::IndexOp index, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The accesses come after the pointer, so they are not converted yet.
    for (Operation *user : index->getUsers())
      if (!isa<k::LoadOp, k::StoreOp, k::AtomicAddOp>(user))
        return index.emitOpError("pointer is used by an op other than a "
                                 "tiny.k.load, tiny.k.store or "
                                 "tiny.k.atomic_add");
    SmallVector<Value> address{adaptor.getBuffer()};
    llvm::append_range(address, adaptor.getIndices());
    rewriter.replaceOpWithMultiple(index, {ValueRange(address)});
    return success();
  }
};

struct LoadOpLowering : public OpConversionPattern<k::LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::LoadOp load, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Address> address = getAddress(adaptor.getPtr());
    if (failed(address))
      return load.emitOpError("needs a pointer made by tiny.k.index");
    rewriter.replaceOp(
        load, buildMemRefLoad(rewriter, load.getLoc(), address->buffer,
                              address->indices, getOptional(adaptor.getGate()),
                              getOptional(adaptor.getAlt())));
    return success();
  }
};

struct StoreOpLowering : public OpConversionPattern<k::StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::StoreOp store, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Address> address = getAddress(adaptor.getPtr());
    if (failed(address))
      return store.emitOpError("needs a pointer made by tiny.k.index");
    buildMemRefStore(rewriter, store.getLoc(), adaptor.getValue().front(),
                     address->buffer, address->indices,
                     getOptional(adaptor.getGate()));
    rewriter.eraseOp(store);
    return success();
  }
};

struct AtomicAddOpLowering : public OpConversionPattern<k::AtomicAddOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::AtomicAddOp atomic, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Address> address = getAddress(adaptor.getPtr());
    if (failed(address))
      return atomic.emitOpError("needs a pointer made by tiny.k.index");
    buildMemRefAtomicAdd(rewriter, atomic.getLoc(),
                         adaptor.getValue().front(), address->buffer,
                         address->indices);
    rewriter.eraseOp(atomic);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

/// tiny.k.range -> scf.for from 0 to its bound carrying its iter_args; a
/// THREAD range that carries nothing (its iterations are independent) ->
/// scf.parallel. The range's tiny.k.end becomes the loop's terminator.
struct RangeOpLowering : public OpConversionPattern<k::RangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::RangeOp range, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = range.getLoc();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    if (range.getAxis() == AxisType::Thread && adaptor.getInitArgs().empty()) {
      Block &rangeBody = range.getBody().front();
      auto loop = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                          ValueRange{adaptor.getBound()},
                                          ValueRange{one});
      rewriter.eraseOp(rangeBody.getTerminator());
      rewriter.inlineBlockBefore(&rangeBody, loop.getBody()->getTerminator(),
                                 loop.getInductionVars());
      rewriter.eraseOp(range);
      return success();
    }
    scf::ForOp loop = moveRangeIntoFor(rewriter, range, zero,
                                       adaptor.getBound(), one,
                                       adaptor.getInitArgs());
    rewriter.replaceOp(range, loop.getResults());
    return success();
  }
};

/// tiny.k.kernel -> its body, in place: on the CPU a kernel runs where the
/// host schedule reaches it.
struct KernelOpLowering : public OpConversionPattern<k::KernelOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::KernelOp kernel, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.inlineBlockBefore(&kernel.getBody().front(), kernel);
    rewriter.eraseOp(kernel);
    return success();
  }
};

/// Reports an op the CPU lowering has no form for, with the reason; the
/// conversion then fails naming it.
template <typename OpTy>
struct UnsupportedOpReport : public OpConversionPattern<OpTy> {
  UnsupportedOpReport(MLIRContext *context, StringRef reason)
      : OpConversionPattern<OpTy>(context), reason(reason.str()) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return op.emitOpError(reason);
  }

  std::string reason;
};

} // namespace

void mlir::tiny::populateTinyMemoryToMemRefPatterns(
    RewritePatternSet &patterns) {
  patterns.add<IndexOpLowering, LoadOpLowering, StoreOpLowering,
               AtomicAddOpLowering>(patterns.getContext());
}

void mlir::tiny::populateTinyToSCFPatterns(RewritePatternSet &patterns) {
  populateTinyMemoryToMemRefPatterns(patterns);
  patterns.add<RangeOpLowering, KernelOpLowering>(patterns.getContext());
  MLIRContext *context = patterns.getContext();
  StringRef gpuOnly = "is a GPU operation with no CPU lowering";
  patterns.add<UnsupportedOpReport<k::SpecialOp>>(context, gpuOnly);
  patterns.add<UnsupportedOpReport<k::BarrierOp>>(context, gpuOnly);
  patterns.add<UnsupportedOpReport<k::WmmaOp>>(context, gpuOnly);
  patterns.add<UnsupportedOpReport<k::CustomOp>>(
      context, "holds target source code, which the CPU lowering cannot "
               "compile");
  patterns.add<UnsupportedOpReport<k::CustomFunctionOp>>(
      context, "calls a host function, which only the runtime can: run "
               "-convert-tiny-to-runtime first");
}

void mlir::tiny::configureTinyToSCFTarget(ConversionTarget &target) {
  target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                         scf::SCFDialect>();
  target.addIllegalOp<k::KernelOp, k::RangeOp, k::EndOp, k::IndexOp, k::LoadOp,
                      k::StoreOp, k::AtomicAddOp, k::SpecialOp, k::BarrierOp,
                      k::WmmaOp, k::CustomOp, k::CustomFunctionOp>();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

struct ConvertTinyToSCFPass
    : public tiny::impl::ConvertTinyToSCFBase<ConvertTinyToSCFPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    ConversionTarget target(getContext());
    configureTinyToSCFTarget(target);
    RewritePatternSet patterns(&getContext());
    populateTinyToSCFPatterns(patterns);
    // Leave the ops the patterns do not touch exactly as they are.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(
            applyPartialConversion(root, target, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
