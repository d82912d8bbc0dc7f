//===- mpi_allreduce.cpp - allreduce across MPI ranks, against MPI --------===//
//
// Run under mpirun (bench/runtime/mpi_quick.sh shows how). Prints, measured
// in this run, for f32 add allreduces of each size (elements per shard):
//   - the transport's naive, ring and all2all across the ranks (one shard
//     per rank), and hierarchical with 2 shards per rank against a flat
//     ring over the same 2 x ranks shards;
//   - MPI_Allreduce (in place, MPI_SUM) on the same bytes;
//   - on rank 0 alone, the compiled in-process allreduce (-tiny-lower-
//     allreduce, ring, all2all and naive) over as many virtual CPU devices
//     as there are ranks: the same bytes per shard, moved by memcpy;
//   - which cross-rank algorithm wins at each size, and by how much MPI
//     is ahead or behind.
// A time is the best over runs of the slowest rank's time (each run starts
// after a barrier). GB/s is the algorithm bandwidth: bytes of one shard per
// second. Every result is checked first.
//
// Usage: mpirun -np N bench-mpi-allreduce [--quick]
//
//===----------------------------------------------------------------------===//

#include "bench/runtime/MpiBench.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "tiny/MpiTransport.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tiny::mpi;
using tiny::bench::allreduceProgram;
using tiny::bench::bestCollectiveSeconds;

namespace {

int rank = 0, ranks = 1;

[[noreturn]] void die(const std::string &message) {
  std::fprintf(stderr, "bench-mpi-allreduce (rank %d): %s\n", rank,
               message.c_str());
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::exit(1);
}

void check(const Status &status) {
  if (!status.ok())
    die(status.toString());
}

/// Shard s of rank r: small integers, so every order of summation is exact.
float inputAt(int r, size_t s, size_t i) {
  return static_cast<float>(r + 2 * s + 1 + i % 7);
}

float sumAt(size_t shards, size_t i) {
  float sum = 0;
  for (int r = 0; r < ranks; ++r)
    for (size_t s = 0; s < shards; ++s)
      sum += inputAt(r, s, i);
  return sum;
}

void fill(std::vector<std::vector<float>> &data) {
  for (size_t s = 0; s < data.size(); ++s)
    for (size_t i = 0; i < data[s].size(); ++i)
      data[s][i] = inputAt(rank, s, i);
}

/// One row: the time of the transport's `algorithm` on `shards` per rank.
double benchTransport(Transport &transport, Algorithm algorithm, size_t shards,
                      size_t count, int runs) {
  std::vector<std::vector<float>> data(shards, std::vector<float>(count));
  std::vector<void *> pointers;
  std::vector<std::string> names;
  for (size_t s = 0; s < shards; ++s) {
    pointers.push_back(data[s].data());
    names.push_back("CPU:" + std::to_string(s + 1));
  }
  AllreduceOptions options;
  options.algorithm = algorithm;
  fill(data);
  transport.resetCounters();
  check(transport.allreduceShards(pointers.data(), names.data(), shards, count,
                                  TINY_DTYPE_F32, ReduceOp::Add, options));
  for (size_t s = 0; s < shards; ++s)
    for (size_t i = 0; i < count; ++i)
      if (data[s][i] != sumAt(shards, i))
        die(std::string("wrong ") + algorithmName(algorithm) + " result");
  uint64_t sent = 0;
  for (int peer = 0; peer < ranks; ++peer)
    sent += transport.pairCounters(peer).sent;
  // Values grow run after run; only the time counts from here.
  double seconds = bestCollectiveSeconds(runs, [&] {
    check(transport.allreduceShards(pointers.data(), names.data(), shards,
                                    count, TINY_DTYPE_F32, ReduceOp::Add,
                                    options));
  });
  if (rank == 0)
    std::printf("  %-13s %zu shard%s/rank  %9.3f ms  %7.2f GB/s   sent to "
                "other ranks %9.1f KiB/rank\n",
                algorithmName(algorithm), shards, shards > 1 ? "s" : " ",
                seconds * 1e3, count * 4.0 / seconds / 1e9, sent / 1024.0);
  return seconds;
}

double benchMpi(size_t count, int runs) {
  std::vector<float> data(count);
  for (size_t i = 0; i < count; ++i)
    data[i] = inputAt(rank, 0, i);
  MPI_Allreduce(MPI_IN_PLACE, data.data(), static_cast<int>(count), MPI_FLOAT,
                MPI_SUM, MPI_COMM_WORLD);
  for (size_t i = 0; i < count; ++i)
    if (data[i] != sumAt(1, i))
      die("wrong MPI_Allreduce result");
  double seconds = bestCollectiveSeconds(runs, [&] {
    MPI_Allreduce(MPI_IN_PLACE, data.data(), static_cast<int>(count), MPI_FLOAT,
                  MPI_SUM, MPI_COMM_WORLD);
  });
  if (rank == 0)
    std::printf("  %-13s 1 shard /rank  %9.3f ms  %7.2f GB/s\n",
                "MPI_Allreduce", seconds * 1e3, count * 4.0 / seconds / 1e9);
  return seconds;
}

/// Rank 0: the compiled allreduce over `ranks` virtual CPU devices.
void benchInProcess(mlir::MLIRContext &context, tiny_runtime_t runtime,
                    const std::string &algorithm, size_t count, int runs) {
  if (ranks < 2)
    return;
  // One device per rank of the job, CPU:1 .. CPU:ranks, all in this process.
  std::vector<std::string> devices;
  for (int d = 0; d < ranks; ++d)
    devices.push_back("CPU:" + std::to_string(d + 1));
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(allreduceProgram(devices, count),
                                              &context);
  if (!module)
    die("cannot parse the in-process allreduce");
  auto program = mlir::tiny::Executable::compile(
      *module, "f", mlir::tiny::CompileOptions{algorithm});
  if (mlir::failed(program))
    die("cannot compile the in-process " + algorithm + " allreduce");
  std::string error;
  auto buffers = (*program)->prepare(runtime, error);
  if (mlir::failed(buffers))
    die(error);
  std::vector<std::vector<float>> shards(ranks, std::vector<float>(count));
  std::vector<const void *> inputs;
  for (int d = 0; d < ranks; ++d) {
    for (size_t i = 0; i < count; ++i)
      shards[d][i] = inputAt(d, 0, i);
    inputs.push_back(shards[d].data());
  }
  if (mlir::failed((*buffers)->upload(inputs, error)) ||
      mlir::failed((*program)->launch(**buffers, error)))
    die(error);
  std::vector<void *> outputs;
  for (auto &shard : shards)
    outputs.push_back(shard.data());
  if (mlir::failed((*buffers)->download(outputs, error)))
    die(error);
  for (auto &shard : shards)
    for (size_t i = 0; i < count; ++i)
      if (shard[i] != sumAt(1, i))
        die("wrong in-process " + algorithm + " result");
  double seconds = tiny::bench::bestSeconds(runs, [&] {
    if (mlir::failed((*program)->launch(**buffers, error)))
      die(error);
  });
  std::printf("  in-process %-7s %d CPU devices %8.3f ms  %7.2f GB/s\n",
              algorithm.c_str(), ranks, seconds * 1e3,
              count * 4.0 / seconds / 1e9);
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
  check(Transport::create(options, transport));

  mlir::MLIRContext context;
  context.loadDialect<mlir::tiny::TinyDialect>();
  tiny_runtime_t runtime = nullptr;
  if (tiny_status_t status = tiny_runtime_create(&runtime))
    die(tiny_status_message(status));

  std::vector<size_t> sizes =
      quick ? std::vector<size_t>{1 << 10, 1 << 14}
            : std::vector<size_t>{1 << 10, 1 << 14, 1 << 18, 1 << 22};
  if (rank == 0)
    std::printf("allreduce add f32 across %d ranks%s\n", ranks,
                quick ? " (quick)" : "");
  for (size_t count : sizes) {
    int runs = quick ? 2 : (count >= (1 << 20) ? 5 : 20);
    if (rank == 0)
      std::printf("%zu f32 per shard (%.2f MiB):\n", count,
                  count * 4.0 / 1048576.0);
    std::vector<std::pair<double, Algorithm>> flat;
    for (Algorithm algorithm :
         {Algorithm::Naive, Algorithm::Ring, Algorithm::AllToAll})
      flat.push_back(
          {benchTransport(*transport, algorithm, 1, count, runs), algorithm});
    double mpi = benchMpi(count, runs);
    double hierarchical =
        benchTransport(*transport, Algorithm::Hierarchical, 2, count, runs);
    double ring2 = benchTransport(*transport, Algorithm::Ring, 2, count, runs);
    if (rank == 0) {
      for (const char *algorithm : {"ring", "all2all", "naive"})
        benchInProcess(context, runtime, algorithm, count, runs);
      auto best = *std::min_element(flat.begin(), flat.end());
      Algorithm chosen = chooseAlgorithm(ranks, 1, count);
      double chosenSeconds = 0;
      for (auto &row : flat)
        if (row.second == chosen)
          chosenSeconds = row.first;
      std::printf("  => across ranks %s wins (auto picks %s, %.0f%% of the "
                  "best); MPI_Allreduce takes %.2fx its time; with 2 shards "
                  "per rank hierarchical takes %.2fx a flat ring's\n",
                  algorithmName(best.second), algorithmName(chosen),
                  100 * best.first / chosenSeconds, mpi / best.first,
                  hierarchical / ring2);
    }
  }
  tiny_status_free(tiny_runtime_destroy(runtime));
  transport.reset();
  MPI_Finalize();
  return 0;
}
