//===- Tinygrad.cpp - the same kernels timed in tinygrad ------------------===//

#include "bench/kernels/Tinygrad.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace tiny::bench {
namespace {

std::string pythonCommand() {
  if (const char *python = std::getenv("PYTHON"))
    return python;
  if (access("/usr/bin/python3", X_OK) == 0)
    return "/usr/bin/python3";
  return "python3";
}

/// `text` quoted for sh.
std::string shellQuote(const std::string &text) {
  std::string quoted = "'";
  for (char c : text)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

} // namespace

TinygradTimes timeInTinygrad(const std::string &script, int64_t n,
                             const std::string &matmulSizes,
                             const std::string &reluMatmulSizes, int runs) {
  TinygradTimes times;
  std::string command =
      pythonCommand() + " " + shellQuote(script) + " --n=" + std::to_string(n) +
      " --matmul=" + matmulSizes + " --relu-matmul=" + reluMatmulSizes +
      " --runs=" + std::to_string(runs);
  std::fflush(stdout);
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe) {
    times.absent = "cannot run " + command;
    return times;
  }
  std::string line;
  char buffer[4096];
  while (std::fgets(buffer, sizeof(buffer), pipe)) {
    line += buffer;
    if (line.empty() || line.back() != '\n')
      continue;
    line.pop_back();
    std::istringstream fields(line);
    std::string record, kernel;
    int64_t size = 0;
    fields >> record;
    std::string rest;
    if (record == "absent") {
      std::getline(fields >> std::ws, rest);
      times.absent = rest;
    } else if (record == "setup") {
      std::getline(fields >> std::ws, rest);
      times.setup = rest;
    } else if (record == "time") {
      double seconds = 0;
      if (fields >> kernel >> size >> seconds && seconds > 0)
        times.seconds[{kernel, size}] = seconds;
    } else if (record == "error") {
      fields >> kernel >> size;
      std::getline(fields >> std::ws, rest);
      times.errors[{kernel, size}] = rest;
    }
    line.clear();
  }
  int status = pclose(pipe);
  if (times.absent.empty() && times.setup.empty())
    times.absent =
        command + " failed (exit status " +
        std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  return times;
}

} // namespace tiny::bench
