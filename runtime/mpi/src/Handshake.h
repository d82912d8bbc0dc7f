//===- Handshake.h - The header ranks exchange before they act --*- C++ -*-===//
//
// Before `create` and before every collective each rank sends every other
// rank a `Header` saying what it is about to do; `Transport::Impl::handshake`
// (Handshake.cpp) exchanges them and fails with ErrorCode::Mismatch, naming
// the rank and the field, when they differ.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_HANDSHAKE_H
#define TINY_MPI_SRC_HANDSHAKE_H

#include <cstdint>

namespace tiny {
namespace mpi {
namespace detail {

/// A handshake: what a rank is about to do. Compared field by field.
struct Header {
  uint64_t magic, program, sequence, callTag, kind, op, dtype, count, shards,
      algorithm;
};
constexpr uint64_t kMagic = 0x796e69742d69706dULL; // "mpi-tiny"
enum : uint64_t { kKindCreate = 1, kKindAllreduce = 2 };

} // namespace detail
} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_HANDSHAKE_H
