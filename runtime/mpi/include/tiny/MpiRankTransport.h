//===- MpiRankTransport.h - the JIT's transport on MPI ----------*- C++ -*-===//
//
// The JIT moves the bytes of a program across ranks (device names
// "KIND:N@R", docs/device-names.md) through jit/RankTransport.h, which knows
// nothing of MPI; this is that interface on the MPI transport. tiny-run
// registers one under mpirun; an embedder that runs programs across ranks
// inside its own MPI program does the same:
//
//   std::unique_ptr<tiny::mpi::Transport> transport;
//   tiny::mpi::Transport::create(options, transport);   // after MPI_Init
//   tiny::mpi::MpiRankTransport ranks(*transport);
//   tiny::setRankTransport(&ranks);
//   ... compile and run programs ...
//   tiny::setRankTransport(nullptr);
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_MPIRANKTRANSPORT_H
#define TINY_MPI_MPIRANKTRANSPORT_H

#include "jit/RankTransport.h"
#include "tiny/MpiTransport.h"

#include <map>

namespace tiny {
namespace mpi {

/// RankTransport on `transport`, which must outlive it: each message is a
/// non-blocking send or receive (`Transport::sendAsync`, `receiveAsync`)
/// waited for at most the transport's timeout. Requests still pending when
/// it is destroyed are cancelled.
class MpiRankTransport : public RankTransport {
public:
  explicit MpiRankTransport(Transport &transport) : transport(transport) {}

  int rank() const override;
  int size() const override;
  std::string send(int peer, int tag, const void *data, size_t bytes) override;
  std::string receive(int peer, int tag, void *data, size_t bytes) override;
  std::string startSend(int peer, int tag, const void *data, size_t bytes,
                        RequestId &id) override;
  std::string startReceive(int peer, int tag, void *data, size_t bytes,
                           RequestId &id) override;
  std::string wait(RequestId id) override;

private:
  /// Keeps a started request until it is waited for; returns its id.
  RequestId keep(Request request);

  Transport &transport;
  std::map<RequestId, Request> pending;
  RequestId nextId = 1;
};

} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_MPIRANKTRANSPORT_H
