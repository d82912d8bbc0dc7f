//===- Collectives.cpp - The allreduce algorithms -------------------------===//
//
// An allreduce is rounds: each round is a set of transfers between
// participants (shards), started together and waited for together; a
// transfer between two participants of this rank is a memcpy, one to or from
// another rank an MPI_Isend or MPI_Irecv. Combining happens between rounds,
// or as the pieces of a round arrive, in an order fixed by the algorithm, so
// that every participant ends with the same bits (see -tiny-lower-allreduce,
// whose chunking and orders the ring, all-to-all and naive algorithms
// follow).
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"
#include "Combine.h"
#include "TransportImpl.h"

#include <algorithm>
#include <cstring>
#include <functional>

using namespace tiny::mpi;
using namespace tiny::mpi::detail;

namespace {

/// Collectives send in messages of at most this many bytes. One large
/// message is far slower than its segments with Open MPI 4.1's shared-memory
/// transport on a busy host (4 MiB each way between 2 ranks: ~100 ms as one
/// message, 1-15 ms as 256 KiB ones, on a loaded 2-core machine), and
/// segments lift MPI's 2 GiB limit on one message.
constexpr size_t kSegmentBytes = size_t(256) << 10;

/// The split of N elements into n contiguous chunks whose sizes differ by at
/// most one, the longer ones first (as -tiny-lower-allreduce splits them).
struct Chunking {
  Chunking(size_t numel, size_t count)
      : count(count), base(numel / count), left(numel % count) {}
  size_t start(size_t i) const { return i * base + std::min(i, left); }
  size_t size(size_t i) const { return base + (i < left ? 1 : 0); }
  size_t largest() const { return base + (left ? 1 : 0); }
  size_t count, base, left;
};

size_t mod(long long value, size_t n) {
  long long m = static_cast<long long>(n);
  return static_cast<size_t>(((value % m) + m) % m);
}

/// The algorithms on one rank's transport: its rank, counters, scratch and
/// waits.
class Allreducer {
public:
  explicit Allreducer(Transport::Impl &impl)
      : impl(impl), rank(impl.rank), size(impl.size) {}

  /// Allreduces `group` in place with `algorithm` (not Auto).
  Status run(Algorithm algorithm, Group &group) {
    if (algorithm == Algorithm::Hierarchical)
      return hierarchical(group);
    return flat(algorithm, group);
  }

private:
  /// Called with each piece of a transfer into this rank once it is there:
  /// the transfer, and the byte range of it that arrived.
  using Arrived = std::function<void(const Transfer &, size_t, size_t)>;

  /// Runs one round of transfers: messages to and from other ranks are
  /// started first, the memcpys between this rank's participants run while
  /// they are in flight, and `arrived` (if any) handles each piece as soon
  /// as it is in, so that combining overlaps the messages still coming.
  Status runRound(const Group &group, const std::vector<Transfer> &transfers,
                  const std::string &what, const Arrived &arrived = nullptr) {
    std::vector<Pending> ops;
    ops.reserve(transfers.size());
    Status error;
    for (const Transfer &transfer : transfers) {
      bool srcLocal = group.isLocal(transfer.src, rank);
      bool dstLocal = group.isLocal(transfer.dst, rank);
      if (srcLocal == dstLocal)
        continue; // A memcpy (below), or not this rank's.
      int tag = kDataTag + static_cast<int>(group.localIndex(transfer.src) *
                                                kMaxShardsPerRank +
                                            group.localIndex(transfer.dst));
      // In segments: both ends cut a transfer alike (the handshake checked
      // the sizes), and messages of one tag between two ranks arrive in
      // order.
      for (size_t offset = 0; offset < transfer.bytes && error.ok();
           offset += kSegmentBytes) {
        Pending op;
        op.bytes = std::min(kSegmentBytes, transfer.bytes - offset);
        op.receive = dstLocal;
        op.peer = static_cast<int>((dstLocal ? transfer.src : transfer.dst) /
                                   group.shardsPerRank);
        op.device = group.names[group.localIndex(dstLocal ? transfer.dst
                                                          : transfer.src)];
        op.transfer = &transfer;
        op.offset = offset;
        error = dstLocal ? startReceive(op, transfer.to + offset, tag)
                         : startSend(op, transfer.from + offset, tag);
        if (error.ok())
          ops.push_back(std::move(op));
      }
      if (!error.ok())
        break;
    }
    if (!error.ok()) {
      cancelAll(ops);
      return impl.fail(error);
    }
    for (const Transfer &transfer : transfers) {
      if (!group.isLocal(transfer.src, rank) ||
          !group.isLocal(transfer.dst, rank))
        continue;
      std::memcpy(transfer.to, transfer.from, transfer.bytes);
      impl.devices[group.names[group.localIndex(transfer.dst)]].copiedLocally +=
          transfer.bytes;
      if (arrived)
        arrived(transfer, 0, transfer.bytes);
    }
    std::function<void(const Pending &)> onReceived;
    if (arrived)
      onReceived = [&](const Pending &op) {
        arrived(*op.transfer, op.offset, op.bytes);
      };
    if (Status waited = impl.waitAll(ops, what, onReceived); !waited.ok())
      return impl.fail(waited);
    return {};
  }

  Status ring(Group &group) {
    size_t n = group.participants, es = group.elementSize;
    Chunking chunks(group.count, n);
    size_t first = rank * group.shardsPerRank;
    std::vector<char *> scratch =
        impl.scratch.buffers(group.shardsPerRank, chunks.largest() * es);
    auto local = [&](size_t p) { return group.isLocal(p, rank); };
    // Reduce-scatter: in step s participant p sends its partial chunk
    // p - 1 - s to p + 1, which combines it (received first) with its own.
    for (size_t s = 0; s + 1 < n; ++s) {
      std::vector<Transfer> transfers;
      for (size_t p = 0; p < n; ++p) {
        size_t dst = (p + 1) % n, i = mod((long long)p - 1 - (long long)s, n);
        if (chunks.size(i) == 0 || (!local(p) && !local(dst)))
          continue;
        transfers.push_back(
            {p, dst,
             local(p) ? group.data[p - first] + chunks.start(i) * es : nullptr,
             local(dst) ? scratch[dst - first] : nullptr, chunks.size(i) * es});
      }
      // Participant d gets chunk d - 2 - s; each piece is combined as it
      // lands, while the rest is still coming.
      Arrived combineArrived = [&](const Transfer &transfer, size_t offset,
                                   size_t bytes) {
        size_t d = transfer.dst, i = mod((long long)d - 2 - (long long)s, n);
        char *own = group.data[d - first] + chunks.start(i) * es + offset;
        combine(group.dtype, group.op, own, transfer.to + offset, own,
                bytes / es);
      };
      if (Status status = runRound(group, transfers,
                                   group.what + " ring reduce-scatter step " +
                                       std::to_string(s + 1),
                                   combineArrived);
          !status.ok())
        return status;
    }
    // Allgather: chunk i is finished on participant i; in step s participant
    // p passes chunk p - s on to p + 1.
    for (size_t s = 0; s + 1 < n; ++s) {
      std::vector<Transfer> transfers;
      for (size_t p = 0; p < n; ++p) {
        size_t dst = (p + 1) % n, i = mod((long long)p - (long long)s, n);
        if (chunks.size(i) == 0 || (!local(p) && !local(dst)))
          continue;
        size_t offset = chunks.start(i) * es;
        transfers.push_back(
            {p, dst, local(p) ? group.data[p - first] + offset : nullptr,
             local(dst) ? group.data[dst - first] + offset : nullptr,
             chunks.size(i) * es});
      }
      if (Status status = runRound(group, transfers,
                                   group.what + " ring allgather step " +
                                       std::to_string(s + 1));
          !status.ok())
        return status;
    }
    return {};
  }

  /// Combines `n` slots of `elements` each in order 0..n-1 into `dst`.
  void combineSlots(const Group &group, char *dst,
                    const std::vector<const char *> &slots, size_t elements) {
    size_t bytes = elements * group.elementSize;
    char *acc = impl.scratch.buffer(kAccumulatorSlot, bytes);
    std::memcpy(acc, slots[0], bytes);
    for (size_t j = 1; j < slots.size(); ++j)
      combine(group.dtype, group.op, acc, acc, slots[j], elements);
    std::memcpy(dst, acc, bytes);
  }

  Status allToAll(Group &group) {
    size_t n = group.participants, es = group.elementSize;
    Chunking chunks(group.count, n);
    size_t first = rank * group.shardsPerRank, slot = chunks.largest() * es;
    std::vector<char *> scratch =
        impl.scratch.buffers(group.shardsPerRank, n * slot);
    auto local = [&](size_t p) { return group.isLocal(p, rank); };
    // Every participant j sends its chunk i to participant i.
    std::vector<Transfer> transfers;
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) {
        if (i == j || chunks.size(i) == 0 || (!local(i) && !local(j)))
          continue;
        transfers.push_back(
            {j, i,
             local(j) ? group.data[j - first] + chunks.start(i) * es : nullptr,
             local(i) ? scratch[i - first] + j * slot : nullptr,
             chunks.size(i) * es});
      }
    if (Status status =
            runRound(group, transfers, group.what + " all2all reduce-scatter");
        !status.ok())
      return status;
    for (size_t i = first; i < first + group.shardsPerRank; ++i) {
      if (chunks.size(i) == 0)
        continue;
      char *own = group.data[i - first] + chunks.start(i) * es;
      std::vector<const char *> slots;
      for (size_t j = 0; j < n; ++j)
        slots.push_back(j == i ? own : scratch[i - first] + j * slot);
      combineSlots(group, own, slots, chunks.size(i));
    }
    // Participant i sends its finished chunk i to every other one.
    transfers.clear();
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) {
        if (i == j || chunks.size(i) == 0 || (!local(i) && !local(j)))
          continue;
        size_t offset = chunks.start(i) * es;
        transfers.push_back(
            {i, j, local(i) ? group.data[i - first] + offset : nullptr,
             local(j) ? group.data[j - first] + offset : nullptr,
             chunks.size(i) * es});
      }
    return runRound(group, transfers, group.what + " all2all allgather");
  }

  Status naive(Group &group) {
    size_t n = group.participants, bytes = group.count * group.elementSize;
    size_t first = rank * group.shardsPerRank;
    std::vector<char *> scratch =
        impl.scratch.buffers(group.shardsPerRank, n * bytes);
    auto local = [&](size_t p) { return group.isLocal(p, rank); };
    std::vector<Transfer> transfers;
    for (size_t j = 0; j < n; ++j)
      for (size_t i = 0; i < n; ++i) {
        if (i == j || (!local(i) && !local(j)))
          continue;
        transfers.push_back(
            {j, i, local(j) ? group.data[j - first] : nullptr,
             local(i) ? scratch[i - first] + j * bytes : nullptr, bytes});
      }
    if (Status status =
            runRound(group, transfers, group.what + " naive exchange");
        !status.ok())
      return status;
    for (size_t i = first; i < first + group.shardsPerRank; ++i) {
      std::vector<const char *> slots;
      for (size_t j = 0; j < n; ++j)
        slots.push_back(j == i ? group.data[i - first]
                               : scratch[i - first] + j * bytes);
      combineSlots(group, group.data[i - first], slots, group.count);
    }
    return {};
  }

  Status flat(Algorithm algorithm, Group &group) {
    if (group.participants == 1)
      return {};
    switch (algorithm) {
    case Algorithm::Ring:
      return ring(group);
    case Algorithm::AllToAll:
      return allToAll(group);
    default:
      return naive(group);
    }
  }

  /// Reduces this rank's shards into one, allreduces it across the ranks,
  /// and copies it back into every shard.
  Status hierarchical(Group &group) {
    size_t bytes = group.count * group.elementSize;
    char *acc = impl.scratch.buffer(kHierarchicalSumSlot, bytes);
    std::memcpy(acc, group.data[0], bytes);
    for (size_t s = 1; s < group.shardsPerRank; ++s) {
      combine(group.dtype, group.op, acc, acc, group.data[s], group.count);
      impl.devices[group.names[0]].copiedLocally += bytes;
    }
    Group ranks = group;
    ranks.shardsPerRank = 1;
    ranks.participants = size;
    ranks.data = {acc};
    Algorithm inner =
        chooseAlgorithm(size, 1, group.count, impl.options.ringThreshold,
                        impl.options.preferAllToAll);
    ranks.what = group.what + " (hierarchical, " + algorithmName(inner) +
                 " across ranks)";
    if (Status status = flat(inner, ranks); !status.ok())
      return status;
    for (size_t s = 0; s < group.shardsPerRank; ++s) {
      std::memcpy(group.data[s], acc, bytes);
      if (s)
        impl.devices[group.names[s]].copiedLocally += bytes;
    }
    return {};
  }

  Transport::Impl &impl;
  int rank, size;
};

} // namespace

Status tiny::mpi::detail::runAllreduce(Transport::Impl &impl,
                                       Algorithm algorithm, Group &group) {
  return Allreducer(impl).run(algorithm, group);
}
