//===- BestTime.h - timing for the benchmarks --------------------*- C++ -*-===//
//
// The benchmarks report the best of several runs after a warm-up: the
// figure least disturbed by the rest of a shared machine.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_COMMON_BESTTIME_H
#define TINY_BENCH_COMMON_BESTTIME_H

#include <algorithm>
#include <chrono>
#include <functional>

namespace tiny::bench {

/// Best wall time of `runs` calls of `fn`, in seconds, after one warm-up.
inline double bestSeconds(int runs, const std::function<void()> &fn) {
  fn();
  double best = 1e30;
  for (int i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    fn();
    best = std::min(best, std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - start)
                              .count());
  }
  return best;
}

} // namespace tiny::bench

#endif // TINY_BENCH_COMMON_BESTTIME_H
