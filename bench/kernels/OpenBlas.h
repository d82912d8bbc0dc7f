//===- OpenBlas.h - OpenBLAS loaded with the best kernels --------*- C++
//-*-===//
//
// OpenBLAS picks its kernels (its "core") once, when the library loads:
// from $OPENBLAS_CORETYPE if set, else from cpuid, which an OpenBLAS older
// than the CPU may not recognize (it then falls back to Prescott's SSE3
// kernels, several times slower than the AVX-512 ones). The benchmark
// loads OpenBLAS itself with dlopen, after setting $OPENBLAS_CORETYPE to
// the best core for this CPU's features, so the reference is the fastest
// OpenBLAS this machine can run, and it reports the core actually used.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_OPENBLAS_H
#define TINY_BENCH_KERNELS_OPENBLAS_H

#include <cblas.h>

#include <string>

namespace tiny::bench {

/// The OpenBLAS functions the benchmark calls.
struct OpenBlas {
  decltype(&cblas_sgemm) sgemm = nullptr;
  decltype(&cblas_sgemv) sgemv = nullptr;
  decltype(&openblas_get_corename) getCoreName = nullptr;
  decltype(&openblas_get_num_threads) getNumThreads = nullptr;
  decltype(&openblas_set_num_threads) setNumThreads = nullptr;
  /// How the core was chosen, for the report: which OPENBLAS_CORETYPE was
  /// set and why, or that OpenBLAS chose it.
  std::string coreChoice;
};

/// The core type OpenBLAS runs fastest with on a CPU with these
/// /proc/cpuinfo `flags` (space-separated): SKYLAKEX with AVX-512
/// (F, CD, BW, DQ, VL), COOPERLAKE when BF16 is there too, HASWELL with
/// AVX2 and FMA, else empty (leave the choice to OpenBLAS).
std::string bestOpenBlasCore(const std::string &flags);

/// This CPU's feature flags from /proc/cpuinfo; empty when unreadable.
std::string readCpuFlags();

/// Sets $OPENBLAS_CORETYPE as `core` says, then loads OpenBLAS.
/// `core`: "auto" (bestOpenBlasCore of this CPU, overriding the
/// environment; OpenBLAS's own choice where none fits), "env" (the
/// environment's OPENBLAS_CORETYPE, or OpenBLAS's own choice where unset),
/// "cpuid" (unset it: OpenBLAS's own choice), or a core type name. Fails
/// with `error` when OpenBLAS is already loaded (the setting would not take
/// effect) or cannot be loaded.
bool loadOpenBlas(const std::string &core, OpenBlas &blas, std::string &error);

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_OPENBLAS_H
