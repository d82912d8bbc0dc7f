//===- RankCopyTest.cpp - copies between ranks that do not block ----------===//
//
// Runs hand-written host programs (the calls a compiled program makes:
// tiny_host_copy, tiny_host_launch, and CPU "kernels" that work on their
// buffers in place) on rank 0 of a two-rank job whose RankTransport is a
// fake: its requests complete only when the host schedule waits for them,
// and it records every call, so each test checks the order of the starts,
// the waits and the kernels. The GPU buffers are on the fake driver
// (test/runtime/FakeDriver.c).
//
//===----------------------------------------------------------------------===//

#include "jit/HostSchedule.h"
#include "jit/RankTransport.h"
#include "test/runtime/FakeDriverControl.h"
#include "tiny/HostCalls.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::test::fake;

namespace {

/// What happened, in order: the transport's calls and the programs' kernels.
std::vector<std::string> events;

/// The 8 floats rank 1 sends as message `tag`: 100 (tag + 1) + i.
std::vector<float> incoming(int tag) {
  std::vector<float> values(8);
  for (int i = 0; i < 8; ++i)
    values[i] = 100.0f * (tag + 1) + i;
  return values;
}

/// Rank 0 of 2. A started request completes when it is waited for: a send
/// reads its bytes then (as a real transport may read them any time until
/// then), a receive gets `incoming(tag)` then.
class FakeTransport : public ::tiny::RankTransport {
public:
  int rank() const override { return 0; }
  int size() const override { return 2; }
  std::string send(int peer, int tag, const void *data, size_t bytes) override {
    events.push_back("send " + std::to_string(tag));
    sent.emplace_back(static_cast<const char *>(data),
                      static_cast<const char *>(data) + bytes);
    return "";
  }
  std::string receive(int peer, int tag, void *data, size_t bytes) override {
    events.push_back("receive " + std::to_string(tag));
    deliver(tag, data, bytes);
    return "";
  }
  std::string startSend(int peer, int tag, const void *data, size_t bytes,
                        RequestId &id) override {
    events.push_back("start send " + std::to_string(tag));
    id = nextId++;
    requests[id] = {true, tag, const_cast<void *>(data), bytes};
    return "";
  }
  std::string startReceive(int peer, int tag, void *data, size_t bytes,
                           RequestId &id) override {
    events.push_back("start receive " + std::to_string(tag));
    id = nextId++;
    requests[id] = {false, tag, data, bytes};
    return "";
  }
  std::string wait(RequestId id) override {
    auto it = requests.find(id);
    if (it == requests.end())
      return "unknown request";
    Request request = it->second;
    requests.erase(it);
    events.push_back(std::string("wait ") +
                     (request.isSend ? "send " : "receive ") +
                     std::to_string(request.tag) + " (GPU launches " +
                     std::to_string(fake().fake_launch_count()) + ")");
    if (!failure.empty())
      return failure;
    if (request.isSend)
      sent.emplace_back(static_cast<char *>(request.data),
                        static_cast<char *>(request.data) + request.bytes);
    else
      deliver(request.tag, request.data, request.bytes);
    return "";
  }

  /// Started and not yet waited for.
  size_t numPending() const { return requests.size(); }

  /// The bytes of each completed send, in order.
  std::vector<std::vector<char>> sent;
  /// When set, every wait fails with it.
  std::string failure;

private:
  struct Request {
    bool isSend;
    int tag;
    void *data;
    size_t bytes;
  };
  static void deliver(int tag, void *data, size_t bytes) {
    std::vector<float> values = incoming(tag);
    ASSERT_EQ(bytes, values.size() * sizeof(float));
    std::memcpy(data, values.data(), bytes);
  }
  std::map<RequestId, Request> requests;
  RequestId nextId = 1;
};

/// A transport with only the blocking calls (the interface's defaults
/// run them).
class BlockingTransport : public FakeTransport {
public:
  std::string startSend(int peer, int tag, const void *data, size_t bytes,
                        RequestId &id) override {
    return RankTransport::startSend(peer, tag, data, bytes, id);
  }
  std::string startReceive(int peer, int tag, void *data, size_t bytes,
                           RequestId &id) override {
    return RankTransport::startReceive(peer, tag, data, bytes, id);
  }
  std::string wait(RequestId id) override { return RankTransport::wait(id); }
};

const float kInput[8] = {1, 2, 3, 4, 5, 6, 7, 8};

/// The program's buffers, by argument position.
enum : int64_t {
  kX,      // the input, on CPU (rank 0)
  kRemote, // on CPU@1 (rank 1)
  kGpu,    // on CUDA:0 (rank 0)
  kGpu2,   // on CUDA:0 (rank 0)
  kOut,    // the output, on CPU (rank 0)
};
constexpr int64_t kBytes = 8 * sizeof(float);

SmallVector<BufferArgument> getArguments() {
  auto argument = [](BufferRole role, int64_t binding, const char *device) {
    return BufferArgument{role, binding, device, TINY_DTYPE_F32, 8};
  };
  return {argument(BufferRole::Param, 0, "CPU"),
          argument(BufferRole::Scratch, 0, "CPU@1"),
          argument(BufferRole::Scratch, 1, "CUDA:0"),
          argument(BufferRole::Scratch, 2, "CUDA:0"),
          argument(BufferRole::Output, 0, "CPU")};
}

/// The data of host argument `position` in a packed call.
float *hostData(void **packed, int64_t position) {
  return *static_cast<float **>(packed[position]);
}

class RankCopyTest : public ::testing::Test {
protected:
  void SetUp() override {
    events.clear();
    fake().fake_reset();
    ASSERT_EQ(tiny_runtime_create(&runtime), nullptr);
    ASSERT_EQ(tiny_runtime_set_driver_library(runtime, TINY_DEVICE_KIND_CUDA,
                                              fake().path.c_str()),
              nullptr);
    ::tiny::setRankTransport(&transport);
  }

  void TearDown() override {
    ::tiny::setRankTransport(nullptr);
    EXPECT_EQ(tiny_runtime_destroy(runtime), nullptr);
    EXPECT_EQ(fake().fake_live_allocations(FAKE_CUDA), 0);
  }

  /// Runs `program` with `kernels` on fresh buffers, `kInput` uploaded; the
  /// output goes to `out`. Returns "" or the run's error.
  std::string run(void (*program)(void **), float (&out)[8],
                  const GpuKernels &kernels = {}) {
    std::string error;
    FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
        DeviceBuffers::allocate(runtime, getArguments(), error);
    if (failed(buffers))
      return "allocate: " + error;
    if (failed((*buffers)->upload({kInput}, error)))
      return "upload: " + error;
    LogicalResult launched = (*buffers)->launch(program, kernels, error);
    // Nothing is left pending, failed or not.
    EXPECT_EQ((*buffers)->numPendingCopies(), 0u);
    EXPECT_EQ(transport.numPending(), 0u);
    if (failed(launched))
      return error;
    if (failed((*buffers)->download({out}, error)))
      return "download: " + error;
    return "";
  }

  FakeTransport transport;
  tiny_runtime_t runtime = nullptr;
};

// x goes to rank 1, then a kernel overwrites x: the send did not wait
// before the kernel, and rank 1 still gets x as it was at the copy.
TEST_F(RankCopyTest, SendIsStagedAndWaitedForAtTheEnd) {
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kRemote, 0, kX, 0, kBytes);
        events.push_back("kernel");
        float *x = hostData(packed, kX);
        for (int i = 0; i < 8; ++i)
          x[i] = -1;
      },
      out);
  ASSERT_EQ(error, "");
  EXPECT_EQ(events, (std::vector<std::string>{"start send 0", "kernel",
                                              "wait send 0 (GPU launches 0)"}));
  ASSERT_EQ(transport.sent.size(), 1u);
  ASSERT_EQ(transport.sent[0].size(), size_t(kBytes));
  EXPECT_EQ(std::memcmp(transport.sent[0].data(), kInput, kBytes), 0);
}

// Two sends to rank 1: the second starts only after the first is waited
// for (one send in flight per peer), and a kernel between them runs
// before that wait.
TEST_F(RankCopyTest, SecondSendToAPeerWaitsForTheFirst) {
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kRemote, 0, kX, 0, kBytes);
        events.push_back("kernel");
        tiny_host_copy(kRemote, 0, kX, 0, kBytes);
      },
      out);
  ASSERT_EQ(error, "");
  EXPECT_EQ(events, (std::vector<std::string>{
                        "start send 0", "kernel",
                        "wait send 0 (GPU launches 0)", "start send 1",
                        "wait send 1 (GPU launches 0)"}));
  EXPECT_EQ(transport.sent.size(), 2u);
}

// A receive into a GPU buffer: the kernel that does not need it runs
// first; the copy out of that buffer waits for it and moves its bytes.
TEST_F(RankCopyTest, ReceiveIntoGpuBufferWaitsForItsFirstUse) {
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kGpu, 0, kRemote, 0, kBytes);
        events.push_back("kernel");
        tiny_host_copy(kOut, 0, kGpu, 0, kBytes);
        events.push_back("copied out");
      },
      out);
  ASSERT_EQ(error, "");
  EXPECT_EQ(events, (std::vector<std::string>{"start receive 0", "kernel",
                                              "wait receive 0 (GPU launches 0)",
                                              "copied out"}));
  std::vector<float> expected = incoming(0);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(out[i], expected[i]) << i;
}

// Two receives into two GPU buffers: using the second waits for it alone;
// the first is waited for when the program ends.
TEST_F(RankCopyTest, EachBufferWaitsForItsOwnReceive) {
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kGpu, 0, kRemote, 0, kBytes);
        tiny_host_copy(kGpu2, 0, kRemote, 0, kBytes);
        tiny_host_copy(kOut, 0, kGpu2, 0, kBytes);
        events.push_back("copied out");
      },
      out);
  ASSERT_EQ(error, "");
  EXPECT_EQ(events, (std::vector<std::string>{
                        "start receive 0", "start receive 1",
                        "wait receive 1 (GPU launches 0)", "copied out",
                        "wait receive 0 (GPU launches 0)"}));
  // The bytes of message 1 (the second copy).
  std::vector<float> expected = incoming(1);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(out[i], expected[i]) << i;
}

// A GPU launch taking the buffer waits for its receive first.
TEST_F(RankCopyTest, ReceiveLandsBeforeAGpuLaunchTakingItsBuffer) {
  GpuKernels kernels;
  // One pointer parameter, the buffer, as the fake driver reads PTX.
  kernels.images.push_back(
      ".visible .entry k(\n.param .u64 k_param_0\n)\n{\n}\n");
  kernels.launches.push_back({0, "k", {unsigned(kGpu)}});
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kGpu, 0, kRemote, 0, kBytes);
        events.push_back("kernel");
        tiny_host_launch(0, 1, 1, 1, 1, 1, 1, 0);
        // What the launched kernel's argument held: the received bytes.
        fake_launch last;
        fake().fake_last_launch(&last);
        float onDevice[8] = {};
        if (last.num_args == 1)
          (void)fake().fake_read(FAKE_CUDA, 0, last.args[0], onDevice, kBytes);
        events.push_back("launched on " + std::to_string(int(onDevice[0])) +
                         ".." + std::to_string(int(onDevice[7])));
      },
      out, kernels);
  ASSERT_EQ(error, "");
  // 100 * (0 + 1) + 0 and + 7.
  EXPECT_EQ(events, (std::vector<std::string>{"start receive 0", "kernel",
                                              "wait receive 0 (GPU launches 0)",
                                              "launched on 100..107"}));
  EXPECT_EQ(fake().fake_launch_count(), 1);
}

// Kernels on CPU devices read their buffers in place with no call first:
// a receive into one completes before its copy returns.
TEST_F(RankCopyTest, ReceiveIntoCpuBufferCompletesAtTheCopy) {
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kOut, 0, kRemote, 0, kBytes);
        float *o = hostData(packed, kOut);
        events.push_back("kernel reads " + std::to_string(int(o[7])));
      },
      out);
  ASSERT_EQ(error, "");
  // 100 * (0 + 1) + 7.
  EXPECT_EQ(events, (std::vector<std::string>{"start receive 0",
                                              "wait receive 0 (GPU launches 0)",
                                              "kernel reads 107"}));
}

// A failed wait fails the run naming its copy; the calls after it are
// skipped, and the send still pending is waited for all the same.
TEST_F(RankCopyTest, FailedWaitFailsTheRun) {
  transport.failure = "TIMEOUT: no answer from rank 1 within 2 s";
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kRemote, 0, kX, 0, kBytes);
        tiny_host_copy(kGpu, 0, kRemote, 0, kBytes);
        tiny_host_copy(kOut, 0, kGpu, 0, kBytes);
        tiny_host_copy(kGpu2, 0, kRemote, 0, kBytes);
      },
      out);
  EXPECT_EQ(error, "copy failed: copy from 'CPU@1' to 'CUDA:0': TIMEOUT: no "
                   "answer from rank 1 within 2 s");
  EXPECT_EQ(events, (std::vector<std::string>{"start send 0", "start receive 1",
                                              "wait receive 1 (GPU launches 0)",
                                              "wait send 0 (GPU launches 0)"}));
}

// A transport with only the blocking calls still moves the bytes.
TEST_F(RankCopyTest, BlockingTransportStillWorks) {
  BlockingTransport blocking;
  ::tiny::setRankTransport(&blocking);
  float out[8] = {};
  std::string error = run(
      [](void **packed) {
        tiny_host_copy(kRemote, 0, kX, 0, kBytes);
        tiny_host_copy(kGpu, 0, kRemote, 0, kBytes);
        events.push_back("kernel");
        tiny_host_copy(kOut, 0, kGpu, 0, kBytes);
      },
      out);
  ASSERT_EQ(error, "");
  EXPECT_EQ(events,
            (std::vector<std::string>{"send 0", "receive 1", "kernel"}));
  ASSERT_EQ(blocking.sent.size(), 1u);
  EXPECT_EQ(std::memcmp(blocking.sent[0].data(), kInput, kBytes), 0);
  std::vector<float> expected = incoming(1);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(out[i], expected[i]) << i;
}

} // namespace
