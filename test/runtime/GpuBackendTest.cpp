//===- GpuBackendTest.cpp - The CUDA and HIP back ends on a fake driver ---===//
//
// Runs both GPU back ends against FakeDriver.c, which implements the driver
// entry points on host memory and checks how they are called: allocation
// and zero-filling, uploads and downloads, copies within a device, between
// devices and between kinds, the counters, modules and the marshalling of
// launch arguments, events, and driver errors turned into statuses. After
// every test the runtime is destroyed and the driver must hold nothing:
// no memory, module, event or context reference.
//
//===----------------------------------------------------------------------===//

#include "FakeDriverControl.h"
#include "RuntimeTestSupport.h"

#include <cmath>
#include <cstring>
#include <thread>

using namespace tiny::test;

namespace {

/// What differs between the two back ends, as the tests see it.
struct Backend {
  const char *name;
  tiny_device_kind_t kind;
  int api;
  const char *allocate;
  const char *clear;
  const char *upload;
  const char *download;
  const char *copyWithin;
  const char *peerCopy;
  const char *launch;
  const char *getFunction;
  const char *synchronize;
  /// The driver's names of some errors.
  const char *outOfMemory;
  const char *illegalAddress;
  const char *notFound;
  const char *badImage;
};

const Backend kCuda = {"CUDA",
                       TINY_DEVICE_KIND_CUDA,
                       FAKE_CUDA,
                       "cuMemAlloc_v2",
                       "cuMemsetD8_v2",
                       "cuMemcpyHtoD_v2",
                       "cuMemcpyDtoH_v2",
                       "cuMemcpyDtoD_v2",
                       "cuMemcpyPeer",
                       "cuLaunchKernel",
                       "cuModuleGetFunction",
                       "cuCtxSynchronize",
                       "CUDA_ERROR_OUT_OF_MEMORY",
                       "CUDA_ERROR_ILLEGAL_ADDRESS",
                       "CUDA_ERROR_NOT_FOUND",
                       "CUDA_ERROR_INVALID_PTX"};

const Backend kHip = {"HIP",
                      TINY_DEVICE_KIND_HIP,
                      FAKE_HIP,
                      "hipMalloc",
                      "hipMemset",
                      "hipMemcpy",
                      "hipMemcpy",
                      "hipMemcpy",
                      "hipMemcpyPeer",
                      "hipModuleLaunchKernel",
                      "hipModuleGetFunction",
                      "hipDeviceSynchronize",
                      "hipErrorOutOfMemory",
                      "hipErrorIllegalAddress",
                      "hipErrorNotFound",
                      "hipErrorInvalidImage"};

/// Names the back end in test output.
void PrintTo(const Backend &backend, std::ostream *out) {
  *out << backend.name;
}

/// A module as the fake reads it: PTX-like text with three kernels.
const char kModuleText[] = R"(// A module for the fake driver.
.version 8.0
.target sm_90
.visible .entry axpy_f32(.param .u64 x, .param .u64 y, .param .f32 a,
                         .param .s64 n)
{ ret; }
.visible .entry scale_f64(.param .u64 x, .param .f64 s, .param .s32 n)
{ ret; }
.visible .entry do_nothing()
{ ret; }
)";

tiny_kernel_arg_t bufferArg(tiny_buffer_t buffer) {
  tiny_kernel_arg_t arg;
  arg.kind = TINY_KERNEL_ARG_BUFFER;
  arg.value.buffer = buffer;
  return arg;
}
tiny_kernel_arg_t i32Arg(int32_t value) {
  tiny_kernel_arg_t arg;
  arg.kind = TINY_KERNEL_ARG_I32;
  arg.value.i32 = value;
  return arg;
}
tiny_kernel_arg_t i64Arg(int64_t value) {
  tiny_kernel_arg_t arg;
  arg.kind = TINY_KERNEL_ARG_I64;
  arg.value.i64 = value;
  return arg;
}
tiny_kernel_arg_t f32Arg(float value) {
  tiny_kernel_arg_t arg;
  arg.kind = TINY_KERNEL_ARG_F32;
  arg.value.f32 = value;
  return arg;
}
tiny_kernel_arg_t f64Arg(double value) {
  tiny_kernel_arg_t arg;
  arg.kind = TINY_KERNEL_ARG_F64;
  arg.value.f64 = value;
  return arg;
}

tiny_launch_dims_t makeDims(uint32_t gridX, uint32_t blockX, uint32_t gridY = 1,
                            uint32_t blockY = 1, uint32_t gridZ = 1,
                            uint32_t blockZ = 1) {
  return {{gridX, gridY, gridZ}, {blockX, blockY, blockZ}, 0};
}

/// A fresh runtime whose CUDA and HIP back ends both load the fake.
class FakeDriverTest : public RuntimeTest {
protected:
  void SetUp() override {
    fake().fake_reset();
    RuntimeTest::SetUp();
    for (tiny_device_kind_t kind :
         {TINY_DEVICE_KIND_CUDA, TINY_DEVICE_KIND_HIP})
      ASSERT_TRUE(isOk(
          tiny_runtime_set_driver_library(runtime, kind, fake().path.c_str())));
  }

  void TearDown() override {
    RuntimeTest::TearDown();
    // Destroying the runtime gave everything back to the driver.
    EXPECT_EQ(fake().fake_live_allocations(FAKE_CUDA), 0);
    EXPECT_EQ(fake().fake_live_allocations(FAKE_HIP), 0);
    EXPECT_EQ(fake().fake_live_modules(), 0);
    EXPECT_EQ(fake().fake_live_events(), 0);
    for (int device = 0; device < FAKE_MAX_DEVICES; ++device)
      EXPECT_EQ(fake().fake_context_references(device), 0) << device;
    EXPECT_EQ(fake().fake_context_depth(), 0);
  }

  tiny_module_t loadModule(tiny_device_t device,
                           const std::string &text = kModuleText) {
    // No terminating NUL: the runtime must add one for the driver.
    std::vector<char> image(text.begin(), text.end());
    tiny_module_t module = nullptr;
    EXPECT_TRUE(
        isOk(tiny_module_load(device, image.data(), image.size(), &module)));
    return module;
  }

  void unload(tiny_module_t module) {
    EXPECT_TRUE(isOk(tiny_module_unload(module)));
  }
};

/// The same, once for each back end.
class GpuBackendTest : public FakeDriverTest,
                       public ::testing::WithParamInterface<Backend> {
protected:
  const Backend &backend() const { return GetParam(); }

  /// The canonical name of device `index` of the back end.
  std::string name(int index) const {
    return index == 0
               ? backend().name
               : std::string(backend().name) + ":" + std::to_string(index);
  }

  tiny_device_t gpu(int index = 0) { return getDevice(name(index).c_str()); }

  int calls(const char *function) const {
    return fake().fake_call_count(function);
  }
};

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

TEST_P(GpuBackendTest, DevicesAsTheDriverReportsThem) {
  tiny_device_t first = gpu(0);
  tiny_device_t second = gpu(1);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_NE(first, second);
  EXPECT_EQ(getDevice((name(0) + ":0").c_str()), first);
  const char *deviceName = nullptr;
  ASSERT_TRUE(isOk(tiny_device_name(second, &deviceName)));
  EXPECT_EQ(deviceName, name(1));
  tiny_device_kind_t kind = 0;
  ASSERT_TRUE(isOk(tiny_device_kind(second, &kind)));
  EXPECT_EQ(kind, backend().kind);
  uint32_t index = 0;
  ASSERT_TRUE(isOk(tiny_device_index(second, &index)));
  EXPECT_EQ(index, 1u);

  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(
      tiny_device_get(runtime, name(2).c_str(), &device), TINY_STATUS_NOT_FOUND,
      {"unknown device '" + name(2) + "'",
       std::string("the ") + backend().name + " driver reports 2 devices"}));
}

TEST_P(GpuBackendTest, MoreDevices) {
  fake().fake_set_device_count(backend().api, 4);
  tiny_device_t last = gpu(3);
  ASSERT_NE(last, nullptr);
  tiny_buffer_t buffer = allocate(last, TINY_DTYPE_U8, 3);
  EXPECT_EQ(fake().fake_live_bytes(backend().api, 3), 3u);
  release(buffer);
}

TEST_P(GpuBackendTest, SynchronizeAnIdleDevice) {
  EXPECT_TRUE(isOk(tiny_device_synchronize(gpu(1))));
  EXPECT_EQ(calls(backend().synchronize), 1);
  // CPU work is synchronous: nothing to wait for.
  EXPECT_TRUE(isOk(tiny_device_synchronize(getDevice("CPU:1"))));
  EXPECT_TRUE(isError(tiny_device_synchronize(nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
}

//===----------------------------------------------------------------------===//
// Buffers and copies
//===----------------------------------------------------------------------===//

TEST_P(GpuBackendTest, AllocationIsZeroFilledAndCounted) {
  tiny_device_t device = gpu(1);
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_F32, 10);
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 1);
  EXPECT_EQ(fake().fake_live_bytes(backend().api, 1), 40u);
  EXPECT_EQ(fake().fake_live_bytes(backend().api, 0), 0u);
  // The fake hands out 0xab bytes; the runtime clears them.
  EXPECT_EQ(calls(backend().clear), 1);
  EXPECT_EQ(download<float>(buffer), std::vector<float>(10, 0.0f));

  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 40u);
  EXPECT_EQ(stats.peak_bytes_allocated, 40u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 1u);
  EXPECT_EQ(stats.bytes_copied_out, 40u);
  EXPECT_EQ(getStats(gpu(0)).bytes_allocated, 0u);

  release(buffer);
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 0);
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.live_buffers, 0u);
}

TEST_P(GpuBackendTest, EmptyBuffer) {
  tiny_device_t device = gpu();
  tiny_buffer_t empty = allocate(device, TINY_DTYPE_F64, 0);
  // The driver refuses 0 bytes; the buffer gets one byte of address space
  // and counts 0.
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 1);
  EXPECT_EQ(getStats(device).bytes_allocated, 0u);
  EXPECT_TRUE(isOk(tiny_buffer_upload(empty, nullptr, 0)));
  EXPECT_TRUE(isOk(tiny_buffer_download(empty, nullptr, 0)));
  release(empty);
}

TEST_P(GpuBackendTest, UploadDownloadRoundTrip) {
  tiny_device_t device = gpu();
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_I32, 6);
  std::vector<int32_t> values = {7, -1, 65536, 0, -2147483647 - 1, 42};
  upload(buffer, values);
  EXPECT_EQ(download<int32_t>(buffer), values);

  // A range: elements 2 and 3 replaced, the rest kept.
  int32_t middle[2] = {100, 200};
  ASSERT_TRUE(isOk(tiny_buffer_upload_range(buffer, 8, middle, 8)));
  std::vector<int32_t> expected = values;
  expected[2] = 100;
  expected[3] = 200;
  EXPECT_EQ(download<int32_t>(buffer), expected);
  int32_t last = 0;
  ASSERT_TRUE(isOk(tiny_buffer_download_range(buffer, 20, &last, 4)));
  EXPECT_EQ(last, 42);

  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_copied_in, 24u + 8u);
  EXPECT_EQ(stats.bytes_copied_out, 24u + 24u + 4u);
  release(buffer);
}

TEST_P(GpuBackendTest, CopyWithinADevice) {
  tiny_device_t device = gpu(1);
  tiny_buffer_t src = allocate(device, TINY_DTYPE_F64, 4);
  tiny_buffer_t dst = allocate(device, TINY_DTYPE_F64, 4);
  std::vector<double> values = {0.5, -1.25, 1e300, -0.0};
  upload(src, values);
  ASSERT_TRUE(isOk(tiny_device_reset_stats(device)));
  int before = calls(backend().copyWithin);
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  EXPECT_EQ(calls(backend().copyWithin), before + 1);
  EXPECT_EQ(calls(backend().peerCopy), 0);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_copied_in, 32u);
  EXPECT_EQ(stats.bytes_copied_out, 32u);
  EXPECT_EQ(download<double>(dst), values);
  release(src);
  release(dst);
}

TEST_P(GpuBackendTest, OverlappingCopyWithinABuffer) {
  tiny_device_t device = gpu();
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 16);
  std::vector<uint8_t> values(16);
  for (int i = 0; i < 16; ++i)
    values[i] = uint8_t(i * 11 + 3);
  upload(buffer, values);
  // memmove semantics in both directions; the fake refuses overlapping
  // driver copies, so this passes only through scratch memory.
  std::vector<uint8_t> expected = values;
  std::memmove(expected.data() + 4, expected.data(), 10);
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(buffer, 4, buffer, 0, 10)));
  EXPECT_EQ(download<uint8_t>(buffer), expected);
  std::memmove(expected.data(), expected.data() + 3, 13);
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(buffer, 0, buffer, 3, 13)));
  EXPECT_EQ(download<uint8_t>(buffer), expected);
  // The scratch is gone again and not counted as a buffer.
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 1);
  EXPECT_EQ(getStats(device).bytes_allocated, 16u);
  release(buffer);
}

TEST_P(GpuBackendTest, PeerCopyBetweenDevices) {
  tiny_device_t first = gpu(0), second = gpu(1);
  tiny_buffer_t src = allocate(first, TINY_DTYPE_U16, 5);
  tiny_buffer_t dst = allocate(second, TINY_DTYPE_U16, 5);
  std::vector<uint16_t> values = {1, 2, 65535, 4, 5};
  upload(src, values);
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  EXPECT_EQ(calls(backend().peerCopy), 1);
  EXPECT_EQ(download<uint16_t>(dst), values);
  EXPECT_EQ(getStats(first).bytes_copied_out, 10u);
  EXPECT_EQ(getStats(second).bytes_copied_in, 10u);

  // A range, into the middle of the other device's buffer.
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(src, 2, dst, 6, 4)));
  EXPECT_EQ(calls(backend().peerCopy), 2);
  EXPECT_EQ(download<uint16_t>(src), (std::vector<uint16_t>{1, 4, 5, 4, 5}));
  release(src);
  release(dst);
}

TEST_P(GpuBackendTest, CopiesWithTheHost) {
  tiny_device_t device = gpu(1);
  tiny_device_t cpu = getDevice("CPU:3");
  tiny_buffer_t host = allocate(cpu, TINY_DTYPE_F32, 3);
  tiny_buffer_t onGpu = allocate(device, TINY_DTYPE_F32, 3);
  std::vector<float> values = {1.5f, 2.5f, -3.5f};
  upload(host, values);
  int uploads = calls(backend().upload);
  ASSERT_TRUE(isOk(tiny_buffer_copy(onGpu, host)));
  EXPECT_EQ(calls(backend().upload), uploads + 1);
  EXPECT_EQ(getStats(device).bytes_copied_in, 12u);
  EXPECT_EQ(getStats(cpu).bytes_copied_out, 12u);

  tiny_buffer_t back = allocate(getDevice("CPU"), TINY_DTYPE_F32, 3);
  ASSERT_TRUE(isOk(tiny_buffer_copy(back, onGpu)));
  EXPECT_EQ(download<float>(back), values);
  EXPECT_EQ(getStats(device).bytes_copied_out, 12u);
  release(host);
  release(onGpu);
  release(back);
}

TEST_P(GpuBackendTest, EmptyBufferCopies) {
  // A value of no elements moves between the host, a GPU and another GPU
  // without calling the driver's copies, and counts 0 bytes.
  tiny_device_t first = gpu(0), second = gpu(1);
  tiny_device_t cpu = getDevice("CPU:3");
  tiny_buffer_t host = allocate(cpu, TINY_DTYPE_F32, 0);
  tiny_buffer_t a = allocate(first, TINY_DTYPE_F32, 0);
  tiny_buffer_t b = allocate(second, TINY_DTYPE_F32, 0);
  int uploads = calls(backend().upload);
  int downloads = calls(backend().download);
  int withins = calls(backend().copyWithin);
  int peers = calls(backend().peerCopy);
  ASSERT_TRUE(isOk(tiny_buffer_upload(a, nullptr, 0)));
  ASSERT_TRUE(isOk(tiny_buffer_copy(a, host)));
  ASSERT_TRUE(isOk(tiny_buffer_copy(b, a)));
  ASSERT_TRUE(isOk(tiny_buffer_copy(a, a)));
  ASSERT_TRUE(isOk(tiny_buffer_copy(host, b)));
  ASSERT_TRUE(isOk(tiny_buffer_download(b, nullptr, 0)));
  EXPECT_EQ(calls(backend().upload), uploads);
  EXPECT_EQ(calls(backend().download), downloads);
  EXPECT_EQ(calls(backend().copyWithin), withins);
  EXPECT_EQ(calls(backend().peerCopy), peers);
  for (tiny_device_t device : {first, second, cpu}) {
    EXPECT_EQ(getStats(device).bytes_copied_in, 0u);
    EXPECT_EQ(getStats(device).bytes_copied_out, 0u);
  }
  release(host);
  release(a);
  release(b);
}

//===----------------------------------------------------------------------===//
// Driver errors
//===----------------------------------------------------------------------===//

TEST_P(GpuBackendTest, OutOfDeviceMemory) {
  fake().fake_set_device_memory(64);
  tiny_device_t device = gpu(1);
  tiny_buffer_t fits = allocate(device, TINY_DTYPE_U8, 60);
  tiny_buffer_t buffer = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(device, TINY_DTYPE_U8, 8, &buffer),
                      TINY_STATUS_OUT_OF_MEMORY,
                      {"device '" + name(1) + "': " + backend().allocate +
                       " failed: " + backend().outOfMemory +
                       " (error 2): out of memory"}));
  EXPECT_EQ(buffer, nullptr);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 60u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.failed_allocations, 1u);
  release(fits);
}

TEST_P(GpuBackendTest, FailedClearFreesTheMemory) {
  fake().fake_fail(backend().clear, 999, 0);
  tiny_buffer_t buffer = nullptr;
  EXPECT_TRUE(
      isError(tiny_buffer_allocate(gpu(), TINY_DTYPE_F32, 4, &buffer),
              TINY_STATUS_INTERNAL,
              {std::string(backend().clear) + " failed: ", "error 999"}));
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 0);
  EXPECT_EQ(getStats(gpu()).failed_allocations, 1u);
}

TEST_P(GpuBackendTest, FailedUploadChangesNoCounter) {
  tiny_device_t device = gpu();
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 4);
  fake().fake_fail(backend().upload, 700, 0);
  std::vector<uint8_t> values = {1, 2, 3, 4};
  EXPECT_TRUE(isError(
      tiny_buffer_upload(buffer, values.data(), 4), TINY_STATUS_INTERNAL,
      {"device '" + name(0) + "': " + backend().upload +
       " failed: " + backend().illegalAddress +
       " (error 700): an illegal memory access was encountered"}));
  EXPECT_EQ(getStats(device).bytes_copied_in, 0u);
  release(buffer);
}

TEST_P(GpuBackendTest, UnnamedDriverError) {
  tiny_device_t device = gpu();
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 4);
  fake().fake_fail(backend().download, 12345, 0);
  uint8_t values[4];
  tiny_status_t status = tiny_buffer_download(buffer, values, 4);
  Error error = takeError(status);
  EXPECT_EQ(error.code, tiny_status_code_t(TINY_STATUS_INTERNAL));
  EXPECT_NE(error.message.find("failed: "), std::string::npos);
  EXPECT_NE(error.message.find("error 12345"), std::string::npos)
      << error.message;
  EXPECT_EQ(getStats(device).bytes_copied_out, 0u);
  release(buffer);
}

TEST_P(GpuBackendTest, FailedPeerCopy) {
  tiny_buffer_t src = allocate(gpu(0), TINY_DTYPE_U8, 4);
  tiny_buffer_t dst = allocate(gpu(1), TINY_DTYPE_U8, 4);
  fake().fake_fail(backend().peerCopy, 1, 0);
  EXPECT_TRUE(isError(tiny_buffer_copy(dst, src), TINY_STATUS_INVALID_ARGUMENT,
                      {std::string(backend().peerCopy) + " failed: "}));
  EXPECT_EQ(getStats(gpu(0)).bytes_copied_out, 0u);
  EXPECT_EQ(getStats(gpu(1)).bytes_copied_in, 0u);
  release(src);
  release(dst);
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

TEST_P(GpuBackendTest, LaunchMarshalsArguments) {
  tiny_device_t device = gpu(1);
  tiny_module_t module = loadModule(device);
  ASSERT_NE(module, nullptr);
  tiny_device_t moduleDevice = nullptr;
  ASSERT_TRUE(isOk(tiny_module_device(module, &moduleDevice)));
  EXPECT_EQ(moduleDevice, device);

  tiny_buffer_t x = allocate(device, TINY_DTYPE_F32, 8);
  tiny_buffer_t y = allocate(device, TINY_DTYPE_F32, 8);
  std::vector<float> xs = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<float> ys = {10, 20, 30, 40, 50, 60, 70, 80};
  upload(x, xs);
  upload(y, ys);
  // 2 blocks of 3 threads reach the first 6 of the 8 elements.
  tiny_kernel_arg_t args[] = {bufferArg(x), bufferArg(y), f32Arg(0.5f),
                              i64Arg(8)};
  tiny_launch_dims_t dims = makeDims(2, 3);
  dims.shared_memory_bytes = 256;
  ASSERT_TRUE(isOk(tiny_launch_gpu(module, "axpy_f32", &dims, args, 4)));
  std::vector<float> expected = ys;
  for (int i = 0; i < 6; ++i)
    expected[i] = 0.5f * xs[i] + ys[i];
  EXPECT_EQ(download<float>(y), expected);
  EXPECT_EQ(download<float>(x), xs);

  fake_launch launch = {};
  fake().fake_last_launch(&launch);
  EXPECT_STREQ(launch.kernel, "axpy_f32");
  EXPECT_EQ(launch.api, backend().api);
  EXPECT_EQ(launch.device, 1);
  EXPECT_EQ(launch.grid[0], 2u);
  EXPECT_EQ(launch.block[0], 3u);
  EXPECT_EQ(launch.shared_memory_bytes, 256u);

  // A double and an i32, over a three-dimensional shape of 2 x 4 = 8
  // threads covering all 5 elements.
  tiny_buffer_t z = allocate(device, TINY_DTYPE_F64, 5);
  std::vector<double> zs = {1, -2, 0.25, 1e10, 3};
  upload(z, zs);
  tiny_kernel_arg_t scaleArgs[] = {bufferArg(z), f64Arg(-1.5), i32Arg(5)};
  tiny_launch_dims_t shape = makeDims(1, 2, 2, 1, 1, 2);
  ASSERT_TRUE(isOk(tiny_launch_gpu(module, "scale_f64", &shape, scaleArgs, 3)));
  std::vector<double> scaled;
  for (double value : zs)
    scaled.push_back(value * -1.5);
  EXPECT_EQ(download<double>(z), scaled);
  fake().fake_last_launch(&launch);
  EXPECT_EQ(launch.grid[1], 2u);
  EXPECT_EQ(launch.block[2], 2u);

  // No arguments at all.
  tiny_launch_dims_t one = makeDims(1, 1);
  EXPECT_TRUE(isOk(tiny_launch_gpu(module, "do_nothing", &one, nullptr, 0)));
  EXPECT_EQ(fake().fake_launch_count(), 3);
  // Each kernel was looked up once, though axpy_f32 runs again.
  ASSERT_TRUE(isOk(tiny_launch_gpu(module, "axpy_f32", &dims, args, 4)));
  EXPECT_EQ(calls(backend().getFunction), 3);

  release(x);
  release(y);
  release(z);
  unload(module);
  EXPECT_EQ(fake().fake_live_modules(), 0);
}

TEST_P(GpuBackendTest, LaunchArgumentErrors) {
  tiny_device_t device = gpu();
  tiny_module_t module = loadModule(device);
  tiny_buffer_t here = allocate(device, TINY_DTYPE_F32, 4);
  tiny_buffer_t there = allocate(gpu(1), TINY_DTYPE_F32, 4);
  tiny_buffer_t onCpu = allocate(getDevice("CPU"), TINY_DTYPE_F32, 4);
  tiny_launch_dims_t dims = makeDims(1, 4);

  tiny_kernel_arg_t wrongDevice[] = {bufferArg(here), bufferArg(there),
                                     f32Arg(1), i64Arg(4)};
  EXPECT_TRUE(
      isError(tiny_launch_gpu(module, "axpy_f32", &dims, wrongDevice, 4),
              TINY_STATUS_INVALID_ARGUMENT,
              {"argument 1 is a buffer on device '" + name(1) +
               "', not on the kernel's device '" + name(0) + "'"}));
  tiny_kernel_arg_t cpuBuffer[] = {bufferArg(onCpu)};
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "axpy_f32", &dims, cpuBuffer, 1),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"argument 0 is a buffer on device 'CPU'"}));
  tiny_kernel_arg_t unknownKind[] = {bufferArg(here)};
  unknownKind[0].kind = 77;
  EXPECT_TRUE(isError(
      tiny_launch_gpu(module, "axpy_f32", &dims, unknownKind, 1),
      TINY_STATUS_INVALID_ARGUMENT, {"argument 0 has unknown kind 77"}));
  tiny_buffer_t released = allocate(device, TINY_DTYPE_F32, 4);
  release(released);
  tiny_kernel_arg_t stale[] = {i32Arg(1), bufferArg(released)};
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "axpy_f32", &dims, stale, 2),
                      TINY_STATUS_INVALID_HANDLE,
                      {"argument 1 (buffer)", "not a live buffer"}));
  tiny_launch_dims_t empty = makeDims(1, 4, 0);
  tiny_kernel_arg_t none[] = {i32Arg(0)};
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "do_nothing", &empty, none, 0),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"grid 1x0x1 of blocks 4x1x1 has an empty dimension"}));
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "do_nothing", nullptr, none, 0),
                      TINY_STATUS_INVALID_ARGUMENT, {"launch dims are NULL"}));
  EXPECT_TRUE(isError(tiny_launch_gpu(module, nullptr, &dims, none, 0),
                      TINY_STATUS_INVALID_ARGUMENT, {"kernel name is NULL"}));
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "do_nothing", &dims, nullptr, 2),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"argument array is NULL with 2 arguments"}));
  EXPECT_TRUE(isError(tiny_launch_gpu(nullptr, "do_nothing", &dims, none, 0),
                      TINY_STATUS_INVALID_ARGUMENT, {"module is NULL"}));
  // The runtime's checks come before the driver sees anything.
  EXPECT_EQ(fake().fake_launch_count(), 0);

  // The driver's refusals.
  EXPECT_TRUE(isError(
      tiny_launch_gpu(module, "no_such_kernel", &dims, none, 0),
      TINY_STATUS_NOT_FOUND,
      {std::string(backend().getFunction) + " failed: " + backend().notFound}));
  tiny_launch_dims_t tooWide = makeDims(1, 2048);
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "do_nothing", &tooWide, none, 0),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {std::string(backend().launch) + " failed: "}));
  EXPECT_EQ(fake().fake_launch_count(), 0);

  release(here);
  release(there);
  release(onCpu);
  unload(module);
}

TEST_P(GpuBackendTest, KernelFaultShowsAtTheNextWait) {
  tiny_device_t device = gpu();
  tiny_module_t module = loadModule(device);
  tiny_buffer_t x = allocate(device, TINY_DTYPE_F32, 4);
  tiny_buffer_t y = allocate(device, TINY_DTYPE_F32, 4);
  // n = 64 reaches past both 4-element buffers.
  tiny_kernel_arg_t args[] = {bufferArg(x), bufferArg(y), f32Arg(1),
                              i64Arg(64)};
  tiny_launch_dims_t dims = makeDims(4, 16);
  ASSERT_TRUE(isOk(tiny_launch_gpu(module, "axpy_f32", &dims, args, 4)));
  EXPECT_TRUE(isError(tiny_device_synchronize(device), TINY_STATUS_INTERNAL,
                      {"device '" + name(0) + "': " + backend().synchronize +
                       " failed: " + backend().illegalAddress}));
  EXPECT_TRUE(isOk(tiny_device_synchronize(device)));

  // A download waits too, so it reports the fault instead of stale data.
  ASSERT_TRUE(isOk(tiny_launch_gpu(module, "axpy_f32", &dims, args, 4)));
  std::vector<float> values(4);
  EXPECT_TRUE(isError(tiny_buffer_download(y, values.data(), 16),
                      TINY_STATUS_INTERNAL, {backend().illegalAddress}));
  release(x);
  release(y);
  unload(module);
}

TEST_P(GpuBackendTest, ModuleLoadErrors) {
  tiny_device_t device = gpu();
  tiny_module_t module = nullptr;
  std::string noKernels = ".version 8.0\n.target sm_90\n";
  tiny_status_t status =
      tiny_module_load(device, noKernels.data(), noKernels.size(), &module);
  if (backend().api == FAKE_CUDA)
    // The PTX compiler's log comes with the error.
    EXPECT_TRUE(isError(status, TINY_STATUS_INVALID_ARGUMENT,
                        {"cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX",
                         "fake ptxas: the module has no .entry"}));
  else
    EXPECT_TRUE(isError(status, TINY_STATUS_INVALID_ARGUMENT,
                        {"hipModuleLoadData failed: hipErrorInvalidImage"}));
  EXPECT_EQ(module, nullptr);

  EXPECT_TRUE(isError(tiny_module_load(device, "x", 0, &module),
                      TINY_STATUS_INVALID_ARGUMENT, {"the image is empty"}));
  EXPECT_TRUE(isError(tiny_module_load(device, nullptr, 4, &module),
                      TINY_STATUS_INVALID_ARGUMENT, {"the image is empty"}));
  EXPECT_TRUE(isError(tiny_module_load(device, kModuleText, 4, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"output pointer"}));
  EXPECT_TRUE(isError(
      tiny_module_load(getDevice("CPU:2"), kModuleText, 4, &module),
      TINY_STATUS_INVALID_ARGUMENT,
      {"tiny_module_load: device 'CPU:2' is not a CUDA or HIP device"}));
  EXPECT_TRUE(isError(tiny_module_load(nullptr, kModuleText, 4, &module),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_EQ(fake().fake_live_modules(), 0);
}

TEST_P(GpuBackendTest, ModuleHandles) {
  tiny_module_t module = loadModule(gpu());
  EXPECT_EQ(fake().fake_live_modules(), 1);
  unload(module);
  EXPECT_EQ(fake().fake_live_modules(), 0);
  EXPECT_TRUE(isError(tiny_module_unload(module), TINY_STATUS_INVALID_HANDLE,
                      {"not a loaded module"}));
  tiny_launch_dims_t dims = makeDims(1, 1);
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "do_nothing", &dims, nullptr, 0),
                      TINY_STATUS_INVALID_HANDLE, {"not a loaded module"}));
  tiny_device_t device = nullptr;
  EXPECT_TRUE(
      isError(tiny_module_device(module, &device), TINY_STATUS_INVALID_HANDLE));
  // A new module never takes over the old handle.
  tiny_module_t again = loadModule(gpu());
  EXPECT_NE(again, module);
  unload(again);
}

TEST_P(GpuBackendTest, DestroyingTheRuntimeUnloadsModules) {
  tiny_module_t module = loadModule(gpu(1));
  tiny_event_t event = nullptr;
  ASSERT_TRUE(isOk(tiny_event_create(gpu(1), &event)));
  tiny_buffer_t buffer = allocate(gpu(1), TINY_DTYPE_U8, 10);
  ASSERT_TRUE(isOk(tiny_runtime_destroy(runtime)));
  runtime = nullptr;
  EXPECT_EQ(fake().fake_live_modules(), 0);
  EXPECT_EQ(fake().fake_live_events(), 0);
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 0);
  EXPECT_TRUE(isError(tiny_module_unload(module), TINY_STATUS_INVALID_HANDLE));
  EXPECT_TRUE(isError(tiny_event_record(event), TINY_STATUS_INVALID_HANDLE));
  EXPECT_TRUE(isError(tiny_buffer_release(buffer), TINY_STATUS_INVALID_HANDLE));
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

TEST_P(GpuBackendTest, EventsTimeTheQueue) {
  tiny_device_t device = gpu(1);
  tiny_module_t module = loadModule(device);
  tiny_event_t start = nullptr, end = nullptr;
  ASSERT_TRUE(isOk(tiny_event_create(device, &start)));
  ASSERT_TRUE(isOk(tiny_event_create(device, &end)));
  EXPECT_EQ(fake().fake_live_events(), 2);

  float milliseconds = -1;
  // Never recorded: the driver's error.
  EXPECT_TRUE(isError(tiny_event_elapsed_ms(start, end, &milliseconds),
                      TINY_STATUS_INTERNAL, {"failed: "}));
  EXPECT_EQ(milliseconds, -1);

  ASSERT_TRUE(isOk(tiny_event_record(start)));
  tiny_launch_dims_t dims = makeDims(1, 1);
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(isOk(tiny_launch_gpu(module, "do_nothing", &dims, nullptr, 0)));
  ASSERT_TRUE(isOk(tiny_event_record(end)));
  ASSERT_TRUE(isOk(tiny_event_synchronize(end)));
  ASSERT_TRUE(isOk(tiny_event_elapsed_ms(start, end, &milliseconds)));
  EXPECT_EQ(milliseconds, 3 * FAKE_LAUNCH_MILLISECONDS);

  // Events of two devices cannot be compared.
  tiny_event_t elsewhere = nullptr;
  ASSERT_TRUE(isOk(tiny_event_create(gpu(0), &elsewhere)));
  ASSERT_TRUE(isOk(tiny_event_record(elsewhere)));
  EXPECT_TRUE(isError(tiny_event_elapsed_ms(start, elsewhere, &milliseconds),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"the start event is on '" + name(1) +
                       "', the end event on '" + name(0) + "'"}));
  EXPECT_TRUE(isError(tiny_event_elapsed_ms(start, end, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"output pointer"}));

  EXPECT_TRUE(isOk(tiny_event_destroy(elsewhere)));
  EXPECT_TRUE(isError(tiny_event_destroy(elsewhere), TINY_STATUS_INVALID_HANDLE,
                      {"not a live event"}));
  EXPECT_TRUE(isError(tiny_event_synchronize(nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"event is NULL"}));
  EXPECT_TRUE(isOk(tiny_event_destroy(start)));
  EXPECT_TRUE(isOk(tiny_event_destroy(end)));
  EXPECT_EQ(fake().fake_live_events(), 0);

  tiny_event_t onCpu = nullptr;
  EXPECT_TRUE(isError(tiny_event_create(getDevice("CPU"), &onCpu),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"not a CUDA or HIP device"}));
  unload(module);
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

TEST_P(GpuBackendTest, ThreadsUseTheirOwnDevices) {
  tiny_device_t devices[] = {gpu(0), gpu(1)};
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      tiny_device_t device = devices[t % 2];
      for (int round = 0; round < 20; ++round) {
        tiny_buffer_t buffer = nullptr;
        std::vector<int64_t> values(16, t * 1000 + round), back(16);
        bool ok = !tiny_buffer_allocate(device, TINY_DTYPE_I64, 16, &buffer) &&
                  !tiny_buffer_upload(buffer, values.data(), 128) &&
                  !tiny_buffer_download(buffer, back.data(), 128) &&
                  back == values && !tiny_buffer_release(buffer) &&
                  fake().fake_context_depth() == 0;
        failures[t] += !ok;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
  EXPECT_EQ(fake().fake_live_allocations(backend().api), 0);
}

INSTANTIATE_TEST_SUITE_P(Drivers, GpuBackendTest,
                         ::testing::Values(kCuda, kHip),
                         [](const ::testing::TestParamInfo<Backend> &info) {
                           return std::string(info.param.name);
                         });

//===----------------------------------------------------------------------===//
// What differs between CUDA and HIP
//===----------------------------------------------------------------------===//

using DriverStateTest = FakeDriverTest;

/// The back end leaves the calling thread's own CUDA context current.
TEST_F(DriverStateTest, CudaKeepsTheThreadsContext) {
  using Retain = int (*)(void **, int);
  using Push = int (*)(void *);
  using Pop = int (*)(void **);
  using Release = int (*)(int);
  auto retain = reinterpret_cast<Retain>(
      dlsym(fake().library, "cuDevicePrimaryCtxRetain"));
  auto push =
      reinterpret_cast<Push>(dlsym(fake().library, "cuCtxPushCurrent_v2"));
  auto pop = reinterpret_cast<Pop>(dlsym(fake().library, "cuCtxPopCurrent_v2"));
  auto releaseContext = reinterpret_cast<Release>(
      dlsym(fake().library, "cuDevicePrimaryCtxRelease_v2"));
  ASSERT_TRUE(retain && push && pop && releaseContext);

  void *mine = nullptr;
  ASSERT_EQ(retain(&mine, 1), 0);
  ASSERT_EQ(push(mine), 0);
  tiny_buffer_t buffer = allocate(getDevice("CUDA"), TINY_DTYPE_U8, 4);
  // In device 0's context, not in the thread's.
  EXPECT_EQ(fake().fake_live_bytes(FAKE_CUDA, 0), 4u);
  EXPECT_EQ(fake().fake_live_bytes(FAKE_CUDA, 1), 0u);
  upload<uint8_t>(buffer, {1, 2, 3, 4});
  release(buffer);
  EXPECT_EQ(fake().fake_live_bytes(FAKE_CUDA, 0), 0u);
  EXPECT_EQ(fake().fake_context_depth(), 1);
  void *current = nullptr;
  ASSERT_EQ(pop(&current), 0);
  EXPECT_EQ(current, mine);
  ASSERT_EQ(releaseContext(1), 0);
}

/// The back end restores the calling thread's HIP device.
TEST_F(DriverStateTest, HipKeepsTheThreadsDevice) {
  using SetDevice = int (*)(int);
  auto setDevice =
      reinterpret_cast<SetDevice>(dlsym(fake().library, "hipSetDevice"));
  ASSERT_TRUE(setDevice);
  ASSERT_EQ(setDevice(1), 0);
  tiny_buffer_t buffer = allocate(getDevice("HIP"), TINY_DTYPE_U8, 4);
  EXPECT_EQ(fake().fake_live_bytes(FAKE_HIP, 0), 4u);
  EXPECT_EQ(fake().fake_live_bytes(FAKE_HIP, 1), 0u);
  upload<uint8_t>(buffer, {1, 2, 3, 4});
  EXPECT_EQ(fake().fake_current_hip_device(), 1);
  release(buffer);
  EXPECT_EQ(fake().fake_current_hip_device(), 1);
  ASSERT_EQ(setDevice(0), 0);
}

/// Between CUDA and HIP there is no peer path: the copy is staged through
/// host memory in 8 MiB chunks.
TEST_F(DriverStateTest, CopyBetweenKindsIsStaged) {
  fake().fake_set_device_memory(size_t(64) << 20);
  size_t bytes = size_t(20) << 20;
  tiny_device_t cuda = getDevice("CUDA:1");
  tiny_device_t hip = getDevice("HIP");
  tiny_buffer_t src = allocate(cuda, TINY_DTYPE_U8, bytes);
  tiny_buffer_t dst = allocate(hip, TINY_DTYPE_U8, bytes);
  std::vector<uint8_t> values(bytes);
  for (size_t i = 0; i < bytes; ++i)
    values[i] = uint8_t(i * 7 + i / 4096);
  upload(src, values);
  int downloads = fake().fake_call_count("cuMemcpyDtoH_v2");
  int uploads = fake().fake_call_count("hipMemcpy");
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  // 20 MiB in chunks of at most 8 MiB: 3 each way.
  EXPECT_EQ(fake().fake_call_count("cuMemcpyDtoH_v2") - downloads, 3);
  EXPECT_EQ(fake().fake_call_count("hipMemcpy") - uploads, 3);
  EXPECT_EQ(fake().fake_call_count("cuMemcpyPeer"), 0);
  EXPECT_EQ(fake().fake_call_count("hipMemcpyPeer"), 0);
  EXPECT_EQ(getStats(cuda).bytes_copied_out, bytes);
  EXPECT_EQ(getStats(hip).bytes_copied_in, bytes);
  EXPECT_TRUE(download<uint8_t>(dst) == values);
  release(src);
  release(dst);
}

/// A driver that fails while opening a device: the device is not created,
/// and asking again asks the driver again.
TEST_F(DriverStateTest, DeviceThatFailsToOpen) {
  fake().fake_fail("cuDevicePrimaryCtxRetain", 999, 0);
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(
      tiny_device_get(runtime, "CUDA:1", &device), TINY_STATUS_INTERNAL,
      {"device 'CUDA:1': cuDevicePrimaryCtxRetain failed: ", "error 999"}));
  EXPECT_EQ(device, nullptr);
  EXPECT_TRUE(isError(tiny_device_get(runtime, "CUDA:1", &device),
                      TINY_STATUS_INTERNAL));
  EXPECT_EQ(fake().fake_call_count("cuDevicePrimaryCtxRetain"), 2);
  // Once the driver recovers, the device opens.
  fake().fake_reset();
  EXPECT_NE(getDevice("CUDA:1"), nullptr);
}

/// A library with only some of the entry points is not a driver.
TEST_F(DriverStateTest, DriverMissingAnEntryPoint) {
  tiny_runtime_t other = nullptr;
  ASSERT_TRUE(isOk(tiny_runtime_create(&other)));
  // libc loads, but it is no driver.
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(other, TINY_DEVICE_KIND_HIP,
                                                   "libc.so.6")));
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(
      tiny_device_get(other, "HIP", &device), TINY_STATUS_UNAVAILABLE,
      {"device 'HIP' not available: ", "libc.so.6 has no symbol hipInit"}));
  ASSERT_TRUE(isOk(tiny_runtime_destroy(other)));
}

} // namespace
