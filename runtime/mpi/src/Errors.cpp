//===- Errors.cpp - Error codes, status text, errors of MPI and runtime ---===//
//
// The names of error codes, a status as text, and statuses made from MPI's
// and the tiny runtime's errors.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"

#include <mpi.h>

using namespace tiny::mpi;

const char *tiny::mpi::errorCodeName(ErrorCode code) {
  switch (code) {
  case ErrorCode::Ok:
    return "OK";
  case ErrorCode::InvalidArgument:
    return "INVALID_ARGUMENT";
  case ErrorCode::Mismatch:
    return "MISMATCH";
  case ErrorCode::Timeout:
    return "TIMEOUT";
  case ErrorCode::Mpi:
    return "MPI";
  case ErrorCode::Runtime:
    return "RUNTIME";
  case ErrorCode::Broken:
    return "BROKEN";
  case ErrorCode::Unimplemented:
    return "UNIMPLEMENTED";
  }
  return "UNKNOWN";
}

std::string Status::toString() const {
  if (ok())
    return "OK";
  return std::string(errorCodeName(errorCode)) + ": " + text;
}

namespace {
std::string mpiErrorText(int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(rc, text, &length) != MPI_SUCCESS)
    return "MPI error " + std::to_string(rc);
  return std::string(text, length);
}
} // namespace

Status tiny::mpi::detail::mpiError(const std::string &what, int rc) {
  return Status(ErrorCode::Mpi, what + ": " + mpiErrorText(rc));
}

Status tiny::mpi::detail::fromRuntime(tiny_status_t status,
                                      const std::string &what) {
  if (!status)
    return {};
  std::string message = what + ": " + tiny_status_message(status);
  tiny_status_free(status);
  return Status(ErrorCode::Runtime, message);
}
