"""Runs a program through tiny-run and judges the result.

Outcomes:
  pass         every returned element agrees with the reference
  wrong-value  a result differs (or has the wrong shape or dtype)
  crash        tiny-run died of a signal, or printed an LLVM fatal error or
               a failed assertion: it must never, on a well-typed program
  refused      tiny-run reported an error on a program tiny-opt verifies:
               a valid program it cannot compile or run
  invalid      tiny-opt rejects the program: a generator bug
  fuzzer-error the reference failed: a bug of the fuzzer
  timeout      no answer within the time limit
"""

import collections
import os
import re
import subprocess
import traceback
from dataclasses import dataclass, field

import numpy as np

from . import dtypes
from . import ir
from . import reference

CRASH_MARKERS = ("LLVM ERROR", "Assertion", "Stack dump", "PLEASE submit",
                 "UNREACHABLE", "Segmentation fault")


@dataclass
class Outcome:
    kind: str
    detail: list = field(default_factory=list)
    # Returned elements compared: held exactly, within a bound, not held.
    stats: collections.Counter = field(default_factory=collections.Counter)

    @property
    def signature(self):
        """What a smaller program must keep to show the same failure: the
        kind, and for errors the first error line with names, numbers
        and types masked."""
        if self.kind in ("wrong-value", "timeout", "pass"):
            return (self.kind,)
        line = next((d for d in self.detail if "error" in d or "ERROR" in d
                     or "Assertion" in d), self.detail[0] if self.detail
                    else "")
        line = re.sub(r"^.*?(error|ERROR|Assertion)", r"\1", line)
        line = re.sub(r"tensor<[^>]*>+", "T", line)
        line = re.sub(r"%[\w#]+|@\w+|\d+", "N", line)
        return (self.kind, line.strip())


def write_program(program, directory):
    """Writes prog.mlir and in<i>.npy into `directory`; returns the paths
    of the inputs."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "prog.mlir"), "w") as f:
        f.write(ir.to_mlir(program))
    paths = []
    for i, (value, param) in enumerate(zip(program.inputs,
                                           program.entry.params)):
        path = os.path.join(directory, f"in{i}.npy")
        np.save(path, np.asarray(value, dtype=dtypes.npy_dtype(
            param.type.dtype)))
        paths.append(path)
    return paths


def run_command(program, directory, tiny_run):
    """The tiny-run command line for a program written to `directory`."""
    command = [tiny_run, os.path.join(directory, "prog.mlir"), "--entry=main"]
    for i in range(len(program.inputs)):
        command += ["-i", os.path.join(directory, f"in{i}.npy")]
    for i in range(len(program.entry.outputs)):
        command += ["-o", os.path.join(directory, f"out{i}.npy")]
    return command


def _crashed(returncode, text):
    return returncode < 0 or returncode >= 128 or any(
        marker in text for marker in CRASH_MARKERS)


def check(program, directory, tools, timeout=60, verify=True):
    """Runs `program` (written to `directory`) and compares with the
    reference. `tools` maps "tiny-run" and "tiny-opt" to paths. Without
    `verify`, a program tiny-run rejects is not checked with tiny-opt (the
    minimizer's edits keep programs well typed): it counts as refused."""
    write_program(program, directory)
    for i in range(len(program.entry.outputs)):
        path = os.path.join(directory, f"out{i}.npy")
        if os.path.exists(path):
            os.remove(path)
    command = run_command(program, directory, tools["tiny-run"])
    try:
        proc = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome("timeout", [f"no answer in {timeout} s"])
    text = proc.stdout + proc.stderr
    lines = [l for l in text.splitlines() if l.strip()]
    if _crashed(proc.returncode, text):
        return Outcome("crash", [f"exit status {proc.returncode}"] + lines)
    if proc.returncode != 0 and verify:
        verified = subprocess.run(
            [tools["tiny-opt"], os.path.join(directory, "prog.mlir"),
             "-o", os.devnull], capture_output=True, text=True,
            timeout=timeout)
        if verified.returncode != 0:
            return Outcome("invalid", verified.stderr.splitlines())
    if proc.returncode != 0:
        return Outcome("refused", lines)
    stats = collections.Counter()
    try:
        expected = reference.evaluate(program)
        detail = []
        for i, (want, node) in enumerate(zip(expected,
                                             program.entry.outputs)):
            got = np.load(os.path.join(directory, f"out{i}.npy"))
            for problem in reference.compare(
                    node.type.dtype, got, want, stats,
                    signed_zero="signed-zero" in program.features):
                detail.append(f"result {i} ({_type_text(node.type)}): "
                              f"{problem}")
    except Exception:  # a bug of the fuzzer's own, reported as such
        return Outcome("fuzzer-error", traceback.format_exc().splitlines())
    return Outcome("wrong-value" if detail else "pass", detail, stats)


def unread_params(program, directory, tools, timeout=60):
    """Entry param slots that -tiny-simplify leaves unread (folded away or
    unused by a callee): a known cause of shifted inputs while unfixed."""
    proc = subprocess.run([tools["tiny-opt"], os.path.join(
        directory, "prog.mlir"), "--tiny-simplify"], capture_output=True,
        text=True, timeout=timeout)
    if proc.returncode != 0:
        return []
    text = proc.stdout
    body = text[text.find("tiny.function @main"):]
    body = body[:body.find("\n  }")]
    present = {int(m) for m in re.findall(r"tiny\.param (\d+)", body)}
    return [i for i in range(len(program.entry.params)) if i not in present]


def _type_text(t):
    return "x".join(str(d) for d in t.shape) + ("x" if t.shape else "") + \
        t.dtype
