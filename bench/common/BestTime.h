//===- BestTime.h - timing for the benchmarks --------------------*- C++
//-*-===//
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
#include <utility>

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

/// Best wall times of `runs` calls each of `first` and `second`, in
/// seconds, calls alternating after one warm-up of each: a change in the
/// machine's load during the measurement (another process taking a core)
/// reaches both sides alike, so their ratio stays trustworthy.
inline std::pair<double, double>
bestSecondsAlternating(int runs, const std::function<void()> &first,
                       const std::function<void()> &second) {
  first();
  second();
  double best[2] = {1e30, 1e30};
  for (int i = 0; i < 2 * runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    (i % 2 ? second : first)();
    best[i % 2] = std::min(
        best[i % 2],
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  return {best[0], best[1]};
}

} // namespace tiny::bench

#endif // TINY_BENCH_COMMON_BESTTIME_H
