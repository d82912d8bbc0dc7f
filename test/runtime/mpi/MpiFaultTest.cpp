//===- MpiFaultTest.cpp - One rank misbehaves, the others must say so -----===//
//
// Run under mpirun; the first argument names the fault, played by the last
// rank (the "culprit"); every other rank calls allreduce and must get an
// error, never a hang and never a result:
//   dead     the culprit is killed (SIGKILL) before the allreduce
//   dead-mid the culprit is killed 20 ms into a ring allreduce of 16 MiB
//            per rank (mid-collective on most runs; a timeout either way)
//   silent   the culprit sleeps past the timeout, then calls allreduce too
//            (and must itself fail within the timeout, as its peers left)
//   absent   the culprit runs a different program: it never creates a
//            transport
//   program  the culprit creates its transport with another program tag
//   size     the culprit allreduces one element more
// Each rank prints one line: "rank R: OUTCOME after S s: MESSAGE", where
// OUTCOME is an error code name or "OK"; test/runtime/mpi/fault.sh checks
// the lines and the times.
//
// Usage: MpiFaultTest FAULT TIMEOUT_SECONDS
//
//===----------------------------------------------------------------------===//

#include "tiny/MpiTransport.h"

#include <mpi.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace tiny::mpi;

namespace {

using Clock = std::chrono::steady_clock;
Clock::time_point start;

void report(int rank, const Status &status) {
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("rank %d: %s after %.2f s: %s\n", rank,
              errorCodeName(status.code()), seconds, status.message().c_str());
  std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s FAULT TIMEOUT_SECONDS\n", argv[0]);
    return 2;
  }
  std::string fault = argv[1];
  double timeout = std::atof(argv[2]);
  // This test initializes MPI itself, as a program that also uses MPI
  // directly would.
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  bool culprit = rank == size - 1;
  start = Clock::now();

  if (culprit && fault == "absent") {
    // Another program: it never joins; it outlives its peers' timeout, then
    // leaves without a word to them.
    std::this_thread::sleep_for(std::chrono::duration<double>(timeout * 2));
    std::printf("rank %d: absent\n", rank);
    std::fflush(stdout);
    _exit(0);
  }

  TransportOptions options;
  options.timeoutSeconds = timeout;
  options.programTag = culprit && fault == "program" ? 0xbad : 0x600d;
  std::unique_ptr<Transport> transport;
  Status created = Transport::create(options, transport);
  if (!created.ok()) {
    report(rank, created);
    // Peers that failed the handshake agree on it; nothing is in flight.
    // Each still waits a peer's report out before it leaves, as below: a
    // rank that exits at once makes mpirun kill a slower one before it
    // reports (seen under load: rank 1 of 3 killed 0.9 s in, reporting
    // nothing).
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::duration<double>(timeout + 2));
    _exit(0);
  }

  size_t count = fault == "dead-mid" ? size_t(1) << 22 : 1000;
  std::vector<float> data(count + (culprit && fault == "size" ? 1 : 0), 1.0f);
  if (culprit && fault == "dead-mid")
    std::thread([] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      raise(SIGKILL);
    }).detach();
  if (culprit && fault == "dead") {
    std::printf("rank %d: dying\n", rank);
    std::fflush(stdout);
    raise(SIGKILL);
  }
  if (culprit && fault == "silent")
    std::this_thread::sleep_for(std::chrono::duration<double>(timeout * 1.5));
  start = Clock::now();
  AllreduceOptions allreduceOptions;
  if (fault == "dead-mid") // Many rounds: more chances to die inside one.
    allreduceOptions.algorithm = Algorithm::Ring;
  Status status = transport->allreduce(data.data(), data.size(), TINY_DTYPE_F32,
                                       ReduceOp::Add, allreduceOptions);
  report(rank, status);
  // The job stays up until every rank has reported (a fault must not make
  // the runtime kill the survivors before they can say what they saw), and
  // no rank finalizes with a peer that may be gone.
  // A rank that exits without MPI_Finalize makes mpirun kill the others,
  // so each waits out the slowest peer's report (one timeout, with slack;
  // the silent culprit starts its call 1.5 timeouts late).
  std::this_thread::sleep_for(std::chrono::duration<double>(
      fault == "silent" ? timeout * 3 : timeout + 2));
  _exit(0);
}
