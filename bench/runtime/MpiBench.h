//===- MpiBench.h - what the MPI benchmarks share ---------------*- C++ -*-===//
//
// bench-mpi-allreduce and bench-mpi-program time collectives the same way
// and compile the same kind of allreduce program, over different devices.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_RUNTIME_MPIBENCH_H
#define TINY_BENCH_RUNTIME_MPIBENCH_H

#include "bench/common/BestTime.h"

#include <mpi.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace tiny::bench {

/// Best over `runs` of the slowest rank's time of `fn`, after a warm-up.
inline double bestCollectiveSeconds(int runs, const std::function<void()> &fn) {
  fn();
  double best = 1e30;
  for (int i = 0; i < runs; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    double mine = secondsOf(fn), slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    best = std::min(best, slowest);
  }
  return best;
}

/// A tiny.function @f of one f32 param of `length` elements per device of
/// `devices` (param k on devices[k]), allreduced with add; it returns each
/// device's copy.
inline std::string allreduceProgram(const std::vector<std::string> &devices,
                                    size_t length) {
  std::string types, params, values, selects, results, names;
  std::string size = std::to_string(length);
  for (size_t k = 0; k < devices.size(); ++k) {
    std::string index = std::to_string(k);
    std::string separator = k ? ", " : "";
    types += separator + "tensor<" + size + "xf32, #tiny.device<\"" +
             devices[k] + "\">>";
    names += separator + "\"" + devices[k] + "\"";
    params += "  %p" + index + " = tiny.param " + index + " : f32 size " +
              size + " on \"" + devices[k] + "\"\n";
    values += separator + "%p" + index;
    results += separator + "%s" + index;
  }
  std::string multi = "tensor<" + size + "xf32, #tiny.device<" + names + ">>";
  for (size_t k = 0; k < devices.size(); ++k)
    selects += "  %s" + std::to_string(k) + " = tiny.mselect %r[" +
               std::to_string(k) + "] : " + multi + "\n";
  return "tiny.function @f -> tuple<" + types + "> {\n" + params +
         "  %m = tiny.mstack " + values + " : " + types + "\n" +
         "  %r = tiny.allreduce add %m : " + multi + "\n" + selects +
         "  %t = tiny.tuple " + results + " : " + types + "\n" +
         "  tiny.return %t : tuple<" + types + ">\n}\n";
}

} // namespace tiny::bench

#endif // TINY_BENCH_RUNTIME_MPIBENCH_H
