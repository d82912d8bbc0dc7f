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
  Request request;
  Status status = transport.sendAsync(peer, tag, data, bytes, request);
  if (status.ok())
    status = transport.wait(request);
  return describe(status);
}

std::string MpiRankTransport::receive(int peer, int tag, void *data,
                                      size_t bytes) {
  Request request;
  Status status = transport.receiveAsync(peer, tag, data, bytes, request);
  if (status.ok())
    status = transport.wait(request);
  return describe(status);
}
