//===- Machine.cpp - what the kernel benchmarks print of the machine ------===//

#include "bench/kernels/Machine.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace {
/// Names the variables defaultEnvAtStart set before it ran the benchmark
/// again, comma-separated, so the new process says who set them.
constexpr const char *kSetAtStartVariable = "TINY_BENCH_SET_AT_START";

/// What defaultEnv says of a variable it set.
std::string setBy(const char *name, const char *value, const char *setter) {
  return std::string(name) + "=" + value + " (set by " + setter + ")";
}
} // namespace

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
  return setBy(name, value, setter);
}

std::vector<std::string> tiny::bench::defaultEnvAtStart(
    char **argv,
    const std::vector<std::pair<const char *, const char *>> &defaults,
    const char *setter) {
  std::string setBefore;
  if (const char *set = std::getenv(kSetAtStartVariable))
    setBefore = "," + std::string(set) + ",";
  std::vector<std::string> said;
  std::string setNow;
  for (auto [name, value] : defaults) {
    const char *current = std::getenv(name);
    if (current &&
        setBefore.find("," + std::string(name) + ",") != std::string::npos) {
      said.push_back(setBy(name, current, setter));
      continue;
    }
    bool missing = !current;
    said.push_back(defaultEnv(name, value, setter));
    if (missing)
      setNow += (setNow.empty() ? "" : ",") + std::string(name);
  }
  if (setNow.empty())
    return said;
  setenv(kSetAtStartVariable, setNow.c_str(), 1);
  execv("/proc/self/exe", argv);
  std::fprintf(stderr,
               "%s: cannot run itself again with %s set (%s): the libraries "
               "loaded at start-up did not see them\n",
               setter, setNow.c_str(), std::strerror(errno));
  return said;
}
