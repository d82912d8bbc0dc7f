"""tinygrad's GlobalCounters after realizes through tiny: kernel_count the
kernels and copies between devices tiny's program launched, global_ops and
global_mem their static estimates, added per run and cleared by
GlobalCounters.reset(), as tinygrad's own realize does."""

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

import tiny.schedule  # noqa: E402
from tinygrad import GlobalCounters, Tensor, TinyJit  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402

F = np.arange(12, dtype=np.float32).reshape(3, 4)


def _launches(*tensors):
    return [k for ks in tiny.schedule.launches(tt.export(*tensors).text)
            .values() for k in ks]


def _kernels(*tensors):
    return sum(len(ks) for ks in
               tiny.schedule.kernels(tt.export(*tensors).text).values())


def _counters():
    return (GlobalCounters.kernel_count, GlobalCounters.global_ops,
            GlobalCounters.global_mem)


@pytest.fixture
def counters():
    GlobalCounters.reset()
    yield
    GlobalCounters.reset()


def test_one_kernel(counters):
    a = Tensor(F)
    out = a * 2 + 1
    assert _kernels(out) == 1
    tt.realize(out)
    # A multiply and an add per element; 12 f32 read, 12 written.
    assert _counters() == (1, 24, 96)
    assert GlobalCounters.time_sum_s > 0


def test_several_kernels(counters):
    out = Tensor(F).softmax(1)
    launches = _launches(out)
    assert len(launches) == _kernels(out) > 1
    tt.realize(out)
    assert _counters() == (len(launches), sum(k.flops for k in launches),
                           sum(k.bytes for k in launches))


def test_nothing_to_run_counts_nothing(counters):
    # An empty tensor holds no data; a reshape of a realized buffer is a
    # view of it: tiny runs no program.
    a = Tensor(F).contiguous()
    tt.realize(a)
    GlobalCounters.reset()
    tt.realize(Tensor.empty(0, 4) + 1, a.reshape(4, 3))
    assert _counters() == (0, 0, 0)
    assert GlobalCounters.time_sum_s == 0


def test_copies_between_devices_count_as_tinygrad_counts_a_copy(counters):
    out = Tensor(F).shard(("CPU:1", "CPU:2"), 1)
    launches = _launches(out)
    copies = [k for k in launches if k.kind == "copy"]
    # Each device gets its half of F (24 bytes) at least once.
    assert len(copies) >= 2 and sum(k.bytes for k in copies) >= 48
    tt.realize(out)
    # Moving data is no arithmetic.
    assert _counters() == (len(launches), 0,
                           sum(k.bytes for k in launches))


def test_runs_accumulate_and_reset_clears(counters):
    a = Tensor(F)
    tt.realize(a + 1)
    once = _counters()
    assert once[0] == 1
    # The second realize runs the cached program: it counts again.
    compiles = tt.stats.compiles
    tt.realize(a + 1)
    assert tt.stats.compiles == compiles
    assert _counters() == tuple(2 * n for n in once)
    tt.realize((a * 3).sum(1))
    assert GlobalCounters.kernel_count == 3
    GlobalCounters.reset()
    assert _counters() == (0, 0, 0)
    tt.realize(a + 1)
    assert _counters() == once


def test_do_update_stats_false_counts_nothing(counters):
    tt.enable()
    try:
        Tensor(F).exp().realize(do_update_stats=False)
        assert _counters() == (0, 0, 0)
        Tensor(F).exp().realize()
        assert GlobalCounters.kernel_count == 1
    finally:
        tt.disable()


def test_jit_replays_count_tinys_kernels(counters):
    # Each call runs the one captured program, of several kernels, on a new
    # input; tinygrad's own count would take the call for one kernel.
    x = Tensor(F).realize()
    per_call = _launches(x.softmax(1))
    assert len(per_call) > 1
    tt.enable()
    try:
        jitted = TinyJit(lambda t: t.softmax(1).realize())
        inputs = [Tensor(F + i).realize() for i in range(4)]
        GlobalCounters.reset()
        for i, t in enumerate(inputs):
            jitted(t)
            assert GlobalCounters.kernel_count == (i + 1) * len(per_call)
        assert GlobalCounters.global_ops == \
            4 * sum(k.flops for k in per_call)
    finally:
        tt.disable()
