//===- OpenMp.cpp - the thread count of an OpenMP runtime -----------------===//

#include "bench/kernels/OpenMp.h"

#include <dlfcn.h>

bool tiny::bench::findOpenMp(const char *library, OpenMp &openMp,
                             std::string &error) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
  if (!handle) {
    error = std::string(library) + " is not loaded";
    return false;
  }
  openMp.setNumThreads =
      reinterpret_cast<void (*)(int)>(dlsym(handle, "omp_set_num_threads"));
  openMp.getMaxThreads =
      reinterpret_cast<int (*)()>(dlsym(handle, "omp_get_max_threads"));
  if (!openMp.setNumThreads || !openMp.getMaxThreads) {
    error = std::string(library) + " has no omp_set_num_threads";
    return false;
  }
  return true;
}
