//===- Requests.h - MPI operations in flight --------------------*- C++ -*-===//
//
// What the transport knows of an MPI operation it started and has not
// finished: a point-to-point `Request`'s state, one operation being waited
// for (`Pending`), starting them and cancelling the ones that will not be
// waited for. Waiting, against a deadline, is `Transport::Impl::waitAll`
// (Requests.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_REQUESTS_H
#define TINY_MPI_SRC_REQUESTS_H

#include "tiny/MpiTransport.h"

#include <mpi.h>

#include <string>
#include <utility>
#include <vector>

namespace tiny {
namespace mpi {

struct Request::State {
  MPI_Request request = MPI_REQUEST_NULL;
  int peer = -1;
  size_t bytes = 0;
  bool receive = false;
  std::string device = "host";
  /// Buffer transfers: the staging copy, and the buffer to upload into
  /// (a reference held until the upload, released with the state).
  std::vector<char> staging;
  tiny_buffer_t uploadTo = nullptr;

  State() = default;
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  ~State() {
    if (uploadTo)
      tiny_status_free(tiny_buffer_release(uploadTo));
  }
};

namespace detail {

struct Transfer;

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

/// Starts `op` (its peer and bytes) as an MPI_Isend of `data` with `tag`.
Status startSend(Pending &op, const void *data, int tag);
/// Starts `op` as an MPI_Irecv into `data` with `tag`.
Status startReceive(Pending &op, void *data, int tag);

/// Cancels started MPI requests that will not be waited for (each with
/// whether it is a receive), and frees them.
void cancelRequests(
    const std::vector<std::pair<MPI_Request *, bool>> &requests);
/// `cancelRequests` of every operation of `ops` still pending.
void cancelAll(std::vector<Pending> &ops);

} // namespace detail
} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_REQUESTS_H
