//===- Stream.h - the memory-bandwidth bound of a kernel --------*- C++ -*-===//
//
// Elementwise kernels and reductions on vectors much larger than the caches
// run at the speed of memory, and one core alone does not reach it: the
// bound to compare them with is plain loops over the same bytes on as many
// threads as the kernels use. These are those loops, each thread on one
// contiguous chunk, compiled -O3 -march=native (see BUILD), on threads that
// live across calls and sleep between them, as an OpenMP team's do.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_STREAM_H
#define TINY_BENCH_KERNELS_STREAM_H

#include <cstddef>

namespace tiny::bench {

/// to[i] = from[i] for i < n, on `threads` threads.
void streamCopy(const float *from, float *to, size_t n, unsigned threads);

/// c[i] = a[i] + b[i] for i < n, on `threads` threads.
void streamAdd(const float *a, const float *b, float *c, size_t n,
               unsigned threads);

/// The sum of a[0..n), read on `threads` threads.
float streamSum(const float *a, size_t n, unsigned threads);

/// to[i] = scale * from[i] for i < n, on `threads` threads: reads n floats
/// and writes n, as a row-wise kernel (softmax, layernorm) must at least.
/// A multiply rather than a copy, so that the compiler does not call
/// memcpy (whose non-temporal stores on large sizes would make it another
/// kind of loop than a kernel's).
void streamScale(const float *from, float *to, float scale, size_t n,
                 unsigned threads);

/// d[i] = a[i] + b[i] + c[i] for i < n, on `threads` threads: reads three
/// vectors and writes one, as an elementwise chain of three inputs must.
void streamAdd3(const float *a, const float *b, const float *c, float *d,
                size_t n, unsigned threads);

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_STREAM_H
