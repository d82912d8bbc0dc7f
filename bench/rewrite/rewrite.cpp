//===- rewrite.cpp - -canonicalize + -tiny-fold-movement on large graphs ---===//
//
// Times the tensor-level rewrite passes on generated tiny graphs of 10^3 to
// 10^6 ops, in two shapes:
//   - chain: every op reads the one before it: alternating add/mul with
//     constants, with identities that fold away in between (mul by 1, add of
//     0, a reshape and its inverse, a permute and its inverse) and an add of
//     two constants that constant-folds;
//   - wide: many independent leaf subgraphs (a mul by a constant of the
//     leaf's own, then the chain's unit once) joined by a balanced tree of
//     adds, each tree node followed by a mul by 1.
// The graph is built in memory with the builder API (its build time is
// measured and printed apart), then one PassManager runs -canonicalize and
// a second -tiny-fold-movement, each timed. The result is verified and
// checked: no movement op and no identity may remain.
//
// The same recipe is also built in upstream arith on i32 scalars (each
// movement pair standing as an add of 0 and a mul by 1) and run through
// -canonicalize alone: a reference, measured in the same run, for what
// MLIR's own rewrite driver does with a graph of that shape and size.
//
// For each size it prints the ops generated, the ops left, the seconds (CPU
// time of the passes; wall time too), the ops/second and the growth:
// (time/op at this size) / (time/op at the size before), per pass and in
// all; linear growth reads ~1.0; then the arith reference's ops/second and
// tiny's throughput over it. `RESULT key=value ...` (tiny) and `ARITH ...`
// lines per size are for scripts (tinygrad_rewrite.py reads them).
//
// The recipe of both shapes is written once more in tinygrad_rewrite.py,
// which builds the same graphs as tinygrad UOps: keep the two in step.
//
// Usage: bench-rewrite [--max-ops=N] [--shape=chain|wide|both] [--reps=K]
//                      [--canonicalize-config=default|no-simplify|one-sweep]
//   --max-ops: largest size (sizes are 10^3, 10^4, ... up to N; default 10^6)
//   --reps:    runs per size, the best is kept (default 3; 1 at 10^6)
//   --canonicalize-config: a diagnostic: run -canonicalize without region
//              simplification (its dead-code sweeps), or with one greedy
//              iteration (no second sweep that confirms the fixed point).
//              The result is checked all the same.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// Wall-clock and CPU time of this thread. The machines are shared, so
/// wall time includes waiting for a core; CPU time does not, and the run is
/// single-threaded (the context's threading is off), so CPU time is the
/// figure ops/s is computed from. Both are printed.
struct Clock {
  std::chrono::steady_clock::time_point wall;
  double cpu;

  static double cpuNow() {
    timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
  }
  static Clock now() { return {std::chrono::steady_clock::now(), cpuNow()}; }
};

/// Seconds since `start`: wall clock and CPU.
struct Seconds {
  double wall = 1e30;
  double cpu = 1e30;
  static Seconds since(const Clock &start) {
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                          start.wall)
                .count(),
            Clock::cpuNow() - start.cpu};
  }
  static Seconds min(const Seconds &a, const Seconds &b) {
    return {std::min(a.wall, b.wall), std::min(a.cpu, b.cpu)};
  }
  Seconds operator+(const Seconds &other) const {
    return {wall + other.wall, cpu + other.cpu};
  }
};

//===----------------------------------------------------------------------===//
// Graph generation
//===----------------------------------------------------------------------===//

/// Number of function arguments the wide shape's leaves read in turn.
constexpr int kNumArgs = 4;
/// The unit's constants cycle through kFirstConst .. kFirstConst + kCycle - 1.
constexpr int kFirstConst = 2;
constexpr int kCycle = 8;
/// Ops one unit adds (the shared constants aside).
constexpr int64_t kUnitOps = 8;
/// Ops one wide leaf adds: its own constant, a mul, a unit, and about one
/// tree node (add + mul by 1).
constexpr int64_t kLeafOps = 2 + kUnitOps + 2;

/// The tiny ops of the recipe, on i32 tensor<2x3> values.
struct TinyGraphOps {
  static Type getValueType(OpBuilder &builder) {
    MLIRContext *context = builder.getContext();
    auto device = DeviceAttr::get(context, {StringAttr::get(context, "CPU")});
    return RankedTensorType::get({2, 3}, builder.getI32Type(), device);
  }
  static Value constant(OpBuilder &builder, Location loc, Type type,
                        int64_t value) {
    return ConstOp::create(builder, loc,
                           DenseElementsAttr::get(cast<ShapedType>(type),
                                                  builder.getI32IntegerAttr(
                                                      value)));
  }
  static Value add(OpBuilder &builder, Location loc, Value a, Value b) {
    return AddOp::create(builder, loc, a, b);
  }
  static Value mul(OpBuilder &builder, Location loc, Value a, Value b) {
    return MulOp::create(builder, loc, a, b);
  }
  /// A movement op and its inverse: a reshape there and back (k = 0) or a
  /// permute there and back (k = 1).
  template <typename Graph>
  static Value movementPair(Graph &, OpBuilder &builder, Location loc,
                            Value v, int k) {
    if (k == 0) {
      Value there = ReshapeOp::create(builder, loc, v, ArrayRef<int64_t>{3, 2});
      return ReshapeOp::create(builder, loc, there, ArrayRef<int64_t>{2, 3});
    }
    Value there = PermuteOp::create(builder, loc, v, ArrayRef<int64_t>{1, 0});
    return PermuteOp::create(builder, loc, there, ArrayRef<int64_t>{1, 0});
  }
};

/// The same recipe in upstream arith on i32 scalars, as a reference for
/// what MLIR's own -canonicalize achieves on the graph: arith has no
/// movement ops, so each movement pair stands as an add of 0 and a mul by 1,
/// identities its folders remove (as tinygrad_rewrite.py does).
struct ArithGraphOps {
  static Type getValueType(OpBuilder &builder) { return builder.getI32Type(); }
  static Value constant(OpBuilder &builder, Location loc, Type type,
                        int64_t value) {
    return arith::ConstantIntOp::create(builder, loc, type, value);
  }
  static Value add(OpBuilder &builder, Location loc, Value a, Value b) {
    return arith::AddIOp::create(builder, loc, a, b);
  }
  static Value mul(OpBuilder &builder, Location loc, Value a, Value b) {
    return arith::MulIOp::create(builder, loc, a, b);
  }
  template <typename Graph>
  static Value movementPair(Graph &graph, OpBuilder &builder, Location loc,
                            Value v, int) {
    Value there = add(builder, loc, v, graph.constant(0));
    return mul(builder, loc, there, graph.constant(1));
  }
};

/// Builds a `func.func @graph` of the recipe's values with `Ops`
/// (TinyGraphOps or ArithGraphOps). Constants are made once per value and
/// the constant-add `c_a + c_b` once per pair, as tinygrad's hash-consed
/// UOps would share them, so all three count the same ops.
template <typename Ops>
class GraphBuilder {
public:
  GraphBuilder(MLIRContext &context, ModuleOp module)
      : builder(&context), loc(UnknownLoc::get(&context)),
        type(Ops::getValueType(builder)) {
    builder.setInsertionPointToEnd(module.getBody());
    SmallVector<Type> argTypes(kNumArgs, type);
    func = func::FuncOp::create(builder, loc, "graph",
                                builder.getFunctionType(argTypes, {type}));
    builder.setInsertionPointToEnd(func.addEntryBlock());
  }

  /// A splat constant, one op per value.
  Value constant(int64_t value) {
    auto [it, inserted] = constants.try_emplace(value, Value());
    if (inserted)
      it->second = Ops::constant(builder, loc, type, value);
    return it->second;
  }

  /// The 8 ops of unit `i` on `v`; 2 of them survive the passes:
  ///   s  = add(c_a, c_b)              shared per (a, b), folds to a constant
  ///   v1 = add(v, s)                  stays
  ///   v2 = mul(v1, 1)                 mul(x, 1) -> x
  ///   v3 = reshape(v2, [3, 2])        reshape(reshape(x)) -> reshape(x),
  ///   v4 = reshape(v3, [2, 3])          then reshape to the same shape -> x
  ///   v5 = mul(v4, c_b)               stays
  ///   v6 = add(v5, 0)                 add(x, 0) -> x (integers)
  ///   v7 = permute(v6, [1, 0])        permute(permute(x)) -> identity
  ///   v8 = permute(v7, [1, 0])          permute -> x (-tiny-fold-movement)
  /// Adds and muls alternate so that no rule may merge two of them.
  Value unit(Value v, int64_t i) {
    int64_t a = kFirstConst + i % kCycle;
    int64_t b = kFirstConst + (i / kCycle) % kCycle;
    Value s = constantSum(a, b);
    Value v1 = Ops::add(builder, loc, v, s);
    Value v2 = Ops::mul(builder, loc, v1, constant(1));
    Value v4 = Ops::movementPair(*this, builder, loc, v2, 0);
    Value v5 = Ops::mul(builder, loc, v4, constant(b));
    Value v6 = Ops::add(builder, loc, v5, constant(0));
    return Ops::movementPair(*this, builder, loc, v6, 1);
  }

  /// chain: arg0 followed by `units` units.
  void buildChain(int64_t units) {
    Value v = func.getArgument(0);
    for (int64_t i = 0; i < units; ++i)
      v = unit(v, i);
    func::ReturnOp::create(builder, loc, v);
  }

  /// wide: `leaves` leaves, leaf j = unit(mul(arg[j % 4], c_{j+1000}), j)
  /// (its own constant keeps every leaf distinct), then a balanced tree of
  /// t = mul(add(l, r), 1) nodes, level by level.
  void buildWide(int64_t leaves) {
    std::vector<Value> level;
    level.reserve(leaves);
    for (int64_t j = 0; j < leaves; ++j) {
      Value scaled = Ops::mul(builder, loc, func.getArgument(j % kNumArgs),
                              constant(1000 + j));
      level.push_back(unit(scaled, j));
    }
    while (level.size() > 1) {
      std::vector<Value> next;
      next.reserve(level.size() / 2 + 1);
      for (size_t k = 0; k + 1 < level.size(); k += 2) {
        Value sum = Ops::add(builder, loc, level[k], level[k + 1]);
        next.push_back(Ops::mul(builder, loc, sum, constant(1)));
      }
      if (level.size() % 2)
        next.push_back(level.back());
      level = std::move(next);
    }
    func::ReturnOp::create(builder, loc, level.front());
  }

private:
  Value constantSum(int64_t a, int64_t b) {
    auto [it, inserted] = sums.try_emplace({a, b}, Value());
    if (inserted)
      it->second = Ops::add(builder, loc, constant(a), constant(b));
    return it->second;
  }

  OpBuilder builder;
  Location loc;
  Type type;
  func::FuncOp func;
  llvm::DenseMap<int64_t, Value> constants;
  std::map<std::pair<int64_t, int64_t>, Value> sums;
};

//===----------------------------------------------------------------------===//
// Measurement
//===----------------------------------------------------------------------===//

/// Ops in the function body by name, the terminator excluded.
struct OpCounts {
  int64_t total = 0;
  std::map<std::string, int64_t> byName;
};

OpCounts countOps(ModuleOp module) {
  OpCounts counts;
  module.walk([&](Operation *op) {
    if (isa<ModuleOp, func::FuncOp, func::ReturnOp>(op))
      return;
    ++counts.total;
    ++counts.byName[op->getName().getStringRef().str()];
  });
  return counts;
}

struct Measurement {
  int64_t ops = 0;
  OpCounts after;
  Seconds gen, canonicalize, fold, verify;
  Seconds total() const { return canonicalize + fold; }
};

template <typename Ops>
OwningOpRef<ModuleOp> generate(MLIRContext &context, bool wide,
                               int64_t targetOps) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  GraphBuilder<Ops> graph(context, *module);
  if (wide)
    graph.buildWide(std::max<int64_t>(1, targetOps / kLeafOps));
  else
    graph.buildChain(std::max<int64_t>(1, targetOps / kUnitOps));
  return module;
}

/// Runs one pass on `module` in its own PassManager and times it. The pass
/// manager's verifier is off: verification is timed apart.
Seconds runPass(MLIRContext &context, ModuleOp module,
                std::unique_ptr<Pass> pass, const char *name) {
  PassManager pm(&context);
  pm.enableVerifier(false);
  pm.addPass(std::move(pass));
  Clock start = Clock::now();
  if (failed(pm.run(module))) {
    std::fprintf(stderr, "bench-rewrite: %s failed\n", name);
    std::exit(1);
  }
  return Seconds::since(start);
}

/// Checks that every rewrite fired: no movement op, no mul or add reading a
/// constant 1 / 0 (the only constants 0 and 1 feed identities), no add of
/// two constants, in the tiny graph and in the arith one alike. Returns false
/// with a message otherwise.
bool checkResult(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!ok)
      return;
    if (isa<ReshapeOp, PermuteOp>(op)) {
      std::fprintf(stderr, "bench-rewrite: a %s was left\n",
                   op->getName().getStringRef().str().c_str());
      ok = false;
      return;
    }
    bool isAdd = isa<AddOp, arith::AddIOp>(op);
    bool isMul = isa<MulOp, arith::MulIOp>(op);
    if (!isAdd && !isMul)
      return;
    int constants = 0;
    for (Value operand : op->getOperands()) {
      APInt value;
      if (!matchPattern(operand, m_ConstantInt(&value)))
        continue;
      ++constants;
      if ((isMul && value.isOne()) || (isAdd && value.isZero())) {
        std::fprintf(stderr, "bench-rewrite: an identity was left\n");
        ok = false;
      }
    }
    if (constants == 2) {
      std::fprintf(stderr, "bench-rewrite: an add of constants was left\n");
      ok = false;
    }
  });
  return ok;
}

/// The -canonicalize configuration `name` names (see --canonicalize-config).
GreedyRewriteConfig canonicalizeConfig(const std::string &name) {
  GreedyRewriteConfig config;
  if (name == "no-simplify")
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  else if (name == "one-sweep")
    config.setMaxIterations(1);
  return config;
}

/// Generates the graph with `Ops` `reps` times, each in a fresh context,
/// runs the passes and keeps the run with the least CPU time. The tiny graph
/// gets -canonicalize then -tiny-fold-movement; the arith reference gets
/// -canonicalize only (arith has no movement ops).
template <typename Ops>
Measurement measure(bool wide, int64_t targetOps, int reps,
                    const std::string &config) {
  constexpr bool isTiny = std::is_same_v<Ops, TinyGraphOps>;
  Measurement m;
  for (int rep = 0; rep < reps; ++rep) {
    // A fresh context per run: uniqued attributes and types of an earlier
    // run would otherwise make later runs cheaper.
    MLIRContext context(MLIRContext::Threading::DISABLED);
    context.loadDialect<TinyDialect, arith::ArithDialect, func::FuncDialect>();
    Clock start = Clock::now();
    OwningOpRef<ModuleOp> module = generate<Ops>(context, wide, targetOps);
    m.gen = Seconds::min(m.gen, Seconds::since(start));
    m.ops = countOps(*module).total;

    Seconds canonicalize =
        runPass(context, *module,
                createCanonicalizerPass(canonicalizeConfig(config)),
                "-canonicalize");
    Seconds fold{0, 0};
    if (isTiny)
      fold = runPass(context, *module, createTinyFoldMovement(),
                     "-tiny-fold-movement");
    // Keep the run with the least CPU time, its passes together.
    if ((canonicalize + fold).cpu < m.total().cpu) {
      m.canonicalize = canonicalize;
      m.fold = fold;
    }

    start = Clock::now();
    if (failed(verify(*module))) {
      std::fprintf(stderr, "bench-rewrite: the result does not verify\n");
      std::exit(1);
    }
    m.verify = Seconds::since(start);
    if (!checkResult(*module))
      std::exit(1);
    m.after = countOps(*module);
  }
  return m;
}

/// `perOp / previous` with three decimals, or "-" without a previous size.
std::string growth(double perOp, double previous) {
  if (previous <= 0)
    return "-";
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f", perOp / previous);
  return text;
}

std::string describe(const OpCounts &counts) {
  std::string text;
  for (const auto &[name, count] : counts.byName) {
    if (!text.empty())
      text += ",";
    text += name + ":" + std::to_string(count);
  }
  return text;
}

bool parseFlag(const char *arg, const char *name, std::string &value) {
  size_t length = std::strlen(name);
  if (std::strncmp(arg, name, length) != 0 || arg[length] != '=')
    return false;
  value = arg + length + 1;
  return true;
}

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: bench-rewrite [--max-ops=N] "
                       "[--shape=chain|wide|both] [--reps=K]\n"
                       "       [--canonicalize-config=default|no-simplify|"
                       "one-sweep]\n");
  std::exit(2);
}

} // namespace

int main(int argc, char **argv) {
  int64_t maxOps = 1000000;
  std::string shape = "both";
  std::string config = "default";
  int reps = 3;
  for (int i = 1; i < argc; ++i) {
    std::string value;
    if (parseFlag(argv[i], "--max-ops", value))
      maxOps = std::atoll(value.c_str());
    else if (parseFlag(argv[i], "--shape", value))
      shape = value;
    else if (parseFlag(argv[i], "--canonicalize-config", value))
      config = value;
    else if (parseFlag(argv[i], "--reps", value))
      reps = std::atoi(value.c_str());
    else
      usage();
  }
  if (maxOps < 1000 || reps < 1 ||
      (shape != "chain" && shape != "wide" && shape != "both") ||
      (config != "default" && config != "no-simplify" && config != "one-sweep"))
    usage();

  std::vector<std::string> shapes;
  if (shape != "wide")
    shapes.push_back("chain");
  if (shape != "chain")
    shapes.push_back("wide");

  std::printf("-canonicalize + -tiny-fold-movement on i32 tensor<2x3> graphs; "
              "best of %d run(s) (1 at 10^6); -canonicalize config %s\n"
              "seconds are CPU seconds of the passes (generation apart); "
              "wall_s is wall clock; growth = (s/op) / (s/op at the size "
              "before), per pass and total\n"
              "arith: the same recipe in upstream arith on i32 scalars under "
              "-canonicalize alone, run here as the reference for MLIR's own "
              "rewrite driver; vs_arith = tiny ops/s / arith ops/s\n",
              reps, config.c_str());
  std::printf("%-5s %8s %7s %7s %8s %8s %8s %8s %10s %6s %6s %6s %10s %8s\n",
              "shape", "ops", "left", "gen_s", "canon_s", "fold_s", "total_s",
              "wall_s", "ops/s", "g_can", "g_fold", "growth", "arith/s",
              "vs_arith");
  for (const std::string &name : shapes) {
    bool wide = name == "wide";
    double previousPerOp = 0, previousCanon = 0, previousFold = 0,
           previousArith = 0;
    for (int64_t size = 1000; size <= maxOps; size *= 10) {
      int sizeReps = size >= 1000000 ? 1 : reps;
      Measurement m = measure<TinyGraphOps>(wide, size, sizeReps, config);
      Measurement arith = measure<ArithGraphOps>(wide, size, sizeReps, config);
      if (arith.ops != m.ops || arith.after.total != m.after.total) {
        std::fprintf(stderr,
                     "bench-rewrite: the arith graph has %lld ops, %lld left; "
                     "tiny's %lld, %lld left\n",
                     static_cast<long long>(arith.ops),
                     static_cast<long long>(arith.after.total),
                     static_cast<long long>(m.ops),
                     static_cast<long long>(m.after.total));
        return 1;
      }
      double ops = static_cast<double>(m.ops);
      double perOp = m.total().cpu / ops;
      double canonPerOp = m.canonicalize.cpu / ops;
      double foldPerOp = m.fold.cpu / ops;
      double arithPerOp = arith.total().cpu / ops;
      std::string totalGrowth = growth(perOp, previousPerOp);
      std::string arithGrowth = growth(arithPerOp, previousArith);
      std::printf("%-5s %8lld %7lld %7.3f %8.4f %8.4f %8.4f %8.4f %10.0f %6s "
                  "%6s %6s %10.0f %8.2f\n",
                  name.c_str(), static_cast<long long>(m.ops),
                  static_cast<long long>(m.after.total), m.gen.cpu,
                  m.canonicalize.cpu, m.fold.cpu, m.total().cpu,
                  m.total().wall, ops / m.total().cpu,
                  growth(canonPerOp, previousCanon).c_str(),
                  growth(foldPerOp, previousFold).c_str(),
                  totalGrowth.c_str(), ops / arith.total().cpu,
                  arithPerOp / perOp);
      std::printf("RESULT shape=%s size=%lld config=%s ops=%lld ops_after=%lld "
                  "gen_seconds=%.6f canonicalize_seconds=%.6f "
                  "fold_movement_seconds=%.6f seconds=%.6f "
                  "wall_seconds=%.6f verify_seconds=%.6f ops_per_s=%.1f "
                  "growth=%s left=%s\n",
                  name.c_str(), static_cast<long long>(size), config.c_str(),
                  static_cast<long long>(m.ops),
                  static_cast<long long>(m.after.total), m.gen.cpu,
                  m.canonicalize.cpu, m.fold.cpu, m.total().cpu,
                  m.total().wall, m.verify.cpu, ops / m.total().cpu,
                  totalGrowth.c_str(), describe(m.after).c_str());
      std::printf("ARITH shape=%s size=%lld config=%s ops=%lld ops_after=%lld "
                  "seconds=%.6f ops_per_s=%.1f growth=%s tiny_over_arith=%.3f\n",
                  name.c_str(), static_cast<long long>(size), config.c_str(),
                  static_cast<long long>(arith.ops),
                  static_cast<long long>(arith.after.total), arith.total().cpu,
                  ops / arith.total().cpu, arithGrowth.c_str(),
                  arithPerOp / perOp);
      std::fflush(stdout);
      previousPerOp = perOp;
      previousCanon = canonPerOp;
      previousFold = foldPerOp;
      previousArith = arithPerOp;
    }
  }
  return 0;
}
