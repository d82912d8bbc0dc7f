//===- GpuLaunchTest.cpp - the host schedule launching GPU kernels --------===//
//
// Compiles programs whose kernels run on "CUDA:0" with mlir::tiny::Executable
// (kernels to PTX, launches to tiny_host_launch) and runs them against the
// fake driver (test/runtime/FakeDriver.c): the code objects are loaded once
// per device, each launch reaches the driver with the grid and block the
// compiler chose and the program's device buffers as arguments, copies move
// the bytes they should, CPU kernels of the same program still run in
// place, and driver failures come back as errors.
//
// The fake driver cannot execute PTX: a compiled kernel does nothing there,
// so the numbers a GPU kernel computes are not checked here (only those of
// the CPU kernel). scripts/gpu-check.sh runs the same path on a real GPU.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "test/runtime/FakeDriverControl.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::test::fake;

namespace {

/// Copies 8 floats to CUDA:0, where an elementwise kernel (E_8) doubles
/// them and a reduce kernel (r_2_1) sums each row of their 2x4 view; both
/// results come back to the CPU. A CPU kernel adds the input to itself.
constexpr char kProgram[] = R"(
#cpu = #tiny.device<"CPU">
#gpu = #tiny.device<"CUDA:0">
tiny.function @f -> tuple<tensor<8xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<8xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<8xf32, #cpu>
  %d = tiny.add %c, %c : tensor<8xf32, #gpu>, tensor<8xf32, #gpu>
  %v = tiny.reshape %c to [2, 4] : tensor<8xf32, #gpu>
  %s = tiny.reduce add %v axes [1] : tensor<2x4xf32, #gpu>
  %dh = tiny.copy %d to "CPU" : tensor<8xf32, #gpu>
  %sh = tiny.copy %s to "CPU" : tensor<2x1xf32, #gpu>
  %h = tiny.add %x, %x : tensor<8xf32, #cpu>, tensor<8xf32, #cpu>
  %t = tiny.tuple %dh, %sh, %h : tensor<8xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<8xf32, #cpu>
  tiny.return %t : tuple<tensor<8xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<8xf32, #cpu>>
})";

const float kInput[8] = {1, 2, 3, 4, 5, 6, 7, 8};

class GpuLaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    fake().fake_reset();
    context.loadDialect<TinyDialect>();
    ASSERT_EQ(tiny_runtime_create(&runtime), nullptr);
    for (tiny_device_kind_t kind :
         {TINY_DEVICE_KIND_CUDA, TINY_DEVICE_KIND_HIP})
      ASSERT_EQ(
          tiny_runtime_set_driver_library(runtime, kind, fake().path.c_str()),
          nullptr);
  }

  void TearDown() override {
    EXPECT_EQ(tiny_runtime_destroy(runtime), nullptr);
    // Everything went back to the driver.
    EXPECT_EQ(fake().fake_live_allocations(FAKE_CUDA), 0);
    EXPECT_EQ(fake().fake_live_modules(), 0);
  }

  std::shared_ptr<Executable> compile(const char *text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    FailureOr<std::shared_ptr<Executable>> program =
        Executable::compile(*module, "f");
    EXPECT_TRUE(succeeded(program));
    return succeeded(program) ? *program : nullptr;
  }

  HostTensor input() {
    HostTensor tensor = HostTensor::zeros(Float32Type::get(&context), {8});
    std::memcpy(tensor.data.data(), kInput, sizeof(kInput));
    return tensor;
  }

  MLIRContext context;
  tiny_runtime_t runtime = nullptr;
};

TEST_F(GpuLaunchTest, LaunchesCompiledKernelsThroughTheRuntime) {
  std::shared_ptr<Executable> program = compile(kProgram);
  ASSERT_TRUE(program);
  EXPECT_TRUE(program->needsRuntime());

  std::string error;
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      program->prepare(runtime, error);
  ASSERT_TRUE(succeeded(buffers)) << error;
  ASSERT_TRUE(succeeded((*buffers)->upload({kInput}, error))) << error;
  ASSERT_TRUE(succeeded(program->launch(**buffers, error))) << error;

  // One code object per kernel, loaded on CUDA:0 (fake device 0); two
  // launches.
  EXPECT_EQ(fake().fake_live_modules(), 2);
  EXPECT_EQ(fake().fake_call_count("cuModuleLoadDataEx"), 2);
  EXPECT_EQ(fake().fake_launch_count(), 2);

  // The last launch is the reduce: its two rows are the threads of one
  // block (a default grid takes the innermost output range as threads).
  fake_launch last;
  fake().fake_last_launch(&last);
  EXPECT_EQ(last.api, FAKE_CUDA);
  EXPECT_EQ(last.device, 0);
  EXPECT_EQ(last.shared_memory_bytes, 0u);
  EXPECT_EQ(last.grid[0], 1u);
  EXPECT_EQ(last.grid[1], 1u);
  EXPECT_EQ(last.grid[2], 1u);
  EXPECT_EQ(last.block[0], 2u);
  EXPECT_EQ(last.block[1], 1u);
  EXPECT_EQ(last.block[2], 1u);

  // Its arguments are the program's device buffers: the 8 floats copied
  // from the input (their bytes are the input's) and the 2 sums.
  ASSERT_EQ(last.num_args, 2);
  size_t sizes[2];
  for (int i = 0; i < 2; ++i)
    sizes[i] = fake().fake_allocation_bytes(FAKE_CUDA, 0, last.args[i]);
  int copied = sizes[0] == sizeof(kInput) ? 0 : 1;
  EXPECT_EQ(sizes[copied], sizeof(kInput));
  EXPECT_EQ(sizes[1 - copied], 2 * sizeof(float));
  float onDevice[8];
  ASSERT_EQ(fake().fake_read(FAKE_CUDA, 0, last.args[copied], onDevice,
                             sizeof(onDevice)),
            0);
  EXPECT_EQ(std::memcmp(onDevice, kInput, sizeof(kInput)), 0);

  // Launching again loads nothing more.
  ASSERT_TRUE(succeeded(program->launch(**buffers, error))) << error;
  EXPECT_EQ(fake().fake_call_count("cuModuleLoadDataEx"), 2);
  EXPECT_EQ(fake().fake_launch_count(), 4);

  // The modules go with the buffers.
  buffers->reset();
  EXPECT_EQ(fake().fake_live_modules(), 0);
}

TEST_F(GpuLaunchTest, RunsTheWholeProgram) {
  std::shared_ptr<Executable> program = compile(kProgram);
  ASSERT_TRUE(program);
  std::string error;
  FailureOr<SmallVector<HostTensor>> results =
      program->run({input()}, error, runtime);
  ASSERT_TRUE(succeeded(results)) << error;
  ASSERT_EQ(results->size(), 3u);
  EXPECT_EQ(fake().fake_launch_count(), 2);

  // The CPU kernel ran in place.
  const float *sum = reinterpret_cast<const float *>((*results)[2].data.data());
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(sum[i], 2 * kInput[i]) << i;

  // The copies moved what the program says: 32 bytes in, 32 + 8 out.
  tiny_device_t cuda = nullptr;
  ASSERT_EQ(tiny_device_get(runtime, "CUDA:0", &cuda), nullptr);
  tiny_device_stats_t stats;
  ASSERT_EQ(tiny_device_stats(cuda, &stats), nullptr);
  EXPECT_EQ(stats.bytes_copied_in, 32u);
  EXPECT_EQ(stats.bytes_copied_out, 40u);
}

// Buffers on a GPU and no kernel there: the host code only copies through
// the device's memory (which the fake driver does keep), and the CPU kernel
// reads what came back.
TEST_F(GpuLaunchTest, CopiesThroughGpuMemoryWithoutGpuKernels) {
  std::shared_ptr<Executable> program = compile(R"(
#cpu = #tiny.device<"CPU">
tiny.function @f -> tensor<8xf32, #cpu> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %c = tiny.copy %x to "CUDA:1" : tensor<8xf32, #cpu>
  %h = tiny.copy %c to "CPU" : tensor<8xf32, #tiny.device<"CUDA:1">>
  %d = tiny.add %h, %h : tensor<8xf32, #cpu>, tensor<8xf32, #cpu>
  tiny.return %d : tensor<8xf32, #cpu>
})");
  ASSERT_TRUE(program);
  std::string error;
  FailureOr<SmallVector<HostTensor>> results =
      program->run({input()}, error, runtime);
  ASSERT_TRUE(succeeded(results)) << error;
  const float *doubled =
      reinterpret_cast<const float *>((*results)[0].data.data());
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(doubled[i], 2 * kInput[i]) << i;
  EXPECT_EQ(fake().fake_launch_count(), 0);
  EXPECT_EQ(fake().fake_call_count("cuModuleLoadDataEx"), 0);
}

TEST_F(GpuLaunchTest, ALaunchTheDriverRefusesIsAnError) {
  std::shared_ptr<Executable> program = compile(kProgram);
  ASSERT_TRUE(program);
  // CUDA_ERROR_INVALID_VALUE from the first cuLaunchKernel.
  fake().fake_fail("cuLaunchKernel", 1, 0);
  std::string error;
  FailureOr<SmallVector<HostTensor>> results =
      program->run({input()}, error, runtime);
  ASSERT_TRUE(failed(results));
  // The first launch is the elementwise kernel, named as tinygrad names it.
  EXPECT_NE(error.find("launch 0 (kernel 'E_8')"), std::string::npos) << error;
  EXPECT_NE(error.find("failed"), std::string::npos) << error;
  EXPECT_EQ(fake().fake_launch_count(), 0);
}

TEST_F(GpuLaunchTest, AModuleTheDriverRejectsIsAnError) {
  std::shared_ptr<Executable> program = compile(kProgram);
  ASSERT_TRUE(program);
  // CUDA_ERROR_INVALID_PTX.
  fake().fake_fail("cuModuleLoadDataEx", 218, 0);
  std::string error;
  ASSERT_TRUE(failed(program->run({input()}, error, runtime)));
  EXPECT_NE(error.find("launch 0"), std::string::npos) << error;
  EXPECT_NE(error.find("CUDA_ERROR_INVALID_PTX"), std::string::npos) << error;
}

TEST_F(GpuLaunchTest, WithoutADriverTheRunFailsAndCompilingWorks) {
  std::shared_ptr<Executable> program = compile(kProgram);
  ASSERT_TRUE(program);
  tiny_runtime_t noDriver = nullptr;
  ASSERT_EQ(tiny_runtime_create(&noDriver), nullptr);
  ASSERT_EQ(tiny_runtime_set_driver_library(noDriver, TINY_DEVICE_KIND_CUDA,
                                            "libtiny-no-such-driver.so"),
            nullptr);
  std::string error;
  EXPECT_TRUE(failed(program->run({input()}, error, noDriver)));
  EXPECT_NE(error.find("device 'CUDA' not available"), std::string::npos)
      << error;
  EXPECT_NE(error.find("libtiny-no-such-driver.so"), std::string::npos)
      << error;
  EXPECT_EQ(tiny_runtime_destroy(noDriver), nullptr);
}

//===----------------------------------------------------------------------===//
// Taking the kernels out of a compiled module
//===----------------------------------------------------------------------===//

class TakeGpuKernelsTest : public ::testing::Test {
protected:
  TakeGpuKernelsTest() {
    context.loadDialect<gpu::GPUDialect, NVVM::NVVMDialect>();
  }

  /// Parses `text` and takes its kernels; on failure `message` holds the
  /// diagnostic.
  FailureOr<GpuKernels> take(const char *text, OwningOpRef<ModuleOp> &module) {
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return failure();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
      message = diagnostic.str();
      return success();
    });
    return takeGpuKernels(*module);
  }

  MLIRContext context;
  std::string message;
};

TEST_F(TakeGpuKernelsTest, TakesBinariesAndLaunches) {
  OwningOpRef<ModuleOp> module;
  FailureOr<GpuKernels> kernels = take(R"(
module attributes {gpu.container_module, tiny.gpu_launches = [
    {arguments = array<i64: 2, 0>, kernel = @b::@second},
    {arguments = array<i64: 1>, kernel = @a::@first}]} {
  gpu.binary @a [#gpu.object<#nvvm.target, assembly = "A">]
  gpu.binary @b [#gpu.object<#nvvm.target, assembly = "B">]
})",
                                       module);
  ASSERT_TRUE(succeeded(kernels)) << message;
  ASSERT_EQ(kernels->images.size(), 2u);
  EXPECT_EQ(kernels->images[0], "A");
  EXPECT_EQ(kernels->images[1], "B");
  ASSERT_EQ(kernels->launches.size(), 2u);
  EXPECT_EQ(kernels->launches[0].image, 1u);
  EXPECT_EQ(kernels->launches[0].kernel, "second");
  EXPECT_EQ(kernels->launches[0].arguments, (SmallVector<unsigned>{2, 0}));
  EXPECT_EQ(kernels->launches[1].image, 0u);
  EXPECT_EQ(kernels->launches[1].kernel, "first");
  // The module keeps host code only.
  EXPECT_TRUE(module->getOps<gpu::BinaryOp>().empty());
  EXPECT_FALSE(module->getOperation()->hasAttr("tiny.gpu_launches"));
  EXPECT_FALSE(module->getOperation()->hasAttr("gpu.container_module"));
}

TEST_F(TakeGpuKernelsTest, ALaunchOfNoBinaryIsAnError) {
  OwningOpRef<ModuleOp> module;
  EXPECT_TRUE(failed(take(R"(
module attributes {tiny.gpu_launches = [
    {arguments = array<i64: 0>, kernel = @missing::@k}]} {
  gpu.binary @a [#gpu.object<#nvvm.target, assembly = "A">]
})",
                          module)));
  EXPECT_EQ(message, "launch 0 names @missing::@k, which is no gpu.binary");
}

TEST_F(TakeGpuKernelsTest, ABinaryOfSeveralObjectsIsAnError) {
  OwningOpRef<ModuleOp> module;
  EXPECT_TRUE(failed(take(R"(
module {
  gpu.binary @a [#gpu.object<#nvvm.target, assembly = "A">,
                 #gpu.object<#nvvm.target<chip = "sm_80">, assembly = "B">]
})",
                          module)));
  EXPECT_EQ(message, "'gpu.binary' op has 2 objects: the JIT loads one code "
                     "object per kernel module");
}

} // namespace
