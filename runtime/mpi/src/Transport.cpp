//===- Transport.cpp - Creating a transport, its state and counters -------===//
//
// Joining the MPI job (and leaving MPI as it was found), the transport's
// options, breaking it on a fatal error, and the byte counters.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"
#include "Handshake.h"
#include "TransportImpl.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <errno.h>
#include <mutex>
#include <thread>

using namespace tiny::mpi;
using namespace tiny::mpi::detail;

namespace {

/// Whether a transport broke: then finalizing MPI at exit (which this
/// process does when it initialized MPI) could wait for a dead peer.
bool anyTransportBroke = false;

void finalizeAtExit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && !anyTransportBroke)
    MPI_Finalize();
}

/// MPI_Init_thread, bounded by `seconds`: a watchdog thread ends the process
/// with a one-line error when it has not returned by then.
///
/// Open MPI's start-up exchange in MPI_Init waits for every rank of the job
/// without a limit, so a rank that never starts or dies before joining
/// leaves the others there for good when the job is kept up
/// (`--mca orte_abort_on_non_zero_status 0`). MPI_Init cannot be
/// interrupted or cancelled, and no Status can be returned while it runs:
/// ending the process (without MPI_Finalize, which needs MPI_Init to have
/// returned) is the only bounded answer.
int initThreadWithin(double seconds, int required, int &provided) {
  std::mutex mutex;
  std::condition_variable returned;
  bool done = false;
  // A bound past any job's life is as good as none, and a larger one would
  // overflow the clock's duration.
  auto bound = std::chrono::duration<double>(std::min(seconds, 1e7));
  std::thread watchdog([&] {
    std::unique_lock<std::mutex> lock(mutex);
    if (returned.wait_for(lock, bound, [&] { return done; }))
      return;
    // Open MPI gives each rank its number before MPI_Init.
    const char *rank = std::getenv("OMPI_COMM_WORLD_RANK");
    std::fprintf(stderr,
                 "%s: error: %s%s%sMPI_Init did not complete within %g s: a "
                 "rank did not start or died before joining the MPI job "
                 "(MPI_Init cannot be interrupted: this process ends)\n",
                 program_invocation_short_name, rank ? "rank " : "",
                 rank ? rank : "", rank ? ": " : "", seconds);
    std::fflush(stderr);
    std::_Exit(EXIT_FAILURE);
  });
  int rc = MPI_Init_thread(nullptr, nullptr, required, &provided);
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  returned.notify_one();
  watchdog.join();
  return rc;
}

} // namespace

//===----------------------------------------------------------------------===//
// Creation and options
//===----------------------------------------------------------------------===//

Transport::Transport(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}

Transport::~Transport() {
  // A slow peer may still write into the scratch of a failed collective.
  if (!impl->broken.empty())
    impl->scratch.leak();
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
    int rc =
        initThreadWithin(options.timeoutSeconds, MPI_THREAD_FUNNELED, provided);
    if (rc != MPI_SUCCESS)
      return mpiError("MPI_Init_thread", rc);
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
// Breaking
//===----------------------------------------------------------------------===//

Status Transport::Impl::fail(Status status) {
  if (broken.empty()) {
    broken = status.message();
    anyTransportBroke = true;
  }
  return status;
}

Status Transport::Impl::checkUsable() const {
  if (!broken.empty())
    return Status(ErrorCode::Broken,
                  "the MPI transport failed earlier: " + broken);
  return {};
}

//===----------------------------------------------------------------------===//
// Counters
//===----------------------------------------------------------------------===//

void Transport::Impl::count(const Pending &op) {
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

void Transport::Impl::resetCounters() {
  pairs.assign(size, ByteCounters());
  devices.clear();
}

std::string tiny::mpi::detail::deviceNameOf(tiny_buffer_t buffer) {
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

ByteCounters Transport::pairCounters(int peer) const {
  if (peer < 0 || peer >= impl->size)
    return {};
  return impl->pairs[peer];
}

const std::map<std::string, ByteCounters> &Transport::deviceCounters() const {
  return impl->devices;
}

void Transport::resetCounters() { impl->resetCounters(); }
