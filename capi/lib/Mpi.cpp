//===- Mpi.cpp - the C API's membership in an MPI job ---------------------===//
//
// tiny-c/Mpi.h on the MPI transport (//runtime/mpi): `tiny_mpi_join` creates
// a transport and registers it, through the JIT's RankTransport, as the one
// the programs of this process use to reach devices of other ranks. Built
// only into libtiny_c_mpi.so, so that libtiny_c.so does not link MPI.
//
//===----------------------------------------------------------------------===//

#include "tiny-c/Mpi.h"

#include "jit/RankTransport.h"
#include "runtime/src/Status.h"
#include "tiny/MpiRankTransport.h"
#include "tiny/MpiTransport.h"

#include <memory>
#include <mutex>

using ::tiny::runtime::guard;
using ::tiny::runtime::makeStatus;

struct tiny_mpi_s {
  std::unique_ptr<::tiny::mpi::Transport> transport;
  std::unique_ptr<::tiny::mpi::MpiRankTransport> ranks;
};

namespace {

/// Makes joining and leaving, each a test of the JIT's registered
/// transport and a change of it, one step.
std::mutex joinMutex;

/// The C API's status for a failed transport call.
tiny_status_t toStatus(const char *function,
                       const ::tiny::mpi::Status &status) {
  using ::tiny::mpi::ErrorCode;
  tiny_status_code_t code = TINY_STATUS_INTERNAL;
  switch (status.code()) {
  case ErrorCode::InvalidArgument:
    code = TINY_STATUS_INVALID_ARGUMENT;
    break;
  case ErrorCode::Mismatch:
  case ErrorCode::Broken:
    code = TINY_STATUS_FAILED_PRECONDITION;
    break;
  case ErrorCode::Timeout:
    code = TINY_STATUS_UNAVAILABLE;
    break;
  case ErrorCode::Unimplemented:
    code = TINY_STATUS_UNIMPLEMENTED;
    break;
  case ErrorCode::Ok:
  case ErrorCode::Mpi:
  case ErrorCode::Runtime:
    break;
  }
  return makeStatus(code, std::string(function) + ": " + status.toString());
}

} // namespace

tiny_status_t tiny_mpi_join(const tiny_mpi_options_t *options,
                            tiny_mpi_t *out) {
  return guard([&]() -> tiny_status_t {
    if (!out)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_mpi_join: a NULL out");
    *out = nullptr;
    ::tiny::mpi::TransportOptions transportOptions;
    if (options) {
      if (!(options->timeout_seconds >= 0))
        return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                          "tiny_mpi_join: timeout_seconds must not be "
                          "negative, got " +
                              std::to_string(options->timeout_seconds));
      if (options->timeout_seconds > 0)
        transportOptions.timeoutSeconds = options->timeout_seconds;
      transportOptions.programTag = options->program_tag;
    }
    std::lock_guard<std::mutex> lock(joinMutex);
    if (::tiny::getRankTransport())
      return makeStatus(TINY_STATUS_FAILED_PRECONDITION,
                        "tiny_mpi_join: this process is in the job already "
                        "(call tiny_mpi_leave first)");
    auto mpi = std::make_unique<tiny_mpi_s>();
    ::tiny::mpi::Status status =
        ::tiny::mpi::Transport::create(transportOptions, mpi->transport);
    if (!status.ok())
      return toStatus("tiny_mpi_join", status);
    mpi->ranks =
        std::make_unique<::tiny::mpi::MpiRankTransport>(*mpi->transport);
    ::tiny::setRankTransport(mpi->ranks.get());
    *out = mpi.release();
    return nullptr;
  });
}

int tiny_mpi_rank(tiny_mpi_t mpi) { return mpi ? mpi->transport->rank() : -1; }

int tiny_mpi_size(tiny_mpi_t mpi) { return mpi ? mpi->transport->size() : -1; }

tiny_status_t tiny_mpi_bytes_with(tiny_mpi_t mpi, int peer, uint64_t *out_sent,
                                  uint64_t *out_received) {
  return guard([&]() -> tiny_status_t {
    if (!mpi || !out_sent || !out_received)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_mpi_bytes_with: a NULL argument");
    if (peer < 0 || peer >= mpi->transport->size())
      return makeStatus(TINY_STATUS_OUT_OF_RANGE,
                        "tiny_mpi_bytes_with: rank " + std::to_string(peer) +
                            " of a job of " +
                            std::to_string(mpi->transport->size()));
    ::tiny::mpi::ByteCounters counters = mpi->transport->pairCounters(peer);
    *out_sent = counters.sent;
    *out_received = counters.received;
    return nullptr;
  });
}

void tiny_mpi_leave(tiny_mpi_t mpi) {
  if (!mpi)
    return;
  {
    std::lock_guard<std::mutex> lock(joinMutex);
    if (::tiny::getRankTransport() == mpi->ranks.get())
      ::tiny::setRankTransport(nullptr);
  }
  delete mpi;
}
