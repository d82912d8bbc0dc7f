#!/usr/bin/env python3
"""Runs tinygrad's collectives, written as tiny programs, on virtual devices.

Usage: collectives.py TINY_RUN

For each collective, device count (2, 3, 4) and length (12, which every
count divides, and 7, which none does) the script writes a tensor-level
program, runs it with `tiny-run --print-device-stats`, and compares every
result with the value computed here in plain Python. For the `tiny.allreduce`
op lowered as a ring, all-to-all and naive exchange it also checks the bytes
each device sent, read from the runtime's counters (see `check_bytes`).
Prints one line per case and `FAIL` for any mismatch; exits 1 on failure.

Devices are CPU:1 .. CPU:n (the root is CPU:1). A length-N vector is split
into n chunks along its only axis, the first N mod n chunks one element
longer than the rest.
"""

import os
import re
import subprocess
import sys
import tempfile

DTYPE = "i32"
ELEMENT_BYTES = 4


def chunks(length, n):
    """(offset, size) of each of the n chunks of a length-long vector."""
    base, extra = divmod(length, n)
    result, offset = [], 0
    for i in range(n):
        size = base + (1 if i < extra else 0)
        result.append((offset, size))
        offset += size
    return result


def dev(i):
    return f"CPU:{i + 1}"


def ty(size, i):
    return f'tensor<{size}x{DTYPE}, #tiny.device<"{dev(i)}">>'


class Program:
    """Builds one tiny.function line by line."""

    def __init__(self):
        self.lines, self.count = [], 0

    def op(self, text):
        name = f"%v{self.count}"
        self.count += 1
        self.lines.append(f"  {name} = {text}")
        return name

    def param(self, slot, size, i):
        return self.op(f'tiny.param {slot} : {DTYPE} size {size} on "{dev(i)}"')

    def copy(self, value, size, src, dst):
        return self.op(f'tiny.copy {value} to "{dev(dst)}" : {ty(size, src)}')

    def shrink(self, value, size, i, start, end):
        return self.op(f"tiny.shrink {value} [{start}] to [{end}] : {ty(size, i)}")

    def pad(self, value, size, i, low, high):
        return self.op(f"tiny.pad {value} low [{low}] high [{high}] : {ty(size, i)}")

    def add(self, a, b, size, i):
        return self.op(f"tiny.add {a}, {b} : {ty(size, i)}, {ty(size, i)}")

    def concat(self, pieces, length, i):
        """Concatenates (value, size) pieces on device i: each is padded to
        the full length at its place and the padded pieces are added (an
        integer add of zeros changes no value)."""
        total, offset = None, 0
        for value, size in pieces:
            padded = self.pad(value, size, i, offset, length - offset - size)
            offset += size
            total = padded if total is None else self.add(total, padded, length, i)
        return total

    def sum(self, values, size, i):
        total = values[0]
        for value in values[1:]:
            total = self.add(total, value, size, i)
        return total

    def finish(self, results):
        """results: list of (value, size, device)."""
        types = [ty(size, i) for _, size, i in results]
        if len(results) == 1:
            ret, ret_type = results[0][0], types[0]
        else:
            ret = self.op(f"tiny.tuple {', '.join(v for v, _, _ in results)} : "
                          f"{', '.join(types)}")
            ret_type = f"tuple<{', '.join(types)}>"
        body = "\n".join(self.lines)
        return (f"tiny.function @f -> {ret_type} {{\n{body}\n"
                f"  tiny.return {ret} : {ret_type}\n}}\n")


def vector(i, length):
    """Device i's input: distinct values per device and position."""
    return [(i + 1) * 100 + k for k in range(length)]


def broadcast(n, length):
    p = Program()
    x = p.param(0, length, 0)
    outs = [(x, length, 0)] + [(p.copy(x, length, 0, j), length, j)
                              for j in range(1, n)]
    data = vector(0, length)
    return p.finish(outs), [data], [data] * n


def scatter(n, length):
    p = Program()
    x = p.param(0, length, 0)
    data = vector(0, length)
    outs, expected = [], []
    for j, (offset, size) in enumerate(chunks(length, n)):
        piece = p.shrink(x, length, 0, offset, offset + size)
        if j:
            piece = p.copy(piece, size, 0, j)
        outs.append((piece, size, j))
        expected.append(data[offset:offset + size])
    return p.finish(outs), [data], expected


def chunk_params(p, n, length):
    """One param per device holding that device's chunk of the vector."""
    values, inputs = [], []
    for i, (offset, size) in enumerate(chunks(length, n)):
        values.append((p.param(i, size, i), size))
        inputs.append([1000 * (i + 1) + offset + k for k in range(size)])
    return values, inputs


def gather(n, length):
    p = Program()
    values, inputs = chunk_params(p, n, length)
    pieces = [(v if i == 0 else p.copy(v, size, i, 0), size)
              for i, (v, size) in enumerate(values)]
    total = p.concat(pieces, length, 0)
    return p.finish([(total, length, 0)]), inputs, [sum(inputs, [])]


def allgather(n, length):
    p = Program()
    values, inputs = chunk_params(p, n, length)
    outs = []
    for j in range(n):
        pieces = [(v if i == j else p.copy(v, size, i, j), size)
                  for i, (v, size) in enumerate(values)]
        outs.append((p.concat(pieces, length, j), length, j))
    return p.finish(outs), inputs, [sum(inputs, [])] * n


def full_params(p, n, length):
    values = [p.param(i, length, i) for i in range(n)]
    return values, [vector(i, length) for i in range(n)]


def elementwise_sum(inputs):
    return [sum(column) for column in zip(*inputs)]


def reduce(n, length):
    p = Program()
    values, inputs = full_params(p, n, length)
    moved = [v if i == 0 else p.copy(v, length, i, 0)
             for i, v in enumerate(values)]
    total = p.sum(moved, length, 0)
    return p.finish([(total, length, 0)]), inputs, [elementwise_sum(inputs)]


def reduce_scatter(n, length):
    p = Program()
    values, inputs = full_params(p, n, length)
    total = elementwise_sum(inputs)
    outs, expected = [], []
    for j, (offset, size) in enumerate(chunks(length, n)):
        parts = []
        for i, v in enumerate(values):
            part = p.shrink(v, length, i, offset, offset + size)
            parts.append(part if i == j else p.copy(part, size, i, j))
        outs.append((p.sum(parts, size, j), size, j))
        expected.append(total[offset:offset + size])
    return p.finish(outs), inputs, expected


def allreduce_composed(n, length):
    p = Program()
    values, inputs = full_params(p, n, length)
    outs = []
    for j in range(n):
        moved = [v if i == j else p.copy(v, length, i, j)
                 for i, v in enumerate(values)]
        outs.append((p.sum(moved, length, j), length, j))
    return p.finish(outs), inputs, [elementwise_sum(inputs)] * n


def allreduce_op(n, length):
    """tiny.allreduce on the shards of an mstack, read back per device."""
    p = Program()
    values, inputs = full_params(p, n, length)
    devices = ", ".join(f'"{dev(i)}"' for i in range(n))
    multi = f"tensor<{length}x{DTYPE}, #tiny.device<{devices}>>"
    m = p.op(f"tiny.mstack {', '.join(values)} : "
             f"{', '.join(ty(length, i) for i in range(n))}")
    r = p.op(f"tiny.allreduce add {m} : {multi}")
    outs = [(p.op(f"tiny.mselect {r}[{j}] : {multi}"), length, j)
            for j in range(n)]
    return p.finish(outs), inputs, [elementwise_sum(inputs)] * n


def check_bytes(algorithm, n, length, stats):
    """The elements each device sent, from its counters: everything it
    copied out but the download of its own length-long result, compared
    with what each exchange must send (s_i is the size of chunk i, indices
    mod n):
    - ring: chunk i is combined along the ring starting on device i+1 and
      ends on device i, which then passes it on around the ring. Device d
      forwards every partial chunk but the one it finishes (d), and every
      finished chunk but the one it receives last (d+1): 2N - s_d - s_{d+1}.
    - all2all: device d sends every chunk but its own to that chunk's
      device, then its finished chunk to the n-1 others: N + (n-2) s_d.
    - naive: every shard goes whole to every other device: (n-1) N.
    When n divides N the first two are both 2(n-1)N/n, what a ring must
    send; over all devices each sends 2(n-1)N."""
    sent = [stats[dev(i)] // ELEMENT_BYTES - length for i in range(n)]
    sizes = [size for _, size in chunks(length, n)]
    if algorithm == "ring":
        expected = [2 * length - sizes[d] - sizes[(d + 1) % n]
                    for d in range(n)]
    elif algorithm == "all2all":
        expected = [length + (n - 2) * sizes[d] for d in range(n)]
    else:
        expected = [(n - 1) * length] * n
    if algorithm != "naive":
        assert sum(expected) == 2 * (n - 1) * length
        if length % n == 0:
            assert expected == [2 * (n - 1) * length // n] * n
    return sent == expected, sent


RESULT = re.compile(r"^\[(.*)\] : tensor<.*>$")
STATS = re.compile(r"^device (\S+): .* copied out (\d+) B$")


def run(tiny_run, path, inputs, extra):
    command = [tiny_run, path, "--print-device-stats"] + extra
    for values in inputs:
        command += ["-i", ",".join(map(str, values))]
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        return None, None, proc.stderr.strip()
    results, stats = [], {}
    for line in proc.stdout.splitlines():
        if m := RESULT.match(line):
            results.append([int(x) for x in m.group(1).split(",")])
        elif m := STATS.match(line):
            stats[m.group(1)] = int(m.group(2))
    return results, stats, None


def main():
    tiny_run = sys.argv[1]
    builders = [("broadcast", broadcast), ("scatter", scatter),
                ("gather", gather), ("allgather", allgather),
                ("reduce", reduce), ("reduce-scatter", reduce_scatter),
                ("allreduce", allreduce_composed)]
    cases = [(name, build, None) for name, build in builders]
    cases += [(f"allreduce-op-{a}", allreduce_op, a)
              for a in ("ring", "all2all", "naive")]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, build, algorithm in cases:
            for n in (2, 3, 4):
                for length in (12, 7):
                    text, inputs, expected = build(n, length)
                    path = os.path.join(tmp, f"{name}-{n}-{length}.mlir")
                    with open(path, "w") as f:
                        f.write(text)
                    extra = [f"--allreduce={algorithm}"] if algorithm else []
                    results, stats, error = run(tiny_run, path, inputs, extra)
                    label = f"{name} n={n} N={length}"
                    if error is not None:
                        print(f"FAIL {label}: {error}")
                        failures += 1
                        continue
                    if results != expected:
                        print(f"FAIL {label}: got {results}, expected {expected}")
                        failures += 1
                        continue
                    note = ""
                    if algorithm:
                        ok, sent = check_bytes(algorithm, n, length, stats)
                        note = f" sent {sent} elements"
                        if not ok:
                            print(f"FAIL {label}:{note}")
                            failures += 1
                            continue
                    print(f"ok {label}{note}")
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
