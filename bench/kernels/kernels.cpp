//===- kernels.cpp - compiled kernels against memcpy and OpenBLAS ----------===//
//
// Compiles four tensor-level programs through -tiny-to-llvm and the JIT and
// prints, measured in this run:
//   - add of two 2^24 f32 vectors: GB/s moved, against memcpy of as many
//     bytes (both count bytes read plus bytes written)
//   - sum of a 2^24 f32 vector: GB/s read, against the same memcpy
//   - 1024x1024x1024 f32 matmul: GFLOP/s, against OpenBLAS sgemm;
//     1000x1000x1000, whose rows and columns do not fill whole register
//     tiles; and 1023x1023x1023, odd in every dimension (rows past the last
//     multiple of 8, no unrolling of the reduction); and relu of the
//     1024^3 matmul, against sgemm then a clamping pass
// plus the time to lower and JIT-compile each program. Each timing is the
// best of several runs after a warm-up; each result is checked first.
//
// Usage: bench-kernels [--quick] [--device=NAME]
//   --quick: smaller sizes, for a smoke run
//   --device=CUDA (or CUDA:1, HIP...): the same programs on that device,
//     through the runtime: buffers are allocated and inputs uploaded once,
//     each timed run is one launch of the program (which waits for the
//     device), results are downloaded and checked; the reference is a
//     device-to-device copy of as many bytes, and the matmul has no
//     library reference (GFLOP/s only).
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "bench/common/BestTime.h"
#include "jit/Executable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include <cblas.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::bench::bestSeconds;

namespace {

float *allocFloats(size_t n) {
  size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
  return static_cast<float *>(std::aligned_alloc(64, bytes));
}

std::shared_ptr<Executable> compile(MLIRContext &context,
                                    const std::string &text,
                                    StringRef entry) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module) {
    std::fprintf(stderr, "bench: cannot parse the %s program\n",
                 entry.str().c_str());
    std::exit(1);
  }
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::compile(*module, entry);
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

/// C = A @ B the way tinygrad writes it: broadcast both to (M, N, K),
/// multiply, reduce K. With `relu`, relu(A @ B) as tinygrad's relu writes
/// it: where(0 < C, C, 0), which reads the matmul twice.
std::string matmulProgram(int64_t n, StringRef device = "CPU",
                          bool relu = false) {
  std::string result = "%c";
  std::string epilogue;
  if (relu) {
    result = "%r";
    epilogue = llvm::formatv(R"(
  %zero = tiny.const dense<0.0> : tensor<1x1xf32, #dev>
  %zeros = tiny.expand %zero to [{0}, {0}] : tensor<1x1xf32, #dev>
  %positive = tiny.cmplt %zeros, %c : tensor<{0}x{0}xf32, #dev>, tensor<{0}x{0}xf32, #dev>
  %r = tiny.where %positive, %c, %zeros : tensor<{0}x{0}xi1, #dev>, tensor<{0}x{0}xf32, #dev>, tensor<{0}x{0}xf32, #dev>)",
                             n);
  }
  return llvm::formatv(R"(
#dev = #tiny.device<"{2}">
tiny.function @matmul -> tensor<{0}x{0}xf32, #dev> {
  %a = tiny.param 0 : f32 size {1} on "{2}"
  %b = tiny.param 1 : f32 size {1} on "{2}"
  %a3 = tiny.reshape %a to [{0}, 1, {0}] : tensor<{1}xf32, #dev>
  %ae = tiny.expand %a3 to [{0}, {0}, {0}] : tensor<{0}x1x{0}xf32, #dev>
  %b2 = tiny.reshape %b to [{0}, {0}] : tensor<{1}xf32, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<{0}x{0}xf32, #dev>
  %b3 = tiny.reshape %bt to [1, {0}, {0}] : tensor<{0}x{0}xf32, #dev>
  %be = tiny.expand %b3 to [{0}, {0}, {0}] : tensor<1x{0}x{0}xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<{0}x{0}x{0}xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<{0}x{0}x{0}xf32, #dev>
  %c = tiny.reshape %s to [{0}, {0}] : tensor<{0}x{0}x1xf32, #dev>{3}
  tiny.return {4} : tensor<{0}x{0}xf32, #dev>
})",
                       n, n * n, device, epilogue, result);
}

/// Times the n x n x n matmul (with `relu`, its relu) against OpenBLAS
/// sgemm on the same inputs (and a pass that clamps sgemm's result at 0),
/// after checking its result against theirs.
void benchMatmul(MLIRContext &context, int64_t n, int runs, bool relu = false) {
  float *x = allocFloats(n * n), *y = allocFloats(n * n),
        *z = allocFloats(n * n), *ref = allocFloats(n * n);
  for (int64_t i = 0; i < n * n; ++i) {
    x[i] = static_cast<float>((i * 7) % 13) / 13.0f - 0.5f;
    y[i] = static_cast<float>((i * 5) % 11) / 11.0f - 0.5f;
  }
  auto matmul = compile(context, matmulProgram(n, "CPU", relu), "matmul");
  auto blas = [&] {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, x, n,
                y, n, 0.0f, ref, n);
    if (relu)
      for (int64_t i = 0; i < n * n; ++i)
        ref[i] = std::max(ref[i], 0.0f);
  };
  double blasSeconds = bestSeconds(runs, blas);
  invoke(*matmul, {x, y, z});
  double maxError = 0;
  for (int64_t i = 0; i < n * n; ++i)
    maxError =
        std::max(maxError, static_cast<double>(std::fabs(z[i] - ref[i])));
  check(maxError < 1e-3, relu ? "relu(matmul)" : "matmul");
  double matmulSeconds = bestSeconds(runs, [&] { invoke(*matmul, {x, y, z}); });
  double flops = 2.0 * n * n * n;
  std::printf("%s %4lld^3 f32   %8.2f GFLOP/s %5.1f%% of OpenBLAS "
              "(%.2f GFLOP/s)   compile %.3f s   max |err| %.2g\n",
              relu ? "relu(mm)  " : "matmul    ", static_cast<long long>(n),
              flops / matmulSeconds / 1e9, 100 * blasSeconds / matmulSeconds,
              flops / blasSeconds / 1e9, matmul->getCompileSeconds(), maxError);
  for (float *buffer : {x, y, z, ref})
    std::free(buffer);
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
int benchOnDevice(MLIRContext &context, const std::string &device, int64_t n,
                  int64_t matmulSize, int runs) {
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
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, m, m, 1.0f,
              x.data(), m, y.data(), m, 0.0f, ref.data(), m);
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
  bool quick = false;
  std::string device = "CPU";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick")
      quick = true;
    else if (arg.rfind("--device=", 0) == 0)
      device = arg.substr(std::strlen("--device="));
    else
      fail("unknown argument '" + arg + "'",
           "usage: bench-kernels [--quick] [--device=NAME]");
  }
  const int64_t n = quick ? (1 << 16) : (1 << 24);
  const int runs = quick ? 2 : 5;

  DialectRegistry registry;
  registry.insert<TinyDialect, arith::ArithDialect, func::FuncDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
  MLIRContext context(registry);
  if (device != "CPU")
    return benchOnDevice(context, device, n, quick ? 128 : 1024, runs);

  float *a = allocFloats(n), *b = allocFloats(n), *c = allocFloats(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = static_cast<float>(i % 7);
    c[i] = 0;
  }
  const double bytes = static_cast<double>(n) * sizeof(float);

  double memcpySeconds =
      bestSeconds(runs, [&] { std::memcpy(c, a, n * sizeof(float)); });
  double memcpyGBs = 2 * bytes / memcpySeconds / 1e9;
  std::printf("memcpy     %9.0f KiB   %8.2f GB/s (read + write)\n",
              bytes / 1024, memcpyGBs);

  // Elementwise add.
  auto add = compile(context, addProgram(n), "add");
  invoke(*add, {a, b, c});
  check(c[12345 % n] == a[12345 % n] + b[12345 % n] &&
            c[n - 1] == a[n - 1] + b[n - 1],
        "add");
  double addSeconds = bestSeconds(runs, [&] { invoke(*add, {a, b, c}); });
  double addGBs = 3 * bytes / addSeconds / 1e9;
  std::printf("add        %9lld f32   %8.2f GB/s   %5.1f%% of memcpy   "
              "compile %.3f s\n",
              static_cast<long long>(n), addGBs, 100 * addGBs / memcpyGBs,
              add->getCompileSeconds());

  // Sum.
  auto sum = compile(context, sumProgram(n), "sum");
  float total = 0;
  invoke(*sum, {a, &total});
  double expected = 0;
  for (int64_t i = 0; i < n; ++i)
    expected += a[i];
  check(std::fabs(total - expected) <= 1e-4 * std::fabs(expected), "sum");
  double sumSeconds = bestSeconds(runs, [&] { invoke(*sum, {a, &total}); });
  double sumGBs = bytes / sumSeconds / 1e9;
  std::printf("sum        %9lld f32   %8.2f GB/s   %5.1f%% of memcpy   "
              "compile %.3f s\n",
              static_cast<long long>(n), sumGBs, 100 * sumGBs / memcpyGBs,
              sum->getCompileSeconds());

  benchMatmul(context, quick ? 128 : 1024, runs);
  benchMatmul(context, quick ? 100 : 1000, runs);
  benchMatmul(context, quick ? 99 : 1023, runs);
  benchMatmul(context, quick ? 128 : 1024, runs, /*relu=*/true);
  return 0;
}
