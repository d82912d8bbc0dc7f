//===- MpiRankTransport.cpp - the JIT's transport on MPI ------------------===//

#include "tiny/MpiRankTransport.h"

using namespace tiny;
using namespace tiny::mpi;

int MpiRankTransport::rank() const { return transport.rank(); }

int MpiRankTransport::size() const { return transport.size(); }

/// "" for success, else the status's code and message.
static std::string describe(const Status &status) {
  return status.ok() ? std::string() : status.toString();
}

std::string MpiRankTransport::send(int peer, int tag, const void *data,
                                   size_t bytes) {
  RequestId id;
  std::string error = startSend(peer, tag, data, bytes, id);
  return error.empty() ? wait(id) : error;
}

std::string MpiRankTransport::receive(int peer, int tag, void *data,
                                      size_t bytes) {
  RequestId id;
  std::string error = startReceive(peer, tag, data, bytes, id);
  return error.empty() ? wait(id) : error;
}

RankTransport::RequestId MpiRankTransport::keep(Request request) {
  RequestId id = nextId++;
  pending.emplace(id, std::move(request));
  return id;
}

std::string MpiRankTransport::startSend(int peer, int tag, const void *data,
                                        size_t bytes, RequestId &id) {
  Request request;
  Status status = transport.sendAsync(peer, tag, data, bytes, request);
  if (!status.ok())
    return describe(status);
  id = keep(std::move(request));
  return "";
}

std::string MpiRankTransport::startReceive(int peer, int tag, void *data,
                                           size_t bytes, RequestId &id) {
  Request request;
  Status status = transport.receiveAsync(peer, tag, data, bytes, request);
  if (!status.ok())
    return describe(status);
  id = keep(std::move(request));
  return "";
}

std::string MpiRankTransport::wait(RequestId id) {
  auto it = pending.find(id);
  if (it == pending.end())
    return "no pending request " + std::to_string(id) + " to wait for";
  Status status = transport.wait(it->second);
  pending.erase(it);
  return describe(status);
}
