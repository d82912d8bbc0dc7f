//===- LowerAllreduce.cpp - allreduce as copies (-tiny-lower-allreduce) ---===//
//
// Writes each `tiny.allreduce` of a value on n devices as tensor-level ops:
// `mselect` picks shard j (on device j), `copy` moves a value to one device,
// the reduce's elementwise op combines two values on one device, and
// `mstack` lists the n per-device results.
//
// Chunks. ring and all2all view each shard flat (N elements) and split it
// into n contiguous ranges: with N = base * n + left, chunk i starts at
// i * base + min(i, left) and holds s_i = base + (i < left) elements, so the
// first `left` chunks are one longer. A chunk of a shard is a `shrink` of
// its flat `reshape`: a byte range of the shard's buffer. Empty chunks
// (N < n) are neither copied nor combined. Each device reassembles the
// finished chunks without arithmetic on them, so every bit survives: the
// chunks of one size are stacked and merged into one flat range, and the
// two ranges are joined by a `where` on a padded mask. The result is then
// viewed in the allreduce's shape again.
//
// Elements each device d sends (indices mod n; each `copy` moves one chunk,
// or one shard for naive):
//   ring:    reduce-scatter: chunk i starts on device i + 1, and each of the
//            n - 1 steps copies the partial chunk to the next device, which
//            combines it (received first) with its own chunk; it ends on
//            device i. Allgather: n - 1 steps pass the finished chunk i on
//            from device i to i + 1, i + 2, ... Device d sends N - s_d, then
//            N - s_{d+1}: 2N - s_d - s_{d+1} in 2(n - 1) copies.
//   all2all: every device copies its chunk i to device i, which combines
//            the n chunks in device order 0..n-1; device i then copies
//            finished chunk i to every other device. Device d sends N - s_d,
//            then (n - 1) s_d: N + (n - 2) s_d in 2 rounds of n - 1 copies.
//   (With N < n, the copies of empty chunks are left out.)
//   naive:   every device copies its whole shard to every other device, and
//            each combines the n shards in device order: (n - 1) N.
// ring and all2all reduce each chunk once, so every device holds the same
// bits; naive combines the same shards in the same order on each device.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYLOWERALLREDUCE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

enum class Algorithm { Ring, AllToAll, Naive };

std::optional<Algorithm> parseAlgorithm(StringRef name) {
  return llvm::StringSwitch<std::optional<Algorithm>>(name)
      .Case("ring", Algorithm::Ring)
      .Case("all2all", Algorithm::AllToAll)
      .Case("naive", Algorithm::Naive)
      .Default(std::nullopt);
}

/// The split of N flat elements into n contiguous chunks whose sizes differ
/// by at most one, the longer ones first.
struct Chunking {
  Chunking(int64_t numel, int64_t count)
      : count(count), base(numel / count), left(numel % count) {}

  int64_t start(int64_t i) const { return i * base + std::min(i, left); }
  int64_t size(int64_t i) const { return base + (i < left ? 1 : 0); }

  int64_t count;
  int64_t base;
  int64_t left;
};

/// Builds the lowering of one allreduce before it.
class AllreduceLowering {
public:
  explicit AllreduceLowering(AllReduceOp op)
      : builder(op), loc(op.getLoc()), kind(op.getKind()),
        type(op.getSrc().getType()), devices(getDevice(type)),
        numel(type.getNumElements()), chunking(numel, devices.getNumDevices()) {
    for (int64_t j = 0, e = devices.getNumDevices(); j < e; ++j)
      shards.push_back(MSelectOp::create(builder, loc, op.getSrc(), j));
    flats.resize(shards.size());
  }

  Value lower(Algorithm algorithm) {
    switch (algorithm) {
    case Algorithm::Ring:
      return ring();
    case Algorithm::AllToAll:
      return allToAll();
    case Algorithm::Naive:
      return naive();
    }
    return {};
  }

private:
  int64_t numDevices() const { return chunking.count; }

  Value copyTo(Value value, int64_t j) {
    return CopyOp::create(builder, loc, value, devices.getDeviceAt(j));
  }

  /// The reduce's elementwise op; the operand order is part of the result's
  /// bits for floats, so callers fix it. Booleans combine as tinygrad's bool
  /// ALU does (and as tiny.reduce does): add is or, mul is and, max is or.
  Value combine(Value lhs, Value rhs) {
    bool isBool = type.getElementType().isInteger(1);
    switch (kind) {
    case ReduceKind::Add:
      if (isBool)
        return OrOp::create(builder, loc, lhs, rhs);
      return AddOp::create(builder, loc, lhs, rhs);
    case ReduceKind::Max:
      return MaxOp::create(builder, loc, lhs, rhs);
    case ReduceKind::Mul:
      if (isBool)
        return AndOp::create(builder, loc, lhs, rhs);
      return MulOp::create(builder, loc, lhs, rhs);
    }
    return {};
  }

  /// Chunk i of shard j, on device j: a byte range of the shard.
  Value chunkOf(int64_t j, int64_t i) {
    Value &flat = flats[j];
    if (!flat)
      flat = type.getRank() == 1
                 ? shards[j]
                 : Value(ReshapeOp::create(builder, loc, shards[j],
                                           ArrayRef<int64_t>{numel}));
    int64_t start = chunking.start(i);
    if (chunking.size(i) == numel)
      return flat;
    return ShrinkOp::create(builder, loc, flat, ArrayRef<int64_t>{start},
                            ArrayRef<int64_t>{start + chunking.size(i)});
  }

  /// Concatenates equally sized flat chunks on one device into `shape`.
  Value merge(ArrayRef<Value> chunks, ArrayRef<int64_t> shape) {
    Value merged = chunks.front();
    if (chunks.size() > 1)
      merged = StackOp::create(builder, loc, chunks);
    if (cast<RankedTensorType>(merged.getType()).getShape() == shape)
      return merged;
    return ReshapeOp::create(builder, loc, merged, shape);
  }

  /// The value on device j, in the allreduce's shape, from its finished
  /// chunks (null where empty).
  Value reassemble(int64_t j, ArrayRef<Value> chunks) {
    SmallVector<Value> longer, shorter;
    for (auto [i, chunk] : llvm::enumerate(chunks)) {
      if (!chunk)
        continue;
      if (static_cast<int64_t>(i) < chunking.left)
        longer.push_back(chunk);
      else
        shorter.push_back(chunk);
    }
    if (longer.empty() || shorter.empty())
      return merge(longer.empty() ? shorter : longer, type.getShape());

    // Both ranges padded to N, picked apart by a mask that is true on the
    // first range: a select, never an add of zeros (-0.0 + 0.0 is 0.0).
    int64_t headSize = static_cast<int64_t>(longer.size()) * chunking.size(0);
    int64_t tailSize = numel - headSize;
    auto pad = [&](Value value, int64_t low, int64_t high) -> Value {
      return PadOp::create(builder, loc, value, ArrayRef<int64_t>{low},
                           ArrayRef<int64_t>{high});
    };
    Value head = pad(merge(longer, {headSize}), 0, tailSize);
    Value tail = pad(merge(shorter, {tailSize}), headSize, 0);
    auto maskType = RankedTensorType::get({headSize}, builder.getI1Type(),
                                          devices.getDeviceAt(j));
    Value mask =
        ConstOp::create(builder, loc, DenseElementsAttr::get(maskType, true));
    mask = pad(mask, 0, tailSize);
    Value flat = WhereOp::create(builder, loc, mask, head, tail);
    return merge({flat}, type.getShape());
  }

  Value naive() {
    int64_t n = numDevices();
    SmallVector<Value> results;
    for (int64_t d = 0; d < n; ++d) {
      Value acc;
      for (int64_t j = 0; j < n; ++j) {
        Value shard = j == d ? shards[j] : copyTo(shards[j], d);
        acc = acc ? combine(acc, shard) : shard;
      }
      results.push_back(acc);
    }
    return MStackOp::create(builder, loc, results);
  }

  Value allToAll() {
    int64_t n = numDevices();
    // Reduce-scatter: chunk i is combined on device i, in device order.
    SmallVector<Value> reduced(n);
    for (int64_t i = 0; i < n; ++i) {
      if (chunking.size(i) == 0)
        continue;
      for (int64_t j = 0; j < n; ++j) {
        Value chunk = chunkOf(j, i);
        if (j != i)
          chunk = copyTo(chunk, i);
        reduced[i] = reduced[i] ? combine(reduced[i], chunk) : chunk;
      }
    }
    // Allgather: device i sends its chunk to every other device.
    SmallVector<SmallVector<Value>> chunksOn(n, SmallVector<Value>(n));
    for (int64_t i = 0; i < n; ++i) {
      if (!reduced[i])
        continue;
      for (int64_t d = 0; d < n; ++d)
        chunksOn[d][i] = d == i ? reduced[i] : copyTo(reduced[i], d);
    }
    return finish(chunksOn);
  }

  Value ring() {
    int64_t n = numDevices();
    SmallVector<SmallVector<Value>> chunksOn(n, SmallVector<Value>(n));
    for (int64_t i = 0; i < n; ++i) {
      if (chunking.size(i) == 0)
        continue;
      // Reduce-scatter: from device i + 1 around the ring to device i.
      Value acc = chunkOf((i + 1) % n, i);
      for (int64_t step = 2; step <= n; ++step) {
        int64_t d = (i + step) % n;
        Value received = copyTo(acc, d);
        acc = combine(received, chunkOf(d, i));
      }
      // Allgather: passed on from device i to i + 1, i + 2, ...
      chunksOn[i][i] = acc;
      for (int64_t step = 1; step < n; ++step) {
        int64_t d = (i + step) % n;
        acc = copyTo(acc, d);
        chunksOn[d][i] = acc;
      }
    }
    return finish(chunksOn);
  }

  /// The multi-device result from the finished chunks on each device.
  Value finish(ArrayRef<SmallVector<Value>> chunksOn) {
    SmallVector<Value> results;
    for (auto [d, chunks] : llvm::enumerate(chunksOn))
      results.push_back(reassemble(d, chunks));
    return MStackOp::create(builder, loc, results);
  }

  OpBuilder builder;
  Location loc;
  ReduceKind kind;
  RankedTensorType type;
  DeviceAttr devices;
  int64_t numel;
  Chunking chunking;
  /// Shard j on device j, and its flat view once a chunk of it is taken.
  SmallVector<Value> shards;
  SmallVector<Value> flats;
};

struct TinyLowerAllreducePass
    : mlir::tiny::impl::TinyLowerAllreduceBase<TinyLowerAllreducePass> {
  using TinyLowerAllreduceBase::TinyLowerAllreduceBase;

  void runOnOperation() override {
    std::optional<Algorithm> parsed = parseAlgorithm(algorithm);
    if (!parsed) {
      emitError(getOperation()->getLoc(), "unknown allreduce algorithm '")
          << algorithm << "': expected ring, all2all or naive";
      return signalPassFailure();
    }
    SmallVector<AllReduceOp> allreduces;
    getOperation()->walk([&](AllReduceOp op) { allreduces.push_back(op); });
    for (AllReduceOp op : allreduces) {
      RankedTensorType type = op.getSrc().getType();
      // combine() has an op for every reduce kind of numbers and booleans.
      if (!isTensorOf(type, DTypeClass::Numeric) &&
          !isTensorOf(type, DTypeClass::Bool)) {
        op.emitOpError("cannot combine ")
            << type.getElementType() << " shards with "
            << stringifyReduceKind(op.getKind());
        return signalPassFailure();
      }
      // Nothing to move: every device already holds all of nothing.
      if (type.getNumElements() == 0) {
        op.replaceAllUsesWith(op.getSrc());
        op.erase();
        continue;
      }
      Value lowered = AllreduceLowering(op).lower(*parsed);
      op.replaceAllUsesWith(lowered);
      op.erase();
    }
  }
};

} // namespace
