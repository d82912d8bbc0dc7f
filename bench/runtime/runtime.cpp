//===- runtime.cpp - runtime copies and allreduce against memcpy ----------===//
//
// Prints, measured in this run:
//   - copies between two virtual CPU devices (tiny_buffer_copy, CPU:1 ->
//     CPU:2) of 1, 16 and 64 MiB: GB/s against a plain memcpy of the same
//     bytes between two host buffers
//   - allreduce (add) of 2^24 f32 per device on 2 and 4 virtual devices,
//     lowered as a ring, all-to-all and naive exchange: the time of one run
//     of the compiled program (buffers allocated and uploaded once), the
//     bytes each device must send and did send (the runtime's counters),
//     and the GB/s of those bytes against memcpy
// Each timing is the best of several runs after a warm-up; each allreduce
// result is checked first.
//
// Usage: bench-runtime [--quick]   (--quick: smaller sizes, for a smoke run)
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "bench/common/BestTime.h"
#include "jit/Executable.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::bench::bestSeconds;

namespace {

[[noreturn]] void die(const std::string &message) {
  std::fprintf(stderr, "bench-runtime: %s\n", message.c_str());
  std::exit(1);
}

void check(tiny_status_t status) {
  std::string message;
  if (takeRuntimeError(status, message))
    die(message);
}

double memcpyGBps(size_t bytes, int runs) {
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  double seconds = bestSeconds(
      runs, [&] { std::memcpy(dst.data(), src.data(), bytes); });
  return bytes / seconds / 1e9;
}

void benchCopies(tiny_runtime_t runtime, bool quick) {
  tiny_device_t cpu1, cpu2;
  check(tiny_device_get(runtime, "CPU:1", &cpu1));
  check(tiny_device_get(runtime, "CPU:2", &cpu2));
  std::vector<size_t> mebibytes = quick ? std::vector<size_t>{1}
                                        : std::vector<size_t>{1, 16, 64};
  for (size_t mib : mebibytes) {
    size_t bytes = mib << 20;
    int runs = quick ? 2 : (mib >= 16 ? 10 : 50);
    tiny_buffer_t src, dst;
    check(tiny_buffer_allocate(cpu1, TINY_DTYPE_U8, bytes, &src));
    check(tiny_buffer_allocate(cpu2, TINY_DTYPE_U8, bytes, &dst));
    double seconds =
        bestSeconds(runs, [&] { check(tiny_buffer_copy(dst, src)); });
    double copy = bytes / seconds / 1e9, plain = memcpyGBps(bytes, runs);
    std::printf("copy CPU:1->CPU:2 %3zu MiB   %7.2f GB/s   memcpy %7.2f GB/s"
                "   %5.1f%% of memcpy\n",
                mib, copy, plain, 100 * copy / plain);
    check(tiny_buffer_release(src));
    check(tiny_buffer_release(dst));
  }
}

/// n params of `length` f32 on CPU:1..CPU:n, allreduced, read on each.
std::string allreduceProgram(int n, int64_t length) {
  std::string devices, multi, tuple, types, params, values, selects, results;
  for (int i = 0; i < n; ++i) {
    std::string device = "CPU:" + std::to_string(i + 1);
    std::string type = "tensor<" + std::to_string(length) +
                       "xf32, #tiny.device<\"" + device + "\">>";
    devices += (i ? ", \"" : "\"") + device + "\"";
    types += (i ? ", " : "") + type;
    params += "  %p" + std::to_string(i) + " = tiny.param " +
              std::to_string(i) + " : f32 size " + std::to_string(length) +
              " on \"" + device + "\"\n";
    values += (i ? ", %p" : "%p") + std::to_string(i);
    results += (i ? ", %s" : "%s") + std::to_string(i);
  }
  multi = "tensor<" + std::to_string(length) + "xf32, #tiny.device<" +
          devices + ">>";
  for (int i = 0; i < n; ++i)
    selects += "  %s" + std::to_string(i) + " = tiny.mselect %r[" +
               std::to_string(i) + "] : " + multi + "\n";
  return "tiny.function @f -> tuple<" + types + "> {\n" + params +
         "  %m = tiny.mstack " + values + " : " + types + "\n" +
         "  %r = tiny.allreduce add %m : " + multi + "\n" + selects +
         "  %t = tiny.tuple " + results + " : " + types + "\n" +
         "  tiny.return %t : tuple<" + types + ">\n}\n";
}

void benchAllreduce(MLIRContext &context, tiny_runtime_t runtime, int n,
                    int64_t length, const std::string &algorithm,
                    double memcpyRate, int runs) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(allreduceProgram(n, length), &context);
  if (!module)
    die("cannot parse the allreduce program");
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::compile(*module, "f", CompileOptions{algorithm});
  if (failed(program))
    die("cannot compile the " + algorithm + " allreduce");

  std::string error;
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      (*program)->prepare(runtime, error);
  if (failed(buffers))
    die(error);
  // Shard d holds d + 1 + i / length: small integers, so every order of
  // summation gives the same exact f32 sum.
  std::vector<std::vector<float>> shards(n, std::vector<float>(length));
  std::vector<const void *> inputs;
  for (int d = 0; d < n; ++d) {
    for (int64_t i = 0; i < length; ++i)
      shards[d][i] = static_cast<float>(d + 1 + (i % 7));
    inputs.push_back(shards[d].data());
  }
  if (failed((*buffers)->upload(inputs, error)))
    die(error);

  // One checked run, counted: the bytes each device sends.
  std::vector<tiny_device_t> devices(n);
  for (int d = 0; d < n; ++d) {
    check(tiny_device_get(runtime, ("CPU:" + std::to_string(d + 1)).c_str(),
                          &devices[d]));
    check(tiny_device_reset_stats(devices[d]));
  }
  if (failed((*program)->launch(**buffers, error)))
    die(error);
  uint64_t maxSent = 0;
  for (tiny_device_t device : devices) {
    tiny_device_stats_t stats;
    check(tiny_device_stats(device, &stats));
    maxSent = std::max(maxSent, stats.bytes_copied_out);
  }
  std::vector<std::vector<float>> outputs(n, std::vector<float>(length));
  std::vector<void *> outputPointers;
  for (auto &output : outputs)
    outputPointers.push_back(output.data());
  if (failed((*buffers)->download(outputPointers, error)))
    die(error);
  for (int d = 0; d < n; ++d)
    for (int64_t i = 0; i < length; ++i) {
      float expected = n * (n + 1) / 2.0f + n * static_cast<float>(i % 7);
      if (outputs[d][i] != expected)
        die("wrong allreduce result on device " + std::to_string(d));
    }

  double seconds = bestSeconds(runs, [&] {
    if (failed((*program)->launch(**buffers, error)))
      die(error);
  });
  // What each device must send: 2(n-1)/n of its shard for a ring or an
  // all-to-all exchange (n divides the length here), n-1 shards for naive.
  uint64_t bytes = length * sizeof(float);
  uint64_t mustSend = algorithm == "naive" ? (n - 1) * bytes
                                           : 2 * (n - 1) * bytes / n;
  double rate = maxSent / seconds / 1e9;
  std::printf("allreduce %-7s n=%d %lld f32   %8.2f ms   per device: must "
              "send %6.1f MiB, sent %6.1f MiB   %6.2f GB/s   %5.1f%% of "
              "memcpy   compile %.2f s\n",
              algorithm.c_str(), n, static_cast<long long>(length),
              seconds * 1e3, mustSend / 1048576.0, maxSent / 1048576.0, rate,
              100 * rate / memcpyRate, (*program)->getCompileSeconds());
}

} // namespace

int main(int argc, char **argv) {
  bool quick = argc > 1 && std::string(argv[1]) == "--quick";
  tiny_runtime_t runtime = nullptr;
  check(tiny_runtime_create(&runtime));
  benchCopies(runtime, quick);

  MLIRContext context;
  context.loadDialect<TinyDialect>();
  int64_t length = quick ? (1 << 12) : (1 << 24);
  int runs = quick ? 2 : 5;
  double memcpyRate = memcpyGBps(length * sizeof(float), runs);
  std::printf("memcpy %lld f32   %7.2f GB/s\n",
              static_cast<long long>(length), memcpyRate);
  for (int n : {2, 4})
    for (const char *algorithm : {"ring", "all2all", "naive"})
      benchAllreduce(context, runtime, n, length, algorithm, memcpyRate, runs);
  check(tiny_runtime_destroy(runtime));
  return 0;
}
