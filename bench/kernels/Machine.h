//===- Machine.h - the machine lines of the kernel benchmarks --*- C++ -*-===//
//
// The benchmarks' header lines: the CPU, the load, and the environment
// variables a benchmark sets so that the two sides it compares run alike.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_MACHINE_H
#define TINY_BENCH_KERNELS_MACHINE_H

#include <string>

namespace tiny::bench {

/// The first `key` line's value in /proc/cpuinfo; "?" without one.
std::string cpuInfo(const std::string &key);

/// The three load averages of /proc/loadavg.
std::string loadAverage();

/// Sets `name` to `value` unless the environment has it; says which, and
/// that `setter` (the benchmark) set it.
std::string defaultEnv(const char *name, const char *value, const char *setter);

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_MACHINE_H
