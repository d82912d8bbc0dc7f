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
//
// A copy starts without waiting (`startSend`, `startReceive`), and the host
// schedule (jit/HostSchedule.cpp) waits for it only where the program needs
// it: a send is staged in host memory first, so it is waited for when the
// program ends; a receive into a buffer the compiled host code never
// addresses itself (a GPU device's) is waited for right before the next
// copy, launch or download that touches that buffer; a receive into a CPU
// device's buffer, which compiled kernels read in place with no call
// first, completes before its copy returns. Every request is waited for
// before the program returns.
//
// Plain C++17, no dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_RANKTRANSPORT_H
#define TINY_JIT_RANKTRANSPORT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace tiny {

/// Point-to-point messages between the ranks of a job, each wait bounded by
/// the implementation's timeout. The non-blocking calls have defaults that
/// run the blocking ones, so an implementation that overrides only `send`
/// and `receive` still works (without overlap); one that overrides any of
/// `startSend`, `startReceive` and `wait` overrides all three.
class RankTransport {
public:
  /// Names a started send or receive until it is waited for.
  using RequestId = uint64_t;

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

  /// Starts sending as `send` does and returns at once, with `id` naming the
  /// request. `data` must stay valid and unchanged until `wait(id)` returns.
  /// Returns "" when it started, else why not (then there is nothing to
  /// wait for).
  virtual std::string startSend(int peer, int tag, const void *data,
                                size_t bytes, RequestId &id) {
    id = 0;
    return send(peer, tag, data, bytes);
  }
  /// Starts receiving as `receive` does; `data` must stay valid, and holds
  /// the bytes, once `wait(id)` returned "".
  virtual std::string startReceive(int peer, int tag, void *data, size_t bytes,
                                   RequestId &id) {
    id = 0;
    return receive(peer, tag, data, bytes);
  }
  /// Waits, at most the timeout, for the request `id` of a `startSend` or
  /// `startReceive` that returned "": returns "" when it completed, else why
  /// not. Every started request is waited for exactly once; requests may be
  /// waited for in any order.
  virtual std::string wait(RequestId id) {
    (void)id;
    return "";
  }
};

/// Makes `transport` (not owned; null to clear) the one programs of this
/// process use to reach devices of other ranks. Set it before running a
/// program that names them, and keep it alive while programs run.
void setRankTransport(RankTransport *transport);
/// The registered transport, or null: the process runs alone, as rank 0.
RankTransport *getRankTransport();

} // namespace tiny

#endif // TINY_JIT_RANKTRANSPORT_H
