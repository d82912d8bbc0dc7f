//===- CopyTest.cpp - Uploads, downloads and copies between CPU devices ---===//
//
// Byte-exact accounting of every transfer on the devices at both ends, and
// the errors (mismatched sizes and dtypes, ranges past the end, NULL host
// pointers, released buffers), each leaving the buffers and counters as
// they were.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <cstdint>
#include <numeric>

using namespace tiny::test;

namespace {

using CopyTest = RuntimeTest;

/// Expects `device`'s copy counters to be `in` and `out` bytes.
#define EXPECT_COPIED(device, in, out)                                         \
  do {                                                                         \
    tiny_device_stats_t stats_ = getStats(device);                             \
    EXPECT_EQ(stats_.bytes_copied_in, uint64_t(in));                           \
    EXPECT_EQ(stats_.bytes_copied_out, uint64_t(out));                         \
  } while (false)

//===----------------------------------------------------------------------===//
// Host <-> buffer
//===----------------------------------------------------------------------===//

TEST_F(CopyTest, UploadDownload) {
  tiny_device_t device = getDevice("CPU:1");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_F32, 4);
  upload<float>(buffer, {1.5f, -2, 3, 4.25f});
  EXPECT_COPIED(device, 16, 0);
  EXPECT_EQ(download<float>(buffer), (std::vector<float>{1.5f, -2, 3, 4.25f}));
  EXPECT_COPIED(device, 16, 16);
  download<float>(buffer);
  EXPECT_COPIED(device, 16, 32);
  EXPECT_COPIED(getDevice("CPU"), 0, 0);
  release(buffer);
}

TEST_F(CopyTest, WholeBufferSizeMismatch) {
  tiny_device_t device = getDevice("CPU:1");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_I32, 4);
  upload<int32_t>(buffer, {1, 2, 3, 4});
  int32_t other[5] = {9, 9, 9, 9, 9};
  EXPECT_TRUE(isError(tiny_buffer_upload(buffer, other, 12),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_buffer_upload: 12 bytes given for a 16-byte "
                       "buffer"}));
  EXPECT_TRUE(isError(tiny_buffer_upload(buffer, other, 20),
                      TINY_STATUS_INVALID_ARGUMENT, {"20 bytes given"}));
  EXPECT_TRUE(isError(tiny_buffer_download(buffer, other, 20),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_buffer_download: 20 bytes given for a 16-byte "
                       "buffer"}));
  // Neither the buffer nor the host memory nor the counters changed.
  EXPECT_EQ(other[0], 9);
  EXPECT_COPIED(device, 16, 0);
  EXPECT_EQ(download<int32_t>(buffer), (std::vector<int32_t>{1, 2, 3, 4}));
  release(buffer);
}

TEST_F(CopyTest, NullHostPointer) {
  tiny_buffer_t buffer = allocate(getDevice("CPU"), TINY_DTYPE_U8, 4);
  EXPECT_TRUE(isError(tiny_buffer_upload(buffer, nullptr, 4),
                      TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_buffer_upload: the host pointer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_download(buffer, nullptr, 4),
                      TINY_STATUS_INVALID_ARGUMENT, {"host pointer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_upload_range(buffer, 1, nullptr, 2),
                      TINY_STATUS_INVALID_ARGUMENT, {"host pointer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_download_range(buffer, 1, nullptr, 2),
                      TINY_STATUS_INVALID_ARGUMENT, {"host pointer is NULL"}));
  EXPECT_TRUE(isOk(tiny_buffer_upload_range(buffer, 4, nullptr, 0)));
  EXPECT_COPIED(getDevice("CPU"), 0, 0);
  release(buffer);
}

TEST_F(CopyTest, Ranges) {
  tiny_device_t device = getDevice("CPU:2");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 8);
  const uint8_t middle[3] = {7, 8, 9};
  ASSERT_TRUE(isOk(tiny_buffer_upload_range(buffer, 2, middle, 3)));
  EXPECT_EQ(download<uint8_t>(buffer),
            (std::vector<uint8_t>{0, 0, 7, 8, 9, 0, 0, 0}));
  EXPECT_COPIED(device, 3, 8);
  uint8_t tail[2] = {};
  ASSERT_TRUE(isOk(tiny_buffer_download_range(buffer, 3, tail, 2)));
  EXPECT_EQ(tail[0], 8);
  EXPECT_EQ(tail[1], 9);
  EXPECT_COPIED(device, 3, 10);
  // Empty ranges up to the end are fine.
  EXPECT_TRUE(isOk(tiny_buffer_upload_range(buffer, 8, middle, 0)));
  EXPECT_TRUE(isOk(tiny_buffer_download_range(buffer, 8, tail, 0)));
  EXPECT_COPIED(device, 3, 10);
  release(buffer);
}

TEST_F(CopyTest, RangesPastTheEnd) {
  tiny_device_t device = getDevice("CPU:2");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 8);
  uint8_t data[16] = {};
  EXPECT_TRUE(isError(tiny_buffer_upload_range(buffer, 6, data, 3),
                      TINY_STATUS_OUT_OF_RANGE,
                      {"tiny_buffer_upload_range: bytes [6, 6 + 3) pass the "
                       "end of a 8-byte buffer"}));
  EXPECT_TRUE(isError(tiny_buffer_upload_range(buffer, 9, data, 0),
                      TINY_STATUS_OUT_OF_RANGE, {"[9, 9 + 0)"}));
  EXPECT_TRUE(isError(tiny_buffer_download_range(buffer, 0, data, 9),
                      TINY_STATUS_OUT_OF_RANGE,
                      {"tiny_buffer_download_range: bytes [0, 0 + 9)"}));
  // Offsets near SIZE_MAX must not wrap around.
  EXPECT_TRUE(isError(tiny_buffer_upload_range(buffer, SIZE_MAX, data, 2),
                      TINY_STATUS_OUT_OF_RANGE));
  EXPECT_TRUE(isError(tiny_buffer_download_range(buffer, 2, data, SIZE_MAX),
                      TINY_STATUS_OUT_OF_RANGE));
  EXPECT_COPIED(device, 0, 0);
  release(buffer);
}

//===----------------------------------------------------------------------===//
// Buffer -> buffer
//===----------------------------------------------------------------------===//

TEST_F(CopyTest, BetweenVirtualDevices) {
  tiny_device_t cpu1 = getDevice("CPU:1");
  tiny_device_t cpu2 = getDevice("CPU:2");
  tiny_buffer_t src = allocate(cpu1, TINY_DTYPE_F64, 3);
  tiny_buffer_t dst = allocate(cpu2, TINY_DTYPE_F64, 3);
  upload<double>(src, {1, 2, 3});
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  EXPECT_EQ(download<double>(dst), (std::vector<double>{1, 2, 3}));
  EXPECT_COPIED(cpu1, 24, 24);
  EXPECT_COPIED(cpu2, 24, 24);
  EXPECT_COPIED(getDevice("CPU"), 0, 0);

  // And back, after the destination changed.
  upload<double>(dst, {4, 5, 6});
  ASSERT_TRUE(isOk(tiny_buffer_copy(src, dst)));
  EXPECT_EQ(download<double>(src), (std::vector<double>{4, 5, 6}));
  EXPECT_COPIED(cpu1, 48, 48);
  EXPECT_COPIED(cpu2, 48, 48);
  release(src);
  release(dst);
}

TEST_F(CopyTest, EmptyBuffersBetweenVirtualDevices) {
  // What a program does with a value of no elements: allocate it on each
  // device, upload it from host memory that may be NULL, copy it between
  // devices (whole and as an empty range), download it to NULL. Every step
  // succeeds and counts 0 bytes.
  tiny_device_t cpu1 = getDevice("CPU:1");
  tiny_device_t cpu2 = getDevice("CPU:2");
  tiny_buffer_t src = allocate(cpu1, TINY_DTYPE_F32, 0);
  tiny_buffer_t dst = allocate(cpu2, TINY_DTYPE_F32, 0);
  tiny_buffer_t full = allocate(cpu2, TINY_DTYPE_F32, 2);
  upload<float>(full, {1, 2});
  ASSERT_TRUE(isOk(tiny_buffer_upload(src, nullptr, 0)));
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(dst, 0, src, 0, 0)));
  // An empty range at the end of a buffer with elements, into an empty one.
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(dst, 0, full, 8, 0)));
  ASSERT_TRUE(isOk(tiny_buffer_download(dst, nullptr, 0)));
  EXPECT_COPIED(cpu1, 0, 0);
  EXPECT_COPIED(cpu2, 8, 0);
  EXPECT_EQ(download<float>(full), (std::vector<float>{1, 2}));
  // Still a size check: an empty buffer takes no bytes from a full one.
  EXPECT_TRUE(isError(tiny_buffer_copy(dst, full),
                      TINY_STATUS_INVALID_ARGUMENT, {"sizes differ"}));
  EXPECT_TRUE(isError(tiny_buffer_copy_range(dst, 0, full, 0, 4),
                      TINY_STATUS_OUT_OF_RANGE, {"0-byte buffer"}));
  tiny_device_stats_t stats = getStats(cpu1);
  EXPECT_EQ(stats.bytes_allocated, 0u);
  EXPECT_EQ(stats.live_buffers, 1u);
  release(src);
  release(dst);
  release(full);
}

TEST_F(CopyTest, WithinOneDevice) {
  tiny_device_t device = getDevice("CPU");
  tiny_buffer_t a = allocate(device, TINY_DTYPE_I16, 4);
  tiny_buffer_t b = allocate(device, TINY_DTYPE_I16, 4);
  upload<int16_t>(a, {1, 2, 3, 4});
  ASSERT_TRUE(isOk(tiny_buffer_copy(b, a)));
  EXPECT_EQ(download<int16_t>(b), (std::vector<int16_t>{1, 2, 3, 4}));
  // One copy counts its 8 bytes both in and out of the device, plus the
  // upload and download.
  EXPECT_COPIED(device, 8 + 8, 8 + 8);
  // A buffer onto itself is a copy too.
  ASSERT_TRUE(isOk(tiny_buffer_copy(a, a)));
  EXPECT_EQ(download<int16_t>(a), (std::vector<int16_t>{1, 2, 3, 4}));
  EXPECT_COPIED(device, 24, 32);
  release(a);
  release(b);
}

TEST_F(CopyTest, CpuIsCpu0ForCopies) {
  tiny_buffer_t a = allocate(getDevice("CPU"), TINY_DTYPE_U8, 5);
  tiny_buffer_t b = allocate(getDevice("CPU:0"), TINY_DTYPE_U8, 5);
  ASSERT_TRUE(isOk(tiny_buffer_copy(b, a)));
  EXPECT_COPIED(getDevice("CPU:0"), 5, 5);
  release(a);
  release(b);
}

TEST_F(CopyTest, MismatchedSizes) {
  tiny_device_t cpu1 = getDevice("CPU:1");
  tiny_device_t cpu2 = getDevice("CPU:2");
  tiny_buffer_t src = allocate(cpu1, TINY_DTYPE_F32, 3);
  tiny_buffer_t dst = allocate(cpu2, TINY_DTYPE_F32, 4);
  upload<float>(src, {1, 2, 3});
  upload<float>(dst, {5, 6, 7, 8});
  EXPECT_TRUE(isError(tiny_buffer_copy(dst, src), TINY_STATUS_INVALID_ARGUMENT,
                      {"tiny_buffer_copy: sizes differ: dst is 4 x f32 (16 "
                       "bytes) on 'CPU:2', src is 3 x f32 (12 bytes) on "
                       "'CPU:1'"}));
  EXPECT_TRUE(isError(tiny_buffer_copy(src, dst), TINY_STATUS_INVALID_ARGUMENT,
                      {"sizes differ"}));
  EXPECT_EQ(download<float>(src), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(download<float>(dst), (std::vector<float>{5, 6, 7, 8}));
  // Only the uploads and the downloads above were counted.
  EXPECT_COPIED(cpu1, 12, 12);
  EXPECT_COPIED(cpu2, 16, 16);
  release(src);
  release(dst);
}

TEST_F(CopyTest, MismatchedDtypes) {
  tiny_buffer_t src = allocate(getDevice("CPU:1"), TINY_DTYPE_I32, 2);
  tiny_buffer_t dst = allocate(getDevice("CPU:1"), TINY_DTYPE_F32, 2);
  EXPECT_TRUE(isError(tiny_buffer_copy(dst, src), TINY_STATUS_INVALID_ARGUMENT,
                      {"dtypes differ: dst is 2 x f32", "src is 2 x i32"}));
  EXPECT_COPIED(getDevice("CPU:1"), 0, 0);
  release(src);
  release(dst);
}

TEST_F(CopyTest, ReleasedBuffers) {
  tiny_buffer_t live = allocate(getDevice("CPU:1"), TINY_DTYPE_U32, 2);
  upload<uint32_t>(live, {11, 12});
  tiny_buffer_t gone = allocate(getDevice("CPU:2"), TINY_DTYPE_U32, 2);
  release(gone);
  EXPECT_TRUE(isError(tiny_buffer_copy(live, gone), TINY_STATUS_INVALID_HANDLE,
                      {"tiny_buffer_copy: src buffer", "not a live buffer"}));
  EXPECT_TRUE(isError(tiny_buffer_copy(gone, live), TINY_STATUS_INVALID_HANDLE,
                      {"tiny_buffer_copy: dst buffer"}));
  EXPECT_TRUE(isError(tiny_buffer_copy(live, nullptr),
                      TINY_STATUS_INVALID_ARGUMENT, {"src buffer is NULL"}));
  EXPECT_TRUE(isError(tiny_buffer_copy_range(live, 0, gone, 0, 4),
                      TINY_STATUS_INVALID_HANDLE,
                      {"tiny_buffer_copy_range: src buffer"}));
  EXPECT_TRUE(isError(tiny_buffer_copy_range(gone, 0, live, 0, 4),
                      TINY_STATUS_INVALID_HANDLE,
                      {"tiny_buffer_copy_range: dst buffer"}));
  EXPECT_EQ(download<uint32_t>(live), (std::vector<uint32_t>{11, 12}));
  EXPECT_COPIED(getDevice("CPU:1"), 8, 8);
  EXPECT_COPIED(getDevice("CPU:2"), 0, 0);
  release(live);
}

TEST_F(CopyTest, ByteRanges) {
  tiny_device_t cpu1 = getDevice("CPU:1");
  tiny_device_t cpu3 = getDevice("CPU:3");
  tiny_buffer_t src = allocate(cpu1, TINY_DTYPE_U8, 8);
  tiny_buffer_t dst = allocate(cpu3, TINY_DTYPE_U8, 6);
  upload<uint8_t>(src, {0, 1, 2, 3, 4, 5, 6, 7});
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(dst, 1, src, 4, 3)));
  EXPECT_EQ(download<uint8_t>(dst), (std::vector<uint8_t>{0, 4, 5, 6, 0, 0}));
  EXPECT_COPIED(cpu1, 8, 3);
  EXPECT_COPIED(cpu3, 3, 6);
  // A zero-byte copy at the very end is valid and counts nothing.
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(dst, 6, src, 8, 0)));
  EXPECT_COPIED(cpu1, 8, 3);
  release(src);
  release(dst);
}

TEST_F(CopyTest, ByteRangesIgnoreDtypes) {
  tiny_buffer_t src = allocate(getDevice("CPU:1"), TINY_DTYPE_U32, 1);
  tiny_buffer_t dst = allocate(getDevice("CPU:2"), TINY_DTYPE_U8, 4);
  upload<uint32_t>(src, {0x04030201u});
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(dst, 0, src, 0, 4)));
  EXPECT_EQ(download<uint8_t>(dst), (std::vector<uint8_t>{1, 2, 3, 4}));
  release(src);
  release(dst);
}

TEST_F(CopyTest, OverlappingRangesOfOneBuffer) {
  tiny_device_t device = getDevice("CPU:4");
  tiny_buffer_t buffer = allocate(device, TINY_DTYPE_U8, 8);
  upload<uint8_t>(buffer, {0, 1, 2, 3, 4, 5, 6, 7});
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(buffer, 2, buffer, 0, 6)));
  EXPECT_EQ(download<uint8_t>(buffer),
            (std::vector<uint8_t>{0, 1, 0, 1, 2, 3, 4, 5}));
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(buffer, 0, buffer, 3, 5)));
  EXPECT_EQ(download<uint8_t>(buffer),
            (std::vector<uint8_t>{1, 2, 3, 4, 5, 3, 4, 5}));
  EXPECT_COPIED(device, 8 + 6 + 5, 8 + 6 + 8 + 5);
  release(buffer);
}

TEST_F(CopyTest, ByteRangesPastTheEnd) {
  tiny_device_t cpu1 = getDevice("CPU:1");
  tiny_buffer_t src = allocate(cpu1, TINY_DTYPE_U8, 8);
  tiny_buffer_t dst = allocate(cpu1, TINY_DTYPE_U8, 4);
  upload<uint8_t>(src, {1, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_TRUE(isError(tiny_buffer_copy_range(dst, 0, src, 0, 5),
                      TINY_STATUS_OUT_OF_RANGE,
                      {"tiny_buffer_copy_range: dst: bytes [0, 0 + 5) pass "
                       "the end of a 4-byte buffer"}));
  EXPECT_TRUE(isError(tiny_buffer_copy_range(dst, 0, src, 6, 3),
                      TINY_STATUS_OUT_OF_RANGE,
                      {"tiny_buffer_copy_range: src: bytes [6, 6 + 3)"}));
  EXPECT_TRUE(isError(tiny_buffer_copy_range(dst, SIZE_MAX, src, 0, 1),
                      TINY_STATUS_OUT_OF_RANGE));
  EXPECT_TRUE(isError(tiny_buffer_copy_range(dst, 1, src, 1, SIZE_MAX),
                      TINY_STATUS_OUT_OF_RANGE));
  EXPECT_EQ(download<uint8_t>(dst), (std::vector<uint8_t>{0, 0, 0, 0}));
  EXPECT_COPIED(cpu1, 8, 4);
  release(src);
  release(dst);
}

TEST_F(CopyTest, LargeCopy) {
  // Larger than the staging chunk, to show sizes are not truncated.
  const size_t count = (size_t(20) << 20) / sizeof(uint32_t);
  tiny_device_t cpu1 = getDevice("CPU:1");
  tiny_device_t cpu2 = getDevice("CPU:2");
  tiny_buffer_t src = allocate(cpu1, TINY_DTYPE_U32, count);
  tiny_buffer_t dst = allocate(cpu2, TINY_DTYPE_U32, count);
  std::vector<uint32_t> values(count);
  std::iota(values.begin(), values.end(), 0u);
  upload(src, values);
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  EXPECT_EQ(download<uint32_t>(dst), values);
  EXPECT_COPIED(cpu1, 20u << 20, 20u << 20);
  EXPECT_COPIED(cpu2, 20u << 20, 20u << 20);
  release(src);
  release(dst);
}

} // namespace
