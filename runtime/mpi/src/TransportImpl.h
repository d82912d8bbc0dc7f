//===- TransportImpl.h - The state of one rank's transport ------*- C++ -*-===//
//
// `Transport::Impl`: what a rank's transport holds (options, rank, whether
// it broke, byte counters, scratch memory), and the tags its messages use on
// MPI_COMM_WORLD. Its methods live with their job: Transport.cpp (breaking,
// counting), Requests.cpp (waiting), Handshake.cpp (the header exchange).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_TRANSPORTIMPL_H
#define TINY_MPI_SRC_TRANSPORTIMPL_H

#include "Requests.h"
#include "Scratch.h"
#include "tiny/MpiTransport.h"

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tiny {
namespace mpi {
namespace detail {

struct Header;

/// Tags on MPI_COMM_WORLD: handshakes, point-to-point messages (caller's
/// tag added) and allreduce data (source and destination shard added).
constexpr int kHandshakeTag = kFirstTag;
constexpr int kPointToPointTag = kFirstTag + 1;
constexpr int kMaxUserTag = 4095;
constexpr int kDataTag = kPointToPointTag + kMaxUserTag + 1;
constexpr size_t kMaxShardsPerRank = 64;
static_assert(kDataTag + kMaxShardsPerRank * kMaxShardsPerRank - 1 <= 32767,
              "MPI guarantees tags up to 32767 only");

/// Scratch slots: slot i < kMaxShardsPerRank is shard i's, then the
/// combining accumulator and the hierarchical sum (Collectives.cpp).
constexpr size_t kAccumulatorSlot = kMaxShardsPerRank;
constexpr size_t kHierarchicalSumSlot = kMaxShardsPerRank + 1;
constexpr size_t kScratchSlots = kMaxShardsPerRank + 2;

/// The name a buffer's bytes are counted under: its device's, or "?".
std::string deviceNameOf(tiny_buffer_t buffer);

} // namespace detail

struct Transport::Impl {
  TransportOptions options;
  int rank = 0;
  int size = 1;
  MPI_Errhandler previousHandler = MPI_ERRHANDLER_NULL;
  /// The first fatal error's message; "" while usable.
  std::string broken;
  uint64_t sequence = 0;
  std::vector<ByteCounters> pairs;
  std::map<std::string, ByteCounters> devices;
  /// Never freed once the transport broke (see the destructor).
  detail::Scratch scratch{detail::kScratchSlots};

  //===--------------------------------------------------------------------===//
  // Breaking and counting (Transport.cpp)
  //===--------------------------------------------------------------------===//

  /// Breaks the transport with `status` (the first one's message stays) and
  /// returns it.
  Status fail(Status status);
  /// ErrorCode::Broken once the transport broke.
  Status checkUsable() const;
  /// Counts a finished operation.
  void count(const detail::Pending &op);
  void resetCounters();

  //===--------------------------------------------------------------------===//
  // Waiting (Requests.cpp)
  //===--------------------------------------------------------------------===//

  /// Polls one operation once: `done` when it finished (and was counted).
  Status poll(detail::Pending &op, bool &done, const std::string &what);
  /// Waits for all of `ops` until the deadline; `onReceived` is called with
  /// each receive as it completes. On an error or a timeout the operations
  /// left are cancelled.
  Status waitAll(
      std::vector<detail::Pending> &ops, const std::string &what,
      const std::function<void(const detail::Pending &)> &onReceived = nullptr);

  //===--------------------------------------------------------------------===//
  // Handshakes (Handshake.cpp)
  //===--------------------------------------------------------------------===//

  /// Sends `mine` to every other rank and compares what they send back.
  Status handshake(const detail::Header &mine, const std::string &what);
};

} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_TRANSPORTIMPL_H
