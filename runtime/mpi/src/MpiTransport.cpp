//===- MpiTransport.cpp - The runtime's transport across MPI ranks --------===//
//
// Every wait is a poll of MPI_Test against a deadline, so no call blocks in
// MPI for longer than the timeout. An allreduce is a handshake (each rank
// sends its header to each other rank) and then rounds: each round is a set
// of transfers between participants (shards), started together and waited
// for together; a transfer between two participants of this rank is a
// memcpy, one to or from another rank an MPI_Isend or MPI_Irecv. Combining
// happens between rounds, in an order fixed by the algorithm, so that every
// participant ends with the same bits (see -tiny-lower-allreduce, whose
// chunking and orders the ring, all-to-all and naive algorithms follow).
//
//===----------------------------------------------------------------------===//

#include "tiny/MpiTransport.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>
#include <thread>

using namespace tiny::mpi;

namespace {

using Clock = std::chrono::steady_clock;

/// Tags on MPI_COMM_WORLD: handshakes, point-to-point messages (caller's
/// tag added) and allreduce data (source and destination shard added).
constexpr int kHandshakeTag = kFirstTag;
constexpr int kPointToPointTag = kFirstTag + 1;
constexpr int kMaxUserTag = 4095;
constexpr int kDataTag = kPointToPointTag + kMaxUserTag + 1;
constexpr size_t kMaxShardsPerRank = 64;
static_assert(kDataTag + kMaxShardsPerRank * kMaxShardsPerRank - 1 <= 32767,
              "MPI guarantees tags up to 32767 only");
/// Collectives send in messages of at most this many bytes. One large
/// message is far slower than its segments with Open MPI 4.1's shared-memory
/// transport on a busy host (4 MiB each way between 2 ranks: ~100 ms as one
/// message, 1-15 ms as 256 KiB ones, on a loaded 2-core machine), and
/// segments lift MPI's 2 GiB limit on one message.
constexpr size_t kSegmentBytes = size_t(256) << 10;

/// Whether this process initialized MPI (and so finalizes it at exit), and
/// whether a transport broke (then finalizing could wait for a dead peer).
bool initializedByUs = false;
bool anyTransportBroke = false;

void finalizeAtExit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && !anyTransportBroke)
    MPI_Finalize();
}

std::string mpiErrorText(int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(rc, text, &length) != MPI_SUCCESS)
    return "MPI error " + std::to_string(rc);
  return std::string(text, length);
}

Status mpiError(const std::string &what, int rc) {
  return Status(ErrorCode::Mpi, what + ": " + mpiErrorText(rc));
}

std::string secondsText(double seconds) {
  std::ostringstream out;
  out << seconds << " s";
  return out.str();
}

std::string hex(uint64_t value) {
  std::ostringstream out;
  out << "0x" << std::hex << value;
  return out.str();
}

std::string rankList(const std::vector<int> &ranks) {
  std::string text = ranks.size() == 1 ? "rank " : "ranks ";
  for (size_t i = 0; i < ranks.size(); ++i)
    text += (i ? ", " : "") + std::to_string(ranks[i]);
  return text;
}

//===----------------------------------------------------------------------===//
// Combining
//===----------------------------------------------------------------------===//

template <typename T> T loadAt(const char *base, size_t i) {
  T value;
  std::memcpy(&value, base + i * sizeof(T), sizeof(T));
  return value;
}

template <typename T> void storeAt(char *base, size_t i, T value) {
  std::memcpy(base + i * sizeof(T), &value, sizeof(T));
}

/// Integers wrap, as the compiled kernels' integer arithmetic does; the
/// arithmetic runs unsigned so that signed overflow is defined.
template <typename T, typename U>
void combineIntegers(ReduceOp op, char *dst, const char *lhs, const char *rhs,
                     size_t count) {
  for (size_t i = 0; i < count; ++i) {
    T a = loadAt<T>(lhs, i), b = loadAt<T>(rhs, i);
    T result;
    if (op == ReduceOp::Add)
      result = static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    else if (op == ReduceOp::Mul)
      result = static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
    else
      result = std::max(a, b);
    storeAt<T>(dst, i, result);
  }
}

/// max propagates NaN, as tinygrad's MAX does.
template <typename T>
void combineFloats(ReduceOp op, char *dst, const char *lhs, const char *rhs,
                   size_t count) {
  for (size_t i = 0; i < count; ++i) {
    T a = loadAt<T>(lhs, i), b = loadAt<T>(rhs, i);
    T result;
    if (op == ReduceOp::Add)
      result = a + b;
    else if (op == ReduceOp::Mul)
      result = a * b;
    else
      result = std::isnan(a) || std::isnan(b)
                   ? std::numeric_limits<T>::quiet_NaN()
                   : std::max(a, b);
    storeAt<T>(dst, i, result);
  }
}

/// bool: add and max are or, mul is and.
void combineBools(ReduceOp op, char *dst, const char *lhs, const char *rhs,
                  size_t count) {
  for (size_t i = 0; i < count; ++i) {
    bool a = lhs[i] != 0, b = rhs[i] != 0;
    dst[i] = static_cast<char>(op == ReduceOp::Mul ? (a && b) : (a || b));
  }
}

bool canCombine(tiny_dtype_t dtype) {
  switch (dtype) {
  case TINY_DTYPE_BOOL:
  case TINY_DTYPE_I8:
  case TINY_DTYPE_I16:
  case TINY_DTYPE_I32:
  case TINY_DTYPE_I64:
  case TINY_DTYPE_U8:
  case TINY_DTYPE_U16:
  case TINY_DTYPE_U32:
  case TINY_DTYPE_U64:
  case TINY_DTYPE_F32:
  case TINY_DTYPE_F64:
    return true;
  default:
    return false;
  }
}

/// dst = op(lhs, rhs), elementwise; dst may alias lhs or rhs.
void combine(tiny_dtype_t dtype, ReduceOp op, char *dst, const char *lhs,
             const char *rhs, size_t count) {
  switch (dtype) {
  case TINY_DTYPE_BOOL:
    return combineBools(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I8:
    return combineIntegers<int8_t, uint8_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I16:
    return combineIntegers<int16_t, uint16_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I32:
    return combineIntegers<int32_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I64:
    return combineIntegers<int64_t, uint64_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U8:
    return combineIntegers<uint8_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U16:
    return combineIntegers<uint16_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U32:
    return combineIntegers<uint32_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U64:
    return combineIntegers<uint64_t, uint64_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_F32:
    return combineFloats<float>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_F64:
    return combineFloats<double>(op, dst, lhs, rhs, count);
  default:
    return;
  }
}

const char *opName(ReduceOp op) {
  switch (op) {
  case ReduceOp::Add:
    return "add";
  case ReduceOp::Max:
    return "max";
  case ReduceOp::Mul:
    return "mul";
  }
  return "?";
}

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

/// A handshake: what a rank is about to do. Compared field by field.
struct Header {
  uint64_t magic, program, sequence, callTag, kind, op, dtype, count, shards,
      algorithm;
};
constexpr uint64_t kMagic = 0x796e69742d69706dULL; // "mpi-tiny"
enum : uint64_t { kKindCreate = 1, kKindAllreduce = 2 };

} // namespace

//===----------------------------------------------------------------------===//
// Names and choices
//===----------------------------------------------------------------------===//

const char *tiny::mpi::errorCodeName(ErrorCode code) {
  switch (code) {
  case ErrorCode::Ok:
    return "OK";
  case ErrorCode::InvalidArgument:
    return "INVALID_ARGUMENT";
  case ErrorCode::Mismatch:
    return "MISMATCH";
  case ErrorCode::Timeout:
    return "TIMEOUT";
  case ErrorCode::Mpi:
    return "MPI";
  case ErrorCode::Runtime:
    return "RUNTIME";
  case ErrorCode::Broken:
    return "BROKEN";
  case ErrorCode::Unimplemented:
    return "UNIMPLEMENTED";
  }
  return "UNKNOWN";
}

std::string Status::toString() const {
  if (ok())
    return "OK";
  return std::string(errorCodeName(errorCode)) + ": " + text;
}

const char *tiny::mpi::algorithmName(Algorithm algorithm) {
  switch (algorithm) {
  case Algorithm::Auto:
    return "auto";
  case Algorithm::Naive:
    return "naive";
  case Algorithm::Ring:
    return "ring";
  case Algorithm::AllToAll:
    return "all2all";
  case Algorithm::Hierarchical:
    return "hierarchical";
  }
  return "?";
}

Status tiny::mpi::parseAlgorithm(const std::string &name, Algorithm &out) {
  for (Algorithm algorithm :
       {Algorithm::Auto, Algorithm::Naive, Algorithm::Ring, Algorithm::AllToAll,
        Algorithm::Hierarchical})
    if (name == algorithmName(algorithm)) {
      out = algorithm;
      return {};
    }
  return Status(ErrorCode::InvalidArgument,
                "unknown allreduce algorithm '" + name +
                    "' (expected auto, naive, ring, all2all or hierarchical)");
}

Algorithm tiny::mpi::chooseAlgorithm(int ranks, int shardsPerRank,
                                     size_t elements, size_t ringThreshold,
                                     bool preferAllToAll) {
  if (ranks > 1 && shardsPerRank > 1)
    return Algorithm::Hierarchical;
  long long participants = static_cast<long long>(ranks) * shardsPerRank;
  if (participants <= 2 || elements <= ringThreshold)
    return Algorithm::Naive;
  return preferAllToAll ? Algorithm::AllToAll : Algorithm::Ring;
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

struct Request::State {
  MPI_Request request = MPI_REQUEST_NULL;
  int peer = -1;
  size_t bytes = 0;
  bool receive = false;
  std::string device = "host";
  /// Buffer transfers: the staging copy, and the buffer to upload into.
  std::vector<char> staging;
  tiny_buffer_t uploadTo = nullptr;
};

namespace {
/// Cancels started MPI requests that will not be waited for. Receives get
/// one short shared moment to confirm their cancellation, so that no late
/// message is written into memory the caller may free; a receive already
/// matched with a dead sender never confirms, nor does a send to a dead
/// peer, and those are freed unconfirmed (see the header on late messages).
void cancelRequests(
    const std::vector<std::pair<MPI_Request *, bool>> &requests) {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized)
    return;
  for (auto [request, receive] : requests)
    if (*request != MPI_REQUEST_NULL)
      MPI_Cancel(request);
  Clock::time_point until = Clock::now() + std::chrono::milliseconds(200);
  for (bool waiting = true; waiting && Clock::now() < until;) {
    waiting = false;
    for (auto [request, receive] : requests) {
      int done = 0;
      if (receive && *request != MPI_REQUEST_NULL &&
          MPI_Test(request, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done)
        waiting = true;
    }
    if (waiting)
      std::this_thread::yield();
  }
  for (auto [request, receive] : requests)
    if (*request != MPI_REQUEST_NULL)
      MPI_Request_free(request);
}

void cancelRequest(MPI_Request &request, bool receive) {
  cancelRequests({{&request, receive}});
}
} // namespace

Request::Request() = default;
Request::Request(Request &&) noexcept = default;
Request &Request::operator=(Request &&other) noexcept {
  if (this != &other) {
    if (state)
      cancelRequest(state->request, state->receive);
    state = std::move(other.state);
  }
  return *this;
}
Request::~Request() {
  if (state) {
    cancelRequest(state->request, state->receive);
    if (state->uploadTo)
      tiny_status_free(tiny_buffer_release(state->uploadTo));
  }
}
bool Request::pending() const { return state != nullptr; }

//===----------------------------------------------------------------------===//
// The transport
//===----------------------------------------------------------------------===//

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

  /// A transfer of one round: `bytes` from participant `src` (at `from`,
  /// when it is on this rank) to participant `dst` (at `to`, likewise).
  struct Transfer {
    size_t src, dst;
    const char *from;
    char *to;
    size_t bytes;
  };

  /// One MPI operation being waited for, with what to say if it is late.
  struct Pending {
    MPI_Request request = MPI_REQUEST_NULL;
    int peer = -1;
    size_t bytes = 0;
    bool receive = false;
    std::string device;
    /// Whether the bytes count in the counters.
    bool counted = true;
    /// Collectives: the transfer a segment belongs to, and where in it.
    const Transfer *transfer = nullptr;
    size_t offset = 0;
  };

  /// The participants of one allreduce as this rank sees them.
  struct Group {
    size_t shardsPerRank;
    size_t participants;
    std::vector<char *> data;
    const std::string *names;
    size_t count;
    size_t elementSize;
    tiny_dtype_t dtype;
    ReduceOp op;
    std::string what;

    bool isLocal(size_t participant, int rank) const {
      return participant / shardsPerRank == static_cast<size_t>(rank);
    }
    size_t localIndex(size_t participant) const {
      return participant % shardsPerRank;
    }
  };

  Status fail(Status status) {
    if (broken.empty()) {
      broken = status.message();
      anyTransportBroke = true;
    }
    return status;
  }

  Status checkUsable() const {
    if (!broken.empty())
      return Status(ErrorCode::Broken,
                    "the MPI transport failed earlier: " + broken);
    return {};
  }

  /// Counts a finished operation.
  void count(const Pending &op) {
    if (!op.counted)
      return;
    if (op.receive) {
      pairs[op.peer].received += op.bytes;
      devices[op.device].received += op.bytes;
    } else {
      pairs[op.peer].sent += op.bytes;
      devices[op.device].sent += op.bytes;
    }
  }

  /// Checks one completed operation's status.
  Status checkCompleted(const Pending &op, const MPI_Status &status,
                        const std::string &what) {
    if (!op.receive)
      return {};
    int received = 0;
    MPI_Get_count(&status, MPI_BYTE, &received);
    if (static_cast<size_t>(received) != op.bytes)
      return Status(ErrorCode::Mismatch,
                    what + ": rank " + std::to_string(op.peer) + " sent " +
                        std::to_string(received) + " bytes, rank " +
                        std::to_string(rank) + " expected " +
                        std::to_string(op.bytes));
    return {};
  }

  /// The error of an operation MPI failed with `rc`.
  Status failed(const Pending &op, int rc, const std::string &what) {
    int errorClass = 0;
    MPI_Error_class(rc, &errorClass);
    if (errorClass == MPI_ERR_TRUNCATE)
      return Status(ErrorCode::Mismatch,
                    what + ": rank " + std::to_string(op.peer) +
                        " sent more than the " + std::to_string(op.bytes) +
                        " bytes rank " + std::to_string(rank) + " expected");
    return mpiError(what + ": " + (op.receive ? "receive from" : "send to") +
                        " rank " + std::to_string(op.peer),
                    rc);
  }

  /// Checks and counts an operation MPI completed.
  Status completed(const Pending &op, const MPI_Status &status,
                   const std::string &what) {
    if (Status checked = checkCompleted(op, status, what); !checked.ok())
      return checked;
    count(op);
    return {};
  }

  /// Polls one operation once: `done` when it finished (and was counted).
  Status poll(Pending &op, bool &done, const std::string &what) {
    int flag = 0;
    MPI_Status status;
    int rc = MPI_Test(&op.request, &flag, &status);
    if (rc != MPI_SUCCESS)
      return failed(op, rc, what);
    done = flag != 0;
    return done ? completed(op, status, what) : Status();
  }

  /// Waits for all of `ops` until the deadline. On an error or a timeout the
  /// operations left are cancelled. One MPI_Testsome per poll: each MPI call
  /// runs Open MPI's progress engine once, whatever it tests.
  Status
  waitAll(std::vector<Pending> &ops, const std::string &what,
          const std::function<void(const Pending &)> &onReceived = nullptr) {
    Clock::time_point deadline =
        Clock::now() +
        std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(options.timeoutSeconds));
    size_t n = ops.size(), left = n;
    std::vector<MPI_Request> requests(n);
    for (size_t i = 0; i < n; ++i)
      requests[i] = ops[i].request;
    std::vector<int> indices(n);
    std::vector<MPI_Status> statuses(n);
    Status error;
    for (unsigned idle = 0; left && error.ok();) {
      int done = 0;
      int rc = MPI_Testsome(static_cast<int>(n), requests.data(), &done,
                            indices.data(), statuses.data());
      if (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) {
        error = mpiError(what + ": MPI_Testsome", rc);
        break;
      }
      if (done == MPI_UNDEFINED)
        break;
      for (int k = 0; k < done; ++k) {
        Pending &op = ops[indices[k]];
        op.request = MPI_REQUEST_NULL;
        --left;
        // MPI_ERROR is set only when the call returned MPI_ERR_IN_STATUS.
        Status result =
            rc == MPI_ERR_IN_STATUS && statuses[k].MPI_ERROR != MPI_SUCCESS
                ? failed(op, statuses[k].MPI_ERROR, what)
                : completed(op, statuses[k], what);
        if (error.ok() && !result.ok())
          error = result;
        else if (error.ok() && op.receive && onReceived)
          onReceived(op);
      }
      if (!left || !error.ok())
        break;
      if (done) {
        idle = 0;
        continue;
      }
      if (Clock::now() >= deadline) {
        std::vector<int> late;
        for (size_t i = 0; i < n; ++i)
          if (requests[i] != MPI_REQUEST_NULL &&
              std::find(late.begin(), late.end(), ops[i].peer) == late.end())
            late.push_back(ops[i].peer);
        std::sort(late.begin(), late.end());
        error = Status(ErrorCode::Timeout,
                       what + ": no answer from " + rankList(late) +
                           " within " + secondsText(options.timeoutSeconds) +
                           " (rank " + std::to_string(rank) +
                           " waited; the peer died, is stuck, or runs a "
                           "different program)");
        break;
      }
      // Spin a little for latency, then stop hogging a shared core.
      if (++idle > 256)
        std::this_thread::sleep_for(std::chrono::microseconds(50));
      else
        std::this_thread::yield();
    }
    for (size_t i = 0; i < n; ++i)
      ops[i].request = requests[i];
    cancelAll(ops); // Finished ones hold MPI_REQUEST_NULL.
    return error;
  }

  static void cancelAll(std::vector<Pending> &ops) {
    std::vector<std::pair<MPI_Request *, bool>> requests;
    for (Pending &op : ops)
      requests.push_back({&op.request, op.receive});
    cancelRequests(requests);
  }

  Status startSend(Pending &op, const void *data, int tag) {
    int rc = MPI_Isend(data, static_cast<int>(op.bytes), MPI_BYTE, op.peer, tag,
                       MPI_COMM_WORLD, &op.request);
    if (rc != MPI_SUCCESS)
      return mpiError("MPI_Isend to rank " + std::to_string(op.peer), rc);
    return {};
  }

  Status startReceive(Pending &op, void *data, int tag) {
    int rc = MPI_Irecv(data, static_cast<int>(op.bytes), MPI_BYTE, op.peer, tag,
                       MPI_COMM_WORLD, &op.request);
    if (rc != MPI_SUCCESS)
      return mpiError("MPI_Irecv from rank " + std::to_string(op.peer), rc);
    return {};
  }

  /// Sends `mine` to every other rank and compares what they send back.
  /// Handshake bytes are the transport's own, so they are not counted.
  Status handshake(const Header &mine, const std::string &what) {
    if (size == 1)
      return {};
    std::vector<Header> theirs(size);
    std::vector<Pending> ops;
    ops.reserve(2 * size);
    Status started;
    for (int peer = 0; peer < size && started.ok(); ++peer) {
      if (peer == rank)
        continue;
      Pending receive{MPI_REQUEST_NULL, peer, sizeof(Header), true, "", false};
      started = startReceive(receive, &theirs[peer], kHandshakeTag);
      if (!started.ok())
        break;
      ops.push_back(receive);
      Pending send{MPI_REQUEST_NULL, peer, sizeof(Header), false, "", false};
      started = startSend(send, &mine, kHandshakeTag);
      if (started.ok())
        ops.push_back(send);
    }
    if (!started.ok()) {
      cancelAll(ops);
      return fail(started);
    }
    if (Status waited = waitAll(ops, what + " (handshake)"); !waited.ok())
      return fail(waited);
    for (int peer = 0; peer < size; ++peer) {
      if (peer == rank)
        continue;
      if (Status differs = compare(mine, theirs[peer], peer, what);
          !differs.ok())
        return differs;
    }
    return {};
  }

  void resetCounters() {
    pairs.assign(size, ByteCounters());
    devices.clear();
  }

  Status compare(const Header &mine, const Header &theirs, int peer,
                 const std::string &what) {
    std::string other = "rank " + std::to_string(peer);
    std::string self = "rank " + std::to_string(rank);
    auto differ = [&](const std::string &detail) {
      return Status(ErrorCode::Mismatch, what + ": " + other +
                                             " disagrees with " + self + ": " +
                                             detail);
    };
    if (theirs.magic != kMagic)
      return differ(other + " is not a tiny MPI transport");
    if (theirs.program != mine.program)
      return differ(other + " runs program " + hex(theirs.program) + ", " +
                    self + " runs " + hex(mine.program));
    if (theirs.kind != mine.kind || theirs.sequence != mine.sequence)
      return differ(other + " is at " +
                    (theirs.kind == kKindCreate
                         ? std::string("create")
                         : "collective #" + std::to_string(theirs.sequence)) +
                    ", " + self + " at " +
                    (mine.kind == kKindCreate
                         ? std::string("create")
                         : "collective #" + std::to_string(mine.sequence)));
    if (theirs.callTag != mine.callTag)
      return differ(other + " issued collective tag " + hex(theirs.callTag) +
                    ", " + self + " " + hex(mine.callTag));
    if (theirs.op != mine.op)
      return differ(other + " reduces with " +
                    opName(static_cast<ReduceOp>(theirs.op)) + ", " + self +
                    " with " + opName(static_cast<ReduceOp>(mine.op)));
    if (theirs.dtype != mine.dtype) {
      const char *a = tiny_dtype_name(static_cast<tiny_dtype_t>(theirs.dtype));
      const char *b = tiny_dtype_name(static_cast<tiny_dtype_t>(mine.dtype));
      return differ(other + " has dtype " + (a ? a : "?") + ", " + self +
                    " has " + (b ? b : "?"));
    }
    if (theirs.count != mine.count)
      return differ(other + " has " + std::to_string(theirs.count) +
                    " elements per shard, " + self + " has " +
                    std::to_string(mine.count));
    if (theirs.shards != mine.shards)
      return differ(other + " has " + std::to_string(theirs.shards) +
                    " shards, " + self + " has " + std::to_string(mine.shards));
    if (theirs.algorithm != mine.algorithm)
      return differ(other + " asked for the " +
                    algorithmName(static_cast<Algorithm>(theirs.algorithm)) +
                    " algorithm, " + self + " for " +
                    algorithmName(static_cast<Algorithm>(mine.algorithm)));
    return {};
  }

  /// Scratch memory, kept from one collective to the next: fresh pages cost
  /// a page fault each, which dominated large allreduces. Slot i < 64 is
  /// shard i's, 64 the combining accumulator, 65 the hierarchical sum.
  std::vector<std::unique_ptr<char[]>> scratchPool =
      std::vector<std::unique_ptr<char[]>>(kMaxShardsPerRank + 2);
  std::vector<size_t> scratchPoolBytes =
      std::vector<size_t>(kMaxShardsPerRank + 2);

  /// Throws std::bad_alloc, which the entry points turn into a status.
  char *scratchBuffer(size_t slot, size_t bytes) {
    if (scratchPoolBytes[slot] < bytes) {
      scratchPool[slot].reset(); // Not both at once.
      scratchPoolBytes[slot] = 0;
      scratchPool[slot].reset(new char[bytes]);
      scratchPoolBytes[slot] = bytes;
    }
    return scratchPool[slot].get();
  }

  std::vector<char *> scratchBuffers(size_t shards, size_t bytes) {
    std::vector<char *> buffers;
    for (size_t s = 0; s < shards; ++s)
      buffers.push_back(scratchBuffer(s, bytes));
    return buffers;
  }

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
      return fail(error);
    }
    for (const Transfer &transfer : transfers) {
      if (!group.isLocal(transfer.src, rank) ||
          !group.isLocal(transfer.dst, rank))
        continue;
      std::memcpy(transfer.to, transfer.from, transfer.bytes);
      devices[group.names[group.localIndex(transfer.dst)]].copiedLocally +=
          transfer.bytes;
      if (arrived)
        arrived(transfer, 0, transfer.bytes);
    }
    std::function<void(const Pending &)> onReceived;
    if (arrived)
      onReceived = [&](const Pending &op) {
        arrived(*op.transfer, op.offset, op.bytes);
      };
    if (Status waited = waitAll(ops, what, onReceived); !waited.ok())
      return fail(waited);
    return {};
  }

  Status ring(Group &group) {
    size_t n = group.participants, es = group.elementSize;
    Chunking chunks(group.count, n);
    size_t first = rank * group.shardsPerRank;
    std::vector<char *> scratch =
        scratchBuffers(group.shardsPerRank, chunks.largest() * es);
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
    char *acc = scratchBuffer(kMaxShardsPerRank, bytes);
    std::memcpy(acc, slots[0], bytes);
    for (size_t j = 1; j < slots.size(); ++j)
      combine(group.dtype, group.op, acc, acc, slots[j], elements);
    std::memcpy(dst, acc, bytes);
  }

  Status allToAll(Group &group) {
    size_t n = group.participants, es = group.elementSize;
    Chunking chunks(group.count, n);
    size_t first = rank * group.shardsPerRank, slot = chunks.largest() * es;
    std::vector<char *> scratch = scratchBuffers(group.shardsPerRank, n * slot);
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
        scratchBuffers(group.shardsPerRank, n * bytes);
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
    char *acc = scratchBuffer(kMaxShardsPerRank + 1, bytes);
    std::memcpy(acc, group.data[0], bytes);
    for (size_t s = 1; s < group.shardsPerRank; ++s) {
      combine(group.dtype, group.op, acc, acc, group.data[s], group.count);
      devices[group.names[0]].copiedLocally += bytes;
    }
    Group ranks = group;
    ranks.shardsPerRank = 1;
    ranks.participants = size;
    ranks.data = {acc};
    Algorithm inner = chooseAlgorithm(
        size, 1, group.count, options.ringThreshold, options.preferAllToAll);
    ranks.what = group.what + " (hierarchical, " + algorithmName(inner) +
                 " across ranks)";
    if (Status status = flat(inner, ranks); !status.ok())
      return status;
    for (size_t s = 0; s < group.shardsPerRank; ++s) {
      std::memcpy(group.data[s], acc, bytes);
      if (s)
        devices[group.names[s]].copiedLocally += bytes;
    }
    return {};
  }
};

Transport::Transport(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}

Transport::~Transport() {
  // A slow peer may still write into the scratch of a failed collective.
  if (!impl->broken.empty())
    for (std::unique_ptr<char[]> &buffer : impl->scratchPool)
      (void)buffer.release();
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && impl->previousHandler != MPI_ERRHANDLER_NULL) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, impl->previousHandler);
    MPI_Errhandler_free(&impl->previousHandler);
  }
}

Status Transport::create(const TransportOptions &options,
                         std::unique_ptr<Transport> &out) {
  if (!(options.timeoutSeconds > 0) || !std::isfinite(options.timeoutSeconds))
    return Status(ErrorCode::InvalidArgument,
                  "the MPI transport's timeout must be a positive number of "
                  "seconds");
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (finalized)
    return Status(ErrorCode::Mpi, "MPI was already finalized");
  if (!initialized) {
    int provided = 0;
    int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    if (rc != MPI_SUCCESS)
      return mpiError("MPI_Init_thread", rc);
    initializedByUs = true;
    std::atexit(finalizeAtExit);
  }
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  int rc = MPI_Comm_get_errhandler(MPI_COMM_WORLD, &impl->previousHandler);
  if (rc == MPI_SUCCESS)
    rc = MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (rc != MPI_SUCCESS)
    return mpiError("MPI_Comm_set_errhandler", rc);
  // The handle is owned from here on, so that the destructor restores it.
  std::unique_ptr<Transport> transport(new Transport(std::move(impl)));
  Impl &state = *transport->impl;
  if ((rc = MPI_Comm_rank(MPI_COMM_WORLD, &state.rank)) != MPI_SUCCESS ||
      (rc = MPI_Comm_size(MPI_COMM_WORLD, &state.size)) != MPI_SUCCESS)
    return mpiError("MPI_Comm_rank/MPI_Comm_size", rc);
  state.pairs.assign(state.size, ByteCounters());
  Header header{kMagic, options.programTag, 0, 0, kKindCreate, 0, 0, 0, 0, 0};
  if (Status status =
          state.handshake(header, "creating the MPI transport on rank " +
                                      std::to_string(state.rank));
      !status.ok())
    return status;
  state.resetCounters();
  out = std::move(transport);
  return {};
}

int Transport::rank() const { return impl->rank; }
int Transport::size() const { return impl->size; }
const TransportOptions &Transport::options() const { return impl->options; }

Status Transport::setTimeout(double seconds) {
  if (!(seconds > 0) || !std::isfinite(seconds))
    return Status(ErrorCode::InvalidArgument,
                  "the timeout must be a positive number of seconds");
  impl->options.timeoutSeconds = seconds;
  return {};
}

//===----------------------------------------------------------------------===//
// Point to point
//===----------------------------------------------------------------------===//

namespace {
/// Reads and frees a runtime status.
Status fromRuntime(tiny_status_t status, const std::string &what) {
  if (!status)
    return {};
  std::string message = what + ": " + tiny_status_message(status);
  tiny_status_free(status);
  return Status(ErrorCode::Runtime, message);
}

std::string deviceNameOf(tiny_buffer_t buffer) {
  tiny_device_t device = nullptr;
  const char *name = nullptr;
  if (tiny_status_t status = tiny_buffer_device(buffer, &device)) {
    tiny_status_free(status);
    return "?";
  }
  if (tiny_status_t status = tiny_device_name(device, &name)) {
    tiny_status_free(status);
    return "?";
  }
  return name;
}
} // namespace

static Status checkPointToPoint(const Transport &transport, int peer, int tag,
                                const void *data, size_t bytes,
                                const Request &request, const char *what) {
  std::string call =
      std::string(what) + " (rank " + std::to_string(transport.rank()) + ")";
  if (peer < 0 || peer >= transport.size() || peer == transport.rank())
    return Status(ErrorCode::InvalidArgument,
                  call + ": peer " + std::to_string(peer) +
                      " is not another rank (there are " +
                      std::to_string(transport.size()) + ")");
  if (tag < 0 || tag > kMaxUserTag)
    return Status(ErrorCode::InvalidArgument,
                  call + ": tag " + std::to_string(tag) + " is not in 0.." +
                      std::to_string(kMaxUserTag));
  if (!data && bytes)
    return Status(ErrorCode::InvalidArgument, call + ": data is NULL");
  if (bytes > static_cast<size_t>(INT_MAX))
    return Status(ErrorCode::Unimplemented,
                  call + ": a message of " + std::to_string(bytes) +
                      " bytes is over MPI's 2 GiB limit for one message");
  if (request.pending())
    return Status(ErrorCode::InvalidArgument,
                  call + ": the request is still pending");
  return {};
}

Status Transport::sendAsync(int peer, int tag, const void *data, size_t bytes,
                            Request &request) {
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  if (Status status =
          checkPointToPoint(*this, peer, tag, data, bytes, request, "send");
      !status.ok())
    return status;
  auto state = std::make_unique<Request::State>();
  state->peer = peer;
  state->bytes = bytes;
  Impl::Pending op{MPI_REQUEST_NULL, peer, bytes, false, "host", true};
  if (Status status = impl->startSend(op, data, kPointToPointTag + tag);
      !status.ok())
    return impl->fail(status);
  state->request = op.request;
  request.state = std::move(state);
  return {};
}

Status Transport::receiveAsync(int peer, int tag, void *data, size_t bytes,
                               Request &request) {
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  if (Status status =
          checkPointToPoint(*this, peer, tag, data, bytes, request, "receive");
      !status.ok())
    return status;
  auto state = std::make_unique<Request::State>();
  state->peer = peer;
  state->bytes = bytes;
  state->receive = true;
  Impl::Pending op{MPI_REQUEST_NULL, peer, bytes, true, "host", true};
  if (Status status = impl->startReceive(op, data, kPointToPointTag + tag);
      !status.ok())
    return impl->fail(status);
  state->request = op.request;
  request.state = std::move(state);
  return {};
}

Status Transport::sendBufferAsync(int peer, int tag, tiny_buffer_t buffer,
                                  Request &request) {
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  size_t bytes = 0;
  if (Status status = fromRuntime(tiny_buffer_byte_size(buffer, &bytes),
                                  "send of a buffer");
      !status.ok())
    return status;
  static const char dummy = 0;
  if (Status status = checkPointToPoint(*this, peer, tag, &dummy, bytes,
                                        request, "send of a buffer");
      !status.ok())
    return status;
  auto state = std::make_unique<Request::State>();
  state->peer = peer;
  state->bytes = bytes;
  state->device = deviceNameOf(buffer);
  state->staging.resize(bytes);
  if (Status status = fromRuntime(
          tiny_buffer_download(buffer, state->staging.data(), bytes),
          "send of a buffer");
      !status.ok())
    return status;
  Impl::Pending op{MPI_REQUEST_NULL, peer, bytes, false, state->device, true};
  if (Status status =
          impl->startSend(op, state->staging.data(), kPointToPointTag + tag);
      !status.ok())
    return impl->fail(status);
  state->request = op.request;
  request.state = std::move(state);
  return {};
}

Status Transport::receiveBufferAsync(int peer, int tag, tiny_buffer_t buffer,
                                     Request &request) {
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  size_t bytes = 0;
  if (Status status = fromRuntime(tiny_buffer_byte_size(buffer, &bytes),
                                  "receive into a buffer");
      !status.ok())
    return status;
  static const char dummy = 0;
  if (Status status = checkPointToPoint(*this, peer, tag, &dummy, bytes,
                                        request, "receive into a buffer");
      !status.ok())
    return status;
  // Held until the upload, so that a release meanwhile frees nothing.
  if (Status status =
          fromRuntime(tiny_buffer_retain(buffer), "receive into a buffer");
      !status.ok())
    return status;
  auto state = std::make_unique<Request::State>();
  state->peer = peer;
  state->bytes = bytes;
  state->receive = true;
  state->device = deviceNameOf(buffer);
  state->staging.resize(bytes);
  state->uploadTo = buffer;
  Impl::Pending op{MPI_REQUEST_NULL, peer, bytes, true, state->device, true};
  if (Status status =
          impl->startReceive(op, state->staging.data(), kPointToPointTag + tag);
      !status.ok()) {
    request.state = std::move(state); // Releases the buffer when dropped.
    request.state.reset();
    return impl->fail(status);
  }
  state->request = op.request;
  request.state = std::move(state);
  return {};
}

/// Ends a finished request: uploads a received buffer, frees the state.
static Status finish(Request::State &state) {
  Status status;
  if (state.uploadTo) {
    status = fromRuntime(
        tiny_buffer_upload(state.uploadTo, state.staging.data(), state.bytes),
        "receive into a buffer");
    tiny_status_free(tiny_buffer_release(state.uploadTo));
    state.uploadTo = nullptr;
  }
  return status;
}

Status Transport::test(Request &request, bool &done) {
  done = false;
  if (!request.state)
    return Status(ErrorCode::InvalidArgument,
                  "test: the request is not pending");
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  Request::State &state = *request.state;
  Impl::Pending op{state.request, state.peer,   state.bytes,
                   state.receive, state.device, true};
  std::string what = std::string(state.receive ? "receive from" : "send to") +
                     " rank " + std::to_string(state.peer);
  Status status = impl->poll(op, done, what);
  state.request = op.request;
  if (!status.ok()) {
    done = true;
    request.state.reset();
    return status.code() == ErrorCode::Mismatch ? status : impl->fail(status);
  }
  if (!done)
    return {};
  status = finish(state);
  request.state.reset();
  return status;
}

Status Transport::wait(Request &request) {
  if (!request.state)
    return Status(ErrorCode::InvalidArgument,
                  "wait: the request is not pending");
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  Request::State &state = *request.state;
  std::vector<Impl::Pending> ops{{state.request, state.peer, state.bytes,
                                  state.receive, state.device, true}};
  std::string what = std::string(state.receive ? "receive from" : "send to") +
                     " rank " + std::to_string(state.peer);
  Status status = impl->waitAll(ops, what);
  state.request = MPI_REQUEST_NULL; // Completed or cancelled by waitAll.
  if (!status.ok()) {
    request.state.reset();
    return status.code() == ErrorCode::Mismatch ? status : impl->fail(status);
  }
  status = finish(state);
  request.state.reset();
  return status;
}

//===----------------------------------------------------------------------===//
// Allreduce
//===----------------------------------------------------------------------===//

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

  Impl::Group group;
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
    if (algorithm == Algorithm::Hierarchical)
      return state.hierarchical(group);
    return state.flat(algorithm, group);
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

//===----------------------------------------------------------------------===//
// Counters
//===----------------------------------------------------------------------===//

ByteCounters Transport::pairCounters(int peer) const {
  if (peer < 0 || peer >= impl->size)
    return {};
  return impl->pairs[peer];
}

const std::map<std::string, ByteCounters> &Transport::deviceCounters() const {
  return impl->devices;
}

void Transport::resetCounters() { impl->resetCounters(); }
