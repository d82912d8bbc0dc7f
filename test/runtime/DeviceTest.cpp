//===- DeviceTest.cpp - The device registry, counters and limits ----------===//
//
// Device names and handles, the per-device counters and memory limits, and
// the GPU back ends' dlopen paths: a missing driver library, one without the
// entry points, one whose driver fails to initialize and one that works
// (FakeDriver.c; GpuBackendTest runs the back ends on it in depth).
//
//===----------------------------------------------------------------------===//

#include "FakeDriverControl.h"
#include "RuntimeTestSupport.h"

#include <dlfcn.h>

#include <iostream>
#include <set>

using namespace tiny::test;

namespace {

using DeviceTest = RuntimeTest;

/// The path of FakeDriver.c's library in the test's runfiles.
std::string getFakeDriverPath() { return fake().path; }

//===----------------------------------------------------------------------===//
// Names and handles
//===----------------------------------------------------------------------===//

TEST_F(DeviceTest, CpuIsCpu0) {
  tiny_device_t cpu = getDevice("CPU");
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(getDevice("CPU:0"), cpu);
  EXPECT_EQ(getDevice("CPU"), cpu);
  const char *name = nullptr;
  ASSERT_TRUE(isOk(tiny_device_name(cpu, &name)));
  EXPECT_STREQ(name, "CPU");
  tiny_device_kind_t kind = 0;
  ASSERT_TRUE(isOk(tiny_device_kind(cpu, &kind)));
  EXPECT_EQ(kind, tiny_device_kind_t(TINY_DEVICE_KIND_CPU));
  uint32_t index = 99;
  ASSERT_TRUE(isOk(tiny_device_index(cpu, &index)));
  EXPECT_EQ(index, 0u);
}

// Looked up first as "CPU:0", the host device still takes its canonical
// name "CPU", and "CPU" finds it.
TEST_F(DeviceTest, Cpu0FirstIsNamedCpu) {
  tiny_device_t cpu = getDevice("CPU:0");
  ASSERT_NE(cpu, nullptr);
  const char *name = nullptr;
  ASSERT_TRUE(isOk(tiny_device_name(cpu, &name)));
  EXPECT_STREQ(name, "CPU");
  EXPECT_EQ(getDevice("CPU"), cpu);
}

TEST_F(DeviceTest, VirtualCpuDevices) {
  std::set<tiny_device_t> seen;
  for (int i = 0; i < TINY_CPU_DEVICE_COUNT; ++i) {
    std::string expected = i == 0 ? "CPU" : "CPU:" + std::to_string(i);
    tiny_device_t device = getDevice(("CPU:" + std::to_string(i)).c_str());
    ASSERT_NE(device, nullptr);
    seen.insert(device);
    const char *name = nullptr;
    ASSERT_TRUE(isOk(tiny_device_name(device, &name)));
    EXPECT_EQ(name, expected);
    uint32_t index = 0;
    ASSERT_TRUE(isOk(tiny_device_index(device, &index)));
    EXPECT_EQ(index, uint32_t(i));
    tiny_device_kind_t kind = 0;
    ASSERT_TRUE(isOk(tiny_device_kind(device, &kind)));
    EXPECT_EQ(kind, tiny_device_kind_t(TINY_DEVICE_KIND_CPU));
  }
  EXPECT_EQ(seen.size(), size_t(TINY_CPU_DEVICE_COUNT));
  // Asking again gives the same handles.
  EXPECT_EQ(getDevice("CPU:63"), getDevice("CPU:63"));
}

TEST_F(DeviceTest, UnknownDeviceNames) {
  for (const char *name : {"TPU", "", "cpu", "Cpu", "CPU:", ":1", "CPU:01",
                           "CPU:-1", "CPU:+1", "CPU:1:2", "CPU:x", " CPU",
                           "CPU ", "CPU:99999999999", "CUDA:", "HIP:1a"}) {
    tiny_device_t device = nullptr;
    EXPECT_TRUE(isError(tiny_device_get(runtime, name, &device),
                        TINY_STATUS_NOT_FOUND,
                        {"unknown device '" + std::string(name) + "'",
                         "expected CPU, CUDA or HIP"}));
    EXPECT_EQ(device, nullptr);
  }
}

TEST_F(DeviceTest, DevicesOfOtherRanksAreNotLocal) {
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(tiny_device_get(runtime, "CPU:1@1", &device),
                      TINY_STATUS_NOT_FOUND,
                      {"device 'CPU:1@1' belongs to MPI rank 1"}));
  EXPECT_EQ(device, nullptr);
  // Rank 0 is the rank of a name without one.
  EXPECT_EQ(getDevice("CPU:1@0"), getDevice("CPU:1"));
}

TEST_F(DeviceTest, CpuIndexOutOfRange) {
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(tiny_device_get(runtime, "CPU:64", &device),
                      TINY_STATUS_NOT_FOUND,
                      {"unknown device 'CPU:64'", "CPU:0 to CPU:63"}));
  EXPECT_TRUE(isError(tiny_device_get(runtime, "CPU:1000", &device),
                      TINY_STATUS_NOT_FOUND, {"'CPU:1000'"}));
  EXPECT_EQ(device, nullptr);
}

TEST_F(DeviceTest, NullArguments) {
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(tiny_device_get(runtime, nullptr, &device),
                      TINY_STATUS_INVALID_ARGUMENT, {"device name is NULL"}));
  EXPECT_TRUE(isError(tiny_device_get(runtime, "CPU", nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"output pointer"}));
  EXPECT_TRUE(isError(tiny_device_get(nullptr, "CPU", &device),
                      TINY_STATUS_INVALID_ARGUMENT, {"runtime is NULL"}));

  const char *name = nullptr;
  tiny_device_kind_t kind = 0;
  uint32_t index = 0;
  tiny_device_stats_t stats;
  EXPECT_TRUE(isError(tiny_device_name(nullptr, &name),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_TRUE(isError(tiny_device_kind(nullptr, &kind),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_TRUE(isError(tiny_device_index(nullptr, &index),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_TRUE(isError(tiny_device_stats(nullptr, &stats),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_TRUE(isError(tiny_device_reset_stats(nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_TRUE(isError(tiny_device_set_limit(nullptr, 0),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));

  tiny_device_t cpu = getDevice("CPU");
  EXPECT_TRUE(isError(tiny_device_name(cpu, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_device_name"}));
  EXPECT_TRUE(isError(tiny_device_kind(cpu, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_device_kind"}));
  EXPECT_TRUE(isError(tiny_device_index(cpu, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_device_index"}));
  EXPECT_TRUE(isError(tiny_device_stats(cpu, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_device_stats"}));
  EXPECT_TRUE(isError(tiny_runtime_create(nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_runtime_create"}));
}

TEST(RuntimeLifetimeTest, DestroyedRuntimeAndItsDevices) {
  tiny_runtime_t runtime = nullptr;
  ASSERT_TRUE(isOk(tiny_runtime_create(&runtime)));
  tiny_device_t device = nullptr;
  ASSERT_TRUE(isOk(tiny_device_get(runtime, "CPU:2", &device)));
  ASSERT_TRUE(isOk(tiny_runtime_destroy(runtime)));

  // Neither the runtime nor its devices resolve any more.
  const char *name = nullptr;
  EXPECT_TRUE(isError(tiny_device_name(device, &name),
                      TINY_STATUS_INVALID_HANDLE, {"not a live device"}));
  tiny_device_stats_t stats;
  EXPECT_TRUE(
      isError(tiny_device_stats(device, &stats), TINY_STATUS_INVALID_HANDLE));
  tiny_buffer_t buffer = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(device, TINY_DTYPE_F32, 4, &buffer),
                      TINY_STATUS_INVALID_HANDLE));
  EXPECT_EQ(buffer, nullptr);
  EXPECT_TRUE(isError(tiny_device_get(runtime, "CPU", &device),
                      TINY_STATUS_INVALID_HANDLE, {"runtime is not live"}));
  EXPECT_TRUE(isError(tiny_runtime_destroy(runtime), TINY_STATUS_INVALID_HANDLE,
                      {"destroyed twice"}));
  EXPECT_TRUE(isOk(tiny_runtime_destroy(nullptr)));
}

TEST(RuntimeLifetimeTest, RuntimesAreIndependent) {
  tiny_runtime_t first = nullptr, second = nullptr;
  ASSERT_TRUE(isOk(tiny_runtime_create(&first)));
  ASSERT_TRUE(isOk(tiny_runtime_create(&second)));
  tiny_device_t a = nullptr, b = nullptr;
  ASSERT_TRUE(isOk(tiny_device_get(first, "CPU:1", &a)));
  ASSERT_TRUE(isOk(tiny_device_get(second, "CPU:1", &b)));
  EXPECT_NE(a, b);
  tiny_buffer_t buffer = nullptr;
  ASSERT_TRUE(isOk(tiny_buffer_allocate(a, TINY_DTYPE_I32, 5, &buffer)));
  tiny_device_stats_t stats;
  ASSERT_TRUE(isOk(tiny_device_stats(a, &stats)));
  EXPECT_EQ(stats.bytes_allocated, 20u);
  ASSERT_TRUE(isOk(tiny_device_stats(b, &stats)));
  EXPECT_EQ(stats.bytes_allocated, 0u);
  // Destroying the first runtime frees its buffer and leaves the second.
  ASSERT_TRUE(isOk(tiny_runtime_destroy(first)));
  size_t bytes = 0;
  EXPECT_TRUE(isError(tiny_buffer_byte_size(buffer, &bytes),
                      TINY_STATUS_INVALID_HANDLE));
  ASSERT_TRUE(isOk(tiny_device_stats(b, &stats)));
  EXPECT_EQ(stats.bytes_allocated, 0u);
  ASSERT_TRUE(isOk(tiny_runtime_destroy(second)));
}

//===----------------------------------------------------------------------===//
// Counters and limits
//===----------------------------------------------------------------------===//

TEST_F(DeviceTest, FreshCounters) {
  tiny_device_stats_t stats = getStats(getDevice("CPU:5"));
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.peak_bytes_allocated, 0u);
  EXPECT_EQ(stats.bytes_copied_in, 0u);
  EXPECT_EQ(stats.bytes_copied_out, 0u);
  EXPECT_EQ(stats.live_buffers, 0u);
  EXPECT_EQ(stats.allocations, 0u);
  EXPECT_EQ(stats.failed_allocations, 0u);
  EXPECT_EQ(stats.memory_limit, TINY_DEVICE_UNLIMITED);
}

TEST_F(DeviceTest, AllocationCounters) {
  tiny_device_t device = getDevice("CPU:1");
  tiny_device_t other = getDevice("CPU:2");
  tiny_buffer_t a = allocate(device, TINY_DTYPE_F32, 10);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 40u);
  EXPECT_EQ(stats.peak_bytes_allocated, 40u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 1u);

  tiny_buffer_t b = allocate(device, TINY_DTYPE_F64, 3);
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 64u);
  EXPECT_EQ(stats.peak_bytes_allocated, 64u);
  EXPECT_EQ(stats.live_buffers, 2u);
  EXPECT_EQ(stats.allocations, 2u);

  release(a);
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 24u);
  EXPECT_EQ(stats.peak_bytes_allocated, 64u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 2u);

  // Another device's counters do not move; "CPU" is not "CPU:1".
  EXPECT_EQ(getStats(other).bytes_allocated, 0u);
  EXPECT_EQ(getStats(getDevice("CPU")).allocations, 0u);

  ASSERT_TRUE(isOk(tiny_device_reset_stats(device)));
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 24u);
  EXPECT_EQ(stats.peak_bytes_allocated, 24u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 0u);
  release(b);
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.peak_bytes_allocated, 24u);
  EXPECT_EQ(stats.live_buffers, 0u);
}

TEST_F(DeviceTest, ResetClearsCopiesAndFailures) {
  tiny_device_t device = getDevice("CPU:4");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 8);
  upload<uint8_t>(buffer, {1, 2, 3, 4, 5, 6, 7, 8});
  download<uint8_t>(buffer);
  ASSERT_TRUE(isOk(tiny_device_set_limit(device, 8)));
  tiny_buffer_t refused = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(device, TINY_DTYPE_U8, 1, &refused),
                      TINY_STATUS_OUT_OF_MEMORY));
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_copied_in, 8u);
  EXPECT_EQ(stats.bytes_copied_out, 8u);
  EXPECT_EQ(stats.failed_allocations, 1u);

  ASSERT_TRUE(isOk(tiny_device_reset_stats(device)));
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_copied_in, 0u);
  EXPECT_EQ(stats.bytes_copied_out, 0u);
  EXPECT_EQ(stats.allocations, 0u);
  EXPECT_EQ(stats.failed_allocations, 0u);
  EXPECT_EQ(stats.bytes_allocated, 8u);
  EXPECT_EQ(stats.peak_bytes_allocated, 8u);
  EXPECT_EQ(stats.live_buffers, 1u);
  // The limit survives a reset.
  EXPECT_EQ(stats.memory_limit, 8u);
  release(buffer);
}

TEST_F(DeviceTest, MemoryLimit) {
  tiny_device_t device = getDevice("CPU:3");
  ASSERT_TRUE(isOk(tiny_device_set_limit(device, 100)));
  EXPECT_EQ(getStats(device).memory_limit, 100u);
  tiny_buffer_t full = allocate(device, TINY_DTYPE_F32, 25);
  std::vector<float> values(25, 2.5f);
  upload(full, values);

  tiny_buffer_t refused = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(device, TINY_DTYPE_U8, 1, &refused),
                      TINY_STATUS_OUT_OF_MEMORY,
                      {"device 'CPU:3' out of memory", "allocating 1 bytes",
                       "100 of 100 bytes in use"}));
  EXPECT_EQ(refused, nullptr);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 100u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 1u);
  EXPECT_EQ(stats.failed_allocations, 1u);
  // The buffer already there is intact, and other devices are not limited.
  EXPECT_EQ(download<float>(full), values);
  tiny_buffer_t elsewhere = allocate(getDevice("CPU:4"), TINY_DTYPE_U8, 1000);
  release(elsewhere);

  // Freeing makes room again.
  release(full);
  tiny_buffer_t again = allocate(device, TINY_DTYPE_U8, 100);
  EXPECT_EQ(getStats(device).bytes_allocated, 100u);
  release(again);
}

TEST_F(DeviceTest, LimitBelowUsage) {
  tiny_device_t device = getDevice("CPU:6");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_I64, 4);
  upload<int64_t>(buffer, {1, -2, 3, -4});
  ASSERT_TRUE(isOk(tiny_device_set_limit(device, 16)));
  tiny_buffer_t refused = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(device, TINY_DTYPE_U8, 1, &refused),
                      TINY_STATUS_OUT_OF_MEMORY,
                      {"allocating 1 bytes with 32 of 16 bytes in use"}));
  EXPECT_EQ(download<int64_t>(buffer), (std::vector<int64_t>{1, -2, 3, -4}));
  ASSERT_TRUE(isOk(tiny_device_set_limit(device, TINY_DEVICE_UNLIMITED)));
  tiny_buffer_t accepted = allocate(device, TINY_DTYPE_U8, 1);
  EXPECT_EQ(getStats(device).bytes_allocated, 33u);
  release(accepted);
  release(buffer);
}

TEST_F(DeviceTest, ZeroLimit) {
  tiny_device_t device = getDevice("CPU:7");
  ASSERT_TRUE(isOk(tiny_device_set_limit(device, 0)));
  tiny_buffer_t buffer = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(device, TINY_DTYPE_BOOL, 1, &buffer),
                      TINY_STATUS_OUT_OF_MEMORY));
  // An empty buffer fits in any limit.
  tiny_buffer_t empty = allocate(device, TINY_DTYPE_F32, 0);
  EXPECT_EQ(getStats(device).live_buffers, 1u);
  release(empty);
}

//===----------------------------------------------------------------------===//
// GPU back ends
//===----------------------------------------------------------------------===//

TEST_F(DeviceTest, MissingDriverLibrary) {
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(
      runtime, TINY_DEVICE_KIND_CUDA, "libtiny-no-such-cuda.so")));
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(
      runtime, TINY_DEVICE_KIND_HIP, "libtiny-no-such-hip.so")));
  for (const char *name : {"CUDA", "CUDA:0", "CUDA:3"}) {
    tiny_device_t device = nullptr;
    EXPECT_TRUE(isError(tiny_device_get(runtime, name, &device),
                        TINY_STATUS_UNAVAILABLE,
                        {"device '" + std::string(name) + "' not available: ",
                         "libtiny-no-such-cuda.so"}));
    EXPECT_EQ(device, nullptr);
  }
  tiny_device_t device = nullptr;
  EXPECT_TRUE(
      isError(tiny_device_get(runtime, "HIP", &device), TINY_STATUS_UNAVAILABLE,
              {"device 'HIP' not available: ", "libtiny-no-such-hip.so"}));
  // The CPU devices do not mind.
  EXPECT_NE(getDevice("CPU:1"), nullptr);
}

TEST_F(DeviceTest, DefaultDriverLibraries) {
  struct Kind {
    const char *name;
    const char *library;
  } kinds[] = {{"CUDA", "libcuda.so.1"}, {"HIP", "libamdhip64.so"}};
  for (const Kind &kind : kinds) {
    void *probe = dlopen(kind.library, RTLD_NOW | RTLD_LOCAL);
    tiny_device_t device = nullptr;
    tiny_status_t status = tiny_device_get(runtime, kind.name, &device);
    if (!probe) {
      // No driver here: a clean error, whatever the loader's reason.
      EXPECT_TRUE(
          isError(status, TINY_STATUS_UNAVAILABLE,
                  {"device '" + std::string(kind.name) + "' not available: ",
                   kind.library}));
      continue;
    }
    dlclose(probe);
    // A driver is installed: the device works, or the driver's own error.
    Error error = takeError(status);
    std::cout << kind.name << ": " << tiny_status_code_name(error.code) << " "
              << error.message << "\n";
    if (error.code != TINY_STATUS_OK) {
      EXPECT_EQ(error.code, tiny_status_code_t(TINY_STATUS_UNAVAILABLE));
      continue;
    }
    tiny_buffer_t buffer = allocate(device, TINY_DTYPE_F32, 4);
    upload<float>(buffer, {1, 2, 3, 4});
    EXPECT_EQ(download<float>(buffer), (std::vector<float>{1, 2, 3, 4}));
    release(buffer);
  }
}

TEST_F(DeviceTest, DriverThatWorks) {
  fake().fake_reset();
  std::string path = getFakeDriverPath();
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(
      runtime, TINY_DEVICE_KIND_CUDA, path.c_str())));
  tiny_device_t cuda = getDevice("CUDA");
  ASSERT_NE(cuda, nullptr);
  EXPECT_EQ(getDevice("CUDA:0"), cuda);
  tiny_device_t cuda1 = getDevice("CUDA:1");
  EXPECT_NE(cuda1, cuda);
  const char *name = nullptr;
  ASSERT_TRUE(isOk(tiny_device_name(cuda1, &name)));
  EXPECT_STREQ(name, "CUDA:1");
  tiny_device_kind_t kind = 0;
  ASSERT_TRUE(isOk(tiny_device_kind(cuda1, &kind)));
  EXPECT_EQ(kind, tiny_device_kind_t(TINY_DEVICE_KIND_CUDA));

  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(
      tiny_device_get(runtime, "CUDA:2", &device), TINY_STATUS_NOT_FOUND,
      {"unknown device 'CUDA:2'", "the CUDA driver reports 2 devices"}));

  // Its devices hold buffers, counted like any device's.
  tiny_buffer_t buffer = allocate(cuda1, TINY_DTYPE_F32, 4);
  tiny_device_stats_t stats = getStats(cuda1);
  EXPECT_EQ(stats.bytes_allocated, 16u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(getStats(cuda).bytes_allocated, 0u);
  release(buffer);

  // Once loaded, the library can no longer be changed.
  EXPECT_TRUE(isError(tiny_runtime_set_driver_library(
                          runtime, TINY_DEVICE_KIND_CUDA, "libother.so"),
                      TINY_STATUS_FAILED_PRECONDITION,
                      {"CUDA driver library is already loaded"}));
}

TEST_F(DeviceTest, DriverThatFailsToInitialize) {
  fake().fake_reset();
  fake().fake_fail("hipInit", 100, 0);
  std::string path = getFakeDriverPath();
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(
      runtime, TINY_DEVICE_KIND_HIP, path.c_str())));
  for (const char *name : {"HIP", "HIP:1"}) {
    tiny_device_t device = nullptr;
    EXPECT_TRUE(isError(tiny_device_get(runtime, name, &device),
                        TINY_STATUS_UNAVAILABLE,
                        {"device '" + std::string(name) + "' not available: ",
                         "hipInit failed: hipErrorNoDevice (error 100)"}));
  }
  fake().fake_reset();
}

TEST_F(DeviceTest, DriverWithoutEntryPoints) {
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(
      runtime, TINY_DEVICE_KIND_CUDA, "libm.so.6")));
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(
      tiny_device_get(runtime, "CUDA:1", &device), TINY_STATUS_UNAVAILABLE,
      {"device 'CUDA:1' not available: ", "libm.so.6 has no symbol cuInit"}));
}

TEST_F(DeviceTest, DriverLibraryArguments) {
  EXPECT_TRUE(isError(tiny_runtime_set_driver_library(
                          runtime, TINY_DEVICE_KIND_CPU, "libcuda.so.1"),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"device kind 1 has no driver library"}));
  EXPECT_TRUE(isError(tiny_runtime_set_driver_library(runtime, 42, "x.so"),
                      TINY_STATUS_INVALID_ARGUMENT, {"device kind 42"}));
  EXPECT_TRUE(isError(
      tiny_runtime_set_driver_library(runtime, TINY_DEVICE_KIND_CUDA, nullptr),
      TINY_STATUS_INVALID_ARGUMENT, {"library is NULL"}));
  EXPECT_TRUE(isError(
      tiny_runtime_set_driver_library(nullptr, TINY_DEVICE_KIND_CUDA, "x.so"),
      TINY_STATUS_INVALID_ARGUMENT, {"runtime is NULL"}));
  // A failed load also counts as loaded: the reason stays the same.
  ASSERT_TRUE(isOk(tiny_runtime_set_driver_library(
      runtime, TINY_DEVICE_KIND_HIP, "libtiny-no-such-hip.so")));
  tiny_device_t device = nullptr;
  EXPECT_TRUE(isError(tiny_device_get(runtime, "HIP", &device),
                      TINY_STATUS_UNAVAILABLE));
  EXPECT_TRUE(isError(
      tiny_runtime_set_driver_library(runtime, TINY_DEVICE_KIND_HIP, "x.so"),
      TINY_STATUS_FAILED_PRECONDITION));
}

} // namespace
