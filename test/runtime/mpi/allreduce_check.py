"""Checks a run of allreduce.mlir (allreduce.sh): allreduce_check.py ALGO NP DIR.

DIR holds the inputs x<k>.npy (device k's 130 f32), the results of the run
in one process (local<k>.npy) and across NP ranks (ranks<k>.npy), and the
lines tiny-run --print-rank-bytes printed on every rank (bytes.txt). The
expected values and bytes are computed here, from the inputs and by hand,
never from a run of tiny.
"""
import re
import sys

import numpy as np

algorithm, np_arg, folder = sys.argv[1:]
ranks = int(np_arg)
devices = 2 * ranks
x = [np.load(f"{folder}/x{k}.npy") for k in range(devices)]
local = [np.load(f"{folder}/local{k}.npy") for k in range(devices)]
across = [np.load(f"{folder}/ranks{k}.npy") for k in range(devices)]
N = 130

# The sum in f64, then rounded. At most 5 f32 additions of values in
# [-4, 4] (partial sums within 24) each round by at most 2^-24 * 32.
exact = np.sum(np.stack(x).astype(np.float64), axis=0).astype(np.float32)
for name, results in (("one process", local), (f"{ranks} ranks", across)):
    for k, y in enumerate(results):
        assert y.dtype == np.float32 and y.shape == (N,), (name, k, y.shape)
        np.testing.assert_allclose(y, exact, rtol=0, atol=1e-5,
                                   err_msg=f"{name}, device {k}")
        # Every device holds the same bits.
        assert np.array_equal(y.view(np.uint32), results[0].view(np.uint32)), \
            (name, "device", k, "differs from device 0")


def same_bits(a, b):
    return np.array_equal(a.view(np.uint32), b.view(np.uint32))


# In one process, hierarchical is a reduce to device 0 in device order, and
# auto (130 elements, at most 256000) is naive, which adds in device order
# too: (((x0 + x1) + x2) + ...) in f32.
in_order = x[0]
for k in range(1, devices):
    in_order = in_order + x[k]
if algorithm in ("hierarchical", "auto", "naive"):
    assert same_bits(local[0], in_order), "one process: not in device order"

if algorithm in ("hierarchical", "auto"):
    # Across ranks auto is hierarchical (2 devices on every rank). Each
    # rank's leader adds its two inputs; the leaders then add as naive
    # (2 ranks) or as a ring of 3 (chunks [0,44) [44,87) [87,130): chunk q
    # starts on leader q+1, gets leader q+2's added, ends on leader q).
    lead = [x[2 * r] + x[2 * r + 1] for r in range(ranks)]
    if ranks == 2:
        expected = lead[0] + lead[1]
    else:
        expected = np.empty(N, np.float32)
        for q, (s, e) in enumerate(((0, 44), (44, 87), (87, 130))):
            a, b, c = lead[(q + 1) % 3], lead[(q + 2) % 3], lead[q]
            expected[s:e] = (a[s:e] + b[s:e]) + c[s:e]
    assert same_bits(across[0], expected), "ranks: not the hierarchical order"
else:
    # ring, all2all and naive are the same program whatever owns the
    # devices: the same bits.
    assert same_bits(across[0], local[0]), "ranks and one process differ"

# Bytes sent from rank a to rank b (f32: 4 B an element), by hand from the
# pass's description, N = 130, devices 2r and 2r+1 on rank r.
#   2 ranks, 4 devices, chunks s = 33,33,32,32:
#     ring: only devices 1 -> 2 and 3 -> 0 cross ranks, each sends
#       2N - s_d - s_{d+1} = 260 - 65 = 195 elements = 780 B.
#     all2all: each of a's 2 devices sends b's chunks (64 or 66) and its
#       own chunk to b's 2 devices (2 x 33 or 2 x 32): 2 x 130 = 260
#       elements = 1040 B either way.
#     naive: 2 devices x 2 devices x N = 520 elements = 2080 B.
#     hierarchical (and auto): leader to leader, N = 520 B.
#   3 ranks, 6 devices, chunks s = 22,22,22,22,21,21:
#     ring: 1 -> 2 sends 260 - 44 = 216 el (864 B) r0 -> r1; 3 -> 4 sends
#       260 - 43 = 217 (868 B) r1 -> r2; 5 -> 0 sends 217 (868 B) r2 -> r0.
#     all2all: a -> b is 2 (S_a + S_b) with S = 44, 44, 42 per rank:
#       r0 <-> r1: 176 el = 704 B; the pairs with r2: 172 el = 688 B.
#     naive: 2080 B between every pair.
#     hierarchical: leaders ring of 3 in chunks t = 44,43,43: leader q
#       sends 2N - t_q - t_{q+1}: 173 (692 B) r0 -> r1, 174 (696 B)
#       r1 -> r2, 173 (692 B) r2 -> r0.
hierarchical = {2: {(0, 1): 520, (1, 0): 520},
                3: {(0, 1): 692, (1, 2): 696, (2, 0): 692}}
expected_bytes = {
    2: {"ring": {(0, 1): 780, (1, 0): 780},
        "all2all": {(0, 1): 1040, (1, 0): 1040},
        "naive": {(0, 1): 2080, (1, 0): 2080},
        "hierarchical": hierarchical[2], "auto": hierarchical[2]},
    3: {"ring": {(0, 1): 864, (1, 2): 868, (2, 0): 868},
        "all2all": {(0, 1): 704, (1, 0): 704, (0, 2): 688, (2, 0): 688,
                    (1, 2): 688, (2, 1): 688},
        "naive": {(a, b): 2080 for a in range(3) for b in range(3) if a != b},
        "hierarchical": hierarchical[3], "auto": hierarchical[3]},
}[ranks][algorithm]

sent, received = {}, {}
line = re.compile(r"^rank (\d+) -> rank (\d+): sent (\d+) B, received (\d+) B$")
for text in open(f"{folder}/bytes.txt"):
    m = line.match(text.strip())
    if m:
        a, b, s, r = map(int, m.groups())
        assert (a, b) not in sent, ("twice", a, b)
        sent[(a, b)], received[(a, b)] = s, r
pairs = {(a, b) for a in range(ranks) for b in range(ranks) if a != b}
assert set(sent) == pairs, f"rank pairs printed: {sorted(sent)}"
for a, b in sorted(pairs):
    want = expected_bytes.get((a, b), 0)
    assert sent[(a, b)] == want, f"rank {a} -> {b}: sent {sent[(a, b)]} B, expected {want}"
    # What a sends b, b receives from a.
    assert received[(b, a)] == want, f"rank {b} <- {a}: received {received[(b, a)]} B"
print("OK", algorithm, ranks, "ranks:", devices, "devices agree with numpy;",
      "bytes between ranks:", {f"{a}->{b}": sent[(a, b)] for a, b in sorted(pairs)})
