//===- Handshake.cpp - The header exchange and its mismatch errors --------===//
//
// Handshake bytes are the transport's own, so they are not counted. The
// comparison names the first field that differs, in the order of the header.
//
//===----------------------------------------------------------------------===//

#include "Handshake.h"
#include "Combine.h"
#include "TransportImpl.h"

#include <sstream>

using namespace tiny::mpi;
using namespace tiny::mpi::detail;

namespace {

std::string hex(uint64_t value) {
  std::ostringstream out;
  out << "0x" << std::hex << value;
  return out.str();
}

/// The mismatch between `mine` (of `rank`) and `theirs` (of `peer`), if any.
Status compare(const Header &mine, const Header &theirs, int rank, int peer,
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
    return differ(other + " runs program " + hex(theirs.program) + ", " + self +
                  " runs " + hex(mine.program));
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

} // namespace

Status Transport::Impl::handshake(const Header &mine, const std::string &what) {
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
    if (Status differs = compare(mine, theirs[peer], rank, peer, what);
        !differs.ok())
      return differs;
  }
  return {};
}
