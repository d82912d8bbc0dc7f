//===- Combine.h - Combining elements of a dtype with an op -----*- C++ -*-===//
//
// The elementwise step of every allreduce algorithm: op(lhs, rhs) over the
// elements of one dtype, with the semantics of the compiled kernels (integers
// wrap, max propagates NaN).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_COMBINE_H
#define TINY_MPI_SRC_COMBINE_H

#include "tiny/MpiTransport.h"

#include <cstddef>

namespace tiny {
namespace mpi {
namespace detail {

/// Whether `combine` handles `dtype` (bool, the integers, f32 and f64).
bool canCombine(tiny_dtype_t dtype);

/// dst = op(lhs, rhs), elementwise over `count` elements of `dtype`; dst may
/// alias lhs or rhs. Does nothing for a dtype `canCombine` rejects.
void combine(tiny_dtype_t dtype, ReduceOp op, char *dst, const char *lhs,
             const char *rhs, size_t count);

/// "add", "max", "mul" ("?" for another value).
const char *opName(ReduceOp op);

} // namespace detail
} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_COMBINE_H
