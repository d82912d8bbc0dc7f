//===- Allreduce.cpp - The transport's allreduce calls --------------------===//
//
// The public allreduce entry points: each checks its arguments on this rank,
// shakes hands with the other ranks, and then runs the algorithm chosen
// (Collectives.cpp); runtime buffers are staged through host memory.
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"
#include "Combine.h"
#include "Errors.h"
#include "Handshake.h"
#include "TransportImpl.h"

#include <limits>
#include <new>

using namespace tiny::mpi;
using namespace tiny::mpi::detail;

Status Transport::allreduce(void *data, size_t count, tiny_dtype_t dtype,
                            ReduceOp op, const AllreduceOptions &options,
                            Algorithm *usedAlgorithm) {
  static const std::string host = "host";
  void *shards[] = {data};
  return allreduceShards(shards, &host, 1, count, dtype, op, options,
                         usedAlgorithm);
}

Status Transport::allreduceShards(void *const *shards,
                                  const std::string *deviceNames,
                                  size_t shardCount, size_t count,
                                  tiny_dtype_t dtype, ReduceOp op,
                                  const AllreduceOptions &options,
                                  Algorithm *usedAlgorithm) {
  Impl &state = *impl;
  if (Status status = state.checkUsable(); !status.ok())
    return status;
  std::string what = "allreduce #" + std::to_string(state.sequence + 1) +
                     " on rank " + std::to_string(state.rank);
  auto invalid = [&](const std::string &detail) {
    return Status(ErrorCode::InvalidArgument, what + ": " + detail);
  };
  size_t elementSize = tiny_dtype_size(dtype);
  if (!elementSize)
    return invalid("unknown dtype " + std::to_string(dtype));
  if (!canCombine(dtype))
    return Status(ErrorCode::Unimplemented,
                  what + ": no allreduce of " + tiny_dtype_name(dtype) +
                      " yet (bool, integers, f32 and f64 are supported)");
  if (op != ReduceOp::Add && op != ReduceOp::Max && op != ReduceOp::Mul)
    return invalid("unknown reduce op " + std::to_string(int(op)));
  if (shardCount == 0 || shardCount > kMaxShardsPerRank)
    return invalid("a rank holds 1 to " + std::to_string(kMaxShardsPerRank) +
                   " shards, not " + std::to_string(shardCount));
  if (!shards || !deviceNames)
    return invalid("the shard or device name array is NULL");
  for (size_t s = 0; s < shardCount; ++s)
    if (!shards[s] && count)
      return invalid("shard " + std::to_string(s) + " is NULL");
  if (count > std::numeric_limits<size_t>::max() / elementSize /
                  (shardCount * static_cast<size_t>(state.size)))
    return invalid(std::to_string(count) + " elements overflow a byte size");
  Algorithm requested = options.algorithm;
  if (requested < Algorithm::Auto || requested > Algorithm::Hierarchical)
    return invalid("unknown algorithm " + std::to_string(int(requested)));
  Algorithm algorithm =
      requested == Algorithm::Auto
          ? chooseAlgorithm(state.size, static_cast<int>(shardCount), count,
                            state.options.ringThreshold,
                            state.options.preferAllToAll)
          : requested;

  Header header{kMagic,
                state.options.programTag,
                state.sequence + 1,
                options.tag,
                kKindAllreduce,
                static_cast<uint64_t>(op),
                dtype,
                count,
                shardCount,
                static_cast<uint64_t>(requested)};
  ++state.sequence;
  if (Status status = state.handshake(header, what); !status.ok())
    return status;
  if (usedAlgorithm)
    *usedAlgorithm = algorithm;

  Group group;
  group.shardsPerRank = shardCount;
  group.participants = shardCount * state.size;
  group.data.assign(reinterpret_cast<char *const *>(shards),
                    reinterpret_cast<char *const *>(shards) + shardCount);
  group.names = deviceNames;
  group.count = count;
  group.elementSize = elementSize;
  group.dtype = dtype;
  group.op = op;
  group.what = what;
  if (count == 0)
    return {};
  try {
    return runAllreduce(state, algorithm, group);
  } catch (const std::bad_alloc &) {
    // Peers may be waiting for this rank's messages: it cannot go on.
    return state.fail(
        Status(ErrorCode::Runtime, what + ": out of host memory for scratch"));
  }
}

Status Transport::allreduceBuffers(const std::vector<tiny_buffer_t> &shards,
                                   ReduceOp op, const AllreduceOptions &options,
                                   Algorithm *usedAlgorithm) {
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  std::string what = "allreduce of buffers on rank " + std::to_string(rank());
  if (shards.empty())
    return Status(ErrorCode::InvalidArgument, what + ": no shards");
  std::vector<std::vector<char>> staging;
  try {
    staging.resize(shards.size());
    for (size_t s = 0; s < shards.size(); ++s) {
      size_t bytes = 0;
      if (tiny_status_t status = tiny_buffer_byte_size(shards[s], &bytes))
        tiny_status_free(status); // Reported with its shard below.
      staging[s].resize(bytes);
    }
  } catch (const std::bad_alloc &) {
    return Status(ErrorCode::Runtime,
                  what + ": out of host memory for staging copies");
  }
  std::vector<std::string> names(shards.size());
  std::vector<void *> pointers(shards.size());
  tiny_dtype_t dtype = 0;
  size_t count = 0;
  for (size_t s = 0; s < shards.size(); ++s) {
    tiny_dtype_t shardDtype = 0;
    size_t shardCount = 0;
    std::string shard = what + ": shard " + std::to_string(s);
    if (Status status =
            fromRuntime(tiny_buffer_dtype(shards[s], &shardDtype), shard);
        !status.ok())
      return status;
    if (Status status = fromRuntime(
            tiny_buffer_element_count(shards[s], &shardCount), shard);
        !status.ok())
      return status;
    if (s == 0) {
      dtype = shardDtype;
      count = shardCount;
    } else if (shardDtype != dtype || shardCount != count) {
      return Status(ErrorCode::InvalidArgument,
                    shard + " is " + std::to_string(shardCount) + " x " +
                        tiny_dtype_name(shardDtype) + ", shard 0 is " +
                        std::to_string(count) + " x " + tiny_dtype_name(dtype));
    }
    names[s] = deviceNameOf(shards[s]);
    pointers[s] = staging[s].data();
  }
  for (size_t s = 0; s < shards.size(); ++s)
    if (Status status =
            fromRuntime(tiny_buffer_download(shards[s], staging[s].data(),
                                             staging[s].size()),
                        what + ": shard " + std::to_string(s));
        !status.ok())
      return status;
  if (Status status =
          allreduceShards(pointers.data(), names.data(), shards.size(), count,
                          dtype, op, options, usedAlgorithm);
      !status.ok())
    return status;
  for (size_t s = 0; s < shards.size(); ++s)
    if (Status status = fromRuntime(
            tiny_buffer_upload(shards[s], staging[s].data(), staging[s].size()),
            what + ": shard " + std::to_string(s));
        !status.ok())
      return status;
  return {};
}
