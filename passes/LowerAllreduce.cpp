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
//   hierarchical: the devices are grouped by the MPI rank that owns them
//            ("KIND:N@R", docs/device-names.md), the groups in the order of
//            their first device in the tuple; a group's first device is its
//            leader. Each other device copies its shard to its leader
//            (N), which combines them in device order; the R leaders then
//            allreduce among themselves, naive for R = 2 and ring (in R
//            chunks t_q, over the leaders in group order) for R > 2; each
//            leader copies the result to the other devices of its group.
//            A leader sends (k - 1) N inside its rank (k devices) plus, to
//            other ranks, N for R = 2 or 2N - t_q - t_{q+1} for R > 2.
//            Between ranks only leaders talk, so the bytes between ranks do
//            not grow with the devices per rank. With one rank this is a
//            reduce to device 0 and a broadcast from it; with one device
//            per rank it is naive (R = 2) or ring.
// ring and all2all reduce each chunk once, so every device holds the same
// bits; naive combines the same shards in the same order on each device;
// hierarchical copies the leaders' bits, which are equal as ring's or
// naive's are.
//
// auto picks as tinygrad's multi rules do (schedule/allreduce.py at the
// pinned commit, with its defaults RING=1, ALL2ALL=0): ring for more than
// 2 devices and more than `ring-threshold` elements (its
// RING_ALLREDUCE_THRESHOLD, 256000), naive otherwise; tinygrad never picks
// all2all unless told to. tinygrad has no ranks; across ranks, where some
// rank holds several devices, auto picks hierarchical, which sends the
// fewest bytes between ranks.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "tiny/DeviceName.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYLOWERALLREDUCE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

enum class Algorithm { Ring, AllToAll, Naive, Hierarchical, Auto };

std::optional<Algorithm> parseAlgorithm(StringRef name) {
  return llvm::StringSwitch<std::optional<Algorithm>>(name)
      .Case("ring", Algorithm::Ring)
      .Case("all2all", Algorithm::AllToAll)
      .Case("naive", Algorithm::Naive)
      .Case("hierarchical", Algorithm::Hierarchical)
      .Case("auto", Algorithm::Auto)
      .Default(std::nullopt);
}

/// The indices of the devices of `devices`, grouped by the MPI rank that
/// owns them: groups in the order of their first device, devices in tuple
/// order within a group.
SmallVector<SmallVector<int64_t>> groupByRank(DeviceAttr devices) {
  llvm::MapVector<uint32_t, SmallVector<int64_t>> groups;
  for (auto [j, name] : llvm::enumerate(devices.getNames())) {
    // The verifier of #tiny.device refused every name that does not parse.
    std::optional<::tiny::DeviceName> parsed =
        ::tiny::parseDeviceName(name.getValue().str());
    groups[parsed ? parsed->rank : 0].push_back(j);
  }
  return llvm::to_vector(llvm::make_second_range(groups.takeVector()));
}

/// The algorithm `auto` lowers an allreduce of `numel` elements per shard
/// on `devices` with (see the file comment).
Algorithm chooseAlgorithm(DeviceAttr devices, int64_t numel,
                          uint64_t ringThreshold) {
  SmallVector<SmallVector<int64_t>> groups = groupByRank(devices);
  bool severalPerRank = llvm::any_of(
      groups, [](ArrayRef<int64_t> group) { return group.size() > 1; });
  if (groups.size() > 1 && severalPerRank)
    return Algorithm::Hierarchical;
  if (devices.getNumDevices() > 2 &&
      static_cast<uint64_t>(numel) > ringThreshold)
    return Algorithm::Ring;
  return Algorithm::Naive;
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

/// The participants of one allreduce among some of the devices: value k
/// (in the allreduce's shape) lives on device `devices[k]` of the tuple.
struct Participants {
  Participants(ArrayRef<int64_t> devices, ArrayRef<Value> values)
      : devices(devices), values(values), flats(values.size()) {}

  size_t size() const { return devices.size(); }

  SmallVector<int64_t> devices;
  SmallVector<Value> values;
  /// Value k's flat view, once a chunk of it is taken.
  SmallVector<Value> flats;
};

/// Builds the lowering of one allreduce before it.
class AllreduceLowering {
public:
  explicit AllreduceLowering(AllReduceOp op)
      : builder(op), loc(op.getLoc()), kind(op.getKind()),
        type(op.getSrc().getType()), devices(getDevice(type)),
        numel(type.getNumElements()) {
    for (int64_t j = 0, e = devices.getNumDevices(); j < e; ++j)
      shards.push_back(MSelectOp::create(builder, loc, op.getSrc(), j));
  }

  /// The lowering by `algorithm`, which is not Auto.
  Value lower(Algorithm algorithm) {
    SmallVector<int64_t> all =
        llvm::to_vector(llvm::seq<int64_t>(0, shards.size()));
    Participants everyone(all, shards);
    SmallVector<Value> results;
    switch (algorithm) {
    case Algorithm::Ring:
      results = ring(everyone);
      break;
    case Algorithm::AllToAll:
      results = allToAll(everyone);
      break;
    case Algorithm::Naive:
      results = naive(everyone);
      break;
    case Algorithm::Hierarchical:
      results = hierarchical();
      break;
    case Algorithm::Auto:
      llvm_unreachable("auto is resolved before lowering");
    }
    return MStackOp::create(builder, loc, results);
  }

private:
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

  /// Chunk i of participant k's value, on its device: a byte range of it.
  Value chunkOf(Participants &group, const Chunking &chunking, int64_t k,
                int64_t i) {
    Value &flat = group.flats[k];
    if (!flat)
      flat = type.getRank() == 1
                 ? group.values[k]
                 : Value(ReshapeOp::create(builder, loc, group.values[k],
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
  Value reassemble(const Chunking &chunking, int64_t j,
                   ArrayRef<Value> chunks) {
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

  SmallVector<Value> naive(Participants &group) {
    int64_t n = group.size();
    SmallVector<Value> results;
    for (int64_t d = 0; d < n; ++d) {
      Value acc;
      for (int64_t k = 0; k < n; ++k) {
        Value value = k == d ? group.values[k]
                             : copyTo(group.values[k], group.devices[d]);
        acc = acc ? combine(acc, value) : value;
      }
      results.push_back(acc);
    }
    return results;
  }

  SmallVector<Value> allToAll(Participants &group) {
    int64_t n = group.size();
    Chunking chunking(numel, n);
    // Reduce-scatter: chunk i is combined on participant i, in order.
    SmallVector<Value> reduced(n);
    for (int64_t i = 0; i < n; ++i) {
      if (chunking.size(i) == 0)
        continue;
      for (int64_t k = 0; k < n; ++k) {
        Value chunk = chunkOf(group, chunking, k, i);
        if (k != i)
          chunk = copyTo(chunk, group.devices[i]);
        reduced[i] = reduced[i] ? combine(reduced[i], chunk) : chunk;
      }
    }
    // Allgather: participant i sends its chunk to every other one.
    SmallVector<SmallVector<Value>> chunksOn(n, SmallVector<Value>(n));
    for (int64_t i = 0; i < n; ++i) {
      if (!reduced[i])
        continue;
      for (int64_t d = 0; d < n; ++d)
        chunksOn[d][i] =
            d == i ? reduced[i] : copyTo(reduced[i], group.devices[d]);
    }
    return finish(group, chunking, chunksOn);
  }

  SmallVector<Value> ring(Participants &group) {
    int64_t n = group.size();
    Chunking chunking(numel, n);
    SmallVector<SmallVector<Value>> chunksOn(n, SmallVector<Value>(n));
    for (int64_t i = 0; i < n; ++i) {
      if (chunking.size(i) == 0)
        continue;
      // Reduce-scatter: from participant i + 1 around the ring to i.
      Value acc = chunkOf(group, chunking, (i + 1) % n, i);
      for (int64_t step = 2; step <= n; ++step) {
        int64_t d = (i + step) % n;
        Value received = copyTo(acc, group.devices[d]);
        acc = combine(received, chunkOf(group, chunking, d, i));
      }
      // Allgather: passed on from participant i to i + 1, i + 2, ...
      chunksOn[i][i] = acc;
      for (int64_t step = 1; step < n; ++step) {
        int64_t d = (i + step) % n;
        acc = copyTo(acc, group.devices[d]);
        chunksOn[d][i] = acc;
      }
    }
    return finish(group, chunking, chunksOn);
  }

  /// Each participant's result from the finished chunks on it.
  SmallVector<Value> finish(const Participants &group, const Chunking &chunking,
                            ArrayRef<SmallVector<Value>> chunksOn) {
    SmallVector<Value> results;
    for (auto [k, chunks] : llvm::enumerate(chunksOn))
      results.push_back(reassemble(chunking, group.devices[k], chunks));
    return results;
  }

  SmallVector<Value> hierarchical() {
    SmallVector<SmallVector<int64_t>> groups = groupByRank(devices);
    // Inside each rank: every device's shard to the group's leader, combined
    // in device order.
    SmallVector<int64_t> leaders;
    SmallVector<Value> partials;
    for (ArrayRef<int64_t> group : groups) {
      int64_t leader = group.front();
      Value acc = shards[leader];
      for (int64_t j : group.drop_front())
        acc = combine(acc, copyTo(shards[j], leader));
      leaders.push_back(leader);
      partials.push_back(acc);
    }
    // Across ranks, among the leaders. With two, a ring would send the same
    // N per leader as naive does, but in two chunked copies and with a
    // reassembly on each side; naive sends one message and combines once.
    Participants top(leaders, partials);
    SmallVector<Value> reduced = partials;
    if (top.size() == 2)
      reduced = naive(top);
    else if (top.size() > 2)
      reduced = ring(top);
    // Back inside each rank: from the leader to the others.
    SmallVector<Value> results(shards.size());
    for (auto [group, value] : llvm::zip_equal(groups, reduced)) {
      results[group.front()] = value;
      for (int64_t j : ArrayRef<int64_t>(group).drop_front())
        results[j] = copyTo(value, j);
    }
    return results;
  }

  OpBuilder builder;
  Location loc;
  ReduceKind kind;
  RankedTensorType type;
  DeviceAttr devices;
  int64_t numel;
  /// Shard j, on device j.
  SmallVector<Value> shards;
};

struct TinyLowerAllreducePass
    : mlir::tiny::impl::TinyLowerAllreduceBase<TinyLowerAllreducePass> {
  using TinyLowerAllreduceBase::TinyLowerAllreduceBase;

  void runOnOperation() override {
    std::optional<Algorithm> parsed = parseAlgorithm(algorithm);
    if (!parsed) {
      emitError(getOperation()->getLoc(), "unknown allreduce algorithm '")
          << algorithm
          << "': expected ring, all2all, naive, hierarchical or auto";
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
      Algorithm chosen = *parsed;
      if (chosen == Algorithm::Auto)
        chosen = chooseAlgorithm(getDevice(type), type.getNumElements(),
                                 ringThreshold);
      Value lowered = AllreduceLowering(op).lower(chosen);
      op.replaceAllUsesWith(lowered);
      op.erase();
    }
  }
};

} // namespace
