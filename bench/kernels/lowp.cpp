//===- lowp.cpp - bf16 and f16 matmul with f32 accumulation ---------------===//
//
// Compiles C[f32] = sum_k float(A[i, k]) * float(B[k, j]) with A and B in
// bf16 or f16 (tinygrad's `a.cast(dtypes.float) @ b.cast(dtypes.float)`:
// each product exact in f32, the sum in f32) and times it, on one thread
// and on two, beside two references in the same run on the same inputs:
//   - oneDNN's matmul primitive with bf16 (f16) sources and an f32
//     destination (OneDnn.h), the low-precision reference (OpenBLAS 0.3.21,
//     the one Debian ships, has no cblas_sbgemm);
//   - OpenBLAS's sgemm on the inputs widened to f32 beforehand, the f32
//     yardstick: what the same matmul costs when nothing is narrow.
// Each result is checked against sgemm's before anything is timed. Each
// rate is the best of several runs after a warm-up, tiny's runs alternating
// with the reference's; tiny/ref is the median over the pairs of runs of the
// reference's time over tiny's (bench/common/BestTime.h).
//
// Threads: tiny's kernels run on libomp, oneDNN on libgomp, OpenBLAS on its
// own pthreads; all three are set before each thread count, and oneDNN's
// primitive is created after (it fixes its thread count then). As in
// bench-conv, KMP_BLOCKTIME=0, GOMP_SPINCOUNT=0 and
// OPENBLAS_THREAD_TIMEOUT=4 unless the environment says otherwise, so no
// side's idle workers spin while another side runs.
//
// Rows bf16t and f16t time tinygrad's own `a @ b` on two bf16 (f16)
// tensors, which rounds each product to the narrow type and the f32 sum
// back to it: against sgemm only, checked within those roundings.
//
// Usage: bench-lowp [--quick] [--size=N] [--print-program=bf16|f16]
//   --quick: 256^3 only, two timed pairs (a smoke run)
//   --size=N: only N^3 (16 to 4096)
//   --print-program=T: print the tiny program for T (at --size, default
//     1024) and exit, for tiny-opt or tiny-run
//
//===----------------------------------------------------------------------===//

#include "bench/common/BestTime.h"
#include "bench/kernels/Machine.h"
#include "bench/kernels/OneDnn.h"
#include "bench/kernels/OpenBlas.h"
#include "bench/kernels/OpenMp.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "jit/OpenMPRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::bench::findOpenMp;
using ::tiny::bench::MatmulSource;
using ::tiny::bench::OneDnnMatmul;
using ::tiny::bench::OpenMp;

namespace {

[[noreturn]] void fail(const std::string &what) {
  std::fprintf(stderr, "bench-lowp: %s\n", what.c_str());
  std::exit(1);
}

/// The narrow element types, as the tiny program and the table name them.
struct LowType {
  const char *name;
  MatmulSource oneDnn;
  /// Significand bits, the implicit one included: 8 for bf16, 11 for f16.
  int significandBits;
};

const LowType lowTypes[] = {{"bf16", MatmulSource::BF16, 8},
                            {"f16", MatmulSource::F16, 11}};

/// The n x n x n matmul on `type` inputs as tinygrad writes
/// `a.cast(dtypes.float) @ b.cast(dtypes.float)`: each flat param widened
/// to f32, then the f32 matmul of bench-kernels (A as n x 1 x n, B
/// transposed as 1 x n x n, both expanded to n x n x n, a product and a sum
/// over the last axis). tinygrad's `a.matmul(b, dtype=dtypes.float)` is not
/// this: it multiplies in the narrow type (each product rounded to bf16 or
/// f16) and widens only for the sum.
std::string lowpMatmulProgram(int64_t n, const char *type) {
  return llvm::formatv(R"(
#dev = #tiny.device<"CPU">
tiny.function @matmul -> tensor<{0}x{0}xf32, #dev> {
  %a = tiny.param 0 : {2} size {1} on "CPU"
  %b = tiny.param 1 : {2} size {1} on "CPU"
  %af = tiny.cast %a to f32 : tensor<{1}x{2}, #dev>
  %bf = tiny.cast %b to f32 : tensor<{1}x{2}, #dev>
  %a3 = tiny.reshape %af to [{0}, 1, {0}] : tensor<{1}xf32, #dev>
  %ae = tiny.expand %a3 to [{0}, {0}, {0}] : tensor<{0}x1x{0}xf32, #dev>
  %b2 = tiny.reshape %bf to [{0}, {0}] : tensor<{1}xf32, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<{0}x{0}xf32, #dev>
  %b3 = tiny.reshape %bt to [1, {0}, {0}] : tensor<{0}x{0}xf32, #dev>
  %be = tiny.expand %b3 to [{0}, {0}, {0}] : tensor<1x{0}x{0}xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<{0}x{0}x{0}xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<{0}x{0}x{0}xf32, #dev>
  %c = tiny.reshape %s to [{0}, {0}] : tensor<{0}x{0}x1xf32, #dev>
  tiny.return %c : tensor<{0}x{0}xf32, #dev>
}
)",
                       n, n * n, type)
      .str();
}

/// The same matmul as tinygrad's `a @ b` on two `type` tensors writes it
/// (`(x * w).cast(float).sum(-1).cast(type)`): each product rounded to
/// `type`, widened, summed in f32, and the sum rounded back to `type`.
std::string tinygradMatmulProgram(int64_t n, const char *type) {
  return llvm::formatv(R"(
#dev = #tiny.device<"CPU">
tiny.function @matmul -> tensor<{0}x{0}x{2}, #dev> {
  %a = tiny.param 0 : {2} size {1} on "CPU"
  %b = tiny.param 1 : {2} size {1} on "CPU"
  %a3 = tiny.reshape %a to [{0}, 1, {0}] : tensor<{1}x{2}, #dev>
  %ae = tiny.expand %a3 to [{0}, {0}, {0}] : tensor<{0}x1x{0}x{2}, #dev>
  %b2 = tiny.reshape %b to [{0}, {0}] : tensor<{1}x{2}, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<{0}x{0}x{2}, #dev>
  %b3 = tiny.reshape %bt to [1, {0}, {0}] : tensor<{0}x{0}x{2}, #dev>
  %be = tiny.expand %b3 to [{0}, {0}, {0}] : tensor<1x{0}x{0}x{2}, #dev>
  %p = tiny.mul %ae, %be : tensor<{0}x{0}x{0}x{2}, #dev>
  %pf = tiny.cast %p to f32 : tensor<{0}x{0}x{0}x{2}, #dev>
  %s = tiny.reduce add %pf axes [2] : tensor<{0}x{0}x{0}xf32, #dev>
  %h = tiny.cast %s to {2} : tensor<{0}x{0}x1xf32, #dev>
  %c = tiny.reshape %h to [{0}, {0}] : tensor<{0}x{0}x1x{2}, #dev>
  tiny.return %c : tensor<{0}x{0}x{2}, #dev>
}
)",
                       n, n * n, type)
      .str();
}

/// The value of `bits`, a bf16 or an f16 (normal, subnormal or zero; the
/// benchmark's sums are finite), as a float.
float widenBits(uint16_t bits, const LowType &type) {
  uint32_t wide;
  if (type.oneDnn == MatmulSource::BF16) {
    wide = static_cast<uint32_t>(bits) << 16;
    float value;
    std::memcpy(&value, &wide, sizeof(value));
    return value;
  }
  float magnitude = std::ldexp(static_cast<float>(bits & 0x3ff), -24);
  int exponent = (bits >> 10) & 0x1f;
  if (exponent)
    magnitude =
        std::ldexp(static_cast<float>(0x400 | (bits & 0x3ff)), exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

/// The bits of `value` as bf16 or f16, for a `value` the type holds
/// exactly (zero or a normal number whose significand fits): the exponent
/// rebiased, the significand's top bits kept.
uint16_t narrowBits(float value, const LowType &type) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if (type.oneDnn == MatmulSource::BF16)
    return static_cast<uint16_t>(bits >> 16);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  if ((bits & 0x7fffffff) == 0)
    return sign;
  int exponent = static_cast<int>((bits >> 23) & 0xff) - 127 + 15;
  return static_cast<uint16_t>(sign | (exponent << 10) |
                               ((bits >> 13) & 0x3ff));
}

/// n^2 values m / 2^(bits - 1) for m in [-2^(bits-1), 2^(bits-1)): in
/// [-1, 1), each exact in `type` (its significand has `bits` bits), the
/// same every run.
std::vector<float> exactValues(int64_t count, const LowType &type,
                               uint32_t seed) {
  const int32_t scale = 1 << (type.significandBits - 1);
  std::vector<float> values(count);
  uint32_t state = seed;
  for (float &value : values) {
    state = state * 1664525u + 1013904223u;
    int32_t m = static_cast<int32_t>(state >> 8) % (2 * scale) - scale;
    value = static_cast<float>(m) / static_cast<float>(scale);
  }
  return values;
}

/// max |x - reference| over max |reference|.
double relativeError(const float *x, const float *reference, int64_t count) {
  double largest = 0, error = 0;
  for (int64_t i = 0; i < count; ++i) {
    largest = std::max(largest, std::fabs(double(reference[i])));
    error = std::max(error, std::fabs(double(x[i]) - reference[i]));
  }
  return error / std::max(largest, 1e-30);
}

/// A size from "--size=N": 16 to 4096, else -1.
int64_t parseSize(const std::string &text) {
  if (text.empty() || text.size() > 4 ||
      !std::all_of(text.begin(), text.end(), ::isdigit))
    return -1;
  int64_t n = std::atoll(text.c_str());
  return n >= 16 && n <= 4096 ? n : -1;
}

} // namespace

int main(int argc, char **argv) {
  bool quick = false;
  int64_t onlySize = 0;
  std::string printProgram;
  const char *usage = "usage: bench-lowp [--quick] [--size=16..4096] "
                      "[--print-program=bf16|f16]";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick")
      quick = true;
    else if (arg.rfind("--size=", 0) == 0 &&
             parseSize(arg.substr(std::strlen("--size="))) > 0)
      onlySize = parseSize(arg.substr(std::strlen("--size=")));
    else if (arg == "--print-program=bf16" || arg == "--print-program=f16")
      printProgram = arg.substr(std::strlen("--print-program="));
    else
      fail("unknown argument '" + arg + "'\n" + usage);
  }
  if (!printProgram.empty()) {
    std::printf("%s", lowpMatmulProgram(onlySize ? onlySize : 1024,
                                        printProgram.c_str())
                          .c_str());
    return 0;
  }
  std::vector<int64_t> sizes = {1024, 2048};
  if (quick)
    sizes = {256};
  if (onlySize)
    sizes = {onlySize};
  const int cores =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> threadCounts = {1};
  if (cores > 1)
    threadCounts.push_back(2);

  // Before any runtime reads them (libgomp: at start-up).
  std::vector<std::string> env =
      ::tiny::bench::defaultEnvAtStart(argv,
                                       {{"KMP_BLOCKTIME", "0"},
                                        {"GOMP_SPINCOUNT", "0"},
                                        {"OPENBLAS_THREAD_TIMEOUT", "4"}},
                                       "bench-lowp");
  const std::string &blocktime = env[0], &spincount = env[1], &timeout = env[2];
  std::printf("machine: %s, %d cores, load average %s (at the start)\n",
              ::tiny::bench::cpuInfo("model name").c_str(), cores,
              ::tiny::bench::loadAverage().c_str());
  // The low-precision features: AVX512_BF16 has vdpbf16ps (bf16 pairs
  // into f32), AVX512_FP16 f16 arithmetic, F16C only f16 <-> f32.
  const std::string flags = " " + ::tiny::bench::readCpuFlags() + " ";
  std::string lowFlags;
  for (std::string flag : {"avx512_bf16", "avx512_fp16", "f16c"}) {
    bool has = flags.find(" " + flag + " ") != std::string::npos;
    lowFlags += " " + flag + (has ? "" : " (absent)");
  }
  std::printf("flags:   %s\n", lowFlags.c_str());

  ::tiny::bench::OpenBlas blas;
  std::string error;
  if (!::tiny::bench::loadOpenBlas("auto", blas, error))
    fail(error);

  DialectRegistry registry;
  registry.insert<TinyDialect, arith::ArithDialect, func::FuncDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
  MLIRContext context(registry);

  OpenMp gnuOpenMp = findOpenMp("libgomp.so.1", "bench-lowp");
  OpenMp llvmOpenMp;
  std::printf("tiny:     JIT-compiled kernels on libomp, %s\n",
              blocktime.c_str());
  std::printf("oneDNN:   %s, matmul (A row-major, B format_tag::any "
              "reordered before timing, C f32 row-major) on libgomp, %s\n",
              ::tiny::bench::oneDnnVersion().c_str(), spincount.c_str());
  std::printf("OpenBLAS: cblas_sgemm on the inputs widened to f32, core %s "
              "(%s), %s\n",
              blas.getCoreName(), blas.coreChoice.c_str(), timeout.c_str());
  std::printf("inputs:   A and B in [-1, 1), exact in bf16 (8 significant "
              "bits) or f16 (11)\n");
  std::printf("rows:     bf16, f16: a.cast(float) @ b.cast(float), f32 out; "
              "bf16t, f16t: tinygrad's a @ b, products and result rounded "
              "to the type\n\n");
  std::printf("%-5s %-7s %3s | %9s | %9s %8s | %9s %8s | %8s | %9s %9s\n",
              "type", "size", "thr", "tiny", "oneDNN", "tiny/", "sgemm f32",
              "tiny/", "compile", "tiny err", "oneDNN err");
  std::printf("%-5s %-7s %3s | %9s | %9s %8s | %9s %8s | %8s | %9s %9s\n", "",
              "", "", "GFLOP/s", "GFLOP/s", "oneDNN", "GFLOP/s", "sgemm", "s",
              "relative", "relative");
  std::fflush(stdout);

  // The matmul program `text` (the `name` rows), parsed and JIT-compiled.
  auto compileMatmul = [&](const std::string &text, const std::string &name) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      fail("cannot parse the " + name + " program");
    FailureOr<std::shared_ptr<Executable>> compiled =
        Executable::compile(*module, "matmul");
    if (failed(compiled))
      fail("cannot compile the " + name + " program");
    return *compiled;
  };
  // Every runtime on `threads` threads; libomp is found once the first
  // compile has loaded it.
  auto setThreads = [&](int threads) {
    if (!llvmOpenMp.setNumThreads)
      llvmOpenMp = findOpenMp(getOpenMPRuntimePath().str(), "bench-lowp");
    llvmOpenMp.setNumThreads(threads);
    gnuOpenMp.setNumThreads(threads);
    blas.setNumThreads(threads);
    if (llvmOpenMp.getMaxThreads() != threads ||
        gnuOpenMp.getMaxThreads() != threads || blas.getNumThreads() != threads)
      fail("cannot set the thread count");
  };
  // About a second per side and reference (3 to 10 pairs) for runs that
  // together take `once` seconds; --quick: 2 pairs.
  auto pairsFor = [&](double once) {
    return quick ? 2 : std::clamp(static_cast<int>(1.0 / once), 3, 10);
  };

  std::vector<std::string> implementations;
  for (int64_t n : sizes) {
    const int64_t count = n * n;
    const double flops = 2.0 * n * n * n;
    for (const LowType &type : lowTypes) {
      std::vector<float> a = exactValues(count, type, 1),
                         b = exactValues(count, type, 2), c(count),
                         reference(count), oneDnnOutput(count);
      std::vector<uint16_t> aBits(count), bBits(count);
      for (int64_t i = 0; i < count; ++i) {
        aBits[i] = narrowBits(a[i], type);
        bBits[i] = narrowBits(b[i], type);
      }
      std::shared_ptr<Executable> program =
          compileMatmul(lowpMatmulProgram(n, type.name), type.name);
      auto runTiny = [&] {
        std::string why;
        if (failed(
                program->invoke({aBits.data(), bBits.data(), c.data()}, why)))
          fail(why);
      };
      auto sgemm = [&] {
        blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
                   a.data(), n, b.data(), n, 0.0f, reference.data(), n);
      };
      std::string used;
      for (int threads : threadCounts) {
        setThreads(threads);
        std::unique_ptr<OneDnnMatmul> oneDnn = OneDnnMatmul::create(
            n, n, n, type.oneDnn, aBits.data(), bBits.data(), error);
        used += (threads > 1 ? " | " : "") + std::to_string(threads) + "t " +
                (oneDnn ? oneDnn->describe() : "none: " + error);

        // The widened inputs' f32 matmul is the answer up to the order of
        // the f32 sums: the products are exact in f32.
        sgemm();
        runTiny();
        double tinyError = relativeError(c.data(), reference.data(), count);
        double oneDnnError = -1;
        if (!(tinyError < 1e-5))
          fail(llvm::formatv("tiny's {0} {1}^3 matmul differs from sgemm's "
                             "on the widened inputs: max |err| {2:e2} of the "
                             "largest |output|",
                             type.name, n, tinyError)
                   .str());
        if (oneDnn) {
          oneDnn->run();
          oneDnn->readOutput(oneDnnOutput.data());
          oneDnnError =
              relativeError(oneDnnOutput.data(), reference.data(), count);
          if (!(oneDnnError < 1e-5))
            fail(llvm::formatv("oneDNN's {0} {1}^3 matmul differs from "
                               "sgemm's: max |err| {2:e2}",
                               type.name, n, oneDnnError)
                     .str());
        }

        int runs = pairsFor(::tiny::bench::secondsOf(runTiny) +
                            ::tiny::bench::secondsOf(sgemm));
        double oneDnnRate = 0, oneDnnRatio = 0, tinyRate = 0;
        if (oneDnn) {
          auto times = ::tiny::bench::timeAlternating(
              runs, [&] { oneDnn->run(); }, runTiny);
          oneDnnRate = flops / times.firstSeconds / 1e9;
          oneDnnRatio = times.medianFirstOverSecond;
          tinyRate = flops / times.secondSeconds / 1e9;
        }
        auto times = ::tiny::bench::timeAlternating(runs, sgemm, runTiny);
        tinyRate = std::max(tinyRate, flops / times.secondSeconds / 1e9);
        std::string size = std::to_string(n) + "^3";
        std::printf("%-5s %-7s %3d | %9.2f | ", type.name, size.c_str(),
                    threads, tinyRate);
        if (oneDnn)
          std::printf("%9.2f %8.2f | ", oneDnnRate, oneDnnRatio);
        else
          std::printf("%9s %8s | ", "-", "-");
        std::printf("%9.2f %8.2f | %8.3f | %9.1e ",
                    flops / times.firstSeconds / 1e9,
                    times.medianFirstOverSecond, program->getCompileSeconds(),
                    tinyError);
        if (oneDnn)
          std::printf("%9.1e\n", oneDnnError);
        else
          std::printf("%9s\n", "-");
        std::fflush(stdout);
      }
      implementations.push_back(
          llvm::formatv("{0,-4} {1,5}^3: {2}", type.name, n, used).str());
    }

    // tinygrad's own form (rows bf16t, f16t): each product rounded to the
    // narrow type and the sum rounded back, so it is checked against sgemm
    // within the rounding that adds, and timed against sgemm alone (oneDNN
    // has no such matmul).
    for (const LowType &type : lowTypes) {
      std::vector<float> a = exactValues(count, type, 1),
                         b = exactValues(count, type, 2), absA(count),
                         absB(count), reference(count), magnitudes(count),
                         c(count);
      std::vector<uint16_t> aBits(count), bBits(count), cBits(count);
      for (int64_t i = 0; i < count; ++i) {
        aBits[i] = narrowBits(a[i], type);
        bBits[i] = narrowBits(b[i], type);
        absA[i] = std::fabs(a[i]);
        absB[i] = std::fabs(b[i]);
      }
      const std::string name = std::string(type.name) + "t";
      std::shared_ptr<Executable> program =
          compileMatmul(tinygradMatmulProgram(n, type.name), name);
      auto runTiny = [&] {
        std::string why;
        if (failed(program->invoke({aBits.data(), bBits.data(), cBits.data()},
                                   why)))
          fail(why);
      };
      auto sgemm = [&] {
        blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
                   a.data(), n, b.data(), n, 0.0f, reference.data(), n);
      };
      // sum_k |a_ik| |b_kj|: what the roundings of the products scale with.
      blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
                 absA.data(), n, absB.data(), n, 0.0f, magnitudes.data(), n);
      for (int threads : threadCounts) {
        setThreads(threads);
        sgemm();
        runTiny();
        for (int64_t i = 0; i < count; ++i)
          c[i] = widenBits(cBits[i], type);
        // Each product and the sum rounded to `type` (unit roundoff u; a
        // subnormal f16 product off by at most 2^-25), both f32 sums off by
        // n 2^-24 of the magnitudes at most.
        const double u = std::ldexp(1.0, -type.significandBits);
        for (int64_t i = 0; i < count; ++i) {
          double bound = u * magnitudes[i] + u * std::fabs(reference[i]) +
                         n * std::ldexp(1.0, -25) +
                         2 * n * std::ldexp(1.0, -24) * magnitudes[i];
          if (!(std::fabs(double(c[i]) - reference[i]) <= 1.01 * bound))
            fail(llvm::formatv("tiny's {0} {1}^3 matmul in tinygrad's form "
                               "is {2} at element {3}, sgemm's {4}: more "
                               "than the roundings allow ({5:e2})",
                               name, n, c[i], i, reference[i], bound)
                     .str());
        }
        double tinyError = relativeError(c.data(), reference.data(), count);
        int runs = pairsFor(::tiny::bench::secondsOf(runTiny) +
                            ::tiny::bench::secondsOf(sgemm));
        auto times = ::tiny::bench::timeAlternating(runs, sgemm, runTiny);
        std::string size = std::to_string(n) + "^3";
        std::printf("%-5s %-7s %3d | %9.2f | %9s %8s | %9.2f %8.2f | %8.3f | "
                    "%9.1e %9s\n",
                    name.c_str(), size.c_str(), threads,
                    flops / times.secondSeconds / 1e9, "-", "-",
                    flops / times.firstSeconds / 1e9,
                    times.medianFirstOverSecond, program->getCompileSeconds(),
                    tinyError, "-");
        std::fflush(stdout);
      }
    }
  }
  std::printf("\noneDNN's implementations (1 thread | 2 threads):\n");
  for (const std::string &line : implementations)
    std::printf("  %s\n", line.c_str());
  std::printf("load average %s (at the end)\n",
              ::tiny::bench::loadAverage().c_str());
  return 0;
}
