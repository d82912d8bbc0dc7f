//===- HostFunctionsTest.cpp - host functions through the embedding API ---===//
//
// Registers host functions with mlir::tiny::registerHostFunction, compiles
// programs whose tiny.custom_function ops call them and checks what the
// functions get (buffers, dtypes, shapes), the numbers that come back
// (references computed here in plain C++), and the errors: an unregistered
// name at compile time, a failing function at run time.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "jit/HostFunctions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;

namespace {

class HostFunctionsTest : public ::testing::Test {
protected:
  HostFunctionsTest() { context.loadDialect<TinyDialect>(); }

  /// Compiles `text`'s @f; `diagnostics` gets the messages of a failure.
  FailureOr<std::shared_ptr<Executable>> compile(const std::string &text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module) << text;
    if (!module)
      return failure();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostics += diag.str() + "\n";
      return success();
    });
    return Executable::compile(*module, "f");
  }

  HostTensor floats(const std::vector<float> &values) {
    HostTensor tensor = HostTensor::zeros(
        Builder(&context).getF32Type(), {static_cast<int64_t>(values.size())});
    std::memcpy(tensor.data.data(), values.data(), values.size() * 4);
    return tensor;
  }

  MLIRContext context;
  std::string diagnostics;
};

/// y = scale(x, 3) + 1 on a (2, 3) view of six floats, scale being a host
/// function that multiplies by its second input.
constexpr const char *kScaleProgram = R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %k = tiny.const dense<3.0> : tensor<f32, #cpu>
  %s = tiny.custom_function "test.scale"(%v, %k) : (tensor<2x3xf32, #cpu>, tensor<f32, #cpu>) -> tensor<2x3xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<2x3xf32, #cpu>
  %y = tiny.add %s, %one : tensor<2x3xf32, #cpu>
  tiny.return %y : tensor<2x3xf32, #cpu>
})";

/// The host function of kScaleProgram: outputs[0] = inputs[0] * inputs[1].
LogicalResult scale(ArrayRef<tiny_host_buffer_t> inputs,
                    ArrayRef<tiny_host_buffer_t> outputs, std::string &error) {
  if (inputs.size() != 2 || outputs.size() != 1) {
    error = "takes two inputs and one output";
    return failure();
  }
  auto *x = static_cast<const float *>(inputs[0].data);
  float k = *static_cast<const float *>(inputs[1].data);
  auto *y = static_cast<float *>(outputs[0].data);
  for (int64_t i = 0; i < outputs[0].num_elements; ++i)
    y[i] = x[i] * k;
  return success();
}

TEST_F(HostFunctionsTest, RunsARegisteredFunction) {
  registerHostFunction("test.scale", scale);
  auto program = compile(kScaleProgram);
  ASSERT_TRUE(succeeded(program)) << diagnostics;
  std::vector<float> x = {1, 2, 3, -4, 0.5, 0};
  std::string error;
  auto results = (*program)->run({floats(x)}, error);
  ASSERT_TRUE(succeeded(results)) << error;
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ((*results)[0].getAsDouble(i), x[i] * 3.0 + 1.0) << i;
  EXPECT_TRUE(unregisterHostFunction("test.scale"));
}

// The function sees each buffer's dtype, rank, shape and element count.
TEST_F(HostFunctionsTest, PassesDtypesAndShapes) {
  struct Seen {
    tiny_dtype_t dtype;
    std::vector<int64_t> shape;
    int64_t numElements;
  };
  std::vector<Seen> seen;
  registerHostFunction(
      "test.record",
      [&](ArrayRef<tiny_host_buffer_t> inputs,
          ArrayRef<tiny_host_buffer_t> outputs, std::string &) {
        for (const tiny_host_buffer_t &buffer : llvm::concat<const tiny_host_buffer_t>(inputs, outputs))
          seen.push_back({buffer.dtype,
                          std::vector<int64_t>(buffer.shape,
                                               buffer.shape + buffer.rank),
                          buffer.num_elements});
        std::memset(outputs[0].data, 0, 2);
        return success();
      });
  auto program = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<2xi8, #cpu> {
  %a = tiny.param 0 : ui16 size 12 on "CPU"
  %b = tiny.param 1 : i1 on "CPU"
  %av = tiny.reshape %a to [3, 1, 4] : tensor<12xui16, #cpu>
  %r = tiny.custom_function "test.record"(%av, %b) : (tensor<3x1x4xui16, #cpu>, tensor<i1, #cpu>) -> tensor<2xi8, #cpu>
  tiny.return %r : tensor<2xi8, #cpu>
})");
  ASSERT_TRUE(succeeded(program)) << diagnostics;
  Builder b(&context);
  std::string error;
  auto results = (*program)->run(
      {HostTensor::zeros(b.getIntegerType(16, /*isSigned=*/false), {12}),
       HostTensor::zeros(b.getI1Type(), {})},
      error);
  ASSERT_TRUE(succeeded(results)) << error;
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].dtype, TINY_DTYPE_U16);
  EXPECT_EQ(seen[0].shape, (std::vector<int64_t>{3, 1, 4}));
  EXPECT_EQ(seen[0].numElements, 12);
  EXPECT_EQ(seen[1].dtype, TINY_DTYPE_BOOL);
  EXPECT_TRUE(seen[1].shape.empty());
  EXPECT_EQ(seen[1].numElements, 1);
  EXPECT_EQ(seen[2].dtype, TINY_DTYPE_I8);
  EXPECT_EQ(seen[2].shape, (std::vector<int64_t>{2}));
  unregisterHostFunction("test.record");
}

TEST_F(HostFunctionsTest, UnregisteredNameIsACompileError) {
  unregisterHostFunction("test.scale");
  EXPECT_TRUE(failed(compile(kScaleProgram)));
  EXPECT_NE(diagnostics.find("'tiny.custom_function' op calls host function "
                             "'test.scale', which is not registered"),
            std::string::npos)
      << diagnostics;
}

// A function called by a function the entry calls is checked too.
TEST_F(HostFunctionsTest, UnregisteredNameInACalleeIsACompileError) {
  EXPECT_TRUE(failed(compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @g -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.custom_function "test.nowhere"(%x) : (tensor<2xf32, #cpu>) -> tensor<2xf32, #cpu>
  tiny.return %r : tensor<2xf32, #cpu>
}
tiny.function @f -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.call @g(%x) : (tensor<2xf32, #cpu>) -> tensor<2xf32, #cpu>
  tiny.return %r : tensor<2xf32, #cpu>
})")));
  EXPECT_NE(diagnostics.find("host function 'test.nowhere', which is not "
                             "registered"),
            std::string::npos)
      << diagnostics;
}

TEST_F(HostFunctionsTest, FailureIsARunError) {
  registerHostFunction("test.scale",
                       [](ArrayRef<tiny_host_buffer_t>,
                          ArrayRef<tiny_host_buffer_t>, std::string &error) {
                         error = "no scaling today";
                         return failure();
                       });
  auto program = compile(kScaleProgram);
  ASSERT_TRUE(succeeded(program)) << diagnostics;
  std::string error;
  EXPECT_TRUE(failed((*program)->run({floats({1, 2, 3, 4, 5, 6})}, error)));
  EXPECT_EQ(error, "host function 'test.scale' failed: no scaling today");
  // On the runtime's buffers too.
  tiny_runtime_t runtime = nullptr;
  ASSERT_EQ(tiny_runtime_create(&runtime), nullptr);
  error.clear();
  EXPECT_TRUE(
      failed((*program)->run({floats({1, 2, 3, 4, 5, 6})}, error, runtime)));
  EXPECT_EQ(error, "host function 'test.scale' failed: no scaling today");
  EXPECT_EQ(tiny_runtime_destroy(runtime), nullptr);
  unregisterHostFunction("test.scale");
}

// Functions are looked up by name when the program runs: a compiled
// program calls the function registered at that time.
TEST_F(HostFunctionsTest, LooksUpByNameAtRunTime) {
  registerHostFunction("test.scale", scale);
  auto program = compile(kScaleProgram);
  ASSERT_TRUE(succeeded(program)) << diagnostics;
  registerHostFunction(
      "test.scale", [](ArrayRef<tiny_host_buffer_t> inputs,
                       ArrayRef<tiny_host_buffer_t> outputs, std::string &) {
        std::memset(outputs[0].data, 0, outputs[0].num_elements * 4);
        return success();
      });
  std::string error;
  auto results = (*program)->run({floats({1, 2, 3, 4, 5, 6})}, error);
  ASSERT_TRUE(succeeded(results)) << error;
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ((*results)[0].getAsDouble(i), 1.0);

  EXPECT_TRUE(unregisterHostFunction("test.scale"));
  EXPECT_FALSE(unregisterHostFunction("test.scale"));
  EXPECT_TRUE(failed((*program)->run({floats({1, 2, 3, 4, 5, 6})}, error)));
  EXPECT_EQ(error, "host function 'test.scale' is not registered");
}

/// A host function of the C ABI: adds *user_data to each element.
int addOffset(const tiny_host_buffer_t *inputs, size_t numInputs,
              const tiny_host_buffer_t *outputs, size_t numOutputs,
              void *userData, char *error, size_t errorSize) {
  if (numInputs != 1 || numOutputs != 1 ||
      inputs[0].dtype != TINY_DTYPE_F32) {
    std::snprintf(error, errorSize, "takes one f32 tensor");
    return 1;
  }
  float offset = *static_cast<float *>(userData);
  auto *x = static_cast<const float *>(inputs[0].data);
  auto *y = static_cast<float *>(outputs[0].data);
  for (int64_t i = 0; i < inputs[0].num_elements; ++i)
    y[i] = x[i] + offset;
  return 0;
}

TEST_F(HostFunctionsTest, CFunctionGetsItsUserData) {
  float offset = 0.25;
  registerHostFunction("test.offset", addOffset, &offset);
  auto program = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.custom_function "test.offset"(%x) : (tensor<3xf32, #cpu>) -> tensor<3xf32, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
})");
  ASSERT_TRUE(succeeded(program)) << diagnostics;
  std::vector<float> x = {1, 2, 3}, y(3);
  std::string error;
  // Through the raw-buffer entry point.
  SmallVector<void *> buffers = {x.data(), y.data()};
  ASSERT_TRUE(succeeded((*program)->invoke(buffers, error))) << error;
  EXPECT_EQ(y, (std::vector<float>{1.25, 2.25, 3.25}));
  unregisterHostFunction("test.offset");
}

// A program launched repeatedly on buffers prepared once calls its host
// function on every launch.
TEST_F(HostFunctionsTest, RunsOnEveryLaunch) {
  std::atomic<int> calls{0};
  registerHostFunction("test.scale",
                       [&](ArrayRef<tiny_host_buffer_t> inputs,
                           ArrayRef<tiny_host_buffer_t> outputs,
                           std::string &error) {
                         ++calls;
                         return scale(inputs, outputs, error);
                       });
  auto program = compile(kScaleProgram);
  ASSERT_TRUE(succeeded(program)) << diagnostics;
  tiny_runtime_t runtime = nullptr;
  ASSERT_EQ(tiny_runtime_create(&runtime), nullptr);
  std::string error;
  {
    auto buffers = (*program)->prepare(runtime, error);
    ASSERT_TRUE(succeeded(buffers)) << error;
    std::vector<float> x = {1, 2, 3, 4, 5, 6};
    const void *input = x.data();
    ASSERT_TRUE(succeeded((*buffers)->upload(input, error))) << error;
    for (int i = 0; i < 3; ++i)
      ASSERT_TRUE(succeeded((*program)->launch(**buffers, error))) << error;
    std::vector<float> y(6);
    void *output = y.data();
    ASSERT_TRUE(succeeded((*buffers)->download(output, error))) << error;
    EXPECT_EQ(y, (std::vector<float>{4, 7, 10, 13, 16, 19}));
  }
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(tiny_runtime_destroy(runtime), nullptr);
  unregisterHostFunction("test.scale");
}

TEST_F(HostFunctionsTest, LibraryErrors) {
  std::string error;
  EXPECT_TRUE(failed(loadHostFunctionLibrary("/nonexistent/libhost.so", error)));
  EXPECT_NE(error.find("cannot load '/nonexistent/libhost.so'"),
            std::string::npos)
      << error;
  // A library that is no library of host functions.
  EXPECT_TRUE(failed(loadHostFunctionLibrary("libm.so.6", error)));
  EXPECT_EQ(error, "'libm.so.6' does not export tiny_register_host_functions");
}

} // namespace
