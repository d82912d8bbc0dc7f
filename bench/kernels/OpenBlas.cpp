//===- OpenBlas.cpp - OpenBLAS loaded with the best kernels ---------------===//

#include "bench/kernels/OpenBlas.h"

#include <dlfcn.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace tiny::bench {

std::string bestOpenBlasCore(const std::string &flags) {
  std::set<std::string> has;
  std::istringstream words(flags);
  for (std::string word; words >> word;)
    has.insert(word);
  auto all = [&](std::initializer_list<const char *> names) {
    for (const char *name : names)
      if (!has.count(name))
        return false;
    return true;
  };
  if (all({"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"}))
    return has.count("avx512_bf16") ? "COOPERLAKE" : "SKYLAKEX";
  if (all({"avx2", "fma"}))
    return "HASWELL";
  return "";
}

std::string readCpuFlags() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("flags", 0) == 0) {
      size_t colon = line.find(':');
      return colon == std::string::npos ? "" : line.substr(colon + 1);
    }
  return "";
}

bool loadOpenBlas(const std::string &core, OpenBlas &blas, std::string &error) {
  const char *soname = "libopenblas.so.0";
  if (dlopen(soname, RTLD_NOW | RTLD_NOLOAD)) {
    error = std::string(soname) + " is already loaded: OPENBLAS_CORETYPE "
                                  "would not take effect";
    return false;
  }
  const char *inherited = std::getenv("OPENBLAS_CORETYPE");
  std::string was =
      inherited ? std::string(" (the environment had ") + inherited + ")"
                : std::string();
  if (core == "auto") {
    std::string best = bestOpenBlasCore(readCpuFlags());
    if (best.empty()) {
      unsetenv("OPENBLAS_CORETYPE");
      blas.coreChoice = "OpenBLAS's own choice: no AVX2 or AVX-512 in "
                        "/proc/cpuinfo" +
                        was;
    } else {
      setenv("OPENBLAS_CORETYPE", best.c_str(), 1);
      blas.coreChoice =
          "OPENBLAS_CORETYPE=" + best + " from /proc/cpuinfo's flags" + was;
    }
  } else if (core == "env") {
    blas.coreChoice = inherited ? std::string("OPENBLAS_CORETYPE=") +
                                      inherited + " from the environment"
                                : "OpenBLAS's own choice (no "
                                  "OPENBLAS_CORETYPE in the environment)";
  } else if (core == "cpuid") {
    unsetenv("OPENBLAS_CORETYPE");
    blas.coreChoice = "OpenBLAS's own choice (--openblas-core=cpuid)" + was;
  } else {
    setenv("OPENBLAS_CORETYPE", core.c_str(), 1);
    blas.coreChoice = "OPENBLAS_CORETYPE=" + core + " (--openblas-core)" + was;
  }

  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    error = std::string("cannot load ") + soname + ": " + (why ? why : "");
    return false;
  }
  auto find = [&](auto &function, const char *name) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
        dlsym(library, name));
    if (!function)
      error = std::string(soname) + " has no " + name;
    return function != nullptr;
  };
  return find(blas.sgemm, "cblas_sgemm") && find(blas.sgemv, "cblas_sgemv") &&
         find(blas.getCoreName, "openblas_get_corename") &&
         find(blas.getNumThreads, "openblas_get_num_threads") &&
         find(blas.setNumThreads, "openblas_set_num_threads");
}

} // namespace tiny::bench
