//===- BackendPathTest.cpp - Copy paths through non-host devices ----------===//
//
// The CPU devices share host memory, so their copies are all memmoves. These
// tests plug stand-in devices whose memory the runtime must not touch
// directly into a runtime (through the internal Runtime::addDevice) and check
// which path each copy takes: copy-in, copy-out, within one device, a peer
// copy, or staging through host memory in chunks, with the counters of
// both ends and the errors a back end reports.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"
#include "runtime/src/Device.h"
#include "runtime/src/Runtime.h"
#include "runtime/src/Status.h"

#include <cstdlib>
#include <cstring>
#include <numeric>

using namespace tiny::runtime;
using namespace tiny::test;

namespace {

/// Memory the runtime may only reach through the back-end interface.
class StandInDevice : public Device {
public:
  StandInDevice(std::string name, bool hasPeerPath = false)
      : Device(TINY_DEVICE_KIND_CUDA, 0, std::move(name)),
        hasPeerPath(hasPeerPath) {}

  bool isHostMemory() const override { return false; }

  tiny_status_t allocateMemory(size_t bytes, void **outMemory) override {
    *outMemory = std::calloc(bytes ? bytes : 1, 1);
    return nullptr;
  }
  void freeMemory(void *memory, size_t bytes) override {
    ++numFrees;
    std::free(memory);
  }
  tiny_status_t copyIn(void *memory, size_t offset, const void *host,
                       size_t bytes) override {
    ++numCopiesIn;
    if (failCopies)
      return makeStatus(TINY_STATUS_INTERNAL, "stand-in copy-in failed");
    std::memcpy(static_cast<char *>(memory) + offset, host, bytes);
    return nullptr;
  }
  tiny_status_t copyOut(const void *memory, size_t offset, void *host,
                        size_t bytes) override {
    ++numCopiesOut;
    std::memcpy(host, static_cast<const char *>(memory) + offset, bytes);
    return nullptr;
  }
  tiny_status_t copyWithin(void *dst, size_t dstOffset, const void *src,
                           size_t srcOffset, size_t bytes) override {
    ++numCopiesWithin;
    std::memmove(static_cast<char *>(dst) + dstOffset,
                 static_cast<const char *>(src) + srcOffset, bytes);
    return nullptr;
  }
  bool copyFromPeer(void *dst, size_t dstOffset, Device &source,
                    const void *src, size_t srcOffset, size_t bytes,
                    tiny_status_t *outStatus) override {
    if (!hasPeerPath || source.isHostMemory())
      return false;
    ++numPeerCopies;
    std::memcpy(static_cast<char *>(dst) + dstOffset,
                static_cast<const char *>(src) + srcOffset, bytes);
    *outStatus = nullptr;
    return true;
  }

  const bool hasPeerPath;
  bool failCopies = false;
  int numCopiesIn = 0, numCopiesOut = 0, numCopiesWithin = 0;
  int numPeerCopies = 0, numFrees = 0;
};

class BackendPathTest : public RuntimeTest {
protected:
  StandInDevice &addStandIn(const std::string &name, tiny_device_t &out,
                            bool hasPeerPath = false) {
    auto device = std::make_shared<StandInDevice>(name, hasPeerPath);
    out = reinterpret_cast<Runtime *>(runtime)->addDevice(device);
    return *device;
  }
};

#define EXPECT_COPIED(device, in, out)                                         \
  do {                                                                         \
    tiny_device_stats_t stats_ = getStats(device);                             \
    EXPECT_EQ(stats_.bytes_copied_in, uint64_t(in));                           \
    EXPECT_EQ(stats_.bytes_copied_out, uint64_t(out));                         \
  } while (false)

TEST_F(BackendPathTest, HostToDeviceAndBack) {
  tiny_device_t gpu;
  StandInDevice &standIn = addStandIn("FAKE", gpu);
  tiny_device_t cpu = getDevice("CPU:1");
  tiny_buffer_t host = allocate(cpu, TINY_DTYPE_F32, 4);
  tiny_buffer_t device = allocate(gpu, TINY_DTYPE_F32, 4);
  EXPECT_EQ(getStats(gpu).bytes_allocated, 16u);
  upload<float>(host, {1, 2, 3, 4});

  ASSERT_TRUE(isOk(tiny_buffer_copy(device, host)));
  EXPECT_EQ(standIn.numCopiesIn, 1);
  // Upload and download go through the back end too.
  EXPECT_EQ(download<float>(device), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(standIn.numCopiesOut, 1);
  upload<float>(device, {5, 6, 7, 8});
  EXPECT_EQ(standIn.numCopiesIn, 2);
  ASSERT_TRUE(isOk(tiny_buffer_copy(host, device)));
  EXPECT_EQ(standIn.numCopiesOut, 2);
  EXPECT_EQ(download<float>(host), (std::vector<float>{5, 6, 7, 8}));

  EXPECT_COPIED(cpu, 16 + 16, 16 + 16);
  EXPECT_COPIED(gpu, 16 + 16, 16 + 16);
  release(host);
  release(device);
  EXPECT_EQ(standIn.numFrees, 1);
  EXPECT_EQ(getStats(gpu).bytes_allocated, 0u);
}

TEST_F(BackendPathTest, WithinOneDevice) {
  tiny_device_t gpu;
  StandInDevice &standIn = addStandIn("FAKE", gpu);
  tiny_buffer_t a = allocate(gpu, TINY_DTYPE_U8, 6);
  tiny_buffer_t b = allocate(gpu, TINY_DTYPE_U8, 6);
  upload<uint8_t>(a, {1, 2, 3, 4, 5, 6});
  ASSERT_TRUE(isOk(tiny_buffer_copy(b, a)));
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(a, 1, a, 0, 5)));
  EXPECT_EQ(standIn.numCopiesWithin, 2);
  EXPECT_EQ(standIn.numCopiesOut, 0);
  EXPECT_EQ(download<uint8_t>(b), (std::vector<uint8_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(download<uint8_t>(a), (std::vector<uint8_t>{1, 1, 2, 3, 4, 5}));
  EXPECT_COPIED(gpu, 6 + 6 + 5, 6 + 5 + 6 + 6);
  release(a);
  release(b);
}

TEST_F(BackendPathTest, StagedThroughHostInChunks) {
  tiny_device_t first, second;
  StandInDevice &from = addStandIn("FAKE:1", first);
  StandInDevice &to = addStandIn("FAKE:2", second);
  // 20 MiB: three chunks of at most 8 MiB.
  const size_t count = (size_t(20) << 20) / sizeof(uint32_t);
  tiny_buffer_t src = allocate(first, TINY_DTYPE_U32, count);
  tiny_buffer_t dst = allocate(second, TINY_DTYPE_U32, count);
  std::vector<uint32_t> values(count);
  std::iota(values.begin(), values.end(), 7u);
  upload(src, values);
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  EXPECT_EQ(from.numCopiesOut, 3);
  EXPECT_EQ(to.numCopiesIn, 3);
  EXPECT_EQ(download<uint32_t>(dst), values);
  EXPECT_COPIED(first, 20u << 20, 20u << 20);
  EXPECT_COPIED(second, 20u << 20, 20u << 20);

  // A byte range is staged at its offsets.
  ASSERT_TRUE(isOk(tiny_buffer_copy_range(dst, 0, src, 4, 8)));
  uint32_t head[3];
  ASSERT_TRUE(isOk(tiny_buffer_download_range(dst, 0, head, sizeof(head))));
  EXPECT_EQ(head[0], 8u);
  EXPECT_EQ(head[1], 9u);
  EXPECT_EQ(head[2], 9u);
  release(src);
  release(dst);
}

TEST_F(BackendPathTest, PeerPath) {
  tiny_device_t first, second;
  StandInDevice &from = addStandIn("FAKE:1", first);
  StandInDevice &to = addStandIn("FAKE:2", second, /*hasPeerPath=*/true);
  tiny_buffer_t src = allocate(first, TINY_DTYPE_I64, 2);
  tiny_buffer_t dst = allocate(second, TINY_DTYPE_I64, 2);
  upload<int64_t>(src, {-5, 5});
  ASSERT_TRUE(isOk(tiny_buffer_copy(dst, src)));
  EXPECT_EQ(to.numPeerCopies, 1);
  EXPECT_EQ(from.numCopiesOut, 0);
  EXPECT_EQ(to.numCopiesIn, 0);
  EXPECT_EQ(download<int64_t>(dst), (std::vector<int64_t>{-5, 5}));
  EXPECT_COPIED(first, 16, 16);
  EXPECT_COPIED(second, 16, 16);
  release(src);
  release(dst);
}

TEST_F(BackendPathTest, BackEndErrorsCountNothing) {
  tiny_device_t gpu;
  StandInDevice &standIn = addStandIn("FAKE", gpu);
  tiny_buffer_t host = allocate(getDevice("CPU"), TINY_DTYPE_U8, 4);
  tiny_buffer_t device = allocate(gpu, TINY_DTYPE_U8, 4);
  standIn.failCopies = true;
  EXPECT_TRUE(isError(tiny_buffer_copy(device, host), TINY_STATUS_INTERNAL,
                      {"stand-in copy-in failed"}));
  uint8_t data[4] = {1, 2, 3, 4};
  EXPECT_TRUE(
      isError(tiny_buffer_upload(device, data, 4), TINY_STATUS_INTERNAL));
  EXPECT_COPIED(gpu, 0, 0);
  EXPECT_COPIED(getDevice("CPU"), 0, 0);
  release(host);
  release(device);
}

TEST_F(BackendPathTest, LaunchRefusesNonCpuBuffers) {
  tiny_device_t gpu;
  addStandIn("FAKE:3", gpu);
  tiny_buffer_t host = allocate(getDevice("CPU"), TINY_DTYPE_F32, 1);
  tiny_buffer_t device = allocate(gpu, TINY_DTYPE_F32, 1);
  tiny_buffer_t buffers[] = {host, device};
  static int numCalls = 0;
  EXPECT_TRUE(isError(
      tiny_launch_cpu([](void **) { ++numCalls; }, buffers, 2),
      TINY_STATUS_INVALID_ARGUMENT,
      {"tiny_launch_cpu: buffer 1 is on device 'FAKE:3', not a CPU device"}));
  EXPECT_EQ(numCalls, 0);
  release(host);
  release(device);
}

TEST_F(BackendPathTest, DestroyFreesStandInBuffers) {
  tiny_runtime_t other = nullptr;
  ASSERT_TRUE(isOk(tiny_runtime_create(&other)));
  auto standIn = std::make_shared<StandInDevice>("FAKE");
  tiny_device_t gpu = reinterpret_cast<Runtime *>(other)->addDevice(standIn);
  tiny_buffer_t buffer = nullptr;
  ASSERT_TRUE(isOk(tiny_buffer_allocate(gpu, TINY_DTYPE_U8, 3, &buffer)));
  ASSERT_TRUE(isOk(tiny_runtime_destroy(other)));
  EXPECT_EQ(standIn->numFrees, 1);
  EXPECT_EQ(standIn->getStats().bytes_allocated, 0u);
  EXPECT_EQ(standIn->getStats().live_buffers, 0u);
}

} // namespace
