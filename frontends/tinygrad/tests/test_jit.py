"""tinygrad's TinyJit with realization through tiny (tiny_tinygrad.enable()).

The capture records tiny's compiled programs; replays run them on each
call's input buffers. Results are checked against numpy and against the same
jitted code on tinygrad's own CPU backend (tiny disabled).
"""

import numpy as np
import pytest

from tinygrad_path import REASON, TINYGRAD

if TINYGRAD is None:
    print("SKIP:", REASON)
    pytest.skip(REASON, allow_module_level=True)

import tiny  # noqa: E402
from tinygrad import Device, Tensor, TinyJit, Variable, nn  # noqa: E402
from tinygrad.engine.jit import JitError  # noqa: E402
from tinygrad.helpers import Context  # noqa: E402
import tiny_tinygrad as tt  # noqa: E402

RNG = np.random.default_rng(7)


@pytest.fixture
def on_tiny():
    tt.enable()
    try:
        yield
    finally:
        tt.disable()


def _inputs(n, *shapes):
    return [[RNG.standard_normal(s).astype(np.float32) for s in shapes]
            for _ in range(n)]


def _layer(a, b):
    return ((a @ b).relu() + a.sum(axis=1, keepdim=True) * 0.5).contiguous()


def _run_jitted(data):
    jitted = TinyJit(lambda a, b: _layer(a, b).realize())
    return [jitted(Tensor(a), Tensor(b)).numpy() for a, b in data]


def test_jit_calls_match_numpy_and_cpu(on_tiny):
    data = _inputs(5, (3, 4), (4, 6))
    got = _run_jitted(data)
    tt.disable()
    cpu = _run_jitted(data)
    for (a, b), g, c in zip(data, got, cpu):
        want = np.maximum(a @ b, 0) + a.sum(axis=1, keepdims=True) * 0.5
        np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(g, c, rtol=1e-5, atol=1e-5)
    # Every call got its own inputs' result, not a stale one.
    assert not np.allclose(got[3], got[4])


def test_replays_do_not_export_or_compile(on_tiny):
    jitted = TinyJit(lambda a, b: _layer(a, b).realize())
    data = _inputs(6, (3, 4), (4, 6))
    for a, b in data[:2]:  # the plain call and the capture
        jitted(Tensor(a), Tensor(b)).numpy()
    assert jitted.captured is not None
    compiles, programs = tt.stats.compiles, tiny.num_compilations()
    captures, runs = tt.stats.captures, tt.stats.jit_runs
    for a, b in data[2:]:
        out = jitted(Tensor(a), Tensor(b))
        want = np.maximum(a @ b, 0) + a.sum(axis=1, keepdims=True) * 0.5
        np.testing.assert_allclose(out.numpy(), want, rtol=1e-5, atol=1e-5)
    assert tt.stats.compiles == compiles
    assert tiny.num_compilations() == programs
    assert tt.stats.captures == captures
    assert tt.stats.jit_runs == runs + 4 * len(jitted.captured.linear.src)


def test_capture_records_tiny_calls(on_tiny):
    jitted = TinyJit(lambda a, b: _layer(a, b).realize())
    for a, b in _inputs(3, (3, 4), (4, 6)):
        jitted(Tensor(a), Tensor(b))
    calls = jitted.captured.linear.src
    assert calls and all(c.src[0].arg == "tiny" for c in calls)
    # The inputs became the jit's PARAMs (slots 0 and 1), swapped per call.
    slots = {u.arg.slot for c in calls for u in c.src[1:]
             if u.op.name == "PARAM"}
    assert slots == {0, 1}


def _train(steps, opt_class):
    Tensor.manual_seed(3)
    layer = nn.Linear(4, 3)
    opt = opt_class(nn.state.get_parameters(layer), lr=0.1)

    @TinyJit
    def step(x, y):
        with Context(TRAINING=1):
            opt.zero_grad()
            loss = ((layer(x) - y) ** 2).mean()
            loss.backward()
            opt.step()
            return loss.realize()
    rng = np.random.default_rng(11)
    losses = []
    for _ in range(steps):
        x = rng.standard_normal((8, 4)).astype(np.float32)
        y = rng.standard_normal((8, 3)).astype(np.float32)
        losses.append(step(Tensor(x), Tensor(y)).item())
    return losses, layer.weight.numpy(), layer.bias.numpy()


@pytest.mark.parametrize("opt_class", [nn.optim.SGD, nn.optim.Adam],
                         ids=["sgd", "adam"])
def test_training_steps_match_cpu(on_tiny, opt_class):
    captures = tt.stats.captures
    losses, weight, bias = _train(6, opt_class)
    assert tt.stats.captures > captures  # the step was captured through tiny
    tt.disable()
    cpu_losses, cpu_weight, cpu_bias = _train(6, opt_class)
    np.testing.assert_allclose(losses, cpu_losses, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(weight, cpu_weight, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(bias, cpu_bias, rtol=1e-4, atol=1e-5)
    # The weights moved on every step (a replay that did nothing would
    # leave the loss of later steps on the same weights).
    assert len(set(losses)) == len(losses)


def test_output_fed_back_as_input(on_tiny):
    # x = f(x): the replay's input buffer is the jit's own output buffer;
    # a transpose reads elements the program has already written.
    w = RNG.standard_normal((4, 4)).astype(np.float32)
    wt = Tensor(w).realize()
    jitted = TinyJit(lambda x: (x.T @ wt + 1).realize())
    x = RNG.standard_normal((4, 4)).astype(np.float32)
    t, want = Tensor(x), x
    for _ in range(5):
        t = jitted(t)
        want = want.T @ w + 1
        np.testing.assert_allclose(t.numpy(), want, rtol=1e-4, atol=1e-4)


def test_sharded_inputs_match_numpy(on_tiny):
    # Each call's inputs are new sharded buffers, one per device: the replay
    # swaps every shard.
    devices = tuple("%s:%d" % (Device.DEFAULT, i) for i in range(2))
    jitted = TinyJit(lambda a, b: (a * 2 + b).sum(axis=1).realize())
    for a, b in _inputs(4, (4, 3), (4, 3)):
        got = jitted(Tensor(a).shard(devices, axis=0),
                     Tensor(b).shard(devices, axis=0)).numpy()
        np.testing.assert_allclose(got, (a * 2 + b).sum(axis=1), rtol=1e-5,
                                   atol=1e-5)


def test_shape_change_is_a_jit_error(on_tiny):
    jitted = TinyJit(lambda a, b: _layer(a, b).realize())
    for a, b in _inputs(3, (3, 4), (4, 6)):
        jitted(Tensor(a), Tensor(b))
    a, b = _inputs(1, (5, 4), (4, 6))[0]
    with pytest.raises(JitError, match="args mismatch"):
        jitted(Tensor(a), Tensor(b))


def test_variable_sized_view_matches_numpy(on_tiny):
    # x[:n] with n a bound Variable: each replay computes for its own n.
    v = Variable("n", 1, 8)
    jitted = TinyJit(lambda x, n: (x[:n] * 2).sum().realize())
    data = RNG.standard_normal((8,)).astype(np.float32)
    x = Tensor(data).realize()
    for i in (3, 4, 5, 8, 1):
        np.testing.assert_allclose(jitted(x, v.bind(i)).item(),
                                   2 * data[:i].sum(), rtol=1e-5)


def test_prune_runs_one_time_work_once(on_tiny):
    w = Tensor(RNG.standard_normal((4,)).astype(np.float32)).realize()
    w_np = w.numpy()

    @TinyJit(prune=True)
    def f(x):
        scale = (w * 2).realize()  # depends on no input: pruned
        return (x * scale).realize()
    for _ in range(4):
        x = RNG.standard_normal((4,)).astype(np.float32)
        np.testing.assert_allclose(f(Tensor(x)).numpy(), x * w_np * 2,
                                   rtol=1e-6)
    assert len(f.captured.linear.src) == 1


def _rand_calls(n):
    Tensor.manual_seed(5)
    a = Tensor(np.arange(4, dtype=np.float32)).realize()
    jitted = TinyJit(lambda x: (x + Tensor.rand(4)).realize())
    return [jitted(a).numpy() for _ in range(n)]


def test_random_numbers_advance_on_replay(on_tiny):
    # tinygrad's rng counter is an assign into a buffer the program
    # updates: every replay draws new numbers, the ones tinygrad draws.
    got = _rand_calls(5)
    tt.disable()
    cpu = _rand_calls(5)
    assert len({g.tobytes() for g in got}) == 5
    for g, c in zip(got, cpu):
        np.testing.assert_allclose(g, c, rtol=1e-6)


def test_debug_2_names_the_tiny_calls_of_a_replay(on_tiny, capsys):
    # DEBUG>=2 prints a line per call run_linear runs; tinygrad's
    # get_call_name raised NotImplementedError on tiny's.
    jitted = TinyJit(lambda x: (x * 2 + 1).realize())
    data = np.arange(4, dtype=np.float32)
    with Context(DEBUG=2):
        got = [jitted(Tensor(data)).numpy() for _ in range(3)]
    for g in got:
        np.testing.assert_array_equal(g, data * 2 + 1)
    assert "tiny program, 1 params, 1 results" in capsys.readouterr().out


def test_replay_with_other_variable_values(on_tiny):
    # The program is specialized on the Variable's value; a replay with
    # another value compiles that value's program once.
    a = Tensor(np.arange(10, dtype=np.float32)).realize()
    jitted = TinyJit(lambda a, v: (a.shrink(((0, v),)) * 2).sum().realize())
    values = [3, 4, 5, 6, 4, 9]
    got = []
    for i in values:
        got.append(jitted(a, Variable("i", 1, 10).bind(i)).item())
        if len(got) == 4:
            compiles = tt.stats.compiles
    assert got == [2.0 * sum(range(i)) for i in values]
    # 4 again reuses its program; 9 is new.
    assert tt.stats.compiles == compiles + 1
