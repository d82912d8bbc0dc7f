//===- PointToPoint.cpp - The transport's point-to-point calls ------------===//
//
// Non-blocking sends and receives of host memory and of runtime buffers
// (staged through a host copy), and testing and waiting for them. Each
// message carries the caller's tag above kPointToPointTag.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"
#include "TransportImpl.h"

#include <climits>

using namespace tiny::mpi;
using namespace tiny::mpi::detail;

namespace {

Status checkPointToPoint(const Transport &transport, int peer, int tag,
                         const void *data, size_t bytes, const Request &request,
                         const char *what) {
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

/// The MPI operation `state` stands for.
Pending pendingOf(const Request::State &state) {
  return Pending{state.request, state.peer,   state.bytes,
                 state.receive, state.device, true};
}

/// What `state` does, for its errors.
std::string describe(const Request::State &state) {
  return std::string(state.receive ? "receive from" : "send to") + " rank " +
         std::to_string(state.peer);
}

/// Makes `state`, whose message was started as `op` with the outcome
/// `started`, the operation a request stands for (its `slot`). A message
/// that did not start breaks the transport; `state` is dropped with what it
/// holds.
Status adopt(Transport::Impl &impl, const Status &started, const Pending &op,
             std::unique_ptr<Request::State> state,
             std::unique_ptr<Request::State> &slot) {
  if (!started.ok())
    return impl.fail(started);
  state->request = op.request;
  slot = std::move(state);
  return {};
}

/// Ends a finished request: uploads a received buffer, frees the state.
Status finish(Request::State &state) {
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

} // namespace

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
  Pending op = pendingOf(*state);
  Status started = startSend(op, data, kPointToPointTag + tag);
  return adopt(*impl, started, op, std::move(state), request.state);
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
  Pending op = pendingOf(*state);
  Status started = startReceive(op, data, kPointToPointTag + tag);
  return adopt(*impl, started, op, std::move(state), request.state);
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
  Pending op = pendingOf(*state);
  Status started = startSend(op, state->staging.data(), kPointToPointTag + tag);
  return adopt(*impl, started, op, std::move(state), request.state);
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
  Pending op = pendingOf(*state);
  Status started =
      startReceive(op, state->staging.data(), kPointToPointTag + tag);
  return adopt(*impl, started, op, std::move(state), request.state);
}

Status Transport::test(Request &request, bool &done) {
  done = false;
  if (!request.state)
    return Status(ErrorCode::InvalidArgument,
                  "test: the request is not pending");
  if (Status status = impl->checkUsable(); !status.ok())
    return status;
  Request::State &state = *request.state;
  Pending op = pendingOf(state);
  Status status = impl->poll(op, done, describe(state));
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
  std::vector<Pending> ops{pendingOf(state)};
  Status status = impl->waitAll(ops, describe(state));
  state.request = MPI_REQUEST_NULL; // Completed or cancelled by waitAll.
  if (!status.ok()) {
    request.state.reset();
    return status.code() == ErrorCode::Mismatch ? status : impl->fail(status);
  }
  status = finish(state);
  request.state.reset();
  return status;
}
