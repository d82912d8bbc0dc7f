//===- ExecutableTest.cpp - the JIT embedding API --------------------------===//
//
// Compiles tensor-level programs with mlir::tiny::Executable and checks the
// numbers against references computed here in plain C++, the program cache,
// and the errors bad inputs get.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

using namespace mlir;
using namespace mlir::tiny;

namespace {

class ExecutableTest : public ::testing::Test {
protected:
  ExecutableTest() { context.loadDialect<TinyDialect>(); }

  std::shared_ptr<Executable> compile(const std::string &text,
                                      StringRef entry = "f") {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module) << text;
    if (!module)
      return nullptr;
    FailureOr<std::shared_ptr<Executable>> program =
        Executable::compile(*module, entry);
    EXPECT_TRUE(succeeded(program)) << text;
    return succeeded(program) ? *program : nullptr;
  }

  template <typename T>
  HostTensor tensorOf(Type dtype, const std::vector<T> &values) {
    HostTensor tensor = HostTensor::zeros(
        dtype, {static_cast<int64_t>(values.size())});
    std::memcpy(tensor.data.data(), values.data(), values.size() * sizeof(T));
    return tensor;
  }

  MLIRContext context;
};

/// A program applying one binary op to two 8-element params.
std::string binaryProgram(StringRef op, StringRef dtype) {
  return llvm::formatv(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<8x{1}, #cpu> {{
  %a = tiny.param 0 : {0} size 8 on "CPU"
  %b = tiny.param 1 : {0} size 8 on "CPU"
  %c = tiny.{2} %a, %b : tensor<8x{0}, #cpu>
  tiny.return %c : tensor<8x{1}, #cpu>
})",
                       dtype, op.starts_with("cmp") ? "i1" : dtype, op);
}

TEST_F(ExecutableTest, RunsAProgram) {
  auto program = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %m : tensor<2x3xf32, #cpu>
})");
  ASSERT_TRUE(program);
  std::vector<float> x = {1, -2, 3.5f, 0, 1e30f, -0.25f};
  std::string error;
  auto results = program->run({tensorOf(Builder(&context).getF32Type(), x)},
                              error);
  ASSERT_TRUE(succeeded(results)) << error;
  ASSERT_EQ(results->size(), 1u);
  EXPECT_EQ((*results)[0].shape, (SmallVector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ((*results)[0].getAsDouble(i), static_cast<double>(x[i] * 2.0f));
}

TEST_F(ExecutableTest, CachesByContent) {
  std::string text = binaryProgram("add", "i32");
  unsigned before = Executable::getNumCompilations();
  auto first = compile(text);
  auto second = compile(text);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(Executable::getNumCompilations(), before + 1);
  compile(binaryProgram("mul", "i32"));
  EXPECT_EQ(Executable::getNumCompilations(), before + 2);

  // The cached code serves another context too, with that context's types.
  MLIRContext other;
  other.loadDialect<TinyDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &other);
  ASSERT_TRUE(module);
  auto third = Executable::compile(*module, "f");
  ASSERT_TRUE(succeeded(third));
  EXPECT_EQ(Executable::getNumCompilations(), before + 2);
  Type i32 = Builder(&other).getI32Type();
  std::string error;
  HostTensor a = HostTensor::zeros(i32, {8}), b = a;
  std::vector<int32_t> ones(8, 1), twos(8, 2);
  std::memcpy(a.data.data(), ones.data(), 32);
  std::memcpy(b.data.data(), twos.data(), 32);
  auto results = (*third)->run({a, b}, error);
  ASSERT_TRUE(succeeded(results)) << error;
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ((*results)[0].getAsDouble(i), 3.0);
}

TEST_F(ExecutableTest, RejectsBadInputs) {
  auto program = compile(binaryProgram("add", "f32"));
  ASSERT_TRUE(program);
  Builder b(&context);
  std::vector<float> eight(8, 1.0f), seven(7, 1.0f);
  std::vector<int32_t> ints(8, 1);
  std::string error;

  EXPECT_TRUE(failed(program->run({tensorOf(b.getF32Type(), eight)}, error)));
  EXPECT_EQ(error, "expected 2 inputs, got 1");
  EXPECT_TRUE(failed(program->run(
      {tensorOf(b.getF32Type(), eight), tensorOf(b.getF32Type(), seven)},
      error)));
  EXPECT_EQ(error,
            "input 1 (param slot 1) has 7 elements, expected 8 (shape (8,))");
  EXPECT_TRUE(failed(program->run(
      {tensorOf(b.getI32Type(), ints), tensorOf(b.getF32Type(), eight)},
      error)));
  EXPECT_EQ(error, "input 0 (param slot 0) has dtype i32, expected f32");
}

/// The compiled function reads only `b`: `a * 0` folds away on integers.
constexpr const char *kDroppedParamProgram = R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tuple<tensor<2xi32, #cpu>, tensor<4096xf32, #cpu>> {
  %a = tiny.param 0 : i32 size 2 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %zero = tiny.const dense<0> : tensor<2xi32, #cpu>
  %z = tiny.mul %a, %zero : tensor<2xi32, #cpu>
  %y = tiny.add %b, %b : tensor<4096xf32, #cpu>
  %t = tiny.tuple %z, %y : tensor<2xi32, #cpu>, tensor<4096xf32, #cpu>
  tiny.return %t : tuple<tensor<2xi32, #cpu>, tensor<4096xf32, #cpu>>
})";

TEST_F(ExecutableTest, InputsBindBySlotWhenAParamIsDropped) {
  auto program = compile(kDroppedParamProgram);
  ASSERT_TRUE(program);
  ASSERT_EQ(program->getParams().size(), 2u);
  std::vector<int32_t> a = {5, -7};
  std::vector<float> b(4096);
  for (int i = 0; i < 4096; ++i)
    b[i] = static_cast<float>(i) - 100.5f;
  Builder builder(&context);

  std::string error;
  auto results = program->run({tensorOf(builder.getI32Type(), a),
                               tensorOf(builder.getF32Type(), b)},
                              error);
  ASSERT_TRUE(succeeded(results)) << error;
  ASSERT_EQ(results->size(), 2u);
  EXPECT_EQ((*results)[0].getAsDouble(0), 0.0);
  EXPECT_EQ((*results)[0].getAsDouble(1), 0.0);
  for (int i = 0; i < 4096; ++i)
    ASSERT_EQ((*results)[1].getAsDouble(i), 2.0 * b[i]) << "at " << i;

  // invoke takes one buffer per declared param, then one per result.
  std::vector<int32_t> z = {1, 1};
  std::vector<float> y(4096, -1.0f);
  SmallVector<void *> buffers = {a.data(), b.data(), z.data(), y.data()};
  ASSERT_TRUE(succeeded(program->invoke(buffers, error))) << error;
  EXPECT_EQ(z, (std::vector<int32_t>{0, 0}));
  for (int i = 0; i < 4096; ++i)
    ASSERT_EQ(y[i], 2.0f * b[i]) << "at " << i;
}

TEST_F(ExecutableTest, UnknownEntryIsAnError) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(binaryProgram("add", "f32"), &context);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(Executable::compile(*module, "missing")));
  EXPECT_EQ(message, "no tiny.function named 'missing'");
}

/// Reference semantics of tinygrad's binary ops on C++ values: integers wrap
/// around (computed on the unsigned type), division truncates.
template <typename T>
T reference(StringRef op, T a, T b) {
  using U = std::make_unsigned_t<T>;
  if (op == "add")
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  if (op == "mul")
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  if (op == "max")
    return a > b ? a : b;
  if (op == "cdiv")
    return a / b;
  if (op == "cmod")
    return a % b;
  if (op == "xor")
    return a ^ b;
  ADD_FAILURE() << "no reference for " << op.str();
  return 0;
}

/// Runs binaryProgram(op, dtypeName) on 8-element inputs; nullopt (with a
/// test failure) when it does not compile or run.
template <typename T>
std::optional<HostTensor> runBinary(MLIRContext &context, StringRef op,
                                    StringRef dtypeName, Type dtype,
                                    const std::vector<T> &a,
                                    const std::vector<T> &b) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(binaryProgram(op, dtypeName), &context);
  EXPECT_TRUE(module);
  if (!module)
    return std::nullopt;
  auto program = Executable::compile(*module, "f");
  EXPECT_TRUE(succeeded(program));
  if (failed(program))
    return std::nullopt;
  HostTensor ta = HostTensor::zeros(dtype, {8}), tb = ta;
  std::memcpy(ta.data.data(), a.data(), 8 * sizeof(T));
  std::memcpy(tb.data.data(), b.data(), 8 * sizeof(T));
  std::string error;
  auto results = (*program)->run({ta, tb}, error);
  EXPECT_TRUE(succeeded(results)) << error;
  if (failed(results))
    return std::nullopt;
  return (*results)[0];
}

template <typename T>
void checkIntegerOps(ExecutableTest &test, MLIRContext &context,
                     StringRef dtypeName, Type dtype) {
  constexpr T lo = std::numeric_limits<T>::min();
  constexpr T hi = std::numeric_limits<T>::max();
  // Divisors are never 0, and never -1 against the minimum.
  std::vector<T> a = {0, 1, static_cast<T>(-7), 7, hi, lo, 100, static_cast<T>(-100)};
  std::vector<T> b = {3, static_cast<T>(-2), 2, static_cast<T>(-3), 1, 2, 7,
                      static_cast<T>(hi - 1)};
  (void)test;
  for (StringRef op : {"add", "mul", "max", "cdiv", "cmod", "xor", "cmplt"}) {
    SCOPED_TRACE((op + " on " + dtypeName).str());
    std::optional<HostTensor> result =
        runBinary(context, op, dtypeName, dtype, a, b);
    ASSERT_TRUE(result);
    const HostTensor &out = *result;
    for (int i = 0; i < 8; ++i) {
      if (op == "cmplt") {
        EXPECT_EQ(out.data[i], a[i] < b[i] ? 1 : 0) << "element " << i;
        continue;
      }
      T got;
      std::memcpy(&got, out.data.data() + i * sizeof(T), sizeof(T));
      EXPECT_EQ(got, reference<T>(op, a[i], b[i]))
          << "element " << i << ": " << +a[i] << " " << op.str() << " "
          << +b[i];
    }
  }
}

TEST_F(ExecutableTest, IntegerOpsMatchReference) {
  Builder b(&context);
  checkIntegerOps<int8_t>(*this, context, "i8", b.getIntegerType(8));
  checkIntegerOps<int16_t>(*this, context, "i16", b.getIntegerType(16));
  checkIntegerOps<int32_t>(*this, context, "i32", b.getIntegerType(32));
  checkIntegerOps<int64_t>(*this, context, "i64", b.getIntegerType(64));
  checkIntegerOps<uint8_t>(*this, context, "ui8", b.getIntegerType(8, false));
  checkIntegerOps<uint16_t>(*this, context, "ui16",
                            b.getIntegerType(16, false));
  checkIntegerOps<uint32_t>(*this, context, "ui32",
                            b.getIntegerType(32, false));
  checkIntegerOps<uint64_t>(*this, context, "ui64",
                            b.getIntegerType(64, false));
}

template <typename T>
void checkFloatOps(MLIRContext &context, StringRef dtypeName, Type dtype) {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T inf = std::numeric_limits<T>::infinity();
  std::vector<T> a = {0, 1.5, -2.25, 1e10, nan, inf, -inf, 3};
  std::vector<T> b = {-0.0, 2, 0.125, 1e-10, 1, 1, nan, 3};
  for (StringRef op : {"add", "mul", "cmplt", "cmpne"}) {
    SCOPED_TRACE((op + " on " + dtypeName).str());
    std::optional<HostTensor> result =
        runBinary(context, op, dtypeName, dtype, a, b);
    ASSERT_TRUE(result);
    const HostTensor &out = *result;
    for (int i = 0; i < 8; ++i) {
      if (op == "cmplt" || op == "cmpne") {
        bool expected = op == "cmplt" ? a[i] < b[i] : a[i] != b[i];
        EXPECT_EQ(out.data[i], expected ? 1 : 0) << "element " << i;
        continue;
      }
      T got, expected = op == "add" ? a[i] + b[i] : a[i] * b[i];
      std::memcpy(&got, out.data.data() + i * sizeof(T), sizeof(T));
      if (std::isnan(expected))
        EXPECT_TRUE(std::isnan(got)) << "element " << i;
      else
        EXPECT_EQ(got, expected) << "element " << i;
    }
  }
}

TEST_F(ExecutableTest, FloatOpsMatchReference) {
  Builder b(&context);
  checkFloatOps<float>(context, "f32", b.getF32Type());
  checkFloatOps<double>(context, "f64", b.getF64Type());
}

/// Large enough (32^3 products) that rangeify puts the reduction outside
/// the innermost output loop and accumulates in the output buffer.
TEST_F(ExecutableTest, MatmulMatchesReference) {
  for (StringRef kind : {"add", "max"}) {
    SCOPED_TRACE(kind.str());
    auto program = compile(llvm::formatv(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<32x32xf32, #cpu> {{
  %a = tiny.param 0 : f32 size 1024 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [32, 1, 32] : tensor<1024xf32, #cpu>
  %ae = tiny.expand %a3 to [32, 32, 32] : tensor<32x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 32] : tensor<1024xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 32] : tensor<32x32xf32, #cpu>
  %be = tiny.expand %b3 to [32, 32, 32] : tensor<1x32x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<32x32x32xf32, #cpu>
  %s = tiny.reduce {0} %p axes [2] : tensor<32x32x32xf32, #cpu>
  %c = tiny.reshape %s to [32, 32] : tensor<32x32x1xf32, #cpu>
  tiny.return %c : tensor<32x32xf32, #cpu>
})",
                                         kind)
                               .str());
    ASSERT_TRUE(program);
    std::vector<float> a(1024), b(1024);
    for (int i = 0; i < 1024; ++i) {
      a[i] = static_cast<float>((i * 7) % 13) - 6.0f;
      b[i] = static_cast<float>((i * 5) % 11) - 5.0f;
    }
    Type f32 = Builder(&context).getF32Type();
    std::string error;
    auto results = program->run({tensorOf(f32, a), tensorOf(f32, b)}, error);
    ASSERT_TRUE(succeeded(results)) << error;
    for (int m = 0; m < 32; ++m) {
      for (int n = 0; n < 32; ++n) {
        // Small integers: every sum is exact in f32, in any order.
        double expected = kind == "add" ? 0.0 : -INFINITY;
        for (int k = 0; k < 32; ++k) {
          double product = a[m * 32 + k] * b[k * 32 + n];
          expected = kind == "add" ? expected + product
                                   : std::max(expected, product);
        }
        ASSERT_EQ((*results)[0].getAsDouble(m * 32 + n), expected)
            << "at (" << m << ", " << n << ")";
      }
    }
  }
}

// A program over two devices runs on the runtime: every buffer is allocated
// on its device, and the counters show the copy moving only the shrink.
TEST_F(ExecutableTest, TwoDeviceProgramRunsOnTheRuntime) {
  std::shared_ptr<Executable> program = compile(R"(
#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
tiny.function @f -> tensor<3xf32, #d2> {
  %x = tiny.param 0 : f32 size 8 on "CPU:1"
  %y = tiny.mul %x, %x : tensor<8xf32, #d1>, tensor<8xf32, #d1>
  %s = tiny.shrink %y [2] to [5] : tensor<8xf32, #d1>
  %c = tiny.copy %s to "CPU:2" : tensor<3xf32, #d1>
  tiny.return %c : tensor<3xf32, #d2>
})");
  ASSERT_TRUE(program);
  EXPECT_TRUE(program->needsRuntime());
  std::vector<float> x = {0, 1, 2, 3, 4, 5, 6, 7};
  Type f32 = Builder(&context).getF32Type();

  std::string error;
  std::vector<float> out(3);
  SmallVector<void *> buffers = {x.data(), out.data()};
  EXPECT_TRUE(failed(program->invoke(buffers, error)));
  EXPECT_NE(error.find("spans several devices"), std::string::npos) << error;

  tiny_runtime_t runtime = nullptr;
  ASSERT_EQ(tiny_runtime_create(&runtime), nullptr);
  auto results = program->run({tensorOf(f32, x)}, error, runtime);
  ASSERT_TRUE(succeeded(results)) << error;
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ((*results)[0].getAsDouble(i), (i + 2.0) * (i + 2.0));

  tiny_device_t cpu1 = nullptr, cpu2 = nullptr;
  ASSERT_EQ(tiny_device_get(runtime, "CPU:1", &cpu1), nullptr);
  ASSERT_EQ(tiny_device_get(runtime, "CPU:2", &cpu2), nullptr);
  tiny_device_stats_t stats1, stats2;
  ASSERT_EQ(tiny_device_stats(cpu1, &stats1), nullptr);
  ASSERT_EQ(tiny_device_stats(cpu2, &stats2), nullptr);
  // CPU:1: the 32-byte param and the 32-byte product; 3 floats copied out.
  EXPECT_EQ(stats1.allocations, 2u);
  EXPECT_EQ(stats1.bytes_copied_in, 32u);
  EXPECT_EQ(stats1.bytes_copied_out, 12u);
  // CPU:2: the output, 12 bytes in by the copy and out by the download.
  EXPECT_EQ(stats2.allocations, 1u);
  EXPECT_EQ(stats2.bytes_copied_in, 12u);
  EXPECT_EQ(stats2.bytes_copied_out, 12u);
  EXPECT_EQ(stats1.live_buffers + stats2.live_buffers, 0u);
  EXPECT_EQ(tiny_runtime_destroy(runtime), nullptr);
}

// A device the runtime does not know is an error of the run, not a crash.
TEST_F(ExecutableTest, UnknownDeviceIsARunError) {
  std::shared_ptr<Executable> program = compile(R"(
#d1 = #tiny.device<"CPU:1">
#d99 = #tiny.device<"CPU:99">
tiny.function @f -> tensor<2xf32, #d99> {
  %x = tiny.param 0 : f32 size 2 on "CPU:1"
  %c = tiny.copy %x to "CPU:99" : tensor<2xf32, #d1>
  tiny.return %c : tensor<2xf32, #d99>
})");
  ASSERT_TRUE(program);
  Type f32 = Builder(&context).getF32Type();
  std::string error;
  auto results = program->run({tensorOf(f32, std::vector<float>{1, 2})}, error);
  EXPECT_TRUE(failed(results));
  EXPECT_NE(error.find("CPU:99"), std::string::npos) << error;
}

/// Two kernels of the same code under different names (`x * 2.75` and
/// `y * 2.75`, one kernel each) are compiled once; the results are each
/// kernel's own.
TEST_F(ExecutableTest, CompilesIdenticalKernelsOnce) {
  unsigned before = getNumKernelsCompiled();
  auto program = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %y = tiny.param 1 : f32 size 6 on "CPU"
  %k = tiny.const dense<2.75> : tensor<6xf32, #cpu>
  %a = tiny.mul %x, %k : tensor<6xf32, #cpu>
  %b = tiny.mul %y, %k : tensor<6xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<6xf32, #cpu>, tensor<6xf32, #cpu>
  tiny.return %t : tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>>
})");
  ASSERT_TRUE(program);
  KernelCompileStats stats = program->getKernelStats();
  EXPECT_EQ(stats.numKernels, 2u);
  EXPECT_EQ(stats.numDistinct, 1u);
  EXPECT_EQ(stats.numCompiled, 1u);
  EXPECT_EQ(getNumKernelsCompiled(), before + 1);

  Type f32 = Builder(&context).getF32Type();
  std::vector<float> x = {1, -2, 3.5f, 0, 8, -0.25f};
  std::vector<float> y = {10, 20, -30, 0.5f, 1e3f, 7};
  std::string error;
  auto results = program->run({tensorOf(f32, x), tensorOf(f32, y)}, error);
  ASSERT_TRUE(succeeded(results)) << error;
  ASSERT_EQ(results->size(), 2u);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ((*results)[0].getAsDouble(i), static_cast<double>(x[i] * 2.75f));
    EXPECT_EQ((*results)[1].getAsDouble(i), static_cast<double>(y[i] * 2.75f));
  }
}

/// A kernel compiled for one program serves a later program that holds it
/// too: the second compiles only its new kernel.
TEST_F(ExecutableTest, ReusesKernelsAcrossPrograms) {
  auto first = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<7xf32, #cpu> {
  %x = tiny.param 0 : f32 size 7 on "CPU"
  %k = tiny.const dense<-3.5> : tensor<7xf32, #cpu>
  %a = tiny.mul %x, %k : tensor<7xf32, #cpu>
  tiny.return %a : tensor<7xf32, #cpu>
})");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->getKernelStats().numKernels, 1u);
  EXPECT_EQ(first->getKernelStats().numCompiled, 1u);

  unsigned before = getNumKernelsCompiled();
  auto second = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tuple<tensor<5xi32, #cpu>, tensor<7xf32, #cpu>> {
  %y = tiny.param 0 : i32 size 5 on "CPU"
  %x = tiny.param 1 : f32 size 7 on "CPU"
  %one = tiny.const dense<1> : tensor<5xi32, #cpu>
  %k = tiny.const dense<-3.5> : tensor<7xf32, #cpu>
  %b = tiny.add %y, %one : tensor<5xi32, #cpu>
  %a = tiny.mul %x, %k : tensor<7xf32, #cpu>
  %t = tiny.tuple %b, %a : tensor<5xi32, #cpu>, tensor<7xf32, #cpu>
  tiny.return %t : tuple<tensor<5xi32, #cpu>, tensor<7xf32, #cpu>>
})");
  ASSERT_TRUE(second);
  KernelCompileStats stats = second->getKernelStats();
  EXPECT_EQ(stats.numKernels, 2u);
  EXPECT_EQ(stats.numDistinct, 2u);
  EXPECT_EQ(stats.numCompiled, 1u);
  EXPECT_EQ(getNumKernelsCompiled(), before + 1);

  Builder b(&context);
  std::vector<int32_t> y = {-1, 0, 41, 2147483646, 7};
  std::vector<float> x = {1, -2, 3.5f, 0, 8, -0.25f, 1e20f};
  std::string error;
  auto results = second->run(
      {tensorOf(b.getI32Type(), y), tensorOf(b.getF32Type(), x)}, error);
  ASSERT_TRUE(succeeded(results)) << error;
  ASSERT_EQ(results->size(), 2u);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ((*results)[0].getAsDouble(i), static_cast<double>(y[i] + 1));
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ((*results)[1].getAsDouble(i), static_cast<double>(x[i] * -3.5f));
  // The first program still runs its kernel.
  auto again = first->run({tensorOf(b.getF32Type(), x)}, error);
  ASSERT_TRUE(succeeded(again)) << error;
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ((*again)[0].getAsDouble(i), static_cast<double>(x[i] * -3.5f));
}

} // namespace
