//===- Stream.cpp - the memory-bandwidth bound of a kernel ----------------===//

#include "bench/kernels/Stream.h"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tiny::bench {
namespace {

/// Worker threads that live as long as the process and sleep between
/// jobs, as an OpenMP team does: a job pays a wake-up, not a thread's
/// creation, and its threads are already spread over the cores.
class Team {
public:
  using Job = std::function<void(unsigned)>;

  /// The team of `threads` threads (the caller counts as one).
  static Team &get(unsigned threads) {
    static std::unique_ptr<Team> team;
    if (!team || team->size != threads)
      team = std::make_unique<Team>(threads);
    return *team;
  }

  explicit Team(unsigned threads) : size(threads) {
    for (unsigned t = 1; t < threads; ++t)
      workers.emplace_back([this, t] { work(t); });
  }

  ~Team() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    for (std::thread &worker : workers)
      worker.join();
  }

  /// Runs job(t) for every t < size, job(0) on the caller; returns when
  /// all have finished.
  void run(const Job &job) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      current = &job;
      pending = size - 1;
      ++generation;
    }
    wake.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, [this] { return pending == 0; });
  }

private:
  void work(unsigned t) {
    uint64_t seen = 0;
    for (;;) {
      const Job *job;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return stopping || generation != seen; });
        if (stopping)
          return;
        seen = generation;
        job = current;
      }
      (*job)(t);
      std::lock_guard<std::mutex> lock(mutex);
      if (--pending == 0)
        finished.notify_one();
    }
  }

  const unsigned size;
  std::vector<std::thread> workers;
  std::mutex mutex;
  std::condition_variable wake, finished;
  const Job *current = nullptr;
  unsigned pending = 0;
  uint64_t generation = 0;
  bool stopping = false;
};

/// Runs body(thread, begin, end) on `threads` threads over [0, n) in
/// contiguous chunks whose bounds are multiples of 16 elements (64 bytes).
template <typename Body>
void onThreads(size_t n, unsigned threads, const Body &body) {
  if (threads < 1)
    threads = 1;
  size_t chunk = ((n + threads - 1) / threads + 15) / 16 * 16;
  Team::get(threads).run([&](unsigned t) {
    size_t begin = std::min(n, t * chunk), end = std::min(n, begin + chunk);
    body(t, begin, end);
  });
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

void streamScale(const float *from, float *to, float scale, size_t n,
                 unsigned threads) {
  onThreads(n, threads, [=](unsigned, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      to[i] = scale * from[i];
  });
}

void streamAdd3(const float *a, const float *b, const float *c, float *d,
                size_t n, unsigned threads) {
  onThreads(n, threads, [=](unsigned, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      d[i] = a[i] + b[i] + c[i];
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
