//===- BufferTest.cpp - Buffer allocation, queries and lifetimes ----------===//
//
// Allocation of every dtype, the buffer queries, reference counting, and the
// errors: unknown dtypes, sizes that overflow, the host allocator refusing,
// NULL arguments, and buffers used after their last release.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <atomic>
#include <cstdint>
#include <thread>

using namespace tiny::test;

/// Under AddressSanitizer a huge malloc returns NULL instead of aborting, as
/// the runtime expects of a real allocator.
extern "C" const char *__asan_default_options() {
  return "allocator_may_return_null=1";
}

namespace {

using BufferTest = RuntimeTest;

const tiny_dtype_t kAllDtypes[] = {
    TINY_DTYPE_BOOL, TINY_DTYPE_I8,       TINY_DTYPE_I16,   TINY_DTYPE_I32,
    TINY_DTYPE_I64,  TINY_DTYPE_U8,       TINY_DTYPE_U16,   TINY_DTYPE_U32,
    TINY_DTYPE_U64,  TINY_DTYPE_F16,      TINY_DTYPE_BF16,  TINY_DTYPE_F32,
    TINY_DTYPE_F64,  TINY_DTYPE_F8E4M3FN, TINY_DTYPE_F8E5M2,
    TINY_DTYPE_F8E4M3FNUZ, TINY_DTYPE_F8E5M2FNUZ};

TEST_F(BufferTest, AllocateEveryDtype) {
  tiny_device_t device = getDevice("CPU:1");
  uint64_t total = 0;
  for (tiny_dtype_t dtype : kAllDtypes) {
    tiny_buffer_t buffer = allocate(device, dtype, 7);
    ASSERT_NE(buffer, nullptr);
    size_t bytes = 0, count = 0;
    tiny_dtype_t actualDtype = 0;
    tiny_device_t actualDevice = nullptr;
    uint32_t refs = 0;
    ASSERT_TRUE(isOk(tiny_buffer_byte_size(buffer, &bytes)));
    ASSERT_TRUE(isOk(tiny_buffer_element_count(buffer, &count)));
    ASSERT_TRUE(isOk(tiny_buffer_dtype(buffer, &actualDtype)));
    ASSERT_TRUE(isOk(tiny_buffer_device(buffer, &actualDevice)));
    ASSERT_TRUE(isOk(tiny_buffer_ref_count(buffer, &refs)));
    EXPECT_EQ(bytes, 7 * tiny_dtype_size(dtype)) << tiny_dtype_name(dtype);
    EXPECT_EQ(count, 7u);
    EXPECT_EQ(actualDtype, dtype);
    EXPECT_EQ(actualDevice, device);
    EXPECT_EQ(refs, 1u);
    // New buffers are zero-filled.
    EXPECT_EQ(download<uint8_t>(buffer), std::vector<uint8_t>(bytes, 0));
    total += bytes;
    EXPECT_EQ(getStats(device).bytes_allocated, total);
    release(buffer);
    total -= bytes;
  }
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.peak_bytes_allocated, 7u * 8);
  EXPECT_EQ(stats.allocations, 17u);
  EXPECT_EQ(stats.live_buffers, 0u);
}

TEST_F(BufferTest, ZeroElements) {
  tiny_device_t device = getDevice("CPU");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_F32, 0);
  size_t bytes = 1;
  ASSERT_TRUE(isOk(tiny_buffer_byte_size(buffer, &bytes)));
  EXPECT_EQ(bytes, 0u);
  EXPECT_TRUE(isOk(tiny_buffer_upload(buffer, nullptr, 0)));
  EXPECT_TRUE(isOk(tiny_buffer_download(buffer, nullptr, 0)));
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 1u);
  release(buffer);
  EXPECT_EQ(getStats(device).live_buffers, 0u);
}

TEST_F(BufferTest, UnknownDtype) {
  tiny_device_t device = getDevice("CPU");
  for (tiny_dtype_t dtype : {0u, 18u, 0xffffffffu}) {
    tiny_buffer_t buffer = nullptr;
    EXPECT_TRUE(isError(tiny_buffer_allocate(device, dtype, 4, &buffer),
                        TINY_STATUS_INVALID_ARGUMENT,
                        {"unknown dtype " + std::to_string(dtype)}));
    EXPECT_EQ(buffer, nullptr);
  }
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.allocations, 0u);
  EXPECT_EQ(stats.failed_allocations, 0u);
}

TEST_F(BufferTest, ByteSizeOverflow) {
  tiny_buffer_t buffer = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(getDevice("CPU"), TINY_DTYPE_F32,
                                           SIZE_MAX / 2, &buffer),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"elements of f32 overflow a byte size"}));
  EXPECT_EQ(buffer, nullptr);
}

TEST_F(BufferTest, HostAllocatorRefuses) {
  tiny_device_t device = getDevice("CPU:2");
  tiny_buffer_t kept = allocate(device, TINY_DTYPE_I32, 3);
  upload<int32_t>(kept, {7, 8, 9});
  tiny_buffer_t buffer = nullptr;
  // 1 PiB: within no limit (there is none) but beyond the host.
  EXPECT_TRUE(isError(
      tiny_buffer_allocate(device, TINY_DTYPE_U8, size_t(1) << 50, &buffer),
      TINY_STATUS_OUT_OF_MEMORY,
      {"device 'CPU:2' out of memory",
       "the host allocator refused 1125899906842624 bytes"}));
  EXPECT_EQ(buffer, nullptr);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 12u);
  EXPECT_EQ(stats.peak_bytes_allocated, 12u);
  EXPECT_EQ(stats.live_buffers, 1u);
  EXPECT_EQ(stats.allocations, 1u);
  EXPECT_EQ(stats.failed_allocations, 1u);
  EXPECT_EQ(download<int32_t>(kept), (std::vector<int32_t>{7, 8, 9}));
  release(kept);
}

TEST_F(BufferTest, NullArguments) {
  tiny_buffer_t buffer = nullptr;
  EXPECT_TRUE(isError(tiny_buffer_allocate(nullptr, TINY_DTYPE_F32, 1, &buffer),
                      TINY_STATUS_INVALID_ARGUMENT, {"device is NULL"}));
  EXPECT_TRUE(isError(
      tiny_buffer_allocate(getDevice("CPU"), TINY_DTYPE_F32, 1, nullptr),
      TINY_STATUS_INVALID_ARGUMENT,
      {"tiny_buffer_allocate: the output pointer is NULL"}));
  EXPECT_EQ(getStats(getDevice("CPU")).allocations, 0u);

  size_t size = 0;
  tiny_dtype_t dtype = 0;
  tiny_device_t device = nullptr;
  uint32_t refs = 0;
  EXPECT_TRUE(isError(tiny_buffer_byte_size(nullptr, &size),
                      TINY_STATUS_INVALID_ARGUMENT, {"buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_element_count(nullptr, &size),
                      TINY_STATUS_INVALID_ARGUMENT, {"buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_dtype(nullptr, &dtype),
                      TINY_STATUS_INVALID_ARGUMENT, {"buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_device(nullptr, &device),
                      TINY_STATUS_INVALID_ARGUMENT, {"buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_ref_count(nullptr, &refs),
                      TINY_STATUS_INVALID_ARGUMENT, {"buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_retain(nullptr), TINY_STATUS_INVALID_ARGUMENT,
                      {"buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_release(nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"buffer is NULL"}));

  buffer = allocate(getDevice("CPU"), TINY_DTYPE_F32, 1);
  EXPECT_TRUE(isError(tiny_buffer_byte_size(buffer, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_buffer_byte_size"}));
  EXPECT_TRUE(isError(tiny_buffer_element_count(buffer, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_buffer_element_count"}));
  EXPECT_TRUE(isError(tiny_buffer_dtype(buffer, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_buffer_dtype"}));
  EXPECT_TRUE(isError(tiny_buffer_device(buffer, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_buffer_device"}));
  EXPECT_TRUE(isError(tiny_buffer_ref_count(buffer, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"tiny_buffer_ref_count"}));
  release(buffer);
}

TEST_F(BufferTest, ReferenceCounting) {
  tiny_device_t device = getDevice("CPU:3");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U16, 8);
  uint32_t refs = 0;
  ASSERT_TRUE(isOk(tiny_buffer_retain(buffer)));
  ASSERT_TRUE(isOk(tiny_buffer_retain(buffer)));
  ASSERT_TRUE(isOk(tiny_buffer_ref_count(buffer, &refs)));
  EXPECT_EQ(refs, 3u);

  release(buffer);
  release(buffer);
  ASSERT_TRUE(isOk(tiny_buffer_ref_count(buffer, &refs)));
  EXPECT_EQ(refs, 1u);
  // Still alive and still counted.
  upload<uint16_t>(buffer, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(getStats(device).bytes_allocated, 16u);
  EXPECT_EQ(getStats(device).live_buffers, 1u);

  // The last release frees it.
  release(buffer);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.live_buffers, 0u);
  EXPECT_EQ(stats.peak_bytes_allocated, 16u);
}

TEST_F(BufferTest, UseAfterRelease) {
  tiny_device_t device = getDevice("CPU:4");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_F32, 4);
  release(buffer);
  const std::vector<std::string> words = {"is not a live buffer",
                                          "it was released"};
  size_t size = 0;
  tiny_dtype_t dtype = 0;
  tiny_device_t owner = nullptr;
  uint32_t refs = 0;
  float values[4] = {1, 2, 3, 4};
  EXPECT_TRUE(
      isError(tiny_buffer_release(buffer), TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(
      isError(tiny_buffer_retain(buffer), TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_ref_count(buffer, &refs),
                      TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_byte_size(buffer, &size),
                      TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_element_count(buffer, &size),
                      TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_dtype(buffer, &dtype),
                      TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_device(buffer, &owner),
                      TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_upload(buffer, values, sizeof(values)),
                      TINY_STATUS_INVALID_HANDLE, words));
  EXPECT_TRUE(isError(tiny_buffer_download(buffer, values, sizeof(values)),
                      TINY_STATUS_INVALID_HANDLE, words));
  // No call touched the device.
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.bytes_copied_in, 0u);
  EXPECT_EQ(stats.bytes_copied_out, 0u);
}

TEST_F(BufferTest, StaleHandleAfterSlotReuse) {
  tiny_device_t device = getDevice("CPU:5");
  tiny_buffer_t old = allocate(device, TINY_DTYPE_I32, 2);
  release(old);
  // The next buffer may take the same slot; the old handle must not reach it.
  tiny_buffer_t fresh = allocate(device, TINY_DTYPE_I32, 2);
  EXPECT_NE(fresh, old);
  upload<int32_t>(fresh, {10, 20});
  int32_t overwrite[2] = {-1, -1};
  EXPECT_TRUE(isError(tiny_buffer_upload(old, overwrite, sizeof(overwrite)),
                      TINY_STATUS_INVALID_HANDLE));
  EXPECT_TRUE(isError(tiny_buffer_release(old), TINY_STATUS_INVALID_HANDLE));
  EXPECT_EQ(download<int32_t>(fresh), (std::vector<int32_t>{10, 20}));
  uint32_t refs = 0;
  ASSERT_TRUE(isOk(tiny_buffer_ref_count(fresh, &refs)));
  EXPECT_EQ(refs, 1u);
  release(fresh);
}

TEST_F(BufferTest, ForgedHandles) {
  for (uintptr_t value : {uintptr_t(1), uintptr_t(0x1234),
                          uintptr_t(0xdeadbeef00000001ull), ~uintptr_t(0)}) {
    auto handle = reinterpret_cast<tiny_buffer_t>(value);
    size_t size = 0;
    EXPECT_TRUE(isError(tiny_buffer_byte_size(handle, &size),
                        TINY_STATUS_INVALID_HANDLE, {"is not a live buffer"}));
    EXPECT_TRUE(
        isError(tiny_buffer_release(handle), TINY_STATUS_INVALID_HANDLE));
  }
}

TEST_F(BufferTest, DestroyFreesLiveBuffers) {
  tiny_runtime_t other = nullptr;
  ASSERT_TRUE(isOk(tiny_runtime_create(&other)));
  tiny_device_t device = nullptr;
  ASSERT_TRUE(isOk(tiny_device_get(other, "CPU:1", &device)));
  tiny_buffer_t buffer = nullptr;
  ASSERT_TRUE(isOk(tiny_buffer_allocate(device, TINY_DTYPE_F64, 16, &buffer)));
  ASSERT_TRUE(isOk(tiny_buffer_retain(buffer)));
  // A buffer of this fixture's runtime survives the other's destruction.
  tiny_buffer_t mine = allocate(getDevice("CPU:1"), TINY_DTYPE_F64, 2);
  ASSERT_TRUE(isOk(tiny_runtime_destroy(other)));
  uint32_t refs = 0;
  EXPECT_TRUE(isError(tiny_buffer_ref_count(buffer, &refs),
                      TINY_STATUS_INVALID_HANDLE));
  EXPECT_TRUE(isError(tiny_buffer_release(buffer), TINY_STATUS_INVALID_HANDLE));
  ASSERT_TRUE(isOk(tiny_buffer_ref_count(mine, &refs)));
  EXPECT_EQ(refs, 1u);
  EXPECT_EQ(getStats(getDevice("CPU:1")).bytes_allocated, 16u);
  release(mine);
}

TEST_F(BufferTest, ManyBuffers) {
  tiny_device_t device = getDevice("CPU:6");
  std::vector<tiny_buffer_t> buffers;
  for (size_t i = 0; i < 1000; ++i)
    buffers.push_back(allocate(device, TINY_DTYPE_U8, i));
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 999u * 1000 / 2);
  EXPECT_EQ(stats.live_buffers, 1000u);
  for (tiny_buffer_t buffer : buffers)
    release(buffer);
  stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.peak_bytes_allocated, 999u * 1000 / 2);
  EXPECT_EQ(stats.live_buffers, 0u);
}

TEST_F(BufferTest, ConcurrentAllocation) {
  tiny_device_t device = getDevice("CPU:7");
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        tiny_buffer_t buffer = nullptr;
        tiny_status_t status =
            tiny_buffer_allocate(device, TINY_DTYPE_F32, 16, &buffer);
        if (!status)
          status = tiny_buffer_retain(buffer);
        if (!status)
          status = tiny_buffer_release(buffer);
        if (!status)
          status = tiny_buffer_release(buffer);
        if (status)
          ++failures;
        tiny_status_free(status);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures.load(), 0);
  tiny_device_stats_t stats = getStats(device);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.live_buffers, 0u);
  EXPECT_EQ(stats.allocations, 1600u);
  EXPECT_GE(stats.peak_bytes_allocated, 64u);
  EXPECT_LE(stats.peak_bytes_allocated, 8u * 64);
}

} // namespace
