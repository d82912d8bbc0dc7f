//===- Errors.h - Statuses from MPI's and the runtime's errors --*- C++ -*-===//
//
// The transport reports every failure as a `Status`; these turn the error
// codes of the libraries it calls (MPI, the tiny runtime's C API) into one.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_ERRORS_H
#define TINY_MPI_SRC_ERRORS_H

#include "tiny/MpiTransport.h"

#include <string>

namespace tiny {
namespace mpi {
namespace detail {

/// ErrorCode::Mpi: "<what>: <MPI's text for rc>".
Status mpiError(const std::string &what, int rc);

/// Reads and frees a runtime status: OK for NULL, else ErrorCode::Runtime
/// with "<what>: <the runtime's message>".
Status fromRuntime(tiny_status_t status, const std::string &what);

} // namespace detail
} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_ERRORS_H
