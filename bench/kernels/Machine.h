//===- Machine.h - the machine lines of the kernel benchmarks --*- C++ -*-===//
//
// The benchmarks' header lines: the CPU, the load, and the environment
// variables a benchmark sets so that the two sides it compares run alike.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_MACHINE_H
#define TINY_BENCH_KERNELS_MACHINE_H

#include <string>
#include <utility>
#include <vector>

namespace tiny::bench {

/// The first `key` line's value in /proc/cpuinfo; "?" without one.
std::string cpuInfo(const std::string &key);

/// The three load averages of /proc/loadavg.
std::string loadAverage();

/// Sets `name` to `value` unless the environment has it; says which, and
/// that `setter` (the benchmark) set it.
std::string defaultEnv(const char *name, const char *value, const char *setter);

/// defaultEnv for variables a library reads when the process starts, before
/// main: libgomp, which libdnnl links, reads GOMP_SPINCOUNT then, so a
/// setenv in main leaves its threads spinning. Sets each of `defaults` the
/// environment lacks and, if it set any, runs the benchmark again with
/// `argv` (execv of /proc/self/exe); returns, in the order given, what
/// defaultEnv says of each. Where the exec fails it says so and goes on, the
/// variables set for the libraries loaded from then on.
std::vector<std::string> defaultEnvAtStart(
    char **argv,
    const std::vector<std::pair<const char *, const char *>> &defaults,
    const char *setter);

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_MACHINE_H
