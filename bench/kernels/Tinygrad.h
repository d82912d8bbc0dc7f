//===- Tinygrad.h - the same kernels timed in tinygrad ----------*- C++ -*-===//
//
// bench-kernels' tinygrad column: tinygrad_kernels.py times the same
// programs in tinygrad's CPU backend, in a process of its own, run before
// the benchmark measures anything else so that no thread of either side
// competes with the other.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_TINYGRAD_H
#define TINY_BENCH_KERNELS_TINYGRAD_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace tiny::bench {

/// What tinygrad_kernels.py reported.
struct TinygradTimes {
  /// Why there is no tinygrad column (tinygrad absent, the script failed);
  /// empty when it ran.
  std::string absent;
  /// What ran: device, renderer, compiler, ... (the script's setup line).
  std::string setup;
  /// Best seconds of each (kernel, size) the script timed.
  std::map<std::pair<std::string, int64_t>, double> seconds;
  /// Why a (kernel, size) has no time.
  std::map<std::pair<std::string, int64_t>, std::string> errors;
};

/// Runs `python script --n=N --matmul=... --relu-matmul=... --runs=R`
/// and reads its records. `python`: $PYTHON, else /usr/bin/python3 where
/// it exists, else python3 from PATH.
TinygradTimes timeInTinygrad(const std::string &script, int64_t n,
                             const std::string &matmulSizes,
                             const std::string &reluMatmulSizes, int runs);

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_TINYGRAD_H
