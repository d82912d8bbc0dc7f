//===- OpenMp.h - the thread count of an OpenMP runtime ---------*- C++ -*-===//
//
// tiny's kernels run on libomp (the JIT loads it), oneDNN on libgomp: a
// benchmark that sets the thread count of both sides calls each runtime's
// own omp_set_num_threads, found in the library already loaded.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_OPENMP_H
#define TINY_BENCH_KERNELS_OPENMP_H

#include <string>

namespace tiny::bench {

/// omp_set_num_threads and omp_get_max_threads of one OpenMP runtime in
/// the process (libomp and libgomp both define them).
struct OpenMp {
  void (*setNumThreads)(int) = nullptr;
  int (*getMaxThreads)() = nullptr;
};

/// The functions of the runtime `library` (already loaded: found, never
/// loaded, here). When it is not loaded or lacks them, says so on stderr
/// after `benchmark`'s name and exits with status 1.
OpenMp findOpenMp(const std::string &library, const char *benchmark);

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_OPENMP_H
