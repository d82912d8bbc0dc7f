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
#include <vector>

namespace tiny::bench {

/// Wall time of one call of `fn`, in seconds.
inline double secondsOf(const std::function<void()> &fn) {
  auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// Best wall time of `runs` calls of `fn`, in seconds, after one warm-up.
inline double bestSeconds(int runs, const std::function<void()> &fn) {
  fn();
  double best = 1e30;
  for (int i = 0; i < runs; ++i)
    best = std::min(best, secondsOf(fn));
  return best;
}

/// Timings of two functions whose calls alternated (see
/// timeAlternating).
struct AlternatingTimes {
  /// Best wall time of each, in seconds.
  double firstSeconds = 0, secondSeconds = 0;
  /// The median over the pairs of consecutive calls of first's time over
  /// second's: calls a moment apart ran on the machine in the same state,
  /// so this ratio moves less with the machine's load than the ratio of
  /// the best times does.
  double medianFirstOverSecond = 0;
};

/// `runs` calls each of `first` and `second`, alternating, after one
/// warm-up of each.
inline AlternatingTimes timeAlternating(int runs,
                                        const std::function<void()> &first,
                                        const std::function<void()> &second) {
  first();
  second();
  AlternatingTimes times;
  times.firstSeconds = times.secondSeconds = 1e30;
  std::vector<double> ratios;
  for (int i = 0; i < runs; ++i) {
    double firstSeconds = secondsOf(first), secondSeconds = secondsOf(second);
    times.firstSeconds = std::min(times.firstSeconds, firstSeconds);
    times.secondSeconds = std::min(times.secondSeconds, secondSeconds);
    ratios.push_back(firstSeconds / secondSeconds);
  }
  std::sort(ratios.begin(), ratios.end());
  size_t middle = ratios.size() / 2;
  times.medianFirstOverSecond = ratios.size() % 2
                                    ? ratios[middle]
                                    : (ratios[middle - 1] + ratios[middle]) / 2;
  return times;
}

} // namespace tiny::bench

#endif // TINY_BENCH_COMMON_BESTTIME_H
