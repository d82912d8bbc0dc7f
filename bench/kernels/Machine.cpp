//===- Machine.cpp - what the kernel benchmarks print of the machine ------===//

#include "bench/kernels/Machine.h"

#include <cstdlib>
#include <fstream>

std::string tiny::bench::cpuInfo(const std::string &key) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind(key, 0) == 0 && line.find(':') != std::string::npos)
      return line.substr(line.find(':') + 2);
  return "?";
}

std::string tiny::bench::loadAverage() {
  std::ifstream loadavg("/proc/loadavg");
  std::string one, five, fifteen;
  loadavg >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

std::string tiny::bench::defaultEnv(const char *name, const char *value,
                                    const char *setter) {
  if (const char *set = std::getenv(name))
    return std::string(name) + "=" + set + " (from the environment)";
  setenv(name, value, 1);
  return std::string(name) + "=" + value + " (set by " + setter + ")";
}
