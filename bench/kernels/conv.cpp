//===- conv.cpp - ResNet-18's convolutions against oneDNN -----------------===//
//
// Compiles each distinct conv2d of ResNet-18 (224x224 input, NCHW f32, no
// bias) as the tensor-level tiny program tinygrad's conv2d lowers to
// (pad, the windows as movement ops, a product with the weights, a sum) and
// times it beside oneDNN's convolution primitive (OneDnn.h) on the same
// inputs, in this run, on one thread and on two, batch 1 and 16. Each
// result is checked against oneDNN's first; each rate is the best of
// several runs after a warm-up, tiny's runs alternating with oneDNN's, and
// tiny/oneDNN is the median over the pairs of runs of oneDNN's time over
// tiny's (bench/common/BestTime.h).
//
// Threads: tiny's kernels run on LLVM's OpenMP (libomp, loaded by the JIT),
// oneDNN on GNU OpenMP (libgomp, which libdnnl links): two runtimes, each
// with its own omp_set_num_threads, both set before each thread count (and
// oneDNN's primitive is created after, since it fixes its thread count
// then). Waiting threads of either runtime spinning would slow the other
// side on a small machine: unless the environment says otherwise the
// benchmark sets KMP_BLOCKTIME=0 (libomp) and GOMP_SPINCOUNT=0 (libgomp),
// so both sleep as soon as a parallel loop ends. libgomp reads its variable
// when the process starts, so the benchmark runs itself again with them set
// (defaultEnvAtStart): set in main, GOMP_SPINCOUNT came too late, oneDNN's
// idle threads spun, and tiny's 2-thread runs, each right after one of
// oneDNN's, ran as slowly as on one thread (3x3 128>128 @28, batch 1: 93 and
// 93 GFLOP/s on 1 and 2 threads; 93 and 178 with the variable set before
// the start).
//
// Usage: bench-conv [--quick] [--batch=N] [--shape=I] [--print-program=I]
//   --quick: three batch-1 shapes, two timed runs each (a smoke run)
//   --batch=N: only batch N (1 or 16; default both)
//   --shape=I: only the I-th shape of the table (0 the stem, 10 the last)
//   --print-program=I: print the tiny program of the I-th shape of the
//     table (0 the stem; batch 1 unless --batch says) and exit, for
//     tiny-opt or tiny-run
//
//===----------------------------------------------------------------------===//

#include "bench/common/BestTime.h"
#include "bench/kernels/Machine.h"
#include "bench/kernels/OneDnn.h"
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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::bench::ConvShape;
using ::tiny::bench::OneDnnConv;

using ::tiny::bench::cpuInfo;
using ::tiny::bench::defaultEnvAtStart;
using ::tiny::bench::findOpenMp;
using ::tiny::bench::loadAverage;
using ::tiny::bench::OpenMp;

namespace {

[[noreturn]] void fail(const std::string &what) {
  std::fprintf(stderr, "bench-conv: %s\n", what.c_str());
  std::exit(1);
}

std::string join(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text;
}

/// Writes a tiny.function one op at a time, each op on the previous op's
/// result, keeping the shape of that result.
class ProgramWriter {
public:
  explicit ProgramWriter(std::string name) : name(std::move(name)) {}

  /// A param of `elements` f32 reshaped to `shape`; it becomes the current
  /// value.
  void param(int index, const std::vector<int64_t> &shape) {
    int64_t elements = 1;
    for (int64_t dim : shape)
      elements *= dim;
    shapeNow = {elements};
    emit(llvm::formatv("tiny.param {0} : f32 size {1} on \"CPU\"", index,
                       elements));
    reshape(shape);
  }
  void reshape(const std::vector<int64_t> &shape) {
    if (shape != shapeNow)
      emit("tiny.reshape " + current() + " to [" + join(shape) +
               "] : " + type(shapeNow),
           shape);
  }
  void expand(const std::vector<int64_t> &shape) {
    emit("tiny.expand " + current() + " to [" + join(shape) +
             "] : " + type(shapeNow),
         shape);
  }
  void permute(const std::vector<int64_t> &order) {
    std::vector<int64_t> shape;
    for (int64_t axis : order)
      shape.push_back(shapeNow[axis]);
    emit("tiny.permute " + current() + " [" + join(order) +
             "] : " + type(shapeNow),
         shape);
  }
  /// Keeps [0, end) of every dimension.
  void shrinkTo(const std::vector<int64_t> &end) {
    if (end != shapeNow)
      emit("tiny.shrink " + current() + " [" +
               join(std::vector<int64_t>(end.size(), 0)) + "] to [" +
               join(end) + "] : " + type(shapeNow),
           end);
  }
  void pad(const std::vector<int64_t> &low, const std::vector<int64_t> &high) {
    std::vector<int64_t> shape = shapeNow;
    for (size_t i = 0; i < shape.size(); ++i)
      shape[i] += low[i] + high[i];
    emit("tiny.pad " + current() + " low [" + join(low) + "] high [" +
             join(high) + "] : " + type(shapeNow),
         shape);
  }
  /// The current value times `other` (an earlier value of the same shape).
  void mul(const std::string &other) {
    emit("tiny.mul " + current() + ", " + other + " : " + type(shapeNow));
  }
  void sum(const std::vector<int64_t> &axes) {
    std::vector<int64_t> shape = shapeNow;
    for (int64_t axis : axes)
      shape[axis] = 1;
    emit("tiny.reduce add " + current() + " axes [" + join(axes) +
             "] : " + type(shapeNow),
         shape);
  }

  std::string current() const { return "%" + std::to_string(next - 1); }
  const std::vector<int64_t> &shape() const { return shapeNow; }

  std::string finish() {
    return "tiny.function @" + name + " -> " + type(shapeNow) + " {\n" + body +
           "  tiny.return " + current() + " : " + type(shapeNow) + "\n}\n";
  }

private:
  static std::string type(const std::vector<int64_t> &shape) {
    std::string text = "tensor<";
    for (int64_t dim : shape)
      text += std::to_string(dim) + "x";
    return text + "f32, #tiny.device<\"CPU\">>";
  }
  void emit(const std::string &op) { emit(op, shapeNow); }
  void emit(const std::string &op, const std::vector<int64_t> &shape) {
    body += "  %" + std::to_string(next++) + " = " + op + "\n";
    shapeNow = shape;
  }

  std::string name, body;
  std::vector<int64_t> shapeNow;
  int next = 0;
};

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// The convolution as tinygrad's conv2d writes it (groups 1, dilation 1),
/// a tiny.function @conv of the NCHW input (param 0) and the OIHW weights
/// (param 1). The windows come from movement ops alone: the padded input
/// (P = size + 2 padding on each side) is repeated r times along each
/// spatial dimension, each row of r P is cut to k (P f + 1) and split into
/// k rows of P f + 1, whose offset grows by one from each row to the next:
/// row i holds the input from i on, and keeping every stride-th of its
/// first out stride elements gives the window's i-th element at each output
/// position. A product with the weights broadcast over the batch and the
/// output positions, and a sum over (channel, kernel row, kernel column).
std::string convProgram(const ConvShape &shape) {
  const int64_t n = shape.batch, c = shape.inChannels, o = shape.outChannels,
                k = shape.kernel, s = shape.stride;
  const int64_t padded = shape.size + 2 * shape.padding;
  const int64_t out = ceilDiv(padded - (k - 1), s);
  if (out != shape.outSize())
    fail("inconsistent output size");
  // f: how many times the padded row must fit in one window row so the
  // stride's cut (out s) is possible; r: the repeats that make k such rows.
  const int64_t f = std::max<int64_t>(1, ceilDiv(out * s - 1, padded));
  const int64_t row = padded * f + 1, repeats = ceilDiv(k * row, padded);

  ProgramWriter program("conv");
  program.param(1, {o, c, k, k});
  program.reshape({1, o, 1, 1, c, k, k});
  program.expand({n, o, out, out, c, k, k});
  const std::string weights = program.current();

  program.param(0, {n, c, shape.size, shape.size});
  if (shape.padding)
    program.pad({0, 0, shape.padding, shape.padding},
                {0, 0, shape.padding, shape.padding});
  program.reshape({n, c, 1, padded, 1, padded});
  program.expand({n, c, repeats, padded, repeats, padded});
  program.reshape({n, c, repeats * padded, repeats * padded});
  program.shrinkTo({n, c, k * row, k * row});
  program.reshape({n, c, k, row, k, row});
  program.shrinkTo({n, c, k, out * s, k, out * s});
  program.reshape({n, c, k, out, s, k, out, s});
  program.shrinkTo({n, c, k, out, 1, k, out, 1});
  program.reshape({n, c, k, out, k, out});
  // (n, c, out, out, k, k), then broadcast over the output channels and
  // ordered as the weights: (n, o, out, out, c, k, k).
  program.permute({0, 1, 3, 5, 2, 4});
  program.reshape({n, c, 1, out, out, k, k});
  program.expand({n, c, o, out, out, k, k});
  program.permute({0, 2, 3, 4, 1, 5, 6});
  program.mul(weights);
  program.sum({4, 5, 6});
  program.reshape({n, o, out, out});
  return program.finish();
}

/// Values in [-1, 1), the same every run.
void fillRandom(float *values, int64_t count, uint32_t seed) {
  uint32_t state = seed;
  for (int64_t i = 0; i < count; ++i) {
    state = state * 1664525u + 1013904223u;
    values[i] = static_cast<float>(state >> 8) / (1 << 23) - 1.0f;
  }
}

struct NamedShape {
  const char *name;
  ConvShape shape;
};

/// ResNet-18's distinct convolutions for a 224x224 input (batch set
/// later): the stem, then each stage's 3x3 (and, entering stages 2-4, the
/// stride-2 3x3 and the 1x1 stride-2 downsample of the shortcut).
std::vector<NamedShape> resnet18Shapes() {
  return {
      {"7x7/2 3>64 @224", {0, 3, 64, 224, 7, 2, 3}},
      {"3x3 64>64 @56", {0, 64, 64, 56, 3, 1, 1}},
      {"3x3/2 64>128 @56", {0, 64, 128, 56, 3, 2, 1}},
      {"1x1/2 64>128 @56", {0, 64, 128, 56, 1, 2, 0}},
      {"3x3 128>128 @28", {0, 128, 128, 28, 3, 1, 1}},
      {"3x3/2 128>256 @28", {0, 128, 256, 28, 3, 2, 1}},
      {"1x1/2 128>256 @28", {0, 128, 256, 28, 1, 2, 0}},
      {"3x3 256>256 @14", {0, 256, 256, 14, 3, 1, 1}},
      {"3x3/2 256>512 @14", {0, 256, 512, 14, 3, 2, 1}},
      {"1x1/2 256>512 @14", {0, 256, 512, 14, 1, 2, 0}},
      {"3x3 512>512 @7", {0, 512, 512, 7, 3, 1, 1}},
  };
}

float *allocFloats(int64_t n) {
  size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
  return static_cast<float *>(std::aligned_alloc(64, bytes));
}

} // namespace

int main(int argc, char **argv) {
  bool quick = false;
  int64_t onlyBatch = 0;
  int printProgram = -1, onlyShape = -1;
  // A shape's index, 0 to 10; -1 for anything else.
  auto shapeIndex = [](const std::string &text) {
    if (text.empty() || text.size() > 2 ||
        !std::all_of(text.begin(), text.end(), ::isdigit))
      return -1;
    int index = std::atoi(text.c_str());
    return index < static_cast<int>(resnet18Shapes().size()) ? index : -1;
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick")
      quick = true;
    else if (arg.rfind("--batch=", 0) == 0 &&
             (arg == "--batch=1" || arg == "--batch=16"))
      onlyBatch = std::atoi(arg.c_str() + std::strlen("--batch="));
    else if (arg.rfind("--print-program=", 0) == 0 &&
             shapeIndex(arg.substr(std::strlen("--print-program="))) >= 0)
      printProgram = shapeIndex(arg.substr(std::strlen("--print-program=")));
    else if (arg.rfind("--shape=", 0) == 0 &&
             shapeIndex(arg.substr(std::strlen("--shape="))) >= 0)
      onlyShape = shapeIndex(arg.substr(std::strlen("--shape=")));
    else
      fail("unknown argument '" + arg +
           "'\nusage: bench-conv [--quick] [--batch=1|16] "
           "[--shape=0..10] [--print-program=0..10]");
  }
  if (printProgram >= 0) {
    ConvShape shape = resnet18Shapes()[printProgram].shape;
    shape.batch = onlyBatch ? onlyBatch : 1;
    std::printf("%s", convProgram(shape).c_str());
    return 0;
  }
  const int cores =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> threadCounts = {1};
  if (cores > 1)
    threadCounts.push_back(2);

  // Before either OpenMP runtime reads them (libgomp: at start-up).
  std::vector<std::string> env = defaultEnvAtStart(
      argv, {{"KMP_BLOCKTIME", "0"}, {"GOMP_SPINCOUNT", "0"}}, "bench-conv");
  const std::string &blocktime = env[0], &spincount = env[1];
  std::printf("machine: %s, %d cores, load average %s (at the start)\n",
              cpuInfo("model name").c_str(), cores, loadAverage().c_str());

  DialectRegistry registry;
  registry.insert<TinyDialect, arith::ArithDialect, func::FuncDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
  MLIRContext context(registry);

  std::vector<NamedShape> shapes = resnet18Shapes();
  if (quick)
    shapes = {shapes[9], shapes[5], shapes[10]};
  else if (onlyShape >= 0)
    shapes = {shapes[onlyShape]};
  std::vector<int64_t> batches = {1, 16};
  if (quick)
    batches = {1};
  else if (onlyBatch)
    batches = {onlyBatch};

  OpenMp gnuOpenMp = findOpenMp("libgomp.so.1", "bench-conv");
  OpenMp llvmOpenMp;
  std::printf("tiny:     JIT-compiled kernels on libomp, %s\n",
              blocktime.c_str());
  std::printf("oneDNN:   %s, convolution_forward (forward_inference, "
              "convolution_direct, no bias), format_tag::any, on libgomp, "
              "%s\n",
              ::tiny::bench::oneDnnVersion().c_str(), spincount.c_str());
  std::printf("inputs:   NCHW f32 input and OIHW weights in [-1, 1); tiny "
              "reads and writes NCHW, oneDNN its own layouts (reordered "
              "before timing)\n\n");
  std::printf("%-18s %5s | %9s %9s | %9s %9s | %6s %6s | %8s | %9s\n", "shape",
              "batch", "tiny 1t", "tiny 2t", "oneDNN 1t", "oneDNN 2t", "1t",
              "2t", "compile", "max err");
  std::printf("%-18s %5s | %9s %9s | %9s %9s | %6s %6s | %8s | %9s\n", "", "",
              "GFLOP/s", "GFLOP/s", "GFLOP/s", "GFLOP/s", "tiny/", "tiny/", "s",
              "relative");
  std::printf("%-18s %5s | %9s %9s | %9s %9s | %6s %6s | %8s | %9s\n", "", "",
              "", "", "", "", "oneDNN", "oneDNN", "", "");
  std::fflush(stdout);

  std::vector<std::string> implementations;
  for (int64_t batch : batches) {
    for (const NamedShape &named : shapes) {
      ConvShape shape = named.shape;
      shape.batch = batch;
      float *input = allocFloats(shape.inputElements()),
            *weights = allocFloats(shape.weightElements()),
            *output = allocFloats(shape.outputElements()),
            *reference = allocFloats(shape.outputElements());
      fillRandom(input, shape.inputElements(), 1);
      fillRandom(weights, shape.weightElements(), 2);

      std::string text = convProgram(shape);
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(text, &context);
      if (!module)
        fail(std::string("cannot parse the program of ") + named.name);
      FailureOr<std::shared_ptr<Executable>> compiled =
          Executable::compile(*module, "conv");
      if (failed(compiled))
        fail(std::string("cannot compile ") + named.name);
      std::shared_ptr<Executable> program = *compiled;
      auto runTiny = [&] {
        std::string error;
        if (failed(program->invoke({input, weights, output}, error)))
          fail(error);
      };
      // libomp is there once the first program has compiled.
      if (!llvmOpenMp.setNumThreads) {
        llvmOpenMp = findOpenMp(getOpenMPRuntimePath().str(), "bench-conv");
      }

      double rates[2][2] = {{0, 0}, {0, 0}}, ratios[2] = {0, 0};
      double maxError = 0;
      std::string used;
      for (size_t t = 0; t < threadCounts.size(); ++t) {
        int threads = threadCounts[t];
        llvmOpenMp.setNumThreads(threads);
        gnuOpenMp.setNumThreads(threads);
        if (llvmOpenMp.getMaxThreads() != threads ||
            gnuOpenMp.getMaxThreads() != threads)
          fail("cannot set the thread count");
        std::string error;
        std::unique_ptr<OneDnnConv> oneDnn =
            OneDnnConv::create(shape, input, weights, error);
        if (!oneDnn)
          fail(std::string("oneDNN refuses ") + named.name + ": " + error);
        used += (t ? " | " : "") + std::to_string(threads) + "t " +
                oneDnn->describe();
        if (t == 0) {
          // Check tiny against oneDNN, relative to the output's magnitude.
          runTiny();
          oneDnn->run();
          oneDnn->readOutput(reference);
          double largest = 0;
          for (int64_t i = 0; i < shape.outputElements(); ++i) {
            largest = std::max(largest, std::fabs(double(reference[i])));
            maxError =
                std::max(maxError, std::fabs(double(output[i]) - reference[i]));
          }
          maxError /= std::max(largest, 1e-30);
          if (!(maxError < 1e-4))
            fail(llvm::formatv("tiny's {0} batch {1} differs from oneDNN's: "
                               "max |err| {2:e2} of the largest |output|",
                               named.name, batch, maxError)
                     .str());
        }
        // About half a second per side (at least 3 pairs, at most 20);
        // --quick: 2 pairs.
        double once = ::tiny::bench::secondsOf(runTiny) +
                      ::tiny::bench::secondsOf([&] { oneDnn->run(); });
        int runs = quick ? 2 : std::clamp(static_cast<int>(1.0 / once), 3, 20);
        auto times = ::tiny::bench::timeAlternating(
            runs, [&] { oneDnn->run(); }, runTiny);
        rates[t][0] = shape.flops() / times.secondSeconds / 1e9;
        rates[t][1] = shape.flops() / times.firstSeconds / 1e9;
        ratios[t] = times.medianFirstOverSecond;
      }
      implementations.push_back(
          llvm::formatv("{0,-18} {1,5}: {2}", named.name, batch, used).str());
      std::printf("%-18s %5lld | %9.2f %9.2f | %9.2f %9.2f | %6.2f %6.2f | "
                  "%8.3f | %9.1e\n",
                  named.name, static_cast<long long>(batch), rates[0][0],
                  rates[1][0], rates[0][1], rates[1][1], ratios[0], ratios[1],
                  program->getCompileSeconds(), maxError);
      std::fflush(stdout);
      for (float *buffer : {input, weights, output, reference})
        std::free(buffer);
    }
  }
  std::printf("\noneDNN's implementations (1 thread | 2 threads):\n");
  for (const std::string &line : implementations)
    std::printf("  %s\n", line.c_str());
  std::printf("load average %s (at the end)\n", loadAverage().c_str());
  return 0;
}
