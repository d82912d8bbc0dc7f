//===- KernelSearch.cpp - CPU kernel schedules found by timing -----------===//

#include "jit/KernelSearch.h"

#include "jit/DiskCache.h"
#include "jit/HostFunctions.h"
#include "jit/HostSchedule.h"
#include "jit/HostTensor.h"
#include "jit/OpenMPRuntime.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"
#include "passes/ScheduleActions.h"
#include "pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tiny;

namespace {
/// What a cache entry starts with; bumped when its contents change.
constexpr StringLiteral kFormat = "tiny-beam 4";

/// The name of the function a kernel is lowered alone in.
constexpr StringLiteral kKernelFunction = "tiny_beam_kernel";

/// A candidate replaces the heuristic's schedule only when it takes at most
/// this fraction of its time: smaller differences are noise as often as not,
/// and the heuristic's schedule is the reproducible default.
constexpr double kMargin = 0.95;

/// Rounds of variations at most.
constexpr int kMaxRounds = 4;

/// One schedule: the heuristic's choices, each replaced or not. Zero is the
/// heuristic's everywhere.
struct Schedule {
  /// 0: a THREAD range when the kernel's work reaches the heuristic's
  /// minimum; 1: whenever the kernel has one; 2: never.
  int thread = 0;
  /// Rows of a reduction-outside nest UPCAST together (0: the heuristic's).
  int64_t rowUpcast = 0;
  /// Reduced indices UNROLLed together (0: the heuristic's).
  int64_t reduceUnroll = 0;
  /// Cache blocking of a reduction-outside nest: 0 for the host's
  /// second-level cache, 1 none, 2 for half of it, 3 for twice it.
  int block = 0;
  /// Vectors per row of the register tiles (-tiny-optimize's
  /// vectors-per-row; 0: the heuristic's).
  int64_t tile = 0;
  /// Packed cache blocks of a reduction-outside nest's source
  /// (-tiny-cpu-schedule's pack option): 0 where the heuristic packs them
  /// (auto), 1 nowhere, 2 wherever packOperand applies.
  int pack = 0;
  /// The threads of a blocked nest outside its blocks (-tiny-cpu-schedule's
  /// hoist-threads option): 0 as the heuristic has it (not), 1 hoisted.
  int hoist = 0;

  auto tie() const {
    return std::make_tuple(thread, rowUpcast, reduceUnroll, block, tile, pack,
                           hoist);
  }
  bool operator<(const Schedule &other) const { return tie() < other.tie(); }
  bool isHeuristic() const { return tie() == Schedule().tie(); }

  std::string describe() const {
    static const char *threads[] = {"heuristic", "on", "off"};
    static const char *blocks[] = {"host", "off", "half", "double"};
    static const char *packs[] = {"heuristic", "off", "on"};
    static const char *hoists[] = {"heuristic", "on"};
    auto value = [](int64_t factor) {
      return factor == 0 ? std::string("heuristic") : std::to_string(factor);
    };
    return std::string("thread=") + threads[thread] +
           " row-upcast=" + value(rowUpcast) +
           " reduce-unroll=" + value(reduceUnroll) + " block=" + blocks[block] +
           " tile=" + value(tile) + " pack=" + packs[pack] +
           " hoist=" + hoists[hoist];
  }
};

/// The variations of `schedule` that change one choice.
SmallVector<Schedule> getNeighbors(const Schedule &schedule) {
  SmallVector<Schedule> neighbors;
  for (int value : {0, 1, 2})
    if (value != schedule.thread) {
      neighbors.push_back(schedule);
      neighbors.back().thread = value;
    }
  for (int64_t value : {0, 1, 2, 4})
    if (value != schedule.rowUpcast) {
      neighbors.push_back(schedule);
      neighbors.back().rowUpcast = value;
    }
  for (int64_t value : {0, 1, 2, 8})
    if (value != schedule.reduceUnroll) {
      neighbors.push_back(schedule);
      neighbors.back().reduceUnroll = value;
    }
  for (int value : {0, 1, 2, 3})
    if (value != schedule.block) {
      neighbors.push_back(schedule);
      neighbors.back().block = value;
    }
  // A width that does not fit the kernel's columns fails -tiny-optimize,
  // and so the candidate, before it is compiled.
  for (int64_t value : {0, 1, 2, 4})
    if (value != schedule.tile) {
      neighbors.push_back(schedule);
      neighbors.back().tile = value;
    }
  for (int value : {0, 1, 2})
    if (value != schedule.pack) {
      neighbors.push_back(schedule);
      neighbors.back().pack = value;
    }
  neighbors.push_back(schedule);
  neighbors.back().hoist = 1 - schedule.hoist;
  return neighbors;
}

/// Reads a schedule written by `writeSchedule`; none for anything else.
std::optional<Schedule> parseSchedule(StringRef text) {
  auto [header, rest] = text.split('\n');
  if (header != kFormat)
    return std::nullopt;
  SmallVector<StringRef> fields;
  rest.split('\n').first.split(fields, ' ');
  if (fields.size() != 7)
    return std::nullopt;
  Schedule schedule;
  int64_t thread, block, pack, hoist;
  if (fields[0].getAsInteger(10, thread) ||
      fields[1].getAsInteger(10, schedule.rowUpcast) ||
      fields[2].getAsInteger(10, schedule.reduceUnroll) ||
      fields[3].getAsInteger(10, block) ||
      fields[4].getAsInteger(10, schedule.tile) ||
      fields[5].getAsInteger(10, pack) || fields[6].getAsInteger(10, hoist) ||
      pack < 0 || pack > 2 || hoist < 0 || hoist > 1 || thread < 0 ||
      thread > 2 || block < 0 || block > 3 || schedule.rowUpcast < 0 ||
      schedule.rowUpcast > 64 || schedule.reduceUnroll < 0 ||
      schedule.reduceUnroll > 64 || schedule.tile < 0 || schedule.tile > 64)
    return std::nullopt;
  schedule.thread = thread;
  schedule.block = block;
  schedule.pack = pack;
  schedule.hoist = hoist;
  return schedule;
}

std::string writeSchedule(const Schedule &schedule, StringRef comment) {
  return (kFormat + "\n" + Twine(schedule.thread) + " " +
          Twine(schedule.rowUpcast) + " " + Twine(schedule.reduceUnroll) + " " +
          Twine(schedule.block) + " " + Twine(schedule.tile) + " " +
          Twine(schedule.pack) + " " + Twine(schedule.hoist) + "\n# " +
          comment + "\n")
      .str();
}

/// The bytes of the host's second-level cache per core (as
/// -tiny-cpu-schedule reads it).
int64_t getHostCacheBytes() {
  long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return bytes > 0 ? bytes : int64_t{1} << 20;
}

TinyCPUScheduleOptions getPassOptions(const Schedule &schedule) {
  TinyCPUScheduleOptions options;
  if (schedule.thread == 1)
    options.minWork = 0;
  else if (schedule.thread == 2)
    options.minWork = std::numeric_limits<int64_t>::max();
  options.rowUpcast = schedule.rowUpcast;
  options.reduceUnroll = schedule.reduceUnroll;
  int64_t cache = getHostCacheBytes();
  options.cacheBytes = schedule.block == 1   ? int64_t{1} << 50
                       : schedule.block == 2 ? cache / 2
                       : schedule.block == 3 ? cache * 2
                                             : 0;
  static const char *packs[] = {"auto", "off", "on"};
  options.pack = packs[schedule.pack];
  options.hoistThreads = schedule.hoist == 1;
  return options;
}

/// Whether `kernel` is one the search schedules: a CPU kernel of LOOP and
/// REDUCE ranges, not marked scheduled, calling no custom function.
bool isSearchable(k::KernelOp kernel) {
  if (isGpuKernel(kernel) || kernel->hasAttr(kScheduledAttrName))
    return false;
  WalkResult walk = kernel.walk([](Operation *op) {
    if (auto range = dyn_cast<k::RangeOp>(op))
      return range.getAxis() == AxisType::Loop ||
                     range.getAxis() == AxisType::Reduce
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    return isa<k::CustomFunctionOp>(op) ? WalkResult::interrupt()
                                        : WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// A kernel copied into a module of its own: a function of the buffers it
/// reads and writes (`arguments`, in the program), constants cloned in.
struct IsolatedKernel {
  OwningOpRef<ModuleOp> module;
  SmallVector<Value> arguments;
};

std::optional<IsolatedKernel> isolateKernel(k::KernelOp kernel) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(kernel.getBody(), captured);
  IsolatedKernel isolated;
  llvm::SetVector<Operation *> constants;
  for (Value value : captured) {
    Operation *def = value.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>() &&
        def->getNumOperands() == 0) {
      constants.insert(def);
      continue;
    }
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
      return std::nullopt;
    isolated.arguments.push_back(value);
  }
  MLIRContext *context = kernel.getContext();
  Location loc = UnknownLoc::get(context);
  isolated.module = ModuleOp::create(loc);
  OpBuilder builder = OpBuilder::atBlockEnd(isolated.module->getBody());
  auto function = func::FuncOp::create(
      builder, loc, kKernelFunction,
      builder.getFunctionType(ValueRange(isolated.arguments).getTypes(), {}));
  Block *entry = function.addEntryBlock();
  IRMapping mapping;
  for (auto [value, argument] :
       llvm::zip(isolated.arguments, entry->getArguments()))
    mapping.map(value, argument);
  builder.setInsertionPointToStart(entry);
  SmallVector<Operation *> clonedConstants;
  for (Operation *def : constants)
    clonedConstants.push_back(builder.clone(*def, mapping));
  auto copy = cast<k::KernelOp>(builder.clone(*kernel, mapping));
  // The constants go inside the kernel, so that it reads the function's
  // arguments only and goes back into the program by them.
  Block &body = copy.getBody().front();
  for (Operation *def : llvm::reverse(clonedConstants))
    def->moveBefore(&body, body.begin());
  func::ReturnOp::create(builder, loc);
  return isolated;
}

k::KernelOp getKernel(ModuleOp module) {
  k::KernelOp kernel;
  module.walk([&](k::KernelOp op) { kernel = op; });
  return kernel;
}

std::string printGeneric(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().printGenericOpForm());
  return text;
}

/// Schedules the kernel of `module` (an isolated kernel) with `schedule`:
/// its ranges, their UPCAST and UNROLL copies expanded, and its register
/// tiles, as the CPU pipeline would with the heuristic's choices; then marks
/// it scheduled, so that the pipeline keeps all three.
LogicalResult applySchedule(ModuleOp module, const Schedule &schedule) {
  PassManager pm(module.getContext());
  pm.addPass(createTinyCPUSchedule(getPassOptions(schedule)));
  pm.addPass(createTinyExpandUpcast());
  TinyOptimizeOptions tiles;
  tiles.vectorsPerRow = static_cast<unsigned>(schedule.tile);
  pm.addPass(createTinyOptimize(tiles));
  if (failed(pm.run(module)))
    return failure();
  getKernel(module)->setAttr(kScheduledAttrName,
                             UnitAttr::get(module.getContext()));
  return success();
}

/// A candidate lowered and JIT-compiled.
struct CompiledCandidate {
  std::unique_ptr<ExecutionEngine> engine;
  void (*function)(void **) = nullptr;
};

/// Lowers the scheduled kernel of `module` through the rest of the JIT's
/// CPU pipeline and compiles it as the JIT does (-O3 for the host); none
/// when either fails (its diagnostics are dropped: the candidate is not
/// one).
std::optional<CompiledCandidate> compileCandidate(ModuleOp module) {
  MLIRContext *context = module.getContext();
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  PassManager pm(context);
  buildJITCPUPipeline(pm);
  if (failed(pm.run(module)))
    return std::nullopt;
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    llvm::consumeError(builder.takeError());
    return std::nullopt;
  }
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = builder->createTargetMachine();
  if (!machine) {
    llvm::consumeError(machine.takeError());
    return std::nullopt;
  }
  StringRef libs[] = {getOpenMPRuntimePath()};
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = libs;
  engineOptions.transformer = makeOptimizingTransformer(3, 0, machine->get());
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*machine));
  if (!engine) {
    llvm::consumeError(engine.takeError());
    return std::nullopt;
  }
  CompiledCandidate compiled;
  compiled.engine = std::move(*engine);
  compiled.engine->registerSymbols(getHostCallSymbols);
  compiled.engine->registerSymbols(getHostFunctionSymbols);
  auto function = compiled.engine->lookupPacked(kKernelFunction);
  if (!function) {
    llvm::consumeError(function.takeError());
    return std::nullopt;
  }
  compiled.function = *function;
  return compiled;
}

/// Zeroed host memory for each argument of an isolated kernel: every index
/// a kernel computes from zeros is in bounds, and integer division by zero
/// does not trap in tiny's kernels.
class ScratchBuffers {
public:
  ScratchBuffers() = default;
  ScratchBuffers(const ScratchBuffers &) = delete;
  ScratchBuffers &operator=(const ScratchBuffers &) = delete;
  ~ScratchBuffers() {
    for (void *pointer : pointers)
      std::free(pointer);
  }

  /// Allocates the buffers; fails for a size that does not fit memory.
  LogicalResult allocate(ArrayRef<Value> arguments) {
    for (Value argument : arguments) {
      auto type = cast<MemRefType>(argument.getType());
      std::optional<int64_t> bytes =
          getStorageBytes(type.getElementType(), type.getShape());
      if (!bytes || *bytes < 0)
        return failure();
      size_t size = (std::max<int64_t>(*bytes, 1) + 63) / 64 * 64;
      void *pointer = std::aligned_alloc(64, size);
      if (!pointer)
        return failure();
      std::memset(pointer, 0, size);
      pointers.push_back(pointer);
    }
    return success();
  }

  /// Runs `function` on the buffers; returns its seconds.
  double run(void (*function)(void **)) {
    SmallVector<void *> arguments(pointers.begin(), pointers.end());
    SmallVector<void *> packed;
    for (void *&argument : arguments)
      packed.push_back(&argument);
    HostFunctionScope hostFunctions;
    auto start = std::chrono::steady_clock::now();
    function(packed.data());
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }

  /// The least seconds of several runs after a first one that warms the
  /// caches and the threads: 3 runs at least, more while they took less
  /// than 50 ms together, 50 at most.
  double time(void (*function)(void **)) {
    run(function);
    double best = std::numeric_limits<double>::infinity(), total = 0;
    for (int i = 0; i < 50 && (i < 3 || total < 0.05); ++i) {
      double seconds = run(function);
      best = std::min(best, seconds);
      total += seconds;
    }
    return best;
  }

private:
  SmallVector<void *> pointers;
};

/// A schedule tried, its scheduled kernel's text and time.
struct Candidate {
  Schedule schedule;
  std::string text;
  double seconds;
};

struct SearchState {
  std::mutex mutex;
  KernelSearchStats stats;
  /// The schedules chosen in this process, by cache name.
  llvm::StringMap<Schedule> chosen;
};

SearchState &getState() {
  static SearchState *state = new SearchState();
  return *state;
}

/// The schedule of the kernel in `isolated` found by timing, with a line
/// saying what it found in `summary`.
Schedule searchSchedule(const IsolatedKernel &isolated, unsigned width,
                        std::string &summary) {
  SearchState &state = getState();
  ScratchBuffers buffers;
  if (failed(buffers.allocate(isolated.arguments))) {
    summary = "no scratch buffers, the heuristic's";
    return Schedule();
  }
  // By the scheduled kernel's text: schedules that give the same kernel are
  // compiled and timed once.
  llvm::StringMap<std::optional<CompiledCandidate>> compiled;
  llvm::StringMap<double> times;
  unsigned numTimed = 0;
  auto evaluate = [&](const Schedule &schedule) -> std::optional<Candidate> {
    OwningOpRef<ModuleOp> module = isolated.module.get().clone();
    {
      ScopedDiagnosticHandler quiet(module->getContext(),
                                    [](Diagnostic &) { return success(); });
      if (failed(applySchedule(*module, schedule)))
        return std::nullopt;
    }
    std::string text = printGeneric(getKernel(*module));
    if (!compiled.count(text)) {
      std::optional<CompiledCandidate> candidate = compileCandidate(*module);
      if (candidate) {
        times[text] = buffers.time(candidate->function);
        ++numTimed;
      }
      compiled[text] = std::move(candidate);
    }
    if (!compiled[text])
      return std::nullopt;
    return Candidate{schedule, text, times[text]};
  };

  std::optional<Candidate> heuristic = evaluate(Schedule());
  if (!heuristic) {
    summary = "the heuristic's does not compile alone, kept";
    return Schedule();
  }
  SmallVector<Candidate> beam = {*heuristic};
  std::set<Schedule> tried = {Schedule()};
  for (int round = 0; round < kMaxRounds; ++round) {
    SmallVector<Candidate> next = beam;
    for (const Candidate &member : beam)
      for (const Schedule &neighbor : getNeighbors(member.schedule)) {
        if (!tried.insert(neighbor).second)
          continue;
        std::optional<Candidate> candidate = evaluate(neighbor);
        if (!candidate || llvm::any_of(next, [&](const Candidate &other) {
              return other.text == candidate->text;
            }))
          continue;
        next.push_back(std::move(*candidate));
      }
    llvm::stable_sort(next, [](const Candidate &a, const Candidate &b) {
      return a.seconds < b.seconds;
    });
    if (next.size() > width)
      next.resize(width);
    bool improved = next.front().text != beam.front().text;
    beam = std::move(next);
    if (!improved)
      break;
  }

  Candidate best = beam.front();
  double heuristicSeconds = heuristic->seconds;
  double bestSeconds = best.seconds;
  bool replaces = false;
  if (best.text != heuristic->text) {
    // Timed again, alternately, so that both see the same machine.
    auto heuristicFunction = compiled[heuristic->text]->function;
    auto bestFunction = compiled[best.text]->function;
    for (int i = 0; i < 3; ++i) {
      heuristicSeconds =
          std::min(heuristicSeconds, buffers.time(heuristicFunction));
      bestSeconds = std::min(bestSeconds, buffers.time(bestFunction));
    }
    replaces = bestSeconds < kMargin * heuristicSeconds;
  }
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.stats.numTimed += numTimed;
  }
  llvm::raw_string_ostream os(summary);
  os << "timed " << numTimed << " candidates, ";
  if (replaces)
    os << best.schedule.describe() << " "
       << llvm::format("%.3f", bestSeconds * 1e3) << " ms, heuristic "
       << llvm::format("%.3f", heuristicSeconds * 1e3) << " ms";
  else if (best.text == heuristic->text)
    os << "the heuristic's " << llvm::format("%.3f", heuristicSeconds * 1e3)
       << " ms, no other faster";
  else
    os << "the heuristic's " << llvm::format("%.3f", heuristicSeconds * 1e3)
       << " ms (best other " << best.schedule.describe() << " "
       << llvm::format("%.3f", bestSeconds * 1e3) << " ms, not 5% faster)";
  return replaces ? best.schedule : Schedule();
}

/// Where searches keep their choices.
std::string getBeamCacheDir() {
  if (const char *dir = std::getenv("TINY_BEAM_CACHE_DIR"); dir && *dir)
    return dir;
  SmallString<256> path;
  if (std::optional<std::string> dir = getDiskCacheDir()) {
    path = *dir;
  } else {
    if (!llvm::sys::path::cache_directory(path))
      return "";
    llvm::sys::path::append(path, "tiny");
  }
  llvm::sys::path::append(path, "beam");
  return path.str().str();
}

std::optional<Schedule> loadChoice(StringRef dir, StringRef name) {
  if (dir.empty())
    return std::nullopt;
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name + ".beam");
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    return std::nullopt;
  return parseSchedule((*file)->getBuffer());
}

/// Keeps a choice; failing to is not an error (the search runs again).
void storeChoice(StringRef dir, StringRef name, StringRef contents) {
  if (dir.empty() || llvm::sys::fs::create_directories(dir))
    return;
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name + ".beam");
  // Written whole under another name, then renamed: a reader never sees a
  // part.
  std::string temporary =
      (path + ".tmp" + Twine(static_cast<int64_t>(getpid()))).str();
  {
    std::error_code error;
    llvm::raw_fd_ostream os(temporary, error);
    if (error)
      return;
    os << contents;
  }
  if (llvm::sys::fs::rename(temporary, path))
    (void)llvm::sys::fs::remove(temporary);
}
} // namespace

KernelSearchStats mlir::tiny::getKernelSearchStats() {
  SearchState &state = getState();
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.stats;
}

LogicalResult
mlir::tiny::searchKernelSchedules(ModuleOp module,
                                  const KernelSearchOptions &options) {
  if (options.width == 0)
    return success();
  SmallVector<k::KernelOp> kernels;
  module.walk([&](k::KernelOp kernel) {
    if (isSearchable(kernel))
      kernels.push_back(kernel);
  });
  SearchState &state = getState();
  std::string dir = getBeamCacheDir();
  for (k::KernelOp kernel : kernels) {
    std::optional<IsolatedKernel> isolated = isolateKernel(kernel);
    if (!isolated)
      continue;
    std::string key = (kFormat + "\nwidth " + Twine(options.width) + "\n" +
                       printGeneric(*isolated->module))
                          .str();
    std::string name = getDiskCacheName(key);
    std::optional<Schedule> schedule;
    std::string summary;
    {
      std::lock_guard<std::mutex> lock(state.mutex);
      auto it = state.chosen.find(name);
      if (it != state.chosen.end())
        schedule = it->second;
    }
    if (!schedule)
      schedule = loadChoice(dir, name);
    if (schedule) {
      summary = "from the cache, " + (schedule->isHeuristic()
                                          ? std::string("the heuristic's")
                                          : schedule->describe());
      std::lock_guard<std::mutex> lock(state.mutex);
      ++state.stats.numFromCache;
    } else {
      auto start = std::chrono::steady_clock::now();
      schedule = searchSchedule(*isolated, options.width, summary);
      double seconds = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
      summary += " in " + llvm::formatv("{0:F2}", seconds).str() + " s";
      storeChoice(dir, name, writeSchedule(*schedule, summary));
      std::lock_guard<std::mutex> lock(state.mutex);
      ++state.stats.numSearched;
      state.stats.seconds += seconds;
    }
    {
      std::lock_guard<std::mutex> lock(state.mutex);
      state.chosen[name] = *schedule;
    }
    if (options.verbose)
      llvm::errs() << "beam: " << kernel.getName() << ": " << summary << "\n";
    if (schedule->isHeuristic())
      continue;
    // The chosen schedule goes into the program in the kernel's place.
    if (failed(applySchedule(*isolated->module, *schedule)))
      return kernel.emitError("cannot apply the schedule the search chose: ")
             << schedule->describe();
    k::KernelOp scheduled = getKernel(*isolated->module);
    auto function = cast<func::FuncOp>(scheduled->getParentOp());
    IRMapping mapping;
    for (auto [argument, value] :
         llvm::zip(function.getArguments(), isolated->arguments))
      mapping.map(argument, value);
    OpBuilder builder(kernel);
    builder.clone(*scheduled, mapping);
    kernel.erase();
  }
  return success();
}
