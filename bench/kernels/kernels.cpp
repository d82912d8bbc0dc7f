//===- kernels.cpp - compiled kernels against measured references --------===//
//
// Compiles tensor-level programs through -tiny-to-llvm and the JIT and
// prints, for each, tiny's speed beside references measured in this run on
// the same inputs, with the ratios tiny/reference (above 1: tiny is faster):
//   - add of two 2^24 f32 vectors (GB/s moved: bytes read plus bytes
//     written) and sum of one (GB/s read), against plain C++ loops doing
//     the same on as many threads as tiny's kernels use (Stream.h): the
//     memory bandwidth those threads reach, the bound of these kernels
//   - an elementwise chain, relu(a * b + c) * 0.5 on 2^24 f32, and softmax
//     and layernorm along rows of 4096 f32 (2048 rows), in GB/s of the
//     bytes each must move at least (its inputs read once, its output
//     written once), against stream loops that move that many bytes, read
//     and written alike, on the same threads (Stream.h): a loop that only
//     streams, the physical bound, whatever passes over memory tiny's
//     kernels make
//   - 1024x1024x1024 f32 matmul (GFLOP/s) against OpenBLAS sgemm with its
//     fastest kernels for this CPU (OpenBlas.h); 1000^3, whose rows and
//     columns do not fill whole register tiles; 1023^3, odd in every
//     dimension; relu of the 1024^3 matmul, against sgemm then a clamping
//     pass
//   - the same programs in tinygrad's CPU backend (Tinygrad.h), when a
//     tinygrad checkout is there
//   - after the table, the matmul shapes of issue 17 on one thread and on
//     every core: 1024^3, 1000^3, 1023^3, 4096^3, tall-skinny 4096x64x4096
//     (m x k x n), batched 64 x 128^3 and GEMV 1x4096x4096, each against
//     its reference at its best (gemmReference: sgemm; sgemm per matrix,
//     threaded inside or the batch split over threads, whichever is faster;
//     for the GEMV the stream loop reading as many bytes, with sgemv's rate
//     beside it)
// plus the time to lower and JIT-compile each program. Each rate is the
// best of several runs after a warm-up, tiny's runs alternating with the
// reference's; tiny/ref is the median over those pairs of runs of the
// ratio within the pair (a change in the machine's load reaches both runs
// of a pair). Each result is checked first.
// Every reference prints what it ran: OpenBLAS's core and threads, the
// stream loops' threads, tinygrad's device and compiler.
//
// Usage: bench-kernels [--quick] [--device=NAME] [--openblas-core=CORE]
//                      [--tinygrad-script=PATH | --no-tinygrad]
//                      [--spin-check] [--scaling] [--memory-only]
//                      [--beam=N] [--sizes=N,N,...] [--shapes]
//                      [--pack-ab | --schedule-ab=OPTIONS]
//   --quick: smaller sizes, for a smoke run
//   --memory-only: the memory-bound rows only (add, sum, the elementwise
//     chain, softmax, layernorm), no matmul
//   --openblas-core=auto (default: the best core for /proc/cpuinfo's
//     flags, whatever OPENBLAS_CORETYPE the environment has), env (the
//     environment's OPENBLAS_CORETYPE), cpuid (OpenBLAS's own choice), or a
//     core type name (SKYLAKEX, HASWELL, ...)
//   --tinygrad-script=PATH: tinygrad_kernels.py (Bazel passes it);
//     without it, or with --no-tinygrad, no tinygrad column
//   --spin-check: after the table, sgemm right after tiny's matmul and
//     after 300 ms idle, and the other way round (see below)
//   --scaling: after the table, the n^3 matmul against sgemm for n from 64
//     to 4096 (--quick: 256), on one thread and on every core, with the
//     compile time of each size
//   --shapes: the matmul shapes' table alone (no other row, no tinygrad)
//   --sizes=N,N,...: the scaling table alone (no other row, no tinygrad),
//     for these sizes only (1 to 8192)
//   --pack-ab (with --sizes or --shapes): each size compiled a second time with
//     -tiny-cpu-schedule's packing off (pack=off; the packed one pack=on) and
//     timed alternating with the packed one, in the same process: the A/B of
//     packOperand
//   --schedule-ab=OPTIONS (with --sizes or --shapes): the same A/B, of the
//     default schedule against -tiny-cpu-schedule with OPTIONS
//     ("hoist-threads=false", "pack=off threads=1")
//   --beam=N: tiny's CPU kernels scheduled by the kernel search of beam
//     width N (jit/KernelSearch.h; its choices cached, and the search time
//     printed at the end) instead of -tiny-cpu-schedule's heuristic
//   --device=CUDA (or CUDA:1, HIP...): the same programs on that device,
//     through the runtime: buffers are allocated and inputs uploaded once,
//     each timed run is one launch of the program (which waits for the
//     device), results are downloaded and checked; the reference is a
//     device-to-device copy of as many bytes, and the matmul has no
//     library reference (GFLOP/s only).
//
// Threads that wait by spinning can slow whoever runs next on a machine
// with few cores: libomp's workers spin KMP_BLOCKTIME ms (200 by default)
// after each of tiny's parallel loops, OpenBLAS's for up to 2^28 cycles
// after each call. Unless the environment says otherwise the benchmark
// sets KMP_BLOCKTIME=0 and OPENBLAS_THREAD_TIMEOUT=4 (the least: 2^4
// cycles) before either starts, and runs tinygrad in a process of its own
// before anything else. --spin-check measures what the spinning costs with
// the settings in force.
//
//===----------------------------------------------------------------------===//

#include "bench/common/BestTime.h"
#include "bench/kernels/Machine.h"
#include "bench/kernels/OpenBlas.h"
#include "bench/kernels/Stream.h"
#include "bench/kernels/Tinygrad.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "jit/KernelSearch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::bench::bestSeconds;
using ::tiny::bench::OpenBlas;
using ::tiny::bench::TinygradTimes;

using ::tiny::bench::cpuInfo;
using ::tiny::bench::defaultEnv;
using ::tiny::bench::loadAverage;

namespace {

/// The kernel search's beam width for tiny's programs (--beam=N; 0: the
/// heuristic's schedules).
unsigned beamWidth = 0;

float *allocFloats(size_t n) {
  size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
  return static_cast<float *>(std::aligned_alloc(64, bytes));
}

/// Compiles the program `text`'s `entry`; `schedule` (when not empty) sets
/// -tiny-cpu-schedule's options ("pack=off hoist-threads=false").
std::shared_ptr<Executable> compile(MLIRContext &context,
                                    const std::string &text, StringRef entry,
                                    const std::string &schedule = "") {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module) {
    std::fprintf(stderr, "bench: cannot parse the %s program\n",
                 entry.str().c_str());
    std::exit(1);
  }
  CompileOptions options;
  options.beam = beamWidth;
  options.beamVerbose = beamWidth != 0;
  options.cpuSchedule = schedule;
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::compile(*module, entry, options);
  if (failed(program)) {
    std::fprintf(stderr, "bench: cannot compile @%s\n", entry.str().c_str());
    std::exit(1);
  }
  return *program;
}

void invoke(const Executable &program, std::vector<void *> buffers) {
  std::string error;
  if (failed(program.invoke(buffers, error))) {
    std::fprintf(stderr, "bench: %s\n", error.c_str());
    std::exit(1);
  }
}

void check(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "bench: wrong result for %s\n", what);
    std::exit(1);
  }
}

std::string addProgram(int64_t n, StringRef device = "CPU") {
  return llvm::formatv(R"(
tiny.function @add -> tensor<{0}xf32, #tiny.device<"{1}">> {
  %a = tiny.param 0 : f32 size {0} on "{1}"
  %b = tiny.param 1 : f32 size {0} on "{1}"
  %c = tiny.add %a, %b : tensor<{0}xf32, #tiny.device<"{1}">>
  tiny.return %c : tensor<{0}xf32, #tiny.device<"{1}">>
})",
                       n, device);
}

std::string sumProgram(int64_t n, StringRef device = "CPU") {
  return llvm::formatv(R"(
tiny.function @sum -> tensor<1xf32, #tiny.device<"{1}">> {
  %a = tiny.param 0 : f32 size {0} on "{1}"
  %s = tiny.reduce add %a axes [0] : tensor<{0}xf32, #tiny.device<"{1}">>
  tiny.return %s : tensor<1xf32, #tiny.device<"{1}">>
})",
                       n, device);
}

/// y = relu(a * b + c) * 0.5, the relu as tinygrad writes it
/// (where(0 < x, x, 0)): four elementwise ops that -tiny-rangeify fuses
/// into one kernel reading three vectors and writing one.
std::string chainProgram(int64_t n) {
  return llvm::formatv(R"(
#dev = #tiny.device<"CPU">
tiny.function @chain -> tensor<{0}xf32, #dev> {
  %a = tiny.param 0 : f32 size {0} on "CPU"
  %b = tiny.param 1 : f32 size {0} on "CPU"
  %c = tiny.param 2 : f32 size {0} on "CPU"
  %p = tiny.mul %a, %b : tensor<{0}xf32, #dev>, tensor<{0}xf32, #dev>
  %q = tiny.add %p, %c : tensor<{0}xf32, #dev>, tensor<{0}xf32, #dev>
  %zero = tiny.const dense<0.0> : tensor<1xf32, #dev>
  %zeros = tiny.expand %zero to [{0}] : tensor<1xf32, #dev>
  %positive = tiny.cmplt %zeros, %q : tensor<{0}xf32, #dev>, tensor<{0}xf32, #dev>
  %r = tiny.where %positive, %q, %zeros : tensor<{0}xi1, #dev>, tensor<{0}xf32, #dev>, tensor<{0}xf32, #dev>
  %half = tiny.const dense<0.5> : tensor<1xf32, #dev>
  %halves = tiny.expand %half to [{0}] : tensor<1xf32, #dev>
  %y = tiny.mul %r, %halves : tensor<{0}xf32, #dev>, tensor<{0}xf32, #dev>
  tiny.return %y : tensor<{0}xf32, #dev>
})",
                       n);
}

/// Softmax along the last axis of a rows x cols matrix, the numerically
/// stable form as tinygrad's Tensor.softmax writes it: m = x - max(x),
/// e = exp(m) as exp2(m * (1 / ln 2)), e / sum(e).
std::string softmaxProgram(int64_t rows, int64_t cols) {
  return llvm::formatv(R"(
#dev = #tiny.device<"CPU">
tiny.function @softmax -> tensor<{0}x{1}xf32, #dev> {
  %x = tiny.param 0 : f32 size {2} on "CPU"
  %v = tiny.reshape %x to [{0}, {1}] : tensor<{2}xf32, #dev>
  %m = tiny.reduce max %v axes [1] : tensor<{0}x{1}xf32, #dev>
  %me = tiny.expand %m to [{0}, {1}] : tensor<{0}x1xf32, #dev>
  %d = tiny.sub %v, %me : tensor<{0}x{1}xf32, #dev>, tensor<{0}x{1}xf32, #dev>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #dev>
  %le = tiny.expand %l to [{0}, {1}] : tensor<1x1xf32, #dev>
  %dl = tiny.mul %d, %le : tensor<{0}x{1}xf32, #dev>, tensor<{0}x{1}xf32, #dev>
  %e = tiny.exp2 %dl : tensor<{0}x{1}xf32, #dev>
  %s = tiny.reduce add %e axes [1] : tensor<{0}x{1}xf32, #dev>
  %se = tiny.expand %s to [{0}, {1}] : tensor<{0}x1xf32, #dev>
  %o = tiny.fdiv %e, %se : tensor<{0}x{1}xf32, #dev>, tensor<{0}x{1}xf32, #dev>
  tiny.return %o : tensor<{0}x{1}xf32, #dev>
})",
                       rows, cols, rows * cols);
}

/// Layer normalization along the last axis of a rows x cols matrix, no
/// affine, as tinygrad's Tensor.layernorm writes it: y = x - mean(x),
/// y * rsqrt(mean(y * y) + eps) with eps = 1e-5, the means as sums times
/// 1 / cols and rsqrt as the reciprocal of sqrt.
std::string layernormProgram(int64_t rows, int64_t cols) {
  return llvm::formatv(R"(
#dev = #tiny.device<"CPU">
tiny.function @layernorm -> tensor<{0}x{1}xf32, #dev> {
  %x = tiny.param 0 : f32 size {2} on "CPU"
  %v = tiny.reshape %x to [{0}, {1}] : tensor<{2}xf32, #dev>
  %inv = tiny.const dense<{3}> : tensor<1x1xf32, #dev>
  %inve = tiny.expand %inv to [{0}, 1] : tensor<1x1xf32, #dev>
  %s = tiny.reduce add %v axes [1] : tensor<{0}x{1}xf32, #dev>
  %mean = tiny.mul %s, %inve : tensor<{0}x1xf32, #dev>, tensor<{0}x1xf32, #dev>
  %me = tiny.expand %mean to [{0}, {1}] : tensor<{0}x1xf32, #dev>
  %y = tiny.sub %v, %me : tensor<{0}x{1}xf32, #dev>, tensor<{0}x{1}xf32, #dev>
  %y2 = tiny.mul %y, %y : tensor<{0}x{1}xf32, #dev>, tensor<{0}x{1}xf32, #dev>
  %s2 = tiny.reduce add %y2 axes [1] : tensor<{0}x{1}xf32, #dev>
  %var = tiny.mul %s2, %inve : tensor<{0}x1xf32, #dev>, tensor<{0}x1xf32, #dev>
  %eps = tiny.const dense<1.0e-5> : tensor<1x1xf32, #dev>
  %epse = tiny.expand %eps to [{0}, 1] : tensor<1x1xf32, #dev>
  %ve = tiny.add %var, %epse : tensor<{0}x1xf32, #dev>, tensor<{0}x1xf32, #dev>
  %sd = tiny.sqrt %ve : tensor<{0}x1xf32, #dev>
  %r = tiny.reciprocal %sd : tensor<{0}x1xf32, #dev>
  %re = tiny.expand %r to [{0}, {1}] : tensor<{0}x1xf32, #dev>
  %o = tiny.mul %y, %re : tensor<{0}x{1}xf32, #dev>, tensor<{0}x{1}xf32, #dev>
  tiny.return %o : tensor<{0}x{1}xf32, #dev>
})",
                       rows, cols, rows * cols,
                       llvm::formatv("{0:e}", 1.0 / cols).str());
}

/// A matmul's shape: `batch` products of an m x k matrix by a k x n one.
struct GemmShape {
  int64_t batch = 1, m = 0, k = 0, n = 0;

  /// "1024^3", "4096x64x4096" (m x k x n), "64x128^3" (batch x m^3).
  std::string label() const {
    std::string product = m == k && k == n
                              ? std::to_string(m) + "^3"
                              : llvm::formatv("{0}x{1}x{2}", m, k, n).str();
    return batch == 1 ? product : std::to_string(batch) + "x" + product;
  }
  double flops() const { return 2.0 * batch * m * k * n; }
  /// Bytes a product must move at least: both operands read once and the
  /// result written once.
  double bytes() const { return 4.0 * batch * (m * k + k * n + m * n); }
};

/// C = A @ B (batched: C[i] = A[i] @ B[i], the batch outermost) the way
/// tinygrad writes it: broadcast both to (..., M, N, K), multiply, reduce
/// K. A is row-major m x k, B row-major k x n, C row-major m x n. With
/// `relu`, relu(A @ B) as tinygrad's relu writes it: where(0 < C, C, 0),
/// which reads the matmul twice.
std::string gemmProgram(const GemmShape &shape, StringRef device = "CPU",
                        bool relu = false) {
  // The shapes, as "4x1x8" (dims joined by x) with the batch in front.
  auto dims = [&](std::initializer_list<int64_t> list) {
    std::string text = shape.batch == 1 ? "" : std::to_string(shape.batch);
    for (int64_t dim : list)
      text += (text.empty() ? "" : "x") + std::to_string(dim);
    return text;
  };
  auto list = [&](std::initializer_list<int64_t> values) {
    std::string text = "[";
    if (shape.batch != 1)
      text += std::to_string(shape.batch) + ", ";
    for (int64_t value : values)
      text += std::to_string(value) + ", ";
    return text.substr(0, text.size() - 2) + "]";
  };
  const int64_t m = shape.m, k = shape.k, n = shape.n;
  const int64_t sizeA = shape.batch * m * k, sizeB = shape.batch * k * n;
  const int batchDims = shape.batch == 1 ? 0 : 1;
  std::string permutation = batchDims ? "[0, 2, 1]" : "[1, 0]";
  std::string result = "%c";
  std::string epilogue;
  if (relu) {
    result = "%r";
    epilogue =
        llvm::formatv(R"(
  %zero = tiny.const dense<0.0> : tensor<{0}xf32, #dev>
  %zeros = tiny.expand %zero to {1} : tensor<{0}xf32, #dev>
  %positive = tiny.cmplt %zeros, %c : tensor<{2}xf32, #dev>, tensor<{2}xf32, #dev>
  %r = tiny.where %positive, %c, %zeros : tensor<{2}xi1, #dev>, tensor<{2}xf32, #dev>, tensor<{2}xf32, #dev>)",
                      batchDims ? "1x1x1" : "1x1", list({m, n}), dims({m, n}));
  }
  return llvm::formatv(R"(
#dev = #tiny.device<"{0}">
tiny.function @matmul -> tensor<{1}xf32, #dev> {
  %a = tiny.param 0 : f32 size {2} on "{0}"
  %b = tiny.param 1 : f32 size {3} on "{0}"
  %a3 = tiny.reshape %a to {4} : tensor<{2}xf32, #dev>
  %ae = tiny.expand %a3 to {5} : tensor<{6}xf32, #dev>
  %b2 = tiny.reshape %b to {7} : tensor<{3}xf32, #dev>
  %bt = tiny.permute %b2 {8} : tensor<{9}xf32, #dev>
  %b3 = tiny.reshape %bt to {10} : tensor<{11}xf32, #dev>
  %be = tiny.expand %b3 to {5} : tensor<{12}xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<{13}xf32, #dev>
  %s = tiny.reduce add %p axes [{14}] : tensor<{13}xf32, #dev>
  %c = tiny.reshape %s to {15} : tensor<{16}xf32, #dev>{17}
  tiny.return {18} : tensor<{1}xf32, #dev>
})",
                       device, dims({m, n}), sizeA, sizeB, list({m, 1, k}),
                       list({m, n, k}), dims({m, 1, k}), list({k, n}),
                       permutation, dims({k, n}), list({1, n, k}), dims({n, k}),
                       dims({1, n, k}), dims({m, n, k}), batchDims + 2,
                       list({m, n}), dims({m, n, 1}), epilogue, result);
}

/// The n x n x n matmul (see gemmProgram).
std::string matmulProgram(int64_t n, StringRef device = "CPU",
                          bool relu = false) {
  return gemmProgram({1, n, n, n}, device, relu);
}

/// One row of the table: tiny's rate beside the reference's and
/// tinygrad's, in `unit` (GB/s or GFLOP/s), with the ratios tiny/them.
struct Row {
  std::string kernel, size, unit;
  double tiny = 0, compileSeconds = 0;
  std::string reference;
  double referenceRate = 0;
  /// tiny's speed over the reference's: the median over alternating pairs
  /// of runs of the reference's time over tiny's (timeAlternating).
  double ratio = 0;
  /// tinygrad's rate; 0 with `tinygradNote` saying why there is none.
  double tinygrad = 0;
  std::string tinygradNote;
  std::string extra;
};

void printHeader() {
  std::printf("%-9s %-14s %9s %-8s | %-15s %9s %8s | %9s %7s | %9s\n", "kernel",
              "size", "tiny", "unit", "reference", "rate", "tiny/ref",
              "tinygrad", "tiny/tg", "compile");
}

void printRow(const Row &row) {
  std::printf("%-9s %-14s %9.2f %-8s | %-15s %9.2f %8.2f | ",
              row.kernel.c_str(), row.size.c_str(), row.tiny, row.unit.c_str(),
              row.reference.c_str(), row.referenceRate, row.ratio);
  if (row.tinygrad > 0)
    std::printf("%9.2f %7.2f", row.tinygrad, row.tiny / row.tinygrad);
  else
    std::printf("%9s %7s", row.tinygradNote.c_str(), "-");
  std::printf(" | %7.3f s%s\n", row.compileSeconds, row.extra.c_str());
}

/// tinygrad's rate for (kernel, size) from its best time and the work
/// (bytes or flops) one run does; 0 with `row.tinygradNote` set when it has
/// no time.
void setTinygrad(Row &row, const TinygradTimes &tinygrad,
                 const std::string &kernel, int64_t size, double work) {
  if (!tinygrad.absent.empty()) {
    row.tinygradNote = "-";
    return;
  }
  auto found = tinygrad.seconds.find({kernel, size});
  if (found == tinygrad.seconds.end()) {
    row.tinygradNote = tinygrad.errors.count({kernel, size}) ? "error" : "-";
    return;
  }
  row.tinygrad = work / found->second / 1e9;
}

/// The n x n x n matmul (with `relu`, its relu) against OpenBLAS sgemm on
/// the same inputs (and a pass that clamps sgemm's result at 0), after
/// checking its result against theirs; the two alternate.
Row benchMatmul(MLIRContext &context, const OpenBlas &blas,
                const TinygradTimes &tinygrad, int64_t n, int runs,
                bool relu = false) {
  float *x = allocFloats(n * n), *y = allocFloats(n * n),
        *z = allocFloats(n * n), *ref = allocFloats(n * n);
  for (int64_t i = 0; i < n * n; ++i) {
    x[i] = static_cast<float>((i * 7) % 13) / 13.0f - 0.5f;
    y[i] = static_cast<float>((i * 5) % 11) / 11.0f - 0.5f;
  }
  auto matmul = compile(context, matmulProgram(n, "CPU", relu), "matmul");
  auto sgemm = [&] {
    blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, x, n,
               y, n, 0.0f, ref, n);
    if (relu)
      for (int64_t i = 0; i < n * n; ++i)
        ref[i] = std::max(ref[i], 0.0f);
  };
  sgemm();
  invoke(*matmul, {x, y, z});
  double maxError = 0;
  for (int64_t i = 0; i < n * n; ++i)
    maxError =
        std::max(maxError, static_cast<double>(std::fabs(z[i] - ref[i])));
  check(maxError < 1e-3, relu ? "relu(matmul)" : "matmul");
  auto times = ::tiny::bench::timeAlternating(runs, sgemm, [&] {
    invoke(*matmul, {x, y, z});
  });
  double flops = 2.0 * n * n * n;
  Row row;
  row.kernel = relu ? "relu(mm)" : "matmul";
  row.size = std::to_string(n) + "^3 f32";
  row.unit = "GFLOP/s";
  row.tiny = flops / times.secondSeconds / 1e9;
  row.reference = relu ? "sgemm+clamp" : "sgemm";
  row.referenceRate = flops / times.firstSeconds / 1e9;
  row.ratio = times.medianFirstOverSecond;
  setTinygrad(row, tinygrad, relu ? "relu_matmul" : "matmul", n, flops);
  row.compileSeconds = matmul->getCompileSeconds();
  row.extra = llvm::formatv("   max |err| {0:e1}", maxError).str();
  for (float *buffer : {x, y, z, ref})
    std::free(buffer);
  return row;
}

/// Sets how many threads tiny's OpenMP loops (libomp's
/// omp_set_num_threads, for the parallel loops the calling thread starts)
/// and OpenBLAS use from now on. libomp is in the process once a program
/// with a parallel loop has compiled (the JIT loads it globally).
void setThreads(const OpenBlas &blas, int threads) {
  auto setOmpThreads = reinterpret_cast<void (*)(int)>(
      dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
  if (!setOmpThreads) {
    std::fprintf(stderr, "bench: libomp is not loaded\n");
    std::exit(1);
  }
  setOmpThreads(threads);
  blas.setNumThreads(threads);
}

/// C[i] = A[i] @ B[i] by sgemm for the matrices i in [begin, end) of the
/// batch of `shape` (row-major, as gemmProgram reads and writes them).
void sgemmMatrices(const OpenBlas &blas, const GemmShape &shape, const float *a,
                   const float *b, float *c, int64_t begin, int64_t end) {
  const int64_t m = shape.m, k = shape.k, n = shape.n;
  for (int64_t i = begin; i < end; ++i)
    blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f,
               a + i * m * k, k, b + i * k * n, n, 0.0f, c + i * m * n, n);
}

/// What tiny's product of `shape` is timed against, on a given number of
/// threads: a function doing the same work (or moving the same bytes), its
/// name for the table, and how many bytes it moves (GEMV's reference).
struct GemmReference {
  std::function<void()> run;
  std::string name;
  double streamBytes = 0;
};

/// The reference of `shape` on `threads` threads, at its best:
/// - a GEMV (m = 1) is bound by reading B once: the stream loop summing as
///   many floats on as many threads, the issue's 2-thread memory bound;
/// - a batched product: OpenBLAS has no batched sgemm here, so the faster
///   (best of 3 each) of sgemm per matrix with OpenBLAS's threads inside
///   each call, and the matrices split over `threads` std::threads, each
///   calling a one-thread sgemm;
/// - else sgemm.
/// Leaves OpenBLAS's thread count as the chosen reference needs it.
GemmReference gemmReference(const OpenBlas &blas, const GemmShape &shape,
                            unsigned threads, const float *a, const float *b,
                            float *c) {
  const int64_t k = shape.k, n = shape.n;
  auto sgemmRange = [&blas, shape, a, b, c](int64_t begin, int64_t end) {
    sgemmMatrices(blas, shape, a, b, c, begin, end);
  };
  GemmReference reference;
  if (shape.m == 1) {
    reference.run = [b, k, n, threads] {
      volatile float sink = ::tiny::bench::streamSum(b, k * n, threads);
      (void)sink;
    };
    reference.name = "stream sum of B";
    reference.streamBytes = 4.0 * k * n;
    return reference;
  }
  const int64_t batch = shape.batch;
  std::function<void()> inside = [=] { sgemmRange(0, batch); };
  reference.run = inside;
  reference.name = batch == 1 ? "sgemm" : "sgemm per matrix";
  if (batch == 1 || threads == 1)
    return reference;
  std::function<void()> split = [=] {
    std::vector<std::thread> team;
    for (unsigned t = 0; t < threads; ++t)
      team.emplace_back(sgemmRange, batch * t / threads,
                        batch * (t + 1) / threads);
    for (std::thread &thread : team)
      thread.join();
  };
  double insideSeconds = bestSeconds(3, inside);
  blas.setNumThreads(1);
  double splitSeconds = bestSeconds(3, split);
  if (splitSeconds < insideSeconds) {
    reference.run = split;
    reference.name = "sgemm/matrix, split";
    return reference;
  }
  blas.setNumThreads(threads);
  return reference;
}

/// Two -tiny-cpu-schedule option strings to time against each other (A is
/// the table's tiny column, B beside it), with B's column labels.
struct ScheduleAB {
  std::string a, b;
  std::string bLabel = "B", ratioLabel = "B/A";
};

/// tiny's f32 products of `shapes` (GemmShape) beside their references
/// (gemmReference), on one thread and on `cores`: each shape compiled once,
/// its result checked against sgemm's, then timed alternating with the
/// reference on 1 and on `cores` threads (omp_set_num_threads and
/// openblas_set_num_threads between the two); a row per shape and thread
/// count, with the compile time. With `ab` each shape is compiled with its
/// A options for the table and also with its B options, timed alternating
/// with A: B's rate and the median of B's time over A's (above 1: A is
/// faster).
void benchShapes(MLIRContext &context, const OpenBlas &blas,
                 const std::vector<GemmShape> &shapes, unsigned cores,
                 const std::optional<ScheduleAB> &ab) {
  if (ab)
    std::printf("\nA/B: tiny is -tiny-cpu-schedule{%s}, %s is "
                "-tiny-cpu-schedule{%s}",
                ab->a.empty() ? "(defaults)" : ab->a.c_str(),
                ab->bLabel.c_str(), ab->b.c_str());
  std::printf("\n%-8s %-16s %7s %-8s %10s %10s %8s %-20s %9s", "kernel", "size",
              "threads", "unit", "tiny", "reference", "tiny/ref", "reference",
              "compile");
  if (ab)
    std::printf(" %10s %8s", ab->bLabel.c_str(), ab->ratioLabel.c_str());
  std::printf("\n");
  for (const GemmShape &shape : shapes) {
    const int64_t sizeA = shape.batch * shape.m * shape.k,
                  sizeB = shape.batch * shape.k * shape.n,
                  sizeC = shape.batch * shape.m * shape.n;
    float *x = allocFloats(sizeA), *y = allocFloats(sizeB),
          *z = allocFloats(sizeC), *ref = allocFloats(sizeC);
    for (int64_t i = 0; i < sizeA; ++i)
      x[i] = static_cast<float>((i * 7) % 13) / 13.0f - 0.5f;
    for (int64_t i = 0; i < sizeB; ++i)
      y[i] = static_cast<float>((i * 5) % 11) / 11.0f - 0.5f;
    // Each side compiled with its options spelled out: they are part of
    // the compile cache's key (CompileOptions::cpuSchedule).
    auto matmul =
        compile(context, gemmProgram(shape), "matmul", ab ? ab->a : "");
    std::shared_ptr<Executable> unpacked;
    if (ab)
      unpacked = compile(context, gemmProgram(shape), "matmul", ab->b);
    auto tiny = [&] { invoke(*matmul, {x, y, z}); };
    auto tinyUnpacked = [&] { invoke(*unpacked, {x, y, z}); };
    // The check: sgemm per matrix; the products' terms are below 1/4 in
    // size, so k of them sum with an error far below 1e-6 k.
    sgemmMatrices(blas, shape, x, y, ref, 0, shape.batch);
    const double tolerance = std::max(1e-4, 1e-6 * shape.k);
    auto checkResult = [&] {
      double maxError = 0;
      for (int64_t i = 0; i < sizeC; ++i)
        maxError =
            std::max(maxError, static_cast<double>(std::fabs(z[i] - ref[i])));
      check(maxError < tolerance, "matmul");
    };
    tiny();
    checkResult();
    if (ab) {
      std::fill(z, z + sizeC, 0.0f);
      tinyUnpacked();
      checkResult();
    }
    const bool gemv = shape.m == 1;
    const double work = gemv ? shape.bytes() : shape.flops();
    // About a second of runs per side at the largest sizes.
    int pairs = shape.flops() <= 3e8    ? 20
                : shape.flops() <= 3e9  ? 10
                : shape.flops() <= 2e10 ? 4
                                        : 2;
    for (unsigned threads : {1u, cores}) {
      setThreads(blas, threads);
      GemmReference reference = gemmReference(blas, shape, threads, x, y, ref);
      auto times = ::tiny::bench::timeAlternating(pairs, reference.run, tiny);
      double referenceWork = gemv ? reference.streamBytes : work;
      std::printf("%-8s %-16s %7u %-8s %10.2f %10.2f %8.2f %-20s %9.3f",
                  gemv              ? "gemv"
                  : shape.batch > 1 ? "bmm"
                                    : "matmul",
                  (shape.label() + " f32").c_str(), threads,
                  gemv ? "GB/s" : "GFLOP/s", work / times.secondSeconds / 1e9,
                  referenceWork / times.firstSeconds / 1e9,
                  times.medianFirstOverSecond, reference.name.c_str(),
                  matmul->getCompileSeconds());
      if (ab) {
        auto pair = ::tiny::bench::timeAlternating(pairs, tinyUnpacked, tiny);
        std::printf(" %10.2f %8.2f", work / pair.firstSeconds / 1e9,
                    pair.medianFirstOverSecond);
      }
      if (gemv) {
        // OpenBLAS's GEMV on these threads, for comparison: y = x B is
        // B^T x in column-major terms.
        blas.setNumThreads(threads);
        double sgemvSeconds = bestSeconds(pairs, [&] {
          blas.sgemv(CblasRowMajor, CblasTrans, shape.k, shape.n, 1.0f, y,
                     shape.n, x, 1, 0.0f, ref, 1);
        });
        std::printf("  sgemv %.2f GB/s", work / sgemvSeconds / 1e9);
      }
      std::printf("  load %s\n", loadAverage().c_str());
      std::fflush(stdout);
      if (cores == 1)
        break;
    }
    for (float *buffer : {x, y, z, ref})
      std::free(buffer);
  }
  setThreads(blas, cores);
}

/// How tiny's n^3 f32 matmul and sgemm grow with n (`sizes`; none: 64 to
/// 4096, --quick: to 256): benchShapes over the n^3 shapes.
void benchScaling(MLIRContext &context, const OpenBlas &blas, bool quick,
                  unsigned cores, std::vector<int64_t> sizes,
                  const std::optional<ScheduleAB> &ab) {
  if (sizes.empty())
    for (int64_t n = 64; n <= (quick ? 256 : 4096); n *= 2)
      sizes.push_back(n);
  std::vector<GemmShape> shapes;
  for (int64_t n : sizes)
    shapes.push_back({1, n, n, n});
  benchShapes(context, blas, shapes, cores, ab);
}

/// The issue's matmul shapes (GFLOP/s, GEMV in GB/s): square 1024^3, 1000^3,
/// 1023^3 and 4096^3, tall-skinny 4096x64x4096 (m x k x n), batched 64 x
/// 128^3 and GEMV 1x4096x4096 (a row vector times a matrix); --quick: small
/// ones of the same kinds.
void benchMatmulShapes(MLIRContext &context, const OpenBlas &blas, bool quick,
                       unsigned cores, const std::optional<ScheduleAB> &ab) {
  std::vector<GemmShape> shapes =
      quick
          ? std::vector<GemmShape>{{1, 100, 100, 100},
                                   {1, 256, 16, 256},
                                   {4, 32, 32, 32},
                                   {1, 1, 256, 256}}
          : std::vector<GemmShape>{{1, 1024, 1024, 1024}, {1, 1000, 1000, 1000},
                                   {1, 1023, 1023, 1023}, {1, 4096, 4096, 4096},
                                   {1, 4096, 64, 4096},   {64, 128, 128, 128},
                                   {1, 1, 4096, 4096}};
  benchShapes(context, blas, shapes, cores, ab);
}

/// Whether threads left spinning by one side slow the other: the n^3
/// sgemm timed right after tiny's matmul (libomp's workers may still spin)
/// and after 300 ms idle (they sleep by then), and tiny's matmul right after
/// sgemm (OpenBLAS's may spin) and after 300 ms idle; best of `runs` each.
void benchSpinning(MLIRContext &context, const OpenBlas &blas, int64_t n,
                   int runs) {
  std::vector<float> x(n * n, 0.5f), y(n * n, 0.25f), z(n * n);
  auto matmul = compile(context, matmulProgram(n), "matmul");
  auto sgemm = [&] {
    blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
               x.data(), n, y.data(), n, 0.0f, z.data(), n);
  };
  auto tiny = [&] { invoke(*matmul, {x.data(), y.data(), z.data()}); };
  using ::tiny::bench::secondsOf;
  auto idle = [] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  };
  double sgemmAfterTiny = 1e30, sgemmAfterIdle = 1e30, tinyAfterSgemm = 1e30,
         tinyAfterIdle = 1e30;
  sgemm();
  tiny();
  for (int i = 0; i < runs; ++i) {
    tiny();
    sgemmAfterTiny = std::min(sgemmAfterTiny, secondsOf(sgemm));
    idle();
    sgemmAfterIdle = std::min(sgemmAfterIdle, secondsOf(sgemm));
    tinyAfterSgemm = std::min(tinyAfterSgemm, secondsOf(tiny));
    idle();
    tinyAfterIdle = std::min(tinyAfterIdle, secondsOf(tiny));
  }
  double flops = 2.0 * n * n * n;
  std::printf("spinning: %lld^3 sgemm %.2f GFLOP/s right after tiny, %.2f "
              "after 300 ms idle (%.2f); tiny %.2f GFLOP/s right after sgemm, "
              "%.2f after 300 ms idle (%.2f)\n",
              static_cast<long long>(n), flops / sgemmAfterTiny / 1e9,
              flops / sgemmAfterIdle / 1e9, sgemmAfterIdle / sgemmAfterTiny,
              flops / tinyAfterSgemm / 1e9, flops / tinyAfterIdle / 1e9,
              tinyAfterIdle / tinyAfterSgemm);
}

/// The threads tiny's kernels run on: $OMP_NUM_THREADS, else all cores.
unsigned kernelThreads() {
  if (const char *threads = std::getenv("OMP_NUM_THREADS"))
    if (int count = std::atoi(threads); count > 0)
      return count;
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The largest |tiny - reference| over n elements, relative to
/// `scale` + |reference|: the check of the row kernels against a plain loop
/// in double.
double maxRelativeError(const float *tiny, const std::vector<double> &ref,
                        size_t n, double scale) {
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    double error = std::fabs(tiny[i] - ref[i]) / (scale + std::fabs(ref[i]));
    // A NaN compares false: it must fail the check.
    if (!(error <= worst))
      worst = std::isnan(error) ? INFINITY : error;
  }
  return worst;
}

/// A memory-bound kernel against the stream loop that moves the bytes it
/// must move at least (`streamBytes`: its inputs read once, its output
/// written once), alternating as the add and sum rows do.
Row benchStreamBound(const std::string &kernel, const std::string &size,
                     const Executable &program,
                     const std::vector<void *> &buffers, double bytes,
                     const std::string &reference,
                     const std::function<void()> &stream, int runs) {
  auto times = ::tiny::bench::timeAlternating(
      runs, stream, [&] { invoke(program, buffers); });
  Row row;
  row.kernel = kernel;
  row.size = size;
  row.unit = "GB/s";
  row.tiny = bytes / times.secondSeconds / 1e9;
  row.reference = reference;
  row.referenceRate = bytes / times.firstSeconds / 1e9;
  row.ratio = times.medianFirstOverSecond;
  row.tinygradNote = "-";
  row.compileSeconds = program.getCompileSeconds();
  return row;
}

/// The elementwise chain and the row kernels (softmax, layernorm over rows
/// of `cols`), each against the stream loop of the bytes it must move.
void benchRowKernels(MLIRContext &context, int64_t n, int64_t rows,
                     int64_t cols, unsigned threads, int runs) {
  using namespace ::tiny::bench;
  // Elementwise chain: reads a, b, c, writes y.
  {
    float *a = allocFloats(n), *b = allocFloats(n), *c = allocFloats(n),
          *y = allocFloats(n), *d = allocFloats(n);
    for (int64_t i = 0; i < n; ++i) {
      a[i] = static_cast<float>(i % 1000) * 0.01f - 5.0f;
      b[i] = static_cast<float>(i % 7) - 3.0f;
      c[i] = static_cast<float>(i % 13) - 6.0f;
    }
    auto chain = compile(context, chainProgram(n), "chain");
    invoke(*chain, {a, b, c, y});
    std::vector<double> ref(n);
    for (int64_t i = 0; i < n; ++i) {
      double q = static_cast<double>(a[i]) * b[i] + c[i];
      ref[i] = (q > 0 ? q : 0) * 0.5;
    }
    check(maxRelativeError(y, ref, n, 1.0) <= 1e-6, "the elementwise chain");
    printRow(benchStreamBound(
        "chain", std::to_string(n) + " f32", *chain, {a, b, c, y},
        4.0 * n * sizeof(float), "stream 3r1w",
        [&] { streamAdd3(a, b, c, d, n, threads); }, runs));
    for (float *buffer : {a, b, c, y, d})
      std::free(buffer);
  }

  // Softmax and layernorm: read the matrix, write one of its size.
  const int64_t elements = rows * cols;
  float *x = allocFloats(elements), *y = allocFloats(elements),
        *z = allocFloats(elements);
  for (int64_t i = 0; i < elements; ++i)
    x[i] = static_cast<float>((i * 7919) % 2000) * 0.004f - 4.0f;
  const std::string size = std::to_string(rows) + "x" + std::to_string(cols);
  const double bytes = 2.0 * elements * sizeof(float);
  auto stream = [&] { streamScale(x, z, 0.5f, elements, threads); };
  std::vector<double> ref(elements);

  auto softmax = compile(context, softmaxProgram(rows, cols), "softmax");
  invoke(*softmax, {x, y});
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = x + r * cols;
    double most = -INFINITY, total = 0;
    for (int64_t j = 0; j < cols; ++j)
      most = std::max(most, static_cast<double>(row[j]));
    for (int64_t j = 0; j < cols; ++j)
      total += ref[r * cols + j] = std::exp(row[j] - most);
    for (int64_t j = 0; j < cols; ++j)
      ref[r * cols + j] /= total;
  }
  // Relative to the row's mean value: exp2's error is relative.
  check(maxRelativeError(y, ref, elements, 1.0 / cols) <= 1e-5, "softmax");
  printRow(benchStreamBound("softmax", size + " f32", *softmax, {x, y}, bytes,
                            "stream 1r1w", stream, runs));

  auto layernorm = compile(context, layernormProgram(rows, cols), "layernorm");
  invoke(*layernorm, {x, y});
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = x + r * cols;
    double mean = 0, variance = 0;
    for (int64_t j = 0; j < cols; ++j)
      mean += row[j];
    mean /= cols;
    for (int64_t j = 0; j < cols; ++j)
      variance += (row[j] - mean) * (row[j] - mean);
    variance /= cols;
    for (int64_t j = 0; j < cols; ++j)
      ref[r * cols + j] = (row[j] - mean) / std::sqrt(variance + 1e-5);
  }
  check(maxRelativeError(y, ref, elements, 1.0) <= 1e-5, "layernorm");
  printRow(benchStreamBound("layernorm", size + " f32", *layernorm, {x, y},
                            bytes, "stream 1r1w", stream, runs));
  for (float *buffer : {x, y, z})
    std::free(buffer);
}

/// The CPU benchmarks: the table.
int benchOnCpu(MLIRContext &context, const OpenBlas &blas,
               const TinygradTimes &tinygrad, bool quick, bool spinCheck,
               bool scaling, bool memoryOnly, int runs) {
  const int64_t n = quick ? (1 << 16) : (1 << 24);
  // A pass over the vectors takes milliseconds: more runs, for a best time
  // that other processes on the machine disturbed least.
  const int vectorRuns = 5 * runs;
  const unsigned threads = kernelThreads();
  float *a = allocFloats(n), *b = allocFloats(n), *c = allocFloats(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = static_cast<float>(i % 7);
    c[i] = 0;
  }
  const double bytes = static_cast<double>(n) * sizeof(float);

  // The streaming bound: plain loops on as many threads as tiny's kernels,
  // each alternating with tiny's kernel on the same vectors.
  using ::tiny::bench::timeAlternating;
  double copySeconds = bestSeconds(
      vectorRuns, [&] { ::tiny::bench::streamCopy(a, c, n, threads); });
  std::printf("stream copy: %.2f GB/s (%lld f32, bytes read + written)\n\n",
              2 * bytes / copySeconds / 1e9, static_cast<long long>(n));
  printHeader();

  // Elementwise add.
  auto add = compile(context, addProgram(n), "add");
  invoke(*add, {a, b, c});
  check(c[12345 % n] == a[12345 % n] + b[12345 % n] &&
            c[n - 1] == a[n - 1] + b[n - 1],
        "add");
  auto addTimes = timeAlternating(
      vectorRuns, [&] { ::tiny::bench::streamAdd(a, b, c, n, threads); },
      [&] {
        invoke(*add, {a, b, c});
      });
  Row addRow;
  addRow.kernel = "add";
  addRow.size = std::to_string(n) + " f32";
  addRow.unit = "GB/s";
  addRow.tiny = 3 * bytes / addTimes.secondSeconds / 1e9;
  addRow.reference = "stream add";
  addRow.referenceRate = 3 * bytes / addTimes.firstSeconds / 1e9;
  addRow.ratio = addTimes.medianFirstOverSecond;
  setTinygrad(addRow, tinygrad, "add", n, 3 * bytes);
  addRow.compileSeconds = add->getCompileSeconds();
  printRow(addRow);

  // Sum.
  auto sum = compile(context, sumProgram(n), "sum");
  float total = 0;
  invoke(*sum, {a, &total});
  double expected = 0;
  for (int64_t i = 0; i < n; ++i)
    expected += a[i];
  check(std::fabs(total - expected) <= 1e-4 * std::fabs(expected), "sum");
  float streamTotal = ::tiny::bench::streamSum(a, n, threads);
  check(std::fabs(streamTotal - expected) <= 1e-4 * std::fabs(expected),
        "the stream sum");
  auto sumTimes = timeAlternating(
      vectorRuns,
      [&] { streamTotal = ::tiny::bench::streamSum(a, n, threads); },
      [&] {
        invoke(*sum, {a, &total});
      });
  Row sumRow;
  sumRow.kernel = "sum";
  sumRow.size = addRow.size;
  sumRow.unit = "GB/s";
  sumRow.tiny = bytes / sumTimes.secondSeconds / 1e9;
  sumRow.reference = "stream sum";
  sumRow.referenceRate = bytes / sumTimes.firstSeconds / 1e9;
  sumRow.ratio = sumTimes.medianFirstOverSecond;
  setTinygrad(sumRow, tinygrad, "sum", n, bytes);
  sumRow.compileSeconds = sum->getCompileSeconds();
  printRow(sumRow);
  for (float *buffer : {a, b, c})
    std::free(buffer);
  benchRowKernels(context, n, quick ? 16 : 2048, 4096, threads, vectorRuns);
  if (memoryOnly)
    return 0;

  printRow(benchMatmul(context, blas, tinygrad, quick ? 128 : 1024, runs));
  printRow(benchMatmul(context, blas, tinygrad, quick ? 100 : 1000, runs));
  printRow(benchMatmul(context, blas, tinygrad, quick ? 99 : 1023, runs));
  printRow(benchMatmul(context, blas, tinygrad, quick ? 128 : 1024, runs,
                       /*relu=*/true));

  if (spinCheck)
    benchSpinning(context, blas, quick ? 128 : 1024, runs);
  benchMatmulShapes(context, blas, quick, kernelThreads(), std::nullopt);
  if (scaling)
    benchScaling(context, blas, quick, kernelThreads(), {}, std::nullopt);
  for (const auto &[key, error] : tinygrad.errors)
    std::printf("tinygrad %s %lld: %s\n", key.first.c_str(),
                static_cast<long long>(key.second), error.c_str());
  return 0;
}

void fail(const std::string &what, const std::string &error) {
  std::fprintf(stderr, "bench: %s: %s\n", what.c_str(), error.c_str());
  std::exit(1);
}

/// A program on a device: its buffers allocated once, its inputs uploaded
/// once; `run` launches it and waits for the device.
class DeviceProgram {
public:
  DeviceProgram(tiny_runtime_t runtime, std::shared_ptr<Executable> program,
                std::vector<const void *> inputs)
      : program(std::move(program)) {
    std::string error;
    auto prepared = this->program->prepare(runtime, error);
    if (failed(prepared))
      fail("allocating the buffers", error);
    buffers = std::move(*prepared);
    if (failed(buffers->upload(inputs, error)))
      fail("uploading the inputs", error);
  }

  void run() {
    std::string error;
    if (failed(program->launch(*buffers, error)))
      fail("running the program", error);
  }

  void download(std::vector<void *> outputs) {
    std::string error;
    if (failed(buffers->download(outputs, error)))
      fail("downloading the results", error);
  }

  const Executable &getProgram() const { return *program; }

private:
  std::shared_ptr<Executable> program;
  std::unique_ptr<DeviceBuffers> buffers;
};

/// The same benchmarks on `device` through the runtime (--device=NAME).
int benchOnDevice(MLIRContext &context, const OpenBlas &blas,
                  const std::string &device, int64_t n, int64_t matmulSize,
                  int runs) {
  tiny_runtime_t runtime = nullptr;
  std::string error;
  if (takeRuntimeError(tiny_runtime_create(&runtime), error))
    fail("creating the runtime", error);
  tiny_device_t target = nullptr;
  if (takeRuntimeError(tiny_device_get(runtime, device.c_str(), &target),
                       error))
    fail("device " + device, error);
  const double bytes = static_cast<double>(n) * sizeof(float);

  // The reference: a copy within the device.
  tiny_buffer_t from = nullptr, to = nullptr;
  if (takeRuntimeError(tiny_buffer_allocate(target, TINY_DTYPE_F32, n, &from),
                       error) ||
      takeRuntimeError(tiny_buffer_allocate(target, TINY_DTYPE_F32, n, &to),
                       error))
    fail("allocating on " + device, error);
  double copySeconds = bestSeconds(runs, [&] {
    if (takeRuntimeError(tiny_buffer_copy(to, from), error) ||
        takeRuntimeError(tiny_device_synchronize(target), error))
      fail("copying on " + device, error);
  });
  double copyGBs = 2 * bytes / copySeconds / 1e9;
  std::printf("copy       %9.0f KiB   %8.2f GB/s (read + write, on %s)\n",
              bytes / 1024, copyGBs, device.c_str());
  for (tiny_buffer_t buffer : {from, to})
    if (takeRuntimeError(tiny_buffer_release(buffer), error))
      fail("releasing a buffer", error);

  std::vector<float> a(n), b(n), c(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = static_cast<float>(i % 7);
  }

  DeviceProgram add(runtime, compile(context, addProgram(n, device), "add"),
                    {a.data(), b.data()});
  add.run();
  add.download({c.data()});
  check(c[12345 % n] == a[12345 % n] + b[12345 % n] &&
            c[n - 1] == a[n - 1] + b[n - 1],
        "add");
  double addSeconds = bestSeconds(runs, [&] { add.run(); });
  double addGBs = 3 * bytes / addSeconds / 1e9;
  std::printf("add        %9lld f32   %8.2f GB/s   %5.1f%% of the copy   "
              "compile %.3f s\n",
              static_cast<long long>(n), addGBs, 100 * addGBs / copyGBs,
              add.getProgram().getCompileSeconds());

  DeviceProgram sum(runtime, compile(context, sumProgram(n, device), "sum"),
                    {a.data()});
  float total = 0;
  sum.run();
  sum.download({&total});
  double expected = 0;
  for (int64_t i = 0; i < n; ++i)
    expected += a[i];
  check(std::fabs(total - expected) <= 1e-4 * std::fabs(expected), "sum");
  double sumSeconds = bestSeconds(runs, [&] { sum.run(); });
  double sumGBs = bytes / sumSeconds / 1e9;
  std::printf("sum        %9lld f32   %8.2f GB/s   %5.1f%% of the copy   "
              "compile %.3f s\n",
              static_cast<long long>(n), sumGBs, 100 * sumGBs / copyGBs,
              sum.getProgram().getCompileSeconds());

  int64_t m = matmulSize;
  std::vector<float> x(m * m), y(m * m), z(m * m), ref(m * m);
  for (int64_t i = 0; i < m * m; ++i) {
    x[i] = static_cast<float>((i * 7) % 13) / 13.0f - 0.5f;
    y[i] = static_cast<float>((i * 5) % 11) / 11.0f - 0.5f;
  }
  blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, m, m, 1.0f, x.data(),
             m, y.data(), m, 0.0f, ref.data(), m);
  DeviceProgram matmul(runtime,
                       compile(context, matmulProgram(m, device), "matmul"),
                       {x.data(), y.data()});
  matmul.run();
  matmul.download({z.data()});
  double maxError = 0;
  for (int64_t i = 0; i < m * m; ++i)
    maxError =
        std::max(maxError, static_cast<double>(std::fabs(z[i] - ref[i])));
  check(maxError < 1e-3, "matmul");
  double matmulSeconds = bestSeconds(runs, [&] { matmul.run(); });
  double flops = 2.0 * m * m * m;
  std::printf("matmul     %4lld^3 f32   %8.2f GFLOP/s   compile %.3f s   "
              "max |err| %.2g\n",
              static_cast<long long>(m), flops / matmulSeconds / 1e9,
              matmul.getProgram().getCompileSeconds(), maxError);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  bool quick = false, withTinygrad = true, spinCheck = false, scaling = false,
       memoryOnly = false, shapesOnly = false;
  std::optional<ScheduleAB> ab;
  std::vector<int64_t> sizes;
  std::string device = "CPU", openblasCore = "auto", tinygradScript;
  const char *usage = "usage: bench-kernels [--quick] [--device=NAME] "
                      "[--openblas-core=auto|env|cpuid|CORE] "
                      "[--tinygrad-script=PATH | --no-tinygrad] "
                      "[--spin-check] [--scaling] [--memory-only] "
                      "[--beam=N] [--sizes=N,N,...] [--shapes] "
                      "[--pack-ab | --schedule-ab=OPTIONS]";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *flag) { return arg.rfind(flag, 0) == 0; };
    if (arg == "--quick")
      quick = true;
    else if (arg == "--spin-check")
      spinCheck = true;
    else if (arg == "--scaling")
      scaling = true;
    else if (arg == "--memory-only")
      memoryOnly = true;
    else if (arg == "--no-tinygrad")
      withTinygrad = false;
    else if (arg == "--pack-ab")
      ab = ScheduleAB{"pack=on", "pack=off", "unpacked", "pack/no"};
    else if (value("--schedule-ab=")) {
      std::string options = arg.substr(std::strlen("--schedule-ab="));
      if (options.empty())
        fail("--schedule-ab takes -tiny-cpu-schedule options", usage);
      ab = ScheduleAB{"", options};
    } else if (arg == "--shapes")
      shapesOnly = true;
    else if (value("--sizes=")) {
      std::string list = arg.substr(std::strlen("--sizes="));
      for (size_t start = 0; start <= list.size();) {
        size_t end = std::min(list.find(',', start), list.size());
        std::string size = list.substr(start, end - start);
        char *rest = nullptr;
        long long parsed = std::strtoll(size.c_str(), &rest, 10);
        if (size.empty() || *rest || parsed < 1 || parsed > 8192)
          fail("--sizes takes sizes from 1 to 8192 separated by commas, "
               "not '" +
                   list + "'",
               usage);
        sizes.push_back(parsed);
        start = end + 1;
      }
    } else if (value("--device="))
      device = arg.substr(std::strlen("--device="));
    else if (value("--openblas-core="))
      openblasCore = arg.substr(std::strlen("--openblas-core="));
    else if (value("--tinygrad-script="))
      tinygradScript = arg.substr(std::strlen("--tinygrad-script="));
    else if (value("--beam=")) {
      std::string width = arg.substr(std::strlen("--beam="));
      char *end = nullptr;
      unsigned long parsed = std::strtoul(width.c_str(), &end, 10);
      if (width.empty() || *end || width[0] == '-' || parsed > 64)
        fail("--beam takes a width from 0 to 64, not '" + width + "'", usage);
      beamWidth = parsed;
    } else
      fail("unknown argument '" + arg + "'", usage);
  }
  if (ab && sizes.empty() && !shapesOnly)
    fail("--pack-ab and --schedule-ab time the scaling or shapes table: give "
         "--sizes or --shapes",
         usage);
  if (!sizes.empty() && (device != "CPU" || memoryOnly || spinCheck))
    fail("--sizes runs the scaling table alone, on the CPU", usage);
  if (shapesOnly &&
      (device != "CPU" || memoryOnly || spinCheck || scaling || !sizes.empty()))
    fail("--shapes runs the shapes table alone, on the CPU", usage);
  // The scaling and shapes tables alone have no tinygrad column.
  if (!sizes.empty() || shapesOnly)
    withTinygrad = false;
  const int runs = quick ? 2 : 10;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());

  std::printf("machine: %s, %u cores, load average %s (at the start)\n",
              cpuInfo("model name").c_str(), cores, loadAverage().c_str());
  // Before libomp and OpenBLAS start: their waiting threads must not spin
  // while the other side runs.
  std::string blocktime = defaultEnv("KMP_BLOCKTIME", "0", "bench-kernels");
  std::string blasTimeout =
      defaultEnv("OPENBLAS_THREAD_TIMEOUT", "4", "bench-kernels");

  // tinygrad first, alone: its process ends before anything else starts.
  TinygradTimes tinygrad;
  if (device != "CPU")
    tinygrad.absent = "not run on --device";
  else if (!withTinygrad)
    tinygrad.absent = "--no-tinygrad";
  else if (tinygradScript.empty())
    tinygrad.absent = "no --tinygrad-script";
  else
    tinygrad = ::tiny::bench::timeInTinygrad(
        tinygradScript, quick ? (1 << 16) : (1 << 24),
        quick ? "128,100,99" : "1024,1000,1023", quick ? "128" : "1024", runs);

  OpenBlas blas;
  std::string error;
  if (!::tiny::bench::loadOpenBlas(openblasCore, blas, error))
    fail("OpenBLAS", error);

  const char *ompThreads = std::getenv("OMP_NUM_THREADS");
  std::printf("tiny:     JIT-compiled kernels, OpenMP threads: %s, %s\n",
              ompThreads
                  ? ompThreads
                  : ("all cores (" + std::to_string(cores) + ")").c_str(),
              blocktime.c_str());
  std::printf("OpenBLAS: core %s, %d threads; %s; %s\n", blas.getCoreName(),
              blas.getNumThreads(), blas.coreChoice.c_str(),
              blasTimeout.c_str());
  std::printf("stream:   plain C++ loops on %u std::threads (as many as "
              "tiny's), -O3 -march=native\n",
              kernelThreads());
  if (tinygrad.absent.empty())
    std::printf("tinygrad: %s, its kernels on one worker thread\n",
                tinygrad.setup.c_str());
  else
    std::printf("tinygrad: absent, no tinygrad column (%s)\n",
                tinygrad.absent.c_str());

  DialectRegistry registry;
  registry.insert<TinyDialect, arith::ArithDialect, func::FuncDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
  MLIRContext context(registry);
  int status =
      device != "CPU"
          ? benchOnDevice(context, blas, device, quick ? (1 << 16) : (1 << 24),
                          quick ? 128 : 1024, runs)
      : !sizes.empty()
          ? (benchScaling(context, blas, quick, kernelThreads(), sizes, ab), 0)
      : shapesOnly
          ? (benchMatmulShapes(context, blas, quick, kernelThreads(), ab), 0)
          : benchOnCpu(context, blas, tinygrad, quick, spinCheck, scaling,
                       memoryOnly, runs);
  if (beamWidth) {
    KernelSearchStats search = getKernelSearchStats();
    std::printf("beam %u: %u kernels searched (%u candidates timed) in "
                "%.1f s, %u from the cache\n",
                beamWidth, search.numSearched, search.numTimed, search.seconds,
                search.numFromCache);
  }
  std::printf("load average %s (at the end)\n", loadAverage().c_str());
  return status;
}
