//===- MpiTransport.h - The runtime across MPI ranks ------------*- C++ -*-===//
//
// Moves bytes between processes (MPI ranks) for the tiny runtime: non-blocking
// point-to-point copies, and allreduce across ranks with the algorithms the
// compiler uses inside one process (ring, all-to-all, naive) plus a
// hierarchical one, chosen by size as tinygrad chooses.
//
// Conventions
//
// - Errors. Every call that can fail returns a `Status`; the transport never
//   aborts and never hangs (MPI_Init aside: see MPI below). It sets
//   MPI_ERRORS_RETURN on MPI_COMM_WORLD while it lives (the caller's handler
//   is restored by the destructor), and every wait polls MPI_Test or
//   MPI_Testsome against a deadline: a peer that is dead, stuck, or runs a
//   different program makes the call fail with ErrorCode::Timeout after
//   `TransportOptions::timeoutSeconds`.
// - Handshakes. Every rank sends every other rank a header before each
//   collective: the program tag, the collective's sequence number and caller
//   tag, the reduce op, the dtype, the element count, the shards per rank
//   and the algorithm asked for. A rank whose header differs fails the
//   collective on every rank with ErrorCode::Mismatch and a message naming
//   the rank and the field, before any data moves.
// - After a timeout, a peer failure or an MPI error the transport is broken:
//   messages may be in flight, so every later call fails with
//   ErrorCode::Broken and the first error's message. A peer that was only
//   slow may still deliver a message after the failed call returned, into
//   the memory that call was given: keep it alive, or end the process
//   (which is what a job should do after a timeout). The transport's own
//   scratch memory is never freed once it broke. A mismatch leaves it
//   usable (no data moved on any rank). A bad argument is reported before
//   the handshake, on its rank alone: the other ranks then time out.
// - MPI. `Transport::create` calls MPI_Init_thread when MPI is not yet
//   initialized, and MPI_Finalize then runs at exit (unless a transport
//   broke: finalizing with a dead peer can hang). MPI_Init waits for every
//   rank without a limit and cannot be interrupted, so when it has not
//   returned within `timeoutSeconds` (a rank never started or died before
//   joining) a watchdog prints a one-line error to stderr and ends the
//   process with exit status 1: the one place the transport ends the
//   process instead of returning a Status. Inside a program that already
//   called MPI_Init it uses MPI as it finds it and never finalizes; bounding
//   that MPI_Init is then the caller's job.
//   Messages use MPI_COMM_WORLD (a duplicate would take a collective call,
//   which hangs when a rank is missing) with tags from `kFirstTag` up; the
//   caller's own messages must use other tags.
// - Threads. One thread at a time may call a transport.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_MPITRANSPORT_H
#define TINY_MPI_MPITRANSPORT_H

#include "tiny/runtime.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tiny {
namespace mpi {

/// Why a call failed. The values are stable.
enum class ErrorCode {
  Ok = 0,
  /// A bad argument: a NULL pointer, an unknown dtype or rank, shards of
  /// different sizes.
  InvalidArgument = 1,
  /// Ranks disagree: a different program tag, collective, op, dtype,
  /// element count or shard count, or a message of the wrong size.
  Mismatch = 2,
  /// A peer did not answer within the timeout: it died, is stuck, or runs a
  /// different program.
  Timeout = 3,
  /// MPI reported an error (the message names the call and MPI's text).
  Mpi = 4,
  /// The tiny runtime failed (a download or upload of a buffer).
  Runtime = 5,
  /// The transport failed earlier and cannot be used any more.
  Broken = 6,
  /// Valid, but not implemented (e.g. an allreduce of f16).
  Unimplemented = 7,
};

/// The name of `code` ("OK", "TIMEOUT", ...).
const char *errorCodeName(ErrorCode code);

/// Success, or an error code and a message.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(ErrorCode code, std::string message)
      : errorCode(code), text(std::move(message)) {}

  bool ok() const { return errorCode == ErrorCode::Ok; }
  ErrorCode code() const { return errorCode; }
  /// "" on success.
  const std::string &message() const { return text; }
  /// "TIMEOUT: <message>", or "OK".
  std::string toString() const;

private:
  ErrorCode errorCode = ErrorCode::Ok;
  std::string text;
};

/// How an allreduce combines its shards.
enum class ReduceOp { Add = 1, Max = 2, Mul = 3 };

/// How an allreduce moves its data. The shards of all ranks are the
/// participants, numbered rank-major (rank r's shard s is r * shards + s);
/// bytes between two participants on one rank are memcpys.
enum class Algorithm {
  /// Chosen by `chooseAlgorithm`.
  Auto = 0,
  /// Every participant sends its whole shard to every other one and each
  /// combines all shards in participant order: (n - 1) N elements sent.
  Naive = 1,
  /// Reduce-scatter then allgather around the ring of participants, in n
  /// chunks (as -tiny-lower-allreduce): about 2 (n - 1) / n N per
  /// participant.
  Ring = 2,
  /// Each participant reduces one chunk, gathered from all, then sends it
  /// to all: about 2 (n - 1) / n N per participant in 2 rounds.
  AllToAll = 3,
  /// Each rank first reduces its own shards (memcpy), the ranks then
  /// allreduce one shard each (ring or naive, by `chooseAlgorithm` for the
  /// ranks alone), and each rank copies the result back to its shards: the
  /// fewest bytes between ranks when a rank holds several shards.
  Hierarchical = 4,
};

/// "auto", "naive", "ring", "all2all", "hierarchical".
const char *algorithmName(Algorithm algorithm);

/// Parses an `algorithmName`; an error naming the choices otherwise.
Status parseAlgorithm(const std::string &name, Algorithm &out);

/// tinygrad's default RING_ALLREDUCE_THRESHOLD: below it (in elements) a
/// ring's chunking does not pay off and naive is used.
constexpr size_t kDefaultRingThreshold = 256000;

/// The algorithm `Algorithm::Auto` runs. As tinygrad chooses between one
/// process's devices: naive for 2 participants or at most `ringThreshold`
/// elements, otherwise ring (or all-to-all when `preferAllToAll`, tinygrad's
/// ALL2ALL=1). Across ranks that hold several shards each: hierarchical,
/// whose rank-level step applies the same rule to the ranks.
Algorithm chooseAlgorithm(int ranks, int shardsPerRank, size_t elements,
                          size_t ringThreshold = kDefaultRingThreshold,
                          bool preferAllToAll = false);

/// Options of a transport.
struct TransportOptions {
  /// The longest any wait for a peer may take, in seconds; then the call
  /// fails with ErrorCode::Timeout. Must be positive. It also bounds the
  /// MPI_Init_thread that `create` calls, by ending the process (see MPI
  /// above).
  double timeoutSeconds = 60;
  /// Identifies the program: ranks whose tags differ fail `create` (and
  /// every collective) with ErrorCode::Mismatch. E.g. a hash of the
  /// compiled program.
  uint64_t programTag = 0;
  /// `chooseAlgorithm`'s threshold, in elements.
  size_t ringThreshold = kDefaultRingThreshold;
  /// `chooseAlgorithm`'s all-to-all preference.
  bool preferAllToAll = false;
};

/// Options of one allreduce.
struct AllreduceOptions {
  Algorithm algorithm = Algorithm::Auto;
  /// The caller's name for this collective (e.g. a hash of the op that
  /// issued it); ranks must agree.
  uint64_t tag = 0;
};

/// Bytes moved, as counted by the transport.
struct ByteCounters {
  /// Bytes sent to other ranks.
  uint64_t sent = 0;
  /// Bytes received from other ranks.
  uint64_t received = 0;
  /// Bytes copied between participants of this rank (memcpy).
  uint64_t copiedLocally = 0;
};

/// The first tag the transport uses on MPI_COMM_WORLD; it uses tags up to
/// kFirstTag + 8192 (within the 32767 every MPI allows).
constexpr int kFirstTag = 0x4000;

/// A non-blocking point-to-point operation. Move-only; destroying one that
/// is still pending cancels it.
class Request {
public:
  Request();
  ~Request();
  Request(Request &&) noexcept;
  Request &operator=(Request &&) noexcept;

  /// Whether an operation was started and not yet waited for.
  bool pending() const;

  struct State;

private:
  friend class Transport;
  std::unique_ptr<State> state;
};

/// The transport of one process (rank) of an MPI job.
class Transport {
public:
  /// Joins the MPI job (initializing MPI if needed, within the timeout or
  /// the process ends) and shakes hands with every other rank: they must
  /// run the same `programTag`.
  static Status create(const TransportOptions &options,
                       std::unique_ptr<Transport> &out);
  ~Transport();
  Transport(const Transport &) = delete;
  Transport &operator=(const Transport &) = delete;

  /// This process's rank and the number of ranks.
  int rank() const;
  int size() const;
  const TransportOptions &options() const;
  /// Changes the timeout of later waits (seconds, positive).
  Status setTimeout(double seconds);

  /// Starts sending `bytes` bytes at `data` to rank `peer` (not this rank),
  /// as message `tag` (0 .. 4095; the receiver names the same tag). `data`
  /// must stay valid and unchanged until `wait` returns.
  Status sendAsync(int peer, int tag, const void *data, size_t bytes,
                   Request &request);
  /// Starts receiving exactly `bytes` bytes from rank `peer` into `data`.
  /// A message of another size fails `wait` with ErrorCode::Mismatch.
  Status receiveAsync(int peer, int tag, void *data, size_t bytes,
                      Request &request);
  /// Starts sending the whole of `buffer` (any device: it is downloaded
  /// now into a staging copy, so the caller may reuse it at once).
  Status sendBufferAsync(int peer, int tag, tiny_buffer_t buffer,
                         Request &request);
  /// Starts receiving into the whole of `buffer`; `wait` uploads it. The
  /// buffer must stay live until then.
  Status receiveBufferAsync(int peer, int tag, tiny_buffer_t buffer,
                            Request &request);
  /// Whether `request` is done, without waiting. A finished request's
  /// result (or error) is returned once; it is then no longer pending.
  Status test(Request &request, bool &done);
  /// Waits for `request`, at most the timeout.
  Status wait(Request &request);

  /// Allreduces `count` elements of `dtype` at `data` across all ranks, in
  /// place: one shard per rank.
  Status allreduce(void *data, size_t count, tiny_dtype_t dtype, ReduceOp op,
                   const AllreduceOptions &options = {},
                   Algorithm *usedAlgorithm = nullptr);
  /// Allreduces `shardCount` host arrays of this rank (`shards[i]` holds
  /// `count` elements) with those of every other rank, in place: every
  /// rank passes the same number of shards. `deviceNames[i]` (or "host")
  /// names the shard's device in the byte counters.
  Status allreduceShards(void *const *shards, const std::string *deviceNames,
                         size_t shardCount, size_t count, tiny_dtype_t dtype,
                         ReduceOp op, const AllreduceOptions &options = {},
                         Algorithm *usedAlgorithm = nullptr);
  /// Allreduces runtime buffers: this rank's shards, one per device, all of
  /// one dtype and element count. Each is downloaded, reduced and uploaded
  /// again (the runtime counts those bytes on its devices too).
  Status allreduceBuffers(const std::vector<tiny_buffer_t> &shards, ReduceOp op,
                          const AllreduceOptions &options = {},
                          Algorithm *usedAlgorithm = nullptr);

  /// Bytes this rank exchanged with rank `peer` (zeros for this rank or an
  /// unknown one).
  ByteCounters pairCounters(int peer) const;
  /// Bytes per device name ("host" for `allreduce` and the raw
  /// point-to-point calls).
  const std::map<std::string, ByteCounters> &deviceCounters() const;
  /// Sets every counter to zero.
  void resetCounters();

  struct Impl;

private:
  explicit Transport(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_MPITRANSPORT_H
