//===- MpiTransportTest.cpp - The MPI transport across 2 and 3 ranks ------===//
//
// Run under mpirun (test/runtime/mpi/run.sh): every rank runs every test in
// the same order, so the collectives line up. Each rank computes the
// expected results itself, with a plain loop over every rank's inputs (a
// deterministic function of rank, shard and index), never through the
// transport. Float inputs are small integers, so every summation order
// gives the same exact result.
//
// The program initializes MPI itself before creating the transport, as a
// program that also uses MPI directly would.
//
//===----------------------------------------------------------------------===//

#include "tiny/MpiTransport.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

using namespace tiny::mpi;

namespace {

Transport *transport = nullptr;

int rank() { return transport->rank(); }

/// The tests of messages between ranks need a peer; with one rank (mpirun
/// -np 1) every rank skips them alike, so the collectives still line up.
#define SKIP_WITHOUT_PEERS()                                                   \
  if (transport->size() < 2)                                                   \
  GTEST_SKIP() << "needs 2 or more ranks"
int ranks() { return transport->size(); }

::testing::AssertionResult isOk(const Status &status) {
  if (status.ok())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status.toString();
}

/// An error with `code` whose message holds each of `words`.
::testing::AssertionResult isError(const Status &status, ErrorCode code,
                                   const std::vector<std::string> &words) {
  if (status.code() != code)
    return ::testing::AssertionFailure() << "expected " << errorCodeName(code)
                                         << ", got " << status.toString();
  for (const std::string &word : words)
    if (status.message().find(word) == std::string::npos)
      return ::testing::AssertionFailure()
             << "'" << word << "' not in: " << status.message();
  return ::testing::AssertionSuccess();
}

//===----------------------------------------------------------------------===//
// Allreduce values
//===----------------------------------------------------------------------===//

/// The input of element i of shard s on rank r: small, signed, and
/// different on every participant.
long long baseInput(int r, size_t s, size_t i) {
  return static_cast<long long>((r * 31 + s * 7 + i * 5) % 13) - 6;
}

template <typename T> T inputOf(ReduceOp op, int r, size_t s, size_t i) {
  long long v = baseInput(r, s, i);
  if (op == ReduceOp::Mul) // Powers of two keep products exact and small.
    return static_cast<T>(v % 2 == 0 ? 1 : 2);
  if (std::is_unsigned<T>::value)
    return static_cast<T>(v + 6);
  return static_cast<T>(v);
}

/// The reduction of all ranks' shards at element i, in plain arithmetic
/// (unsigned wrap for unsigned types).
template <typename T> T expectedAt(ReduceOp op, size_t shards, size_t i) {
  T acc = inputOf<T>(op, 0, 0, i);
  for (int r = 0; r < ranks(); ++r)
    for (size_t s = 0; s < shards; ++s) {
      if (r == 0 && s == 0)
        continue;
      T v = inputOf<T>(op, r, s, i);
      if (op == ReduceOp::Add)
        acc = static_cast<T>(acc + v);
      else if (op == ReduceOp::Mul)
        acc = static_cast<T>(acc * v);
      else
        acc = v > acc ? v : acc;
    }
  return acc;
}

struct Case {
  Algorithm algorithm;
  size_t shards;
  size_t count;
};

std::string caseName(const ::testing::TestParamInfo<Case> &info) {
  return std::string(algorithmName(info.param.algorithm)) + "_" +
         std::to_string(info.param.shards) + "shards_" +
         std::to_string(info.param.count);
}

class AllreduceTest : public ::testing::TestWithParam<Case> {
protected:
  template <typename T>
  void check(tiny_dtype_t dtype, ReduceOp op, Algorithm *used = nullptr) {
    const Case &c = GetParam();
    std::vector<std::vector<T>> data(c.shards, std::vector<T>(c.count));
    std::vector<void *> pointers;
    std::vector<std::string> names;
    for (size_t s = 0; s < c.shards; ++s) {
      for (size_t i = 0; i < c.count; ++i)
        data[s][i] = inputOf<T>(op, rank(), s, i);
      pointers.push_back(data[s].data());
      names.push_back("CPU:" + std::to_string(s));
    }
    AllreduceOptions options;
    options.algorithm = c.algorithm;
    ASSERT_TRUE(
        isOk(transport->allreduceShards(pointers.data(), names.data(), c.shards,
                                        c.count, dtype, op, options, used)));
    size_t wrong = 0;
    for (size_t s = 0; s < c.shards; ++s)
      for (size_t i = 0; i < c.count; ++i)
        if (data[s][i] != expectedAt<T>(op, c.shards, i) && !wrong++)
          ADD_FAILURE() << "rank " << rank() << " shard " << s << " element "
                        << i << ": " << +data[s][i] << ", expected "
                        << +expectedAt<T>(op, c.shards, i);
    EXPECT_EQ(wrong, 0u) << tiny_dtype_name(dtype);
  }
};

TEST_P(AllreduceTest, F32Add) {
  Algorithm used = Algorithm::Auto;
  check<float>(TINY_DTYPE_F32, ReduceOp::Add, &used);
  if (GetParam().algorithm != Algorithm::Auto) {
    EXPECT_EQ(used, GetParam().algorithm);
  }
}
TEST_P(AllreduceTest, F64Max) { check<double>(TINY_DTYPE_F64, ReduceOp::Max); }
TEST_P(AllreduceTest, I32Mul) { check<int32_t>(TINY_DTYPE_I32, ReduceOp::Mul); }
TEST_P(AllreduceTest, I64Add) { check<int64_t>(TINY_DTYPE_I64, ReduceOp::Add); }
TEST_P(AllreduceTest, U8AddWraps) {
  check<uint8_t>(TINY_DTYPE_U8, ReduceOp::Add);
}

std::vector<Case> cases() {
  std::vector<Case> result;
  for (Algorithm algorithm :
       {Algorithm::Naive, Algorithm::Ring, Algorithm::AllToAll,
        Algorithm::Hierarchical, Algorithm::Auto})
    for (size_t shards : {1, 2, 3})
      // 0 and 1 element, fewer elements than participants, uneven chunks,
      // and one size past the ring threshold (where auto picks ring).
      for (size_t count : {0, 1, 2, 7, 1001, 300001})
        if (count != 300001 || shards == 1 || algorithm == Algorithm::Auto)
          result.push_back({algorithm, shards, count});
  return result;
}

INSTANTIATE_TEST_SUITE_P(Mpi, AllreduceTest, ::testing::ValuesIn(cases()),
                         caseName);

TEST(Allreduce, BoolAddIsOr) {
  std::vector<uint8_t> data(4);
  // Element i is true on rank i only: every rank must see i < ranks().
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<int>(i) == rank();
  ASSERT_TRUE(isOk(transport->allreduce(data.data(), data.size(),
                                        TINY_DTYPE_BOOL, ReduceOp::Add)));
  for (size_t i = 0; i < data.size(); ++i)
    EXPECT_EQ(data[i], static_cast<int>(i) < ranks() ? 1 : 0) << i;
}

//===----------------------------------------------------------------------===//
// Choice and counters
//===----------------------------------------------------------------------===//

TEST(ChooseAlgorithm, AsTinygradBySize) {
  // tinygrad: naive for 2 devices or at most RING_ALLREDUCE_THRESHOLD
  // (256000) elements, else ring (all-to-all with ALL2ALL=1).
  EXPECT_EQ(chooseAlgorithm(2, 1, 10000000), Algorithm::Naive);
  EXPECT_EQ(chooseAlgorithm(3, 1, 256000), Algorithm::Naive);
  EXPECT_EQ(chooseAlgorithm(3, 1, 256001), Algorithm::Ring);
  EXPECT_EQ(chooseAlgorithm(3, 1, 256001, kDefaultRingThreshold, true),
            Algorithm::AllToAll);
  EXPECT_EQ(chooseAlgorithm(1, 4, 256001), Algorithm::Ring);
  EXPECT_EQ(chooseAlgorithm(3, 1, 100, 10), Algorithm::Ring);
  // Several shards on each of several ranks: reduce inside ranks first.
  EXPECT_EQ(chooseAlgorithm(2, 2, 10), Algorithm::Hierarchical);
  Algorithm parsed;
  EXPECT_TRUE(isOk(parseAlgorithm("all2all", parsed)));
  EXPECT_EQ(parsed, Algorithm::AllToAll);
  EXPECT_TRUE(isError(parseAlgorithm("tree", parsed),
                      ErrorCode::InvalidArgument, {"'tree'", "ring"}));
}

/// Runs an f32 add allreduce of `count` elements, `shards` per rank.
void allreduceF32(Algorithm algorithm, size_t shards, size_t count) {
  std::vector<std::vector<float>> data(shards, std::vector<float>(count, 1));
  std::vector<void *> pointers;
  std::vector<std::string> names;
  for (size_t s = 0; s < shards; ++s) {
    pointers.push_back(data[s].data());
    names.push_back("CPU:" + std::to_string(s + 1));
  }
  AllreduceOptions options;
  options.algorithm = algorithm;
  ASSERT_TRUE(isOk(transport->allreduceShards(pointers.data(), names.data(),
                                              shards, count, TINY_DTYPE_F32,
                                              ReduceOp::Add, options)));
  for (size_t s = 0; s < shards; ++s)
    EXPECT_EQ(data[s][count - 1], float(shards * ranks()));
}

TEST(Counters, NaiveSendsTheWholeShardToEachRank) {
  SKIP_WITHOUT_PEERS();
  transport->resetCounters();
  allreduceF32(Algorithm::Naive, 1, 3000);
  for (int peer = 0; peer < ranks(); ++peer) {
    uint64_t expected = peer == rank() ? 0 : 3000 * 4;
    EXPECT_EQ(transport->pairCounters(peer).sent, expected) << peer;
    EXPECT_EQ(transport->pairCounters(peer).received, expected) << peer;
  }
  EXPECT_EQ(transport->deviceCounters().at("CPU:1").sent,
            uint64_t(ranks() - 1) * 3000 * 4);
}

TEST(Counters, RingSendsTwoChunksPerStepToTheNextRank) {
  SKIP_WITHOUT_PEERS();
  // N = 3000 splits evenly in 2 or 3 chunks; each of the 2 (n - 1) steps
  // sends one chunk of N / n to the next rank: 2 (n - 1) N / n elements.
  transport->resetCounters();
  allreduceF32(Algorithm::Ring, 1, 3000);
  int n = ranks(), next = (rank() + 1) % n, previous = (rank() + n - 1) % n;
  uint64_t expected = uint64_t(2 * (n - 1)) * (3000 / n) * 4;
  for (int peer = 0; peer < n; ++peer)
    EXPECT_EQ(transport->pairCounters(peer).sent, peer == next ? expected : 0)
        << peer;
  EXPECT_EQ(transport->pairCounters(previous).received, expected);
}

TEST(Counters, AllToAllSendsTwoChunksToEachRank) {
  SKIP_WITHOUT_PEERS();
  // Chunk i to rank i, then the finished chunk to every rank: 2 N / n.
  transport->resetCounters();
  allreduceF32(Algorithm::AllToAll, 1, 3000);
  for (int peer = 0; peer < ranks(); ++peer)
    EXPECT_EQ(transport->pairCounters(peer).sent,
              peer == rank() ? 0 : 2 * (3000 / ranks()) * 4)
        << peer;
}

TEST(Counters, HierarchicalSendsOneShardAcrossRanks) {
  SKIP_WITHOUT_PEERS();
  // 3 shards per rank, 1000 elements: between ranks only the rank's sum
  // moves (naive at this size: 1000 f32 to each rank); inside the rank
  // shards 2 and 3 are read into shard 1 and written back.
  transport->resetCounters();
  allreduceF32(Algorithm::Hierarchical, 3, 1000);
  for (int peer = 0; peer < ranks(); ++peer)
    EXPECT_EQ(transport->pairCounters(peer).sent, peer == rank() ? 0 : 1000 * 4)
        << peer;
  const auto &devices = transport->deviceCounters();
  EXPECT_EQ(devices.at("CPU:1").copiedLocally, 2 * 1000 * 4u);
  EXPECT_EQ(devices.at("CPU:2").copiedLocally, 1000 * 4u);
  EXPECT_EQ(devices.at("CPU:3").copiedLocally, 1000 * 4u);
  EXPECT_EQ(devices.at("CPU:1").sent, uint64_t(ranks() - 1) * 1000 * 4);
  EXPECT_EQ(devices.count("CPU:2") ? devices.at("CPU:2").sent : 0, 0u);
}

TEST(Counters, RingAcrossShardsCrossesEachRankOnce) {
  SKIP_WITHOUT_PEERS();
  // A flat ring over 2 shards per rank: the participant order is rank-major,
  // so only the last shard of a rank sends to another rank (the first shard
  // of the next one); its other edge is a memcpy inside the rank.
  transport->resetCounters();
  allreduceF32(Algorithm::Ring, 2, 6000);
  size_t n = 2 * ranks();
  uint64_t perEdge = 2 * (n - 1) * (6000 / n) * 4;
  int next = (rank() + 1) % ranks();
  for (int peer = 0; peer < ranks(); ++peer)
    EXPECT_EQ(transport->pairCounters(peer).sent, peer == next ? perEdge : 0)
        << peer;
  EXPECT_EQ(transport->deviceCounters().at("CPU:2").sent, perEdge);
  EXPECT_EQ(transport->deviceCounters().at("CPU:2").copiedLocally, perEdge);
}

//===----------------------------------------------------------------------===//
// Runtime buffers
//===----------------------------------------------------------------------===//

struct RuntimeFixture : public ::testing::Test {
  void SetUp() override {
    ASSERT_EQ(tiny_runtime_create(&runtime), nullptr);
    ASSERT_EQ(tiny_device_get(runtime, "CPU:1", &cpu1), nullptr);
    ASSERT_EQ(tiny_device_get(runtime, "CPU:2", &cpu2), nullptr);
  }
  void TearDown() override { tiny_status_free(tiny_runtime_destroy(runtime)); }
  tiny_buffer_t allocate(tiny_device_t device, size_t count) {
    tiny_buffer_t buffer = nullptr;
    EXPECT_EQ(tiny_buffer_allocate(device, TINY_DTYPE_F32, count, &buffer),
              nullptr);
    return buffer;
  }
  tiny_device_stats_t stats(tiny_device_t device) {
    tiny_device_stats_t result{};
    EXPECT_EQ(tiny_device_stats(device, &result), nullptr);
    return result;
  }
  tiny_runtime_t runtime = nullptr;
  tiny_device_t cpu1 = nullptr, cpu2 = nullptr;
};

TEST_F(RuntimeFixture, AllreduceBuffersOnTwoDevicesPerRank) {
  const size_t count = 5000;
  tiny_buffer_t a = allocate(cpu1, count), b = allocate(cpu2, count);
  std::vector<float> input(count);
  for (size_t i = 0; i < count; ++i)
    input[i] = float(baseInput(rank(), 0, i));
  ASSERT_EQ(tiny_buffer_upload(a, input.data(), count * 4), nullptr);
  for (size_t i = 0; i < count; ++i)
    input[i] = float(baseInput(rank(), 1, i));
  ASSERT_EQ(tiny_buffer_upload(b, input.data(), count * 4), nullptr);
  ASSERT_EQ(tiny_device_reset_stats(cpu1), nullptr);
  transport->resetCounters();
  Algorithm used = Algorithm::Auto;
  ASSERT_TRUE(
      isOk(transport->allreduceBuffers({a, b}, ReduceOp::Add, {}, &used)));
  EXPECT_EQ(used, ranks() > 1 ? Algorithm::Hierarchical : Algorithm::Naive);
  // The runtime counts the download and the upload of each shard.
  EXPECT_EQ(stats(cpu1).bytes_copied_out, count * 4);
  EXPECT_EQ(stats(cpu1).bytes_copied_in, count * 4);
  for (tiny_buffer_t buffer : {a, b}) {
    std::vector<float> out(count);
    ASSERT_EQ(tiny_buffer_download(buffer, out.data(), count * 4), nullptr);
    size_t wrong = 0;
    for (size_t i = 0; i < count; ++i) {
      long long sum = 0;
      for (int r = 0; r < ranks(); ++r)
        sum += baseInput(r, 0, i) + baseInput(r, 1, i);
      wrong += out[i] != float(sum);
    }
    EXPECT_EQ(wrong, 0u);
  }
  EXPECT_EQ(transport->deviceCounters().at("CPU:1").sent,
            uint64_t(ranks() - 1) * count * 4);
  std::vector<tiny_buffer_t> mixed{a, allocate(cpu2, count + 1)};
  EXPECT_TRUE(isError(transport->allreduceBuffers(mixed, ReduceOp::Add),
                      ErrorCode::InvalidArgument,
                      {"shard 1 is 5001 x f32", "shard 0 is 5000 x f32"}));
}

TEST_F(RuntimeFixture, BufferSendOverlapsLocalWork) {
  SKIP_WITHOUT_PEERS();
  // Each rank sends its CPU:1 buffer to the next rank's CPU:2 buffer, and
  // does local work (a sum) while the messages are in flight.
  const size_t count = 1 << 16;
  int next = (rank() + 1) % ranks(),
      previous = (rank() + ranks() - 1) % ranks();
  tiny_buffer_t src = allocate(cpu1, count), dst = allocate(cpu2, count);
  std::vector<float> input(count);
  for (size_t i = 0; i < count; ++i)
    input[i] = float(baseInput(rank(), 0, i));
  ASSERT_EQ(tiny_buffer_upload(src, input.data(), count * 4), nullptr);
  ASSERT_EQ(tiny_device_reset_stats(cpu2), nullptr);
  transport->resetCounters();
  Request receive, send;
  ASSERT_TRUE(isOk(transport->receiveBufferAsync(previous, 7, dst, receive)));
  ASSERT_TRUE(isOk(transport->sendBufferAsync(next, 7, src, send)));
  EXPECT_TRUE(receive.pending());
  double local = 0;
  for (float v : input)
    local += v;
  bool done = false;
  while (!done)
    ASSERT_TRUE(isOk(transport->test(send, done)));
  EXPECT_FALSE(send.pending());
  ASSERT_TRUE(isOk(transport->wait(receive)));
  std::vector<float> out(count);
  ASSERT_EQ(tiny_buffer_download(dst, out.data(), count * 4), nullptr);
  size_t wrong = 0;
  for (size_t i = 0; i < count; ++i)
    wrong += out[i] != float(baseInput(previous, 0, i));
  EXPECT_EQ(wrong, 0u);
  EXPECT_NE(local, 0.5); // Keeps the local work.
  EXPECT_EQ(stats(cpu2).bytes_copied_in, count * 4);
  EXPECT_EQ(transport->pairCounters(next).sent, count * 4);
  EXPECT_EQ(transport->pairCounters(previous).received, count * 4);
  EXPECT_EQ(transport->deviceCounters().at("CPU:2").received, count * 4);
}

//===----------------------------------------------------------------------===//
// Errors that leave the transport usable
//===----------------------------------------------------------------------===//

TEST(PointToPoint, BadArguments) {
  SKIP_WITHOUT_PEERS();
  Request request;
  int value = 0;
  EXPECT_TRUE(isError(transport->sendAsync(rank(), 0, &value, 4, request),
                      ErrorCode::InvalidArgument, {"not another rank"}));
  EXPECT_TRUE(isError(transport->sendAsync(ranks(), 0, &value, 4, request),
                      ErrorCode::InvalidArgument, {"not another rank"}));
  EXPECT_TRUE(isError(
      transport->receiveAsync((rank() + 1) % ranks(), 4096, &value, 4, request),
      ErrorCode::InvalidArgument, {"tag 4096"}));
  EXPECT_TRUE(isError(
      transport->receiveAsync((rank() + 1) % ranks(), 0, nullptr, 4, request),
      ErrorCode::InvalidArgument, {"NULL"}));
  EXPECT_TRUE(isError(transport->wait(request), ErrorCode::InvalidArgument,
                      {"not pending"}));
  EXPECT_TRUE(isError(transport->setTimeout(0), ErrorCode::InvalidArgument,
                      {"positive"}));
}

TEST(PointToPoint, MessageOfAnotherSize) {
  SKIP_WITHOUT_PEERS();
  int next = (rank() + 1) % ranks(),
      previous = (rank() + ranks() - 1) % ranks();
  // Longer than expected, then shorter.
  for (size_t sent : {12u, 4u}) {
    std::vector<char> out(sent, 1), in(8, 0);
    Request send, receive;
    ASSERT_TRUE(
        isOk(transport->receiveAsync(previous, 3, in.data(), 8, receive)));
    ASSERT_TRUE(isOk(transport->sendAsync(next, 3, out.data(), sent, send)));
    std::string expected =
        sent > 8
            ? "sent more than the 8 bytes"
            : "sent 4 bytes, rank " + std::to_string(rank()) + " expected 8";
    EXPECT_TRUE(isError(transport->wait(receive), ErrorCode::Mismatch,
                        {"rank " + std::to_string(previous), expected}));
    EXPECT_TRUE(isOk(transport->wait(send)));
  }
  // Still usable.
  allreduceF32(Algorithm::Ring, 1, 10);
}

TEST(Handshake, EveryRankSeesAMismatchAndNoDataMoves) {
  SKIP_WITHOUT_PEERS();
  // The last rank disagrees in one field at a time; every rank must report
  // it, keep its data, and go on.
  bool culprit = rank() == ranks() - 1;
  int culpritRank = ranks() - 1;
  std::string other = "rank " + std::to_string(culprit ? 0 : culpritRank);
  struct Variant {
    size_t count;
    tiny_dtype_t dtype;
    ReduceOp op;
    uint64_t tag;
    std::string word;
  };
  for (Variant v : std::vector<Variant>{
           {culprit ? 9u : 8u, TINY_DTYPE_F32, ReduceOp::Add, 0, "elements"},
           {8, culprit ? TINY_DTYPE_I32 : TINY_DTYPE_F32, ReduceOp::Add, 0,
            "dtype"},
           {8, TINY_DTYPE_F32, culprit ? ReduceOp::Max : ReduceOp::Add, 0,
            "reduces with"},
           {8, TINY_DTYPE_F32, ReduceOp::Add, culprit ? 2u : 1u,
            "collective tag"}}) {
    std::vector<float> data(v.count, 1.5f);
    EXPECT_TRUE(isError(transport->allreduce(data.data(), v.count, v.dtype,
                                             v.op, {Algorithm::Auto, v.tag}),
                        ErrorCode::Mismatch, {other, "disagrees", v.word}));
    EXPECT_EQ(data[0], 1.5f);
  }
  allreduceF32(Algorithm::Naive, 1, 10);
}

TEST(Handshake, AnotherProgramFailsCreate) {
  SKIP_WITHOUT_PEERS();
  TransportOptions options;
  options.timeoutSeconds = 20;
  options.programTag = rank() == ranks() - 1 ? 0xbad : 0x600d;
  std::unique_ptr<Transport> second;
  EXPECT_TRUE(isError(Transport::create(options, second), ErrorCode::Mismatch,
                      {"runs program", "0xbad", "0x600d"}));
  EXPECT_EQ(second, nullptr);
  options.timeoutSeconds = -1;
  EXPECT_TRUE(isError(Transport::create(options, second),
                      ErrorCode::InvalidArgument, {"timeout"}));
}

TEST(Timeout, ReceiveWithoutASenderFailsInTimeAndBreaksTheTransport) {
  SKIP_WITHOUT_PEERS();
  // A second transport, so that the shared one stays usable.
  TransportOptions options;
  options.timeoutSeconds = 0.3;
  options.programTag = 0x600d;
  std::unique_ptr<Transport> second;
  ASSERT_TRUE(isOk(Transport::create(options, second)));
  int value = 0, previous = (rank() + ranks() - 1) % ranks();
  Request request;
  ASSERT_TRUE(isOk(second->receiveAsync(previous, 9, &value, 4, request)));
  auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(isError(
      second->wait(request), ErrorCode::Timeout,
      {"no answer from rank " + std::to_string(previous), "within 0.3 s"}));
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_GE(seconds, 0.3);
  EXPECT_LT(seconds, 2.0);
  EXPECT_FALSE(request.pending());
  std::vector<float> data(4);
  EXPECT_TRUE(
      isError(second->allreduce(data.data(), 4, TINY_DTYPE_F32, ReduceOp::Add),
              ErrorCode::Broken, {"failed earlier", "no answer"}));
  second.reset();
  MPI_Barrier(MPI_COMM_WORLD);
  allreduceF32(Algorithm::Ring, 1, 10);
}

TEST(Allreduce, UnsupportedDtype) {
  std::vector<uint16_t> data(4);
  EXPECT_TRUE(isError(
      transport->allreduce(data.data(), 4, TINY_DTYPE_F16, ReduceOp::Add),
      ErrorCode::Unimplemented, {"f16"}));
  EXPECT_TRUE(isError(transport->allreduce(data.data(), 4, 999, ReduceOp::Add),
                      ErrorCode::InvalidArgument, {"unknown dtype"}));
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int result = 1;
  {
    TransportOptions options;
    options.timeoutSeconds = 30;
    options.programTag = 0x600d;
    std::unique_ptr<Transport> owned;
    Status status = Transport::create(options, owned);
    if (!status.ok()) {
      std::fprintf(stderr, "%s\n", status.toString().c_str());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    transport = owned.get();
    result = RUN_ALL_TESTS();
  }
  MPI_Finalize();
  return result;
}
