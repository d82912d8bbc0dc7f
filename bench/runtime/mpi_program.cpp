//===- mpi_program.cpp - compiled allreduce programs across MPI ranks -----===//
//
// Run under mpirun (bench/runtime/mpi_program_quick.sh shows how). For f32
// add allreduces of each size (elements per shard) over two CPU devices on
// every rank ("CPU:1@R", "CPU:2@R"), this prints, measured in this run:
//   - the compiled program (-tiny-lower-allreduce: ring, all2all, naive,
//     hierarchical; the copies between ranks go through the JIT's rank
//     transport), its time, and the bytes one launch sends from rank 0 to
//     the other ranks (the MPI transport's counters);
//   - MPI_Allreduce (in place, MPI_SUM) of one shard's elements per rank,
//     the same bytes per shard, and each program's time as a multiple of
//     it.
// MPI_Allreduce combines one buffer per rank; a program combines two per
// rank and also moves bytes inside each rank (memcpy between the CPU
// devices), so a ratio of 1 is out of reach for every algorithm but a
// hierarchical one with free local steps.
// A time is the best over runs of the slowest rank's time, each run started
// after a barrier. GB/s is the algorithm bandwidth: bytes of one shard per
// second. Every result is checked first.
//
// Usage: mpirun -np N bench-mpi-program [--quick]
//
//===----------------------------------------------------------------------===//

#include "bench/runtime/MpiBench.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "jit/RankTransport.h"
#include "tiny/MpiRankTransport.h"
#include "tiny/MpiTransport.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace tiny::mpi;
using tiny::bench::allreduceProgram;
using tiny::bench::bestCollectiveSeconds;

namespace {

int rank = 0, ranks = 1;
constexpr int kDevicesPerRank = 2;

[[noreturn]] void die(const std::string &message) {
  std::fprintf(stderr, "bench-mpi-program (rank %d): %s\n", rank,
               message.c_str());
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::exit(1);
}

/// Device k of the program: CPU:1 and CPU:2 of rank k / 2.
std::string deviceName(int k) {
  int owner = k / kDevicesPerRank;
  std::string name = "CPU:" + std::to_string(k % kDevicesPerRank + 1);
  return owner == 0 ? name : name + "@" + std::to_string(owner);
}

/// Shard k: small integers, so every order of summation is exact.
float inputAt(int k, size_t i) { return static_cast<float>(k + 1 + i % 7); }

float sumAt(int devices, size_t i) {
  float sum = 0;
  for (int k = 0; k < devices; ++k)
    sum += inputAt(k, i);
  return sum;
}

/// One row: the compiled program with `algorithm`; its time in seconds.
double benchProgram(mlir::MLIRContext &context, tiny_runtime_t runtime,
                    Transport &transport, const std::string &algorithm,
                    size_t count, int runs) {
  int devices = ranks * kDevicesPerRank;
  std::vector<std::string> names;
  for (int k = 0; k < devices; ++k)
    names.push_back(deviceName(k));
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(allreduceProgram(names, count),
                                              &context);
  if (!module)
    die("cannot parse the program");
  auto compiled = mlir::tiny::Executable::compile(
      *module, "f", mlir::tiny::CompileOptions{algorithm});
  if (mlir::failed(compiled))
    die("cannot compile the " + algorithm + " program");
  std::string error;
  auto buffers = (*compiled)->prepare(runtime, error);
  if (mlir::failed(buffers))
    die(error);
  // Every rank passes every device's data; each uploads its own devices'.
  std::vector<std::vector<float>> shards(devices, std::vector<float>(count));
  std::vector<const void *> inputs;
  for (int k = 0; k < devices; ++k) {
    for (size_t i = 0; i < count; ++i)
      shards[k][i] = inputAt(k, i);
    inputs.push_back(shards[k].data());
  }
  transport.resetCounters();
  if (mlir::failed((*buffers)->upload(inputs, error)) ||
      mlir::failed((*compiled)->launch(**buffers, error)))
    die(error);
  uint64_t sent = 0;
  for (int peer = 0; peer < ranks; ++peer)
    sent += transport.pairCounters(peer).sent;
  std::vector<void *> outputs;
  for (auto &shard : shards) {
    std::fill(shard.begin(), shard.end(), -1.0f);
    outputs.push_back(shard.data());
  }
  if (mlir::failed((*buffers)->download(outputs, error)))
    die(error);
  for (int k = rank * kDevicesPerRank; k < (rank + 1) * kDevicesPerRank; ++k)
    for (size_t i = 0; i < count; ++i)
      if (shards[k][i] != sumAt(devices, i))
        die("wrong " + algorithm + " result on " + deviceName(k));
  double seconds = bestCollectiveSeconds(runs, [&] {
    if (mlir::failed((*compiled)->launch(**buffers, error)))
      die(error);
  });
  if (rank == 0)
    std::printf("  %-13s %9.3f ms  %7.2f GB/s   rank 0 sent %8.1f KiB",
                algorithm.c_str(), seconds * 1e3, count * 4.0 / seconds / 1e9,
                sent / 1024.0);
  return seconds;
}

double benchMpi(size_t count, int runs) {
  std::vector<float> data(count);
  for (size_t i = 0; i < count; ++i)
    data[i] = inputAt(rank, i);
  MPI_Allreduce(MPI_IN_PLACE, data.data(), static_cast<int>(count), MPI_FLOAT,
                MPI_SUM, MPI_COMM_WORLD);
  for (size_t i = 0; i < count; ++i) {
    float sum = 0;
    for (int r = 0; r < ranks; ++r)
      sum += inputAt(r, i);
    if (data[i] != sum)
      die("wrong MPI_Allreduce result");
  }
  double seconds = bestCollectiveSeconds(runs, [&] {
    MPI_Allreduce(MPI_IN_PLACE, data.data(), static_cast<int>(count), MPI_FLOAT,
                  MPI_SUM, MPI_COMM_WORLD);
  });
  if (rank == 0)
    std::printf("  %-13s %9.3f ms  %7.2f GB/s   (1 buffer per rank)\n",
                "MPI_Allreduce", seconds * 1e3, count * 4.0 / seconds / 1e9);
  return seconds;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  bool quick = argc > 1 && std::string(argv[1]) == "--quick";
  TransportOptions options;
  options.timeoutSeconds = 120;
  std::unique_ptr<Transport> transport;
  if (Status status = Transport::create(options, transport); !status.ok())
    die(status.toString());
  MpiRankTransport rankTransport(*transport);
  tiny::setRankTransport(&rankTransport);

  mlir::MLIRContext context;
  context.loadDialect<mlir::tiny::TinyDialect>();
  tiny_runtime_t runtime = nullptr;
  if (tiny_status_t status = tiny_runtime_create(&runtime))
    die(tiny_status_message(status));

  std::vector<size_t> sizes =
      quick ? std::vector<size_t>{1 << 10}
            : std::vector<size_t>{1 << 10, 1 << 14, 1 << 18, 1 << 20};
  if (rank == 0)
    std::printf("compiled allreduce add f32 across %d ranks, %d CPU devices "
                "each%s\n",
                ranks, kDevicesPerRank, quick ? " (quick)" : "");
  for (size_t count : sizes) {
    int runs = quick ? 2 : (count >= (1 << 18) ? 5 : 20);
    if (rank == 0)
      std::printf("%zu f32 per shard (%.2f MiB):\n", count,
                  count * 4.0 / 1048576.0);
    double mpi = benchMpi(count, runs);
    std::string best;
    double bestSeconds = 1e30;
    for (const char *algorithm : {"ring", "all2all", "naive", "hierarchical"}) {
      double seconds =
          benchProgram(context, runtime, *transport, algorithm, count, runs);
      if (rank == 0)
        std::printf("  %6.2fx MPI_Allreduce\n", seconds / mpi);
      if (seconds < bestSeconds) {
        bestSeconds = seconds;
        best = algorithm;
      }
    }
    if (rank == 0)
      std::printf("  => %s wins (auto picks hierarchical: %d devices on each "
                  "rank)\n",
                  best.c_str(), kDevicesPerRank);
  }
  tiny::setRankTransport(nullptr);
  tiny_status_free(tiny_runtime_destroy(runtime));
  transport.reset();
  MPI_Finalize();
  return 0;
}
