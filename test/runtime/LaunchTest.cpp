//===- LaunchTest.cpp - Calling compiled CPU kernels on buffers -----------===//
//
// Kernels here are written by hand in the JIT's packed form (see
// jit/Executable.cpp, `Executable::invoke`): `args[i]` points to a `void *`
// holding the i-th buffer's data pointer.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <cstdint>

using namespace tiny::test;

namespace {

using LaunchTest = RuntimeTest;

/// The data pointer of argument `i` of a packed call.
template <typename T> T *getArgument(void **args, int i) {
  return *static_cast<T **>(args[i]);
}

/// c[i] = a[i] + b[i] over four floats.
void addKernel(void **args) {
  const float *a = getArgument<float>(args, 0);
  const float *b = getArgument<float>(args, 1);
  float *c = getArgument<float>(args, 2);
  for (int i = 0; i < 4; ++i)
    c[i] = a[i] + b[i];
}

int numCalls = 0;
void *seenPointers[4];

/// Records its calls and the data pointers it was given.
void recordKernel(void **args) {
  ++numCalls;
  for (int i = 0; i < 2; ++i)
    seenPointers[i] = getArgument<void>(args, i);
}

void countKernel(void **args) { ++numCalls; }

TEST_F(LaunchTest, AddsAcrossVirtualDevices) {
  // Buffers of different virtual CPU devices are all host memory.
  tiny_buffer_t a = allocate(getDevice("CPU:1"), TINY_DTYPE_F32, 4);
  tiny_buffer_t b = allocate(getDevice("CPU:2"), TINY_DTYPE_F32, 4);
  tiny_buffer_t c = allocate(getDevice("CPU"), TINY_DTYPE_F32, 4);
  upload<float>(a, {1, 2, 3, 4});
  upload<float>(b, {10, 20, 30, 40});
  tiny_buffer_t buffers[] = {a, b, c};
  ASSERT_TRUE(isOk(tiny_launch_cpu(addKernel, buffers, 3)));
  EXPECT_EQ(download<float>(c), (std::vector<float>{11, 22, 33, 44}));
  // A launch moves no bytes through the copy counters.
  tiny_device_stats_t stats = getStats(getDevice("CPU"));
  EXPECT_EQ(stats.bytes_copied_in, 0u);
  EXPECT_EQ(stats.bytes_copied_out, 16u);
  release(a);
  release(b);
  release(c);
}

TEST_F(LaunchTest, SameBufferTwiceAndAlignment) {
  tiny_buffer_t buffer = allocate(getDevice("CPU:3"), TINY_DTYPE_F64, 3);
  tiny_buffer_t buffers[] = {buffer, buffer};
  numCalls = 0;
  ASSERT_TRUE(isOk(tiny_launch_cpu(recordKernel, buffers, 2)));
  EXPECT_EQ(numCalls, 1);
  EXPECT_EQ(seenPointers[0], seenPointers[1]);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(seenPointers[0]) % 64, 0u);
  release(buffer);
}

TEST_F(LaunchTest, EmptyBuffersGetDistinctPointers) {
  tiny_buffer_t a = allocate(getDevice("CPU"), TINY_DTYPE_F32, 0);
  tiny_buffer_t b = allocate(getDevice("CPU"), TINY_DTYPE_F32, 0);
  tiny_buffer_t buffers[] = {a, b};
  ASSERT_TRUE(isOk(tiny_launch_cpu(recordKernel, buffers, 2)));
  EXPECT_NE(seenPointers[0], nullptr);
  EXPECT_NE(seenPointers[0], seenPointers[1]);
  release(a);
  release(b);
}

TEST_F(LaunchTest, NoBuffers) {
  numCalls = 0;
  ASSERT_TRUE(isOk(tiny_launch_cpu(countKernel, nullptr, 0)));
  EXPECT_EQ(numCalls, 1);
}

TEST_F(LaunchTest, Errors) {
  tiny_buffer_t live = allocate(getDevice("CPU"), TINY_DTYPE_F32, 4);
  tiny_buffer_t gone = allocate(getDevice("CPU"), TINY_DTYPE_F32, 4);
  release(gone);
  numCalls = 0;
  tiny_buffer_t buffers[] = {live, gone};
  EXPECT_TRUE(isError(tiny_launch_cpu(nullptr, buffers, 1),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_launch_cpu: the kernel is NULL"}));
  EXPECT_TRUE(isError(tiny_launch_cpu(countKernel, nullptr, 2),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"the buffer array is NULL with 2 buffers"}));
  EXPECT_TRUE(isError(tiny_launch_cpu(countKernel, buffers, 2),
                      TINY_STATUS_INVALID_HANDLE,
                      {"tiny_launch_cpu: buffer 1", "not a live buffer"}));
  tiny_buffer_t withNull[] = {nullptr};
  EXPECT_TRUE(isError(tiny_launch_cpu(countKernel, withNull, 1),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_launch_cpu: buffer 0 is NULL"}));
  // The kernel never ran.
  EXPECT_EQ(numCalls, 0);
  release(live);
}

} // namespace
