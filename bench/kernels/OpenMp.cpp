//===- OpenMp.cpp - the thread count of an OpenMP runtime -----------------===//

#include "bench/kernels/OpenMp.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

tiny::bench::OpenMp tiny::bench::findOpenMp(const std::string &library,
                                            const char *benchmark) {
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!handle) {
    std::fprintf(stderr, "%s: %s is not loaded\n", benchmark, library.c_str());
    std::exit(1);
  }
  OpenMp openMp;
  openMp.setNumThreads =
      reinterpret_cast<void (*)(int)>(dlsym(handle, "omp_set_num_threads"));
  openMp.getMaxThreads =
      reinterpret_cast<int (*)()>(dlsym(handle, "omp_get_max_threads"));
  if (!openMp.setNumThreads || !openMp.getMaxThreads) {
    std::fprintf(stderr, "%s: %s has no omp_set_num_threads\n", benchmark,
                 library.c_str());
    std::exit(1);
  }
  return openMp;
}
