//===- RankTransport.h - moving bytes between ranks for the JIT -*- C++ -*-===//
//
// A program whose devices live on several ranks of an MPI job (device names
// "KIND:N@R", docs/device-names.md) runs SPMD: every rank runs the same
// compiled program, executes the kernels of its own devices, and a copy
// between devices of two ranks is a send on one and a receive on the other.
// The JIT moves those bytes through this interface, so that neither //jit
// nor //runtime depends on MPI: //runtime/mpi:rank_transport implements it
// on the MPI transport, and whoever starts the job registers one
// (tiny-run under mpirun, or an embedder that called MPI_Init).
// Plain C++17, no dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_RANKTRANSPORT_H
#define TINY_JIT_RANKTRANSPORT_H

#include <cstddef>
#include <string>

namespace tiny {

/// Blocking point-to-point messages between the ranks of a job, each wait
/// bounded by the implementation's timeout.
class RankTransport {
public:
  virtual ~RankTransport() = default;
  /// This process's rank, and the number of ranks.
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Sends `bytes` bytes at `data` to rank `peer` as message `tag`
  /// (0 .. 4095) and waits until they are sent. Returns "" on success, else
  /// why it failed (a peer that does not answer within the timeout).
  virtual std::string send(int peer, int tag, const void *data,
                           size_t bytes) = 0;
  /// Receives exactly `bytes` bytes from rank `peer`, message `tag`, into
  /// `data`. Returns "" on success, else why it failed.
  virtual std::string receive(int peer, int tag, void *data, size_t bytes) = 0;
};

/// Makes `transport` (not owned; null to clear) the one programs of this
/// process use to reach devices of other ranks. Set it before running a
/// program that names them, and keep it alive while programs run.
void setRankTransport(RankTransport *transport);
/// The registered transport, or null: the process runs alone, as rank 0.
RankTransport *getRankTransport();

} // namespace tiny

#endif // TINY_JIT_RANKTRANSPORT_H
