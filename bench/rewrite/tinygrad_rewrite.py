#!/usr/bin/env python3
"""Times tinygrad's graph_rewrite(sink, symbolic) on the graphs bench-rewrite
builds, and prints tiny's ops/s over tinygrad's per size.

The graphs follow bench-rewrite's recipe (rewrite.cpp, GraphBuilder) op for
op, on int32 scalar UOps instead of i32 tensor<2x3> values. tinygrad's
symbolic rules do not apply to movement ops, so each movement op of the
recipe (a reshape and its inverse, a permute and its inverse) is an identity
that symbolic folds instead: alternately mul by 1 and add of 0. int32 (not
tinygrad's default weakint) keeps symbolic from distributing muls over adds,
so the same ops survive on both sides: the alternating adds and muls.

tinygrad is imported from $TINYGRAD_PATH (a source checkout); the project
holds none of its code. Usage:
  TINYGRAD_PATH=/path/to/tinygrad python3 tinygrad_rewrite.py \
      [--tiny-results FILE] [--max-ops N] [--shape chain|wide|both] \
      [--reps K] [--time-limit S]
FILE holds bench-rewrite's output; its RESULT lines give the ratios, and
its ARITH lines (upstream arith under -canonicalize, the same recipe on i32
scalars) the ratio MLIR's own rewrite driver reaches on the same graph.
"""

import argparse
import gc
import os
import re
import sys
import time

NUM_ARGS = 4
FIRST_CONST = 2
CYCLE = 8
UNIT_OPS = 8
LEAF_OPS = 2 + UNIT_OPS + 2


# graph_rewrite gives up ("infinite loop in graph_rewrite (stack too big)")
# when its stack passes REWRITE_STACK_LIMIT, 250000 by default: a 10^6-op
# chain needs more. The limit is a guard, not a rule, so it is raised here
# (before tinygrad reads it) unless the caller set it.
STACK_LIMIT = os.environ.setdefault("REWRITE_STACK_LIMIT", "10000000")


def import_tinygrad():
  path = os.environ.get("TINYGRAD_PATH")
  if not path:
    sys.exit("tinygrad_rewrite.py: set TINYGRAD_PATH to a tinygrad checkout")
  sys.path.insert(0, path)
  try:
    from tinygrad.dtype import dtypes
    from tinygrad.uop.ops import UOp, Ops, graph_rewrite
    from tinygrad.uop.symbolic import symbolic
  except ImportError as e:
    sys.exit(f"tinygrad_rewrite.py: cannot import tinygrad from {path}: {e}")
  return dtypes, UOp, Ops, graph_rewrite, symbolic


dtypes, UOp, Ops, graph_rewrite, symbolic = import_tinygrad()
DTYPE = dtypes.int32


class Graph:
  """Builds bench-rewrite's graphs as UOps (hash-consed: a constant or a
  constant sum is one UOp however often it is used, as bench-rewrite makes
  one op per constant and per constant pair)."""

  def const(self, value):
    return UOp.const(value, DTYPE)

  def unit(self, v, i):
    a = FIRST_CONST + i % CYCLE
    b = FIRST_CONST + (i // CYCLE) % CYCLE
    s = self.const(a) + self.const(b)  # folds to a constant
    v1 = v + s                         # stays
    v2 = v1 * self.const(1)            # x * 1 -> x
    v3 = v2 + self.const(0)            # stands for reshape [3, 2]
    v4 = v3 * self.const(1)            # stands for the reshape back
    v5 = v4 * self.const(b)            # stays
    v6 = v5 + self.const(0)            # x + 0 -> x
    v7 = v6 * self.const(1)            # stands for permute [1, 0]
    return v7 + self.const(0)          # stands for the permute back

  def variables(self):
    return [UOp.variable(f"x{k}", 0, 100, DTYPE) for k in range(NUM_ARGS)]

  def chain(self, target_ops):
    v = self.variables()[0]
    for i in range(max(1, target_ops // UNIT_OPS)):
      v = self.unit(v, i)
    return v.sink()

  def wide(self, target_ops):
    args = self.variables()
    level = [self.unit(args[j % NUM_ARGS] * self.const(1000 + j), j)
             for j in range(max(1, target_ops // LEAF_OPS))]
    while len(level) > 1:
      nxt = [(level[k] + level[k + 1]) * self.const(1)
             for k in range(0, len(level) - 1, 2)]
      if len(level) % 2:
        nxt.append(level[-1])
      level = nxt
    return level[0].sink()


def count_ops(sink):
  """ALU and CONST UOps: what bench-rewrite counts as ops (its function
  arguments, here variables, and the sink are not ops)."""
  return sum(1 for u in sink.toposort() if u.op in (Ops.ADD, Ops.MUL, Ops.CONST))


def measure(shape, size, reps):
  best = None
  for _ in range(reps):
    # Nothing of an earlier run may survive: UOps are hash-consed and cache
    # derived properties, which would make the next run cheaper.
    gc.collect()
    t0, c0 = time.perf_counter(), time.process_time()
    sink = getattr(Graph(), shape)(size)
    gen = time.process_time() - c0
    ops = count_ops(sink)
    t0, c0 = time.perf_counter(), time.process_time()
    out = graph_rewrite(sink, symbolic)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    left = count_ops(out)
    if best is None or cpu < best["seconds"]:
      best = dict(ops=ops, left=left, gen=gen, seconds=cpu, wall=wall)
    del sink, out
  return best


def read_results(path, prefix):
  """bench-rewrite's `prefix` lines (RESULT: tiny, ARITH: the arith
  reference) by (shape, size)."""
  results = {}
  if not path:
    return results
  with open(path) as f:
    for line in f:
      if not line.startswith(prefix + " "):
        continue
      fields = dict(kv.split("=", 1) for kv in line.split()[1:])
      if fields.get("config", "default") != "default":
        continue  # a diagnostic run, not the pipeline users run
      results[(fields["shape"], int(fields["size"]))] = fields
  return results


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--tiny-results", help="bench-rewrite's output")
  parser.add_argument("--max-ops", type=int, default=10**6)
  parser.add_argument("--shape", default="both", choices=["chain", "wide", "both"])
  parser.add_argument("--reps", type=int, default=3,
                      help="runs per size, best kept (1 from 10^5 ops)")
  parser.add_argument("--time-limit", type=float, default=60.0,
                      help="skip a size whose estimated rewrite time is over this")
  args = parser.parse_args()
  tiny = read_results(args.tiny_results, "RESULT")
  arith = read_results(args.tiny_results, "ARITH")
  sys.setrecursionlimit(max(sys.getrecursionlimit(), 100000))

  shapes = ["chain", "wide"] if args.shape == "both" else [args.shape]
  print(f"tinygrad graph_rewrite(sink, symbolic), int32 scalar UOps, "
        f"tinygrad at {os.environ['TINYGRAD_PATH']}, "
        f"REWRITE_STACK_LIMIT={STACK_LIMIT}")
  print("seconds are CPU seconds of graph_rewrite (graph building apart); "
        "growth = (s/op) / (s/op at the size before)")
  print(f"{'shape':5} {'ops':>8} {'left':>7} {'gen_s':>7} {'rewrite_s':>9} "
        f"{'wall_s':>8} {'ops/s':>10} {'growth':>6} {'tiny ops/s':>11} {'ratio':>7} "
        f"{'arith/tg':>8}")
  ratios = []
  for shape in shapes:
    previous = None  # (size, seconds per op)
    size = 1000
    while size <= args.max_ops:
      if previous:
        # Estimate from the size before, its growth carried on.
        estimate = previous[2] * size / previous[0] * max(1.0, previous[3])
        if estimate > args.time_limit:
          print(f"{shape:5} {size:>8} skipped: estimated {estimate:.0f} s "
                f"> {args.time_limit:.0f} s")
          print(f"TINYGRAD shape={shape} size={size} skipped=1 "
                f"estimated_seconds={estimate:.1f}")
          size *= 10
          continue
      try:
        m = measure(shape, size, args.reps if size < 10**5 else 1)
      except (RuntimeError, RecursionError, MemoryError) as e:
        print(f"{shape:5} {size:>8} failed: {type(e).__name__}: {e}")
        print(f"TINYGRAD shape={shape} size={size} failed=1")
        break
      per_op = m["seconds"] / m["ops"]
      growth = per_op / previous[1] if previous else None
      ops_per_s = m["ops"] / m["seconds"]
      t = tiny.get((shape, size))
      tiny_rate = float(t["ops_per_s"]) if t else None
      ratio = tiny_rate / ops_per_s if t else None
      a = arith.get((shape, size))
      arith_ratio = float(a["ops_per_s"]) / ops_per_s if a else None
      if t and int(t["ops"]) != m["ops"]:
        print(f"warning: {shape} {size}: tiny has {t['ops']} ops, tinygrad {m['ops']}")
      print(f"{shape:5} {m['ops']:>8} {m['left']:>7} {m['gen']:>7.3f} "
            f"{m['seconds']:>9.4f} {m['wall']:>8.4f} {ops_per_s:>10.0f} "
            f"{'%.3f' % growth if growth else '-':>6} "
            f"{'%.0f' % tiny_rate if tiny_rate else '-':>11} "
            f"{'%.1f' % ratio if ratio else '-':>7} "
            f"{'%.1f' % arith_ratio if arith_ratio else '-':>8}")
      print(f"TINYGRAD shape={shape} size={size} ops={m['ops']} "
            f"ops_after={m['left']} gen_seconds={m['gen']:.6f} "
            f"seconds={m['seconds']:.6f} wall_seconds={m['wall']:.6f} "
            f"ops_per_s={ops_per_s:.1f} "
            f"growth={'%.3f' % growth if growth else '-'} "
            f"ratio={'%.2f' % ratio if ratio else '-'} "
            f"arith_ratio={'%.2f' % arith_ratio if arith_ratio else '-'}")
      sys.stdout.flush()
      if ratio:
        ratios.append((shape, size, ratio, arith_ratio))
      previous = (size, per_op, m["seconds"], growth or 1.0)
      size *= 10
  if ratios:
    print("tiny ops/s / tinygrad ops/s (target 50x): " +
          ", ".join(f"{s} {n:.0e}: {r:.1f}x" for s, n, r, _ in ratios))
    print("upstream arith -canonicalize ops/s / tinygrad ops/s: " +
          ", ".join(f"{s} {n:.0e}: {a:.1f}x" for s, n, _, a in ratios if a))


if __name__ == "__main__":
  main()
