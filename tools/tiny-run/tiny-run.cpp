//===- tiny-run.cpp - compile and run a tiny program ---------------------===//
//
// Lowers a tensor-level tiny function with -tiny-to-llvm, JIT-compiles it and
// runs it on inputs given on the command line (numbers or .npy files, typed
// as iree-run-module's --input takes them, see InputSpec.h), printing each
// result or writing it to a .npy file. Kernels
// on CUDA or HIP devices run on the GPU, through the runtime's drivers.
// The host functions a program's tiny.custom_function ops call come from
// shared libraries given with --host-functions. A program compiled before
// by tiny-compile (an artifact, told from MLIR by its first bytes) runs
// with no compilation.
//
//   tiny-run prog.mlir -i 1,2,3,4,5,6
//   tiny-run prog.mlir -i 6xf32=@x.npy -i f32=0.5
//   tiny-run prog.mlir --entry=f -i x.npy -o y.npy
//   tiny-run prog.mlir --host-functions=libmine.so -i x.npy
//   tiny-compile prog.mlir -o prog.tiny && tiny-run prog.tiny -i x.npy
//   mpirun -np 2 tiny-run prog.mlir -i x.npy --mpi-timeout=30
//
// Under mpirun (found from Open MPI's OMPI_COMM_WORLD_SIZE, or --mpi) every
// rank runs the program; one whose devices live on several ranks
// ("KIND:N@R", docs/device-names.md) runs each kernel on its device's rank
// and copies between ranks through the MPI transport. Each rank prints the
// results on its own devices; every rank reads the inputs.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "jit/Artifact.h"
#include "jit/Executable.h"
#include "jit/HostFunctions.h"
#include "jit/Npy.h"
#include "passes/Passes.h"
#include "pipelines/Pipelines.h"
#include "tiny/DeviceName.h"
#include "tiny/MpiRankTransport.h"
#include "tiny/MpiTransport.h"
#include "tools/common/MLIROptions.h"
#include "tools/common/ProgramOptions.h"
#include "tools/tiny-run/InputSpec.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstdlib>
#include <limits>
#include <set>

using namespace mlir;
using namespace mlir::tiny;

// Sorted before LLVM's "Generic Options" (help, version), so --help starts
// with what tiny-run itself does.
static llvm::cl::OptionCategory runCategory("General tiny-run options");

static ProgramOptions programOptions(runCategory, "run");

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<program.mlir or program.tiny>"),
                                            llvm::cl::init("-"),
    llvm::cl::cat(runCategory));
static llvm::cl::list<std::string> inputs(
    "i",
    llvm::cl::desc(
        "an input, in param slot order: numbers (1,2,3 or '1 2 3') or a .npy "
        "file (x.npy or @x.npy), optionally typed as iree-run-module's "
        "--input: 6xi32=1,2,3,4,5,6, 32xf32=@x.npy, f32=3.5 (a scalar). A "
        "type given must be the param's, and a .npy file's shape and dtype "
        "those given or the param's"),
    llvm::cl::value_desc("[SHAPExDTYPE=]values|[@]file.npy"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> castInputs(
    "cast-inputs",
    llvm::cl::desc("convert a .npy input of another dtype (numpy saves "
                   "float64 by default) to its param's, as numpy's astype "
                   "does: C's conversions, integers wrapping; a float that "
                   "no integer of the dtype holds (NaN, out of range) is an "
                   "error. Without it, such an input is an error"),
    llvm::cl::cat(runCategory));
static llvm::cl::list<std::string>
    outputs("o",
            llvm::cl::desc("write the N-th result to this .npy file "
                           "instead of printing it (@file.npy, as "
                           "iree-run-module's --output, is the same)"),
            llvm::cl::value_desc("[@]file.npy"), llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> printFull(
    "print-full",
    llvm::cl::desc("print every element of a result, on one line; by "
                   "default a result of more than 1000 elements prints "
                   "summarized in numpy's layout: the first and last 3 "
                   "entries of each axis with ... between, rows on lines of "
                   "their own"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<std::string> gpuDriver(
    "gpu-driver",
    llvm::cl::desc("load this library as the CUDA and HIP driver instead of "
                   "libcuda.so.1 / libamdhip64.so"),
    llvm::cl::value_desc("library.so"),
    llvm::cl::cat(runCategory));
static llvm::cl::opt<bool> printDeviceStats(
    "print-device-stats",
    llvm::cl::desc("run through the tiny runtime and print, after the "
                   "results, each device's allocations and bytes copied"),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<bool> printRankBytes(
    "print-rank-bytes",
    llvm::cl::desc("under MPI, print after the results the bytes this rank "
                   "sent to and received from each other rank in the run "
                   "(copies between devices of two ranks), a line per rank"),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<unsigned> repeat(
    "repeat",
    llvm::cl::desc("after the run, launch the program N more times on "
                   "buffers allocated and uploaded once, and print the "
                   "fastest launch's seconds to stderr (a launch returns once "
                   "its GPU kernels are done)"),
    llvm::cl::value_desc("N"), llvm::cl::init(0),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<bool> printLowered(
    "print-lowered",
    llvm::cl::desc("print the LLVM-dialect module the JIT compiles the "
                   "program into (what `tiny-opt --pass-pipeline="
                   "'builtin.module(tiny-jit{entry=F})'` prints for CPU "
                   "programs) and exit without running"),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<bool> printSchedule(
    "print-schedule",
    llvm::cl::desc("before running, print the entry's kernels in launch "
                   "order, as the JIT's first stage makes them "
                   "(`schedule @f: 2 kernels: r_4_1 E_4_3`)"),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<bool> profileKernels(
    "profile",
    llvm::cl::desc(
        "time each kernel launch of the run and print, to stderr, one line "
        "per launch (kernel, microseconds, GFLOP/s, GB/s, share of the "
        "kernels' time, estimated FLOPs and bytes) and a totals line. The "
        "estimates are static: FLOPs count the kernel's arithmetic ops "
        "(not index math, constants or casts) times the constant bounds of "
        "the loops around them; bytes count each buffer the kernel loads or "
        "stores once, whole (see -tiny-outline-kernels). With --repeat, "
        "printed after the repeated launches, each kernel's fastest of "
        "them all (the first launch alone pays first touches of fresh "
        "buffers and cold caches). CPU kernels only"),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<std::string> dumpDir(
    "dump-dir",
    llvm::cl::desc("write each kernel's kernel-level IR, optimized LLVM "
                   "IR and assembly to DIR/NAME.tiny.mlir, DIR/NAME.ll and "
                   "DIR/NAME.s (NAME: the kernel's function, e.g. r_2_1; "
                   "a GPU kernel's assembly: DIR/NAME.ptx for CUDA, "
                   "AMDGCN in DIR/NAME.s for HIP), and the host program's "
                   "to DIR/ENTRY.ll and DIR/ENTRY.s; files are written as "
                   "the program compiles, before it runs"),
    llvm::cl::value_desc("DIR"), llvm::cl::cat(runCategory));

static llvm::cl::opt<bool> useMpi(
    "mpi",
    llvm::cl::desc("join an MPI job as one of its ranks (implied under "
                   "Open MPI's mpirun): a program whose devices live on "
                   "several ranks (\"CPU@1\") runs each kernel on its "
                   "device's rank, and each rank prints its own results"),
    llvm::cl::cat(runCategory));

static llvm::cl::opt<double> mpiTimeout(
    "mpi-timeout",
    llvm::cl::desc("under MPI, the longest wait for another rank, in "
                   "seconds, MPI_Init included: a rank that died or does "
                   "not answer fails the run with an error naming it "
                   "(default 60)"),
    llvm::cl::value_desc("SECONDS"), llvm::cl::init(60),
    llvm::cl::cat(runCategory));

/// This process's MPI rank while it runs under MPI, for its messages.
static int mpiRank = -1;

/// Prints the kernels of `entry` as the JIT's first stage makes them: the
/// same pipeline (-tiny-jit-kernels) on a copy of `module`, then
/// -tiny-print-schedule.
static LogicalResult printKernelSchedule(ModuleOp module, StringRef entry,
                                         const CompileOptions &options) {
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  PassManager pm(module.getContext());
  buildJITKernelsPipeline(pm, entry, options.allreduce);
  pm.addPass(createTinyPrintSchedule());
  return pm.run(*copy);
}

/// LLVM's command-line parser reads an argument that starts with '@' as a
/// response file, a file of more arguments: `-i @x.npy`, as
/// iree-run-module's users write it, would read the .npy file's bytes as
/// arguments. Such a value of -i or -o is joined to its option
/// (`-i=@x.npy`), which the parser takes as it is.
static SmallVector<std::string> joinAtSignValues(int argc, char **argv) {
  SmallVector<std::string> arguments(argv, argv + argc);
  SmallVector<std::string> joined;
  for (size_t i = 0; i < arguments.size(); ++i) {
    StringRef option = arguments[i];
    bool takesFile =
        option == "-i" || option == "--i" || option == "-o" || option == "--o";
    if (takesFile && i + 1 < arguments.size() &&
        StringRef(arguments[i + 1]).starts_with("@")) {
      joined.push_back(arguments[i] + "=" + arguments[i + 1]);
      ++i;
      continue;
    }
    joined.push_back(arguments[i]);
  }
  return joined;
}

/// The exit status of a failed run, whose error was reported. Under MPI the
/// process leaves at once, without MPI_Finalize, which waits for every rank
/// and would hang on a dead or stuck peer; mpirun then ends the job.
static int exitFailed() {
  if (mpiRank >= 0) {
    llvm::outs().flush();
    llvm::errs().flush();
    std::_Exit(1);
  }
  return 1;
}

static int fail(const Twine &message) {
  llvm::errs() << "tiny-run: error: ";
  if (mpiRank >= 0)
    llvm::errs() << "rank " << mpiRank << ": ";
  llvm::errs() << message << "\n";
  return exitFailed();
}

/// True under Open MPI's mpirun, which sets OMPI_COMM_WORLD_SIZE in every
/// rank's environment.
static bool isUnderMpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr;
}

/// The MPI rank that owns the device of a result of `type`.
static int getResultRank(RankedTensorType type) {
  std::optional<::tiny::DeviceName> name =
      ::tiny::parseDeviceName(getRuntimeDeviceName(type));
  return name ? static_cast<int>(name->rank) : 0;
}

/// Launches `program` `count` times on buffers allocated on `runtime` and
/// uploaded once; returns the fastest launch's wall-clock seconds.
static FailureOr<double> timeLaunches(const Executable &program,
                                      ArrayRef<HostTensor> inputs,
                                      tiny_runtime_t runtime, unsigned count,
                                      std::string &error) {
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      program.prepare(runtime, error);
  if (failed(buffers))
    return failure();
  SmallVector<const void *> data;
  for (const HostTensor &tensor : inputs)
    data.push_back(tensor.data.data());
  if (failed((*buffers)->upload(data, error)))
    return failure();
  double best = std::numeric_limits<double>::infinity();
  for (unsigned i = 0; i < count; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (failed(program.launch(**buffers, error)))
      return failure();
    best = std::min(best, std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - start)
                              .count());
  }
  return best;
}

/// Fails, saying why, when an option that acts on the compilation is given
/// for an artifact, which is compiled already.
static LogicalResult checkArtifactOptions(StringRef file, std::string &error) {
  SmallVector<llvm::cl::Option *> compilationOptions =
      programOptions.getCompilationOptions();
  compilationOptions.append(
      {&printLowered, &printSchedule, &profileKernels, &dumpDir});
  for (llvm::cl::Option *option : compilationOptions) {
    if (option->getNumOccurrences() == 0)
      continue;
    error = "--" + option->ArgStr.str() + " acts on the compilation, and " +
            file.str() + " is compiled already (give it to tiny-compile)";
    return failure();
  }
  if (hasMLIROptions()) {
    error = "MLIR's options act on the compilation, and " + file.str() +
            " is compiled already";
    return failure();
  }
  return success();
}

/// Compiles the entry of the module in `sourceMgr`'s buffer as the options
/// say; reports errors itself.
static FailureOr<std::shared_ptr<Executable>>
compileSource(MLIRContext &context, llvm::SourceMgr &sourceMgr) {
  std::string error;
  FailureOr<ParsedProgram> parsed =
      programOptions.parse(context, sourceMgr, error);
  if (failed(parsed)) {
    if (!error.empty())
      fail(error);
    return failure();
  }
  StringRef entry = parsed->entry.getSymName();
  CompileOptions options = programOptions.getCompileOptions();
  if (printLowered)
    options.inspectLowered = [](ModuleOp lowered) {
      lowered.print(llvm::outs());
      llvm::outs() << "\n";
    };
  options.profileKernels = profileKernels;
  options.dumpDir = dumpDir;
  if (printSchedule &&
      failed(printKernelSchedule(*parsed->module, entry, options))) {
    fail("cannot schedule @" + entry);
    return failure();
  }
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::compile(*parsed->module, entry, options);
  if (failed(program))
    fail("cannot compile @" + entry);
  return program;
}

/// Loads the artifact in `buffer`, which `name` labels; reports errors
/// itself.
static FailureOr<std::shared_ptr<Executable>>
loadArtifact(MLIRContext &context, StringRef buffer, StringRef name) {
  std::string error;
  if (failed(checkArtifactOptions(name, error))) {
    fail(error);
    return failure();
  }
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::load(&context, buffer, name, error);
  if (failed(program)) {
    fail(error);
    return failure();
  }
  StringRef entryName = programOptions.getEntryName();
  if (!entryName.empty() && entryName != (*program)->getEntry()) {
    fail("--entry=" + entryName + ", but " + name + " holds @" +
         (*program)->getEntry());
    return failure();
  }
  return program;
}

/// Prints `launches` as a table, one line per launch and a totals line, as
/// tinygrad's DEBUG=2 does.
static void printProfile(ArrayRef<KernelLaunch> launches) {
  double totalSeconds = 0;
  int64_t totalFlops = 0, totalBytes = 0;
  size_t width = 6;
  for (const KernelLaunch &launch : launches) {
    totalSeconds += launch.seconds;
    totalFlops += launch.flops;
    totalBytes += launch.bytes;
    width = std::max(width, launch.name.size());
  }
  std::string totalName =
      "total (" + std::to_string(launches.size()) + " launches)";
  width = std::max(width, totalName.size());
  auto rate = [](double amount, double seconds) {
    return seconds > 0 ? amount / seconds * 1e-9 : 0.0;
  };
  llvm::raw_ostream &os = llvm::errs();
  os << llvm::formatv("{0,-4} {1} {2,12} {3,10} {4,10} {5,7} {6,14} {7,14}\n",
                      "#", llvm::left_justify("kernel", width), "time (us)",
                      "GFLOP/s", "GB/s", "share", "FLOPs", "bytes");
  auto printLine = [&](StringRef index, StringRef name, double seconds,
                       int64_t flops, int64_t bytes) {
    double share = totalSeconds > 0 ? 100 * seconds / totalSeconds : 0;
    os << llvm::formatv(
        "{0,-4} {1} {2,12:f2} {3,10:f2} {4,10:f2} {5,6:f1}% {6,14} {7,14}\n",
        index, llvm::left_justify(name, width), seconds * 1e6,
        rate(flops, seconds), rate(bytes, seconds), share, flops, bytes);
  };
  for (auto [i, launch] : llvm::enumerate(launches))
    printLine(std::to_string(i), launch.name, launch.seconds, launch.flops,
              launch.bytes);
  printLine("", totalName, totalSeconds, totalFlops, totalBytes);
}

/// Prints the counters of each device the program's buffers are on, by
/// name.
static LogicalResult printStats(tiny_runtime_t runtime,
                                ArrayRef<BufferArgument> arguments) {
  std::set<StringRef> names;
  // Each rank prints the counters of its own devices, by their full names.
  for (const BufferArgument &argument : arguments)
    if (static_cast<int>(getDeviceRank(argument.device)) ==
        std::max(mpiRank, 0))
      names.insert(argument.device);
  for (StringRef name : names) {
    tiny_device_t device = nullptr;
    tiny_device_stats_t stats;
    std::string error;
    std::optional<::tiny::DeviceName> parsed = ::tiny::parseDeviceName(name);
    std::string local = parsed ? parsed->getLocalName() : name.str();
    if (takeRuntimeError(tiny_device_get(runtime, local.c_str(), &device),
                         error) ||
        takeRuntimeError(tiny_device_stats(device, &stats), error)) {
      fail(Twine("device ") + name + ": " + error);
      return failure();
    }
    llvm::outs() << "device " << name << ": " << stats.allocations
                 << " buffers, peak " << stats.peak_bytes_allocated
                 << " B, copied in " << stats.bytes_copied_in
                 << " B, copied out " << stats.bytes_copied_out << " B\n";
  }
  return success();
}

/// Prints the bytes this rank exchanged with each other rank, as counted by
/// the transport: "rank 0 -> rank 1: sent 780 B, received 780 B".
static void printRankCounters(const ::tiny::mpi::Transport &transport) {
  // One write for all the lines: mpirun forwards every rank's output as it
  // comes, and pieces of two ranks' lines would interleave.
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int peer = 0; peer < transport.size(); ++peer) {
    if (peer == transport.rank())
      continue;
    ::tiny::mpi::ByteCounters counters = transport.pairCounters(peer);
    os << "rank " << transport.rank() << " -> rank " << peer << ": sent "
       << counters.sent << " B, received " << counters.received << " B\n";
  }
  llvm::outs().flush();
  llvm::outs() << text;
  llvm::outs().flush();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerMLIROptions(runCategory);
  SmallVector<std::string> arguments = joinAtSignValues(argc, argv);
  SmallVector<const char *> argumentPointers;
  for (const std::string &argument : arguments)
    argumentPointers.push_back(argument.c_str());
  llvm::cl::ParseCommandLineOptions(argumentPointers.size(),
                                    argumentPointers.data(),
                                    "tiny program runner\n");

  DialectRegistry registry;
  registerProgramDialects(registry);
  MLIRContext context(registry);
  // A diagnostic points at the user's source line; the lowered IR it was
  // found in means nothing to someone running a program.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file)
    return fail(error);
  // Every rank joins before it compiles, and shakes hands on the program's
  // text and entry: a rank that runs another program fails here.
  std::unique_ptr<::tiny::mpi::Transport> transport;
  std::unique_ptr<::tiny::mpi::MpiRankTransport> rankTransport;
  if (printRankBytes && !useMpi && !isUnderMpirun())
    return fail("--print-rank-bytes counts the bytes between MPI ranks: run "
                "under mpirun, or give --mpi");
  if (useMpi || isUnderMpirun()) {
    if (!(mpiTimeout > 0))
      return fail("--mpi-timeout must be positive");
    ::tiny::mpi::TransportOptions options;
    options.timeoutSeconds = mpiTimeout;
    options.programTag = llvm::xxh3_64bits(file->getBuffer()) ^
                         (llvm::xxh3_64bits(programOptions.getEntryName()) *
                          0x9e3779b97f4a7c15ull);
    ::tiny::mpi::Status status =
        ::tiny::mpi::Transport::create(options, transport);
    if (!status.ok())
      return fail("cannot join the MPI job: " + status.toString());
    mpiRank = transport->rank();
    rankTransport = std::make_unique<::tiny::mpi::MpiRankTransport>(*transport);
    ::tiny::setRankTransport(rankTransport.get());
  }
  if (std::string conflict = programOptions.getConflict(); !conflict.empty())
    return fail(conflict);
  if (failed(programOptions.loadHostFunctions(error)))
    return fail(error);
  FailureOr<std::shared_ptr<Executable>> program;
  if (looksLikeArtifact(file->getBuffer())) {
    program = loadArtifact(context, file->getBuffer(), inputFile);
  } else {
    sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    program = compileSource(context, sourceMgr);
  }
  if (failed(program))
    return exitFailed();
  if (printLowered)
    return 0;
  StringRef entry = (*program)->getEntry();
  if (programOptions.printCompileTime())
    llvm::errs() << ((*program)->isFromArtifact() ? "load time: "
                                                  : "compile time: ")
                 << (*program)->getCompileSeconds() << " s"
                 << ((*program)->isFromDiskCache() ? " (from the disk cache)"
                                                   : "")
                 << "\n";
  if (programOptions.printCompileTime()) {
    KernelCompileStats stats = (*program)->getKernelStats();
    if (stats.numKernels)
      llvm::errs() << "kernels compiled apart: " << stats.numKernels << ", "
                   << stats.numDistinct << " distinct, " << stats.numCompiled
                   << " compiled now\n";
  }

  ArrayRef<ProgramParam> params = (*program)->getParams();
  if (inputs.size() != params.size())
    return fail("@" + entry + " takes " +
                Twine(params.size()) + " inputs, got " + Twine(inputs.size()));
  SmallVector<HostTensor> values;
  for (auto [i, text] : llvm::enumerate(inputs)) {
    std::string paramName = "@" + entry.str() + "'s param slot " +
                            std::to_string(params[i].slot);
    FailureOr<HostTensor> value = readInputArgument(
        &context, text, params[i].type, paramName, castInputs, error);
    if (failed(value))
      return fail("input " + Twine(i) + ": " + error);
    values.push_back(std::move(*value));
  }

  tiny_runtime_t runtime = nullptr;
  if (printDeviceStats || !gpuDriver.empty() || repeat > 0) {
    if (takeRuntimeError(tiny_runtime_create(&runtime), error))
      return fail("cannot create the runtime: " + error);
  }
  if (!gpuDriver.empty()) {
    for (tiny_device_kind_t kind :
         {TINY_DEVICE_KIND_CUDA, TINY_DEVICE_KIND_HIP})
      if (takeRuntimeError(tiny_runtime_set_driver_library(
                               runtime, kind, gpuDriver.c_str()),
                           error))
        return fail("--gpu-driver: " + error);
  }
  // Only the run's own copies count.
  if (transport)
    transport->resetCounters();
  // The runtime lives until the process ends: nothing to release early.
  FailureOr<SmallVector<HostTensor>> results =
      (*program)->run(values, error, runtime);
  if (failed(results))
    return fail(error);
  std::vector<KernelLaunch> launches;
  if (profileKernels) {
    launches = takeKernelLaunches();
    if (repeat == 0)
      printProfile(launches);
  }
  if (outputs.size() > results->size())
    return fail("-o given " + Twine(outputs.size()) + " times but @" +
                entry + " returns " + Twine(results->size()) +
                " tensors");
  ArrayRef<RankedTensorType> resultTypes = (*program)->getResultTypes();
  for (auto [i, result] : llvm::enumerate(*results)) {
    // A result on a device of another rank is that rank's to print.
    if (getResultRank(resultTypes[i]) != std::max(mpiRank, 0))
      continue;
    if (i < outputs.size()) {
      StringRef path = outputs[i];
      path.consume_front("@");
      if (failed(writeNpy(path, result, error)))
        return fail("result " + Twine(i) + ": " + error);
      continue;
    }
    printHostTensor(llvm::outs(), result, printFull);
    llvm::outs() << " : "
                 << RankedTensorType::get(result.shape, result.dtype) << "\n";
  }
  if (printRankBytes)
    printRankCounters(*transport);
  if (printDeviceStats &&
      failed(printStats(runtime, (*program)->getBufferArguments())))
    return exitFailed();
  if (repeat > 0) {
    FailureOr<double> best =
        timeLaunches(**program, values, runtime, repeat, error);
    if (failed(best))
      return fail("--repeat: " + error);
    llvm::errs() << llvm::formatv("best of {0} launches: {1:e3} s\n",
                                  unsigned(repeat), *best);
    if (profileKernels) {
      // Every launch of the program runs its kernels in the same order.
      std::vector<KernelLaunch> repeated = takeKernelLaunches();
      if (!launches.empty() && repeated.size() == repeat * launches.size())
        for (auto [i, launch] : llvm::enumerate(repeated)) {
          KernelLaunch &fastest = launches[i % launches.size()];
          fastest.seconds = std::min(fastest.seconds, launch.seconds);
        }
      printProfile(launches);
    }
  }
  return 0;
}
