//===- Stream.cpp - the memory-bandwidth bound of a kernel ----------------===//

#include "bench/kernels/Stream.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace tiny::bench {
namespace {

/// Runs body(thread, begin, end) on `threads` threads over [0, n) in
/// contiguous chunks whose bounds are multiples of 16 elements (64 bytes).
template <typename Body>
void onThreads(size_t n, unsigned threads, const Body &body) {
  if (threads < 1)
    threads = 1;
  size_t chunk = ((n + threads - 1) / threads + 15) / 16 * 16;
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) {
    size_t begin = std::min(n, t * chunk), end = std::min(n, begin + chunk);
    workers.emplace_back([&body, t, begin, end] { body(t, begin, end); });
  }
  body(0, 0, std::min(n, chunk));
  for (std::thread &worker : workers)
    worker.join();
}

} // namespace

void streamCopy(const float *from, float *to, size_t n, unsigned threads) {
  onThreads(n, threads, [=](unsigned, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      to[i] = from[i];
  });
}

void streamAdd(const float *a, const float *b, float *c, size_t n,
               unsigned threads) {
  onThreads(n, threads, [=](unsigned, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      c[i] = a[i] + b[i];
  });
}

float streamSum(const float *a, size_t n, unsigned threads) {
  // Lanes of partial sums, so that the loop vectorizes without reassociating
  // float additions (-ffast-math); one slot per thread, a cache line apart.
  constexpr size_t kLanes = 64;
  std::vector<float> partial((threads < 1 ? 1 : threads) * 16, 0.0f);
  onThreads(n, threads, [&](unsigned thread, size_t begin, size_t end) {
    float lanes[kLanes] = {};
    size_t i = begin;
    for (; i + kLanes <= end; i += kLanes)
      for (size_t j = 0; j < kLanes; ++j)
        lanes[j] += a[i + j];
    float total = 0;
    for (; i < end; ++i)
      total += a[i];
    for (float lane : lanes)
      total += lane;
    partial[thread * 16] = total;
  });
  float total = 0;
  for (float value : partial)
    total += value;
  return total;
}

} // namespace tiny::bench
