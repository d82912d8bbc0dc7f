"""tiny as a tinygrad backend against tinygrad's own CPU backends, on the
models of frontends/tinygrad/tests/workloads.py (GPT-2, ResNet-18, a
beautiful_mnist training step), in the same run on the same machine.

    PYTHONPATH=python:frontends/tinygrad /usr/bin/python3 bench/frontend/models.py
    ... models.py --models resnet18 --runs 20 --json out.json

Each (model, engine) is measured in a fresh process, so nothing compiled
before is in memory; tinygrad runs with CACHELEVEL=0 (its disk caches of
compiled kernels and beam results off) and tiny without TINY_CACHE_DIR (no
disk cache). In that process, after a trivial realize (device start-up,
compiler and library loading, not counted), the model is built from seeded
weights and one step (forward, or training step) is realized twice:

  compile cold   the first step's graph -> runnable code.
                 tinygrad: Tensor.linear_with_vars (schedule: rangeify,
                 kernel split) + compile_linear (codegen, clang or LLVM
                 compile, in parallel over PARALLEL worker processes).
                 tiny: export (tinygrad UOp graph -> tiny IR text) + compile
                 (tiny's whole pipeline and LLVM's JIT). The column
                 "(sched|export)" is the first part alone.
  compile warm   the same for the second step, whose graph is the same:
                 tinygrad's schedule cache and program cache hit; tiny
                 exports again (the IR text is the key) and finds the
                 compiled program in the frontend's in-process cache.
  run            steady state, median over --runs steps after two warm-up
                 steps. tinygrad: a TinyJit of the step, its best
                 (captured kernels replayed, no scheduling). tiny: the
                 compiled program's run on tinygrad's buffers (the time
                 spent in tiny.Program.run_addresses, plus the output
                 buffers' allocation).
  step           steady state, median wall time of a whole step without a
                 JIT (graph building, schedule or export, cache lookups,
                 run), for both.
  kernels        tinygrad: the kernel CALLs (SINK/PROGRAM) of the step's
                 schedules (copies and other calls counted apart); tiny:
                 the kernel launches of the programs the step runs
                 (tiny.Program.launches, which the compile counts; copies
                 between devices counted apart), summed over the step's
                 realizes.

tinygrad's CPU backends: CPU:CLANG (C through clang -O2 -march=native,
tinygrad's default) and CPU:LLVM (LLVM IR through libLLVM). tinygrad's CPU
device runs a kernel's NUM_CPU_THREADS chunks one after another on the
calling thread, so its kernels run on one core whatever NUM_CPU_THREADS
says; tiny's kernels run their outer loops in parallel with OpenMP
(OMP_NUM_THREADS, default: all cores); the engine "tiny:1" is tiny with
OMP_NUM_THREADS=1.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TESTS = os.path.join(ROOT, "frontends", "tinygrad", "tests")
sys.path.insert(0, TESTS)

import workloads  # noqa: E402

ENGINES = ("tinygrad:CLANG", "tinygrad:LLVM", "tiny", "tiny:1")


# ---------------------------------------------------------------------------
# The measuring process
# ---------------------------------------------------------------------------


class _TinygradProbe:
    """Times tinygrad's schedule, compile and run calls and keeps the
    schedules, by wrapping the functions Tensor.realize calls."""

    def __init__(self):
        import tinygrad.engine.realize as realize
        import tinygrad.tensor as tensor
        self.reset()
        probe = self
        linear_with_vars = tensor.Tensor.linear_with_vars
        compile_linear = realize.compile_linear
        run_linear = tensor.run_linear

        def timed_linear_with_vars(self, *lst):
            start = time.perf_counter()
            result = linear_with_vars(self, *lst)
            probe.schedule_s += time.perf_counter() - start
            probe.linears.append(result[0])
            return result

        def timed_compile_linear(*args, **kwargs):
            start = time.perf_counter()
            result = compile_linear(*args, **kwargs)
            probe.compile_s += time.perf_counter() - start
            return result

        def timed_run_linear(*args, **kwargs):
            start = time.perf_counter()
            result = run_linear(*args, **kwargs)
            probe.run_linear_s += time.perf_counter() - start
            return result

        tensor.Tensor.linear_with_vars = timed_linear_with_vars
        realize.compile_linear = timed_compile_linear
        tensor.run_linear = timed_run_linear

    def reset(self):
        self.schedule_s = self.compile_s = self.run_linear_s = 0.0
        self.linears = []

    def kernels(self):
        """(kernels, other calls) in the schedules since the last reset."""
        from tinygrad.uop.ops import Ops
        kernels = other = 0
        for linear in self.linears:
            for call in linear.src:
                head = call.src[0] if call.src else None
                if head is not None and head.op in (Ops.SINK, Ops.PROGRAM):
                    kernels += 1
                else:
                    other += 1
        return kernels, other


class _TinyProbe:
    """Reads tiny_tinygrad's stats and keeps the programs it compiles or
    finds in its cache, by wrapping realize._compile."""

    def __init__(self):
        import tiny_tinygrad  # noqa: F401
        realize = sys.modules["tiny_tinygrad.realize"]
        self.stats = realize.stats
        self.programs = []
        original = realize._compile

        def recording_compile(text):
            compiled = original(text)
            self.programs.append(compiled[0])
            return compiled

        # Every realize compiles (or finds in its cache) through _compile.
        realize._compile = recording_compile
        self.reset()

    def reset(self):
        self.stats.reset()
        self.programs = []

    def kernels(self):
        """(kernel launches, copies) of the programs run since the last
        reset, as their compiles counted them."""
        kernels = copies = 0
        for program in self.programs:
            launches = program.launches
            if launches is None:
                raise RuntimeError("a program from tiny's disk cache does "
                                   "not say what it launches")
            kernels += sum(launch.kind == "kernel" for launch in launches)
            copies += sum(launch.kind == "copy" for launch in launches)
        return kernels, copies


def _tinygrad_setup():
    from tinygrad import Device
    from tinygrad.helpers import NUM_CPU_THREADS, PARALLEL
    renderer = Device[Device.DEFAULT].renderer
    return {"device": Device.DEFAULT,
            "renderer": type(renderer).__name__,
            "target": str(getattr(renderer, "target", "")),
            "compiler": type(getattr(renderer, "compiler", None)).__name__,
            "num_cpu_threads": NUM_CPU_THREADS.value,
            "parallel_compile": PARALLEL.value,
            "cachelevel": os.environ.get("CACHELEVEL")}


def measure(engine, name, runs, seed=0):
    """One engine on one model, in this (fresh) process: a dict of
    figures."""
    workloads.import_tinygrad()
    from tinygrad import Device, Tensor, TinyJit
    is_tiny = engine.startswith("tiny") and not engine.startswith("tinygrad")
    if is_tiny:
        import tiny.tinygrad as tiny_tinygrad
        probe = _TinyProbe()
    else:
        probe = _TinygradProbe()
    # Start-up costs, not counted: device, compiler, library.
    Tensor.realize((Tensor.ones(4).contiguous() + 1))
    if is_tiny:
        tiny_tinygrad.realize((Tensor.ones(4).contiguous() + 2))
    if is_tiny:
        setup = {"omp_num_threads": os.environ.get("OMP_NUM_THREADS",
                                                   "default (all cores)"),
                 "tiny_cache_dir": os.environ.get("TINY_CACHE_DIR"),
                 "library": os.environ.get("TINY_C_LIBRARY", "bazel-bin")}
    else:
        setup = _tinygrad_setup()
    info = {"engine": engine, "model": name, "setup": setup}
    run = workloads.WORKLOADS[name](seed)
    sync = Device[Device.DEFAULT].synchronize

    def step():
        if is_tiny:
            tiny_tinygrad.enable()
            try:
                tiny_tinygrad.realize(*run.step())
            finally:
                tiny_tinygrad.disable()
        else:
            Tensor.realize(*run.step())
        sync()

    def compile_seconds():
        if is_tiny:
            return probe.stats.export_s + probe.stats.compile_s
        return probe.schedule_s + probe.compile_s

    def run_seconds():
        if is_tiny:
            return probe.stats.run_s
        return probe.run_linear_s - probe.compile_s

    try:
        for label in ("cold", "warm"):
            probe.reset()
            start = time.perf_counter()
            step()
            info["first_step_s" if label == "cold" else "second_step_s"] = (
                time.perf_counter() - start)
            info["compile_%s_s" % label] = compile_seconds()
            if label == "cold":
                info["kernels"], info["other_calls"] = probe.kernels()
                if is_tiny:
                    info["realizes"] = probe.stats.realizes
                    info["front_cold_s"] = probe.stats.export_s
                else:
                    info["realizes"] = len(probe.linears)
                    info["front_cold_s"] = probe.schedule_s
            elif is_tiny:
                info["compiles_warm"] = probe.stats.compiles
        steps, runs_s = [], []
        for i in range(runs + 2):
            probe.reset()
            start = time.perf_counter()
            step()
            if i >= 2:
                steps.append(time.perf_counter() - start)
                runs_s.append(run_seconds())
        info["step_s"] = statistics.median(steps)
        if is_tiny:
            info["run_s"] = statistics.median(runs_s)
        else:
            info["run_nojit_s"] = statistics.median(runs_s)
            jitted = TinyJit(lambda: Tensor.realize(*run.step()))
            times = []
            for i in range(runs + 3):
                start = time.perf_counter()
                jitted()
                sync()
                if i >= 3:
                    times.append(time.perf_counter() - start)
            info["run_s"] = statistics.median(times)
    except Exception as e:  # reported in the table, with its first line
        info["error"] = "%s: %s" % (type(e).__name__,
                                    str(e).strip().splitlines()[0][:300])
    return info


# ---------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------


def _environment(engine):
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("TINY_TINYGRAD", None)
    if engine.startswith("tinygrad"):
        env["CACHELEVEL"] = "0"
        env["DEV"] = "CPU:" + engine.split(":")[1]
    else:
        env.pop("TINY_CACHE_DIR", None)
        env.pop("DEV", None)
        if engine == "tiny:1":
            env["OMP_NUM_THREADS"] = "1"
    return env


def run_measure(engine, name, runs, timeout):
    command = [sys.executable, os.path.abspath(__file__), "--measure",
               engine, name, "--runs", str(runs)]
    try:
        done = subprocess.run(command, env=_environment(engine),
                              capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"engine": engine, "model": name,
                "error": "timed out after %ds" % timeout}
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    tail = (done.stderr or done.stdout).strip().splitlines()[-1:]
    return {"engine": engine, "model": name,
            "error": "exit %d: %s" % (done.returncode,
                                      tail[0] if tail else "")}


def _ms(seconds):
    return "-" if seconds is None else "%.1f" % (seconds * 1e3)


def _ratio(a, b):
    if a is None or b is None or not b:
        return "-"
    return "%.2f" % (a / b)


def table(results, reference="tinygrad:CLANG"):
    """The figures per model and engine, with ratios to `reference` (tiny
    over tinygrad: below 1 is tiny faster or fewer)."""
    columns = ("model", "engine", "compile cold ms", "(sched|export)",
               "compile warm ms", "run ms", "step ms", "kernels", "x cold",
               "x warm", "x run", "x step", "x kernels")
    rows = []
    by_key = {(r["model"], r["engine"]): r for r in results}
    for r in results:
        ref = by_key.get((r["model"], reference), {})
        if "error" in r:
            rows.append((r["model"], r["engine"], "FAILED: " + r["error"]))
            continue
        kernels = str(r["kernels"])
        rows.append((
            r["model"], r["engine"], _ms(r.get("compile_cold_s")),
            _ms(r.get("front_cold_s")),
            _ms(r.get("compile_warm_s")), _ms(r.get("run_s")),
            _ms(r.get("step_s")), kernels,
            _ratio(r.get("compile_cold_s"), ref.get("compile_cold_s")),
            _ratio(r.get("compile_warm_s"), ref.get("compile_warm_s")),
            _ratio(r.get("run_s"), ref.get("run_s")),
            _ratio(r.get("step_s"), ref.get("step_s")),
            _ratio(r.get("kernels"), ref.get("kernels"))))
    widths = [max(len(columns[i]), *(len(row[i]) for row in rows
                                     if len(row) > 3))
              for i in range(len(columns))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths))]
    for row in rows:
        if len(row) == 3:
            lines.append("  ".join((row[0].rjust(widths[0]),
                                    row[1].rjust(widths[1]), row[2])))
        else:
            lines.append("  ".join(c.rjust(w) for c, w in zip(row, widths)))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default=",".join(workloads.WORKLOADS),
                        help="comma-separated: " +
                        ", ".join(workloads.WORKLOADS))
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="comma-separated: " + ", ".join(ENGINES))
    parser.add_argument("--runs", type=int, default=10,
                        help="steady-state steps per median")
    parser.add_argument("--timeout", type=int, default=900,
                        help="seconds per (model, engine) process")
    parser.add_argument("--json", help="write every figure here")
    parser.add_argument("--measure", nargs=2, metavar=("ENGINE", "MODEL"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    missing = workloads.tinygrad_missing()
    if missing:
        sys.exit("models.py: " + missing)
    if args.measure:
        print(json.dumps(measure(args.measure[0], args.measure[1],
                                 args.runs)))
        return
    results = []
    for name in args.models.split(","):
        for engine in args.engines.split(","):
            result = run_measure(engine, name, args.runs, args.timeout)
            results.append(result)
            print("measured %s on %s%s" % (
                name, engine, ": " + result["error"] if "error" in
                result else ""), file=sys.stderr, flush=True)
    print("machine: %d cores, load average %.2f %.2f %.2f" % (
        (os.cpu_count() or 0,) + os.getloadavg()))
    setups = {r["engine"]: r["setup"] for r in results if "setup" in r}
    for engine, setup in setups.items():
        print("%s: %s" % (engine, ", ".join("%s=%s" % kv for kv in
                                            sorted(setup.items()))))
    print(table(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
