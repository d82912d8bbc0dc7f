//===- Requests.cpp - MPI operations in flight ----------------------------===//
//
// Starting MPI operations, waiting for them against a deadline, and
// cancelling them. Every wait is a poll of MPI_Test or MPI_Testsome against
// the transport's timeout, so no call blocks in MPI for longer than that.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"
#include "TransportImpl.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

using namespace tiny::mpi;
using namespace tiny::mpi::detail;

namespace {

using Clock = std::chrono::steady_clock;

std::string secondsText(double seconds) {
  std::ostringstream out;
  out << seconds << " s";
  return out.str();
}

std::string rankList(const std::vector<int> &ranks) {
  std::string text = ranks.size() == 1 ? "rank " : "ranks ";
  for (size_t i = 0; i < ranks.size(); ++i)
    text += (i ? ", " : "") + std::to_string(ranks[i]);
  return text;
}

void cancelRequest(MPI_Request &request, bool receive) {
  cancelRequests({{&request, receive}});
}

/// Checks one completed operation's status.
Status checkCompleted(const Pending &op, const MPI_Status &status, int rank,
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
Status failed(const Pending &op, int rc, int rank, const std::string &what) {
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
Status completed(Transport::Impl &impl, const Pending &op,
                 const MPI_Status &status, const std::string &what) {
  if (Status checked = checkCompleted(op, status, impl.rank, what);
      !checked.ok())
    return checked;
  impl.count(op);
  return {};
}

} // namespace

//===----------------------------------------------------------------------===//
// Starting and cancelling
//===----------------------------------------------------------------------===//

Status tiny::mpi::detail::startSend(Pending &op, const void *data, int tag) {
  int rc = MPI_Isend(data, static_cast<int>(op.bytes), MPI_BYTE, op.peer, tag,
                     MPI_COMM_WORLD, &op.request);
  if (rc != MPI_SUCCESS)
    return mpiError("MPI_Isend to rank " + std::to_string(op.peer), rc);
  return {};
}

Status tiny::mpi::detail::startReceive(Pending &op, void *data, int tag) {
  int rc = MPI_Irecv(data, static_cast<int>(op.bytes), MPI_BYTE, op.peer, tag,
                     MPI_COMM_WORLD, &op.request);
  if (rc != MPI_SUCCESS)
    return mpiError("MPI_Irecv from rank " + std::to_string(op.peer), rc);
  return {};
}

/// Receives get one short shared moment to confirm their cancellation, so
/// that no late message is written into memory the caller may free; a
/// receive already matched with a dead sender never confirms, nor does a
/// send to a dead peer, and those are freed unconfirmed (see the header on
/// late messages).
void tiny::mpi::detail::cancelRequests(
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

void tiny::mpi::detail::cancelAll(std::vector<Pending> &ops) {
  std::vector<std::pair<MPI_Request *, bool>> requests;
  for (Pending &op : ops)
    requests.push_back({&op.request, op.receive});
  cancelRequests(requests);
}

//===----------------------------------------------------------------------===//
// Point-to-point requests
//===----------------------------------------------------------------------===//

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
  if (state)
    cancelRequest(state->request, state->receive);
}
bool Request::pending() const { return state != nullptr; }

//===----------------------------------------------------------------------===//
// Waiting
//===----------------------------------------------------------------------===//

Status Transport::Impl::poll(Pending &op, bool &done, const std::string &what) {
  int flag = 0;
  MPI_Status status;
  int rc = MPI_Test(&op.request, &flag, &status);
  if (rc != MPI_SUCCESS)
    return failed(op, rc, rank, what);
  done = flag != 0;
  return done ? completed(*this, op, status, what) : Status();
}

/// One MPI_Testsome per poll: each MPI call runs Open MPI's progress engine
/// once, whatever it tests.
Status Transport::Impl::waitAll(
    std::vector<Pending> &ops, const std::string &what,
    const std::function<void(const Pending &)> &onReceived) {
  Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
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
              ? failed(op, statuses[k].MPI_ERROR, rank, what)
              : completed(*this, op, statuses[k], what);
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
                     what + ": no answer from " + rankList(late) + " within " +
                         secondsText(options.timeoutSeconds) + " (rank " +
                         std::to_string(rank) +
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
