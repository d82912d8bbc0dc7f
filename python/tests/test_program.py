"""The Python package against numpy: compile, call, and every error the
caller can cause."""

import numpy as np
import pytest

import tiny

CPU = '#cpu = #tiny.device<"CPU">\n'

SCALE_ADD = CPU + """
tiny.function @f -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<2x3xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<2x3xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>
  %y = tiny.add %m, %one : tensor<2x3xf32, #cpu>
  tiny.return %y : tensor<2x3xf32, #cpu>
}
"""


def test_runs_a_program_against_numpy():
    f = tiny.compile(SCALE_ADD)
    x = np.array([1, -2, 3.5, 0, 1e30, -0.25], dtype=np.float32)
    y = f(x)
    assert y.dtype == np.float32 and y.shape == (2, 3)
    np.testing.assert_array_equal(y, (x * np.float32(2) + np.float32(1))
                                  .reshape(2, 3))


def test_saved_program_loads_without_compiling(tmp_path):
    path = tmp_path / "scale_add.tiny"
    tiny.compile(SCALE_ADD).save(path)
    before = tiny.num_compilations()
    f = tiny.load(path)
    assert tiny.num_compilations() == before
    assert [i.shape for i in f.inputs] == [(6,)]
    x = np.array([1, -2, 3.5, 0, 1e30, -0.25], dtype=np.float32)
    np.testing.assert_array_equal(f(x), (x * np.float32(2) + np.float32(1))
                                  .reshape(2, 3))


def test_load_refuses_what_is_no_artifact(tmp_path):
    path = tmp_path / "prog.tiny"
    path.write_text(SCALE_ADD)
    with pytest.raises(tiny.TinyError, match="is not a tiny artifact"):
        tiny.load(path)
    with pytest.raises(tiny.TinyError, match="cannot read"):
        tiny.load(tmp_path / "missing.tiny")


def test_signature():
    f = tiny.compile(SCALE_ADD)
    (x,), (y,) = f.inputs, f.outputs
    assert (x.slot, x.dtype, x.shape, x.device) == (0, np.float32, (6,),
                                                     "CPU")
    assert (y.slot, y.dtype, y.shape) == (0, np.float32, (2, 3))


def _with_g(op):
    """SCALE_ADD and a second function @g: `op` of two i64 params."""
    return SCALE_ADD + """
tiny.function @g -> tensor<4xi64, #cpu> {
  %%a = tiny.param 0 : i64 size 4 on "CPU"
  %%b = tiny.param 1 : i64 size 4 on "CPU"
  %%c = tiny.%s %%a, %%b : tensor<4xi64, #cpu>
  tiny.return %%c : tensor<4xi64, #cpu>
}
""" % op


G_A = np.array([2**40, -3, 7, 0], dtype=np.int64)
G_B = np.array([3, 5, -7, 9], dtype=np.int64)


def test_bytes_source_and_entry():
    g = tiny.compile(_with_g("mul").encode(), entry="g")
    np.testing.assert_array_equal(g(G_A, G_B), G_A * G_B)


def test_saved_program_is_the_entry_of_its_source(tmp_path):
    # A program keeps the source it was compiled from, not a print of it,
    # and saving compiles that source's entry again.
    path = tmp_path / "g.tiny"
    tiny.compile(_with_g("sub").encode(), entry="g").save(path)
    np.testing.assert_array_equal(tiny.load(path)(G_A, G_B), G_A - G_B)


def test_tuple_results_and_dropped_param():
    f = tiny.compile(CPU + """
tiny.function @f -> tuple<tensor<4xi1, #cpu>, tensor<4xf32, #cpu>> {
  %a = tiny.param 0 : i32 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4 on "CPU"
  %e = tiny.cmpeq %a, %a : tensor<4xi32, #cpu>
  %y = tiny.add %b, %b : tensor<4xf32, #cpu>
  %t = tiny.tuple %e, %y : tensor<4xi1, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xi1, #cpu>, tensor<4xf32, #cpu>>
}
""")
    a = np.array([1, 2, 3, 4], dtype=np.int32)
    b = np.array([10, 20, 30, 40], dtype=np.float32)
    e, y = f(a, b)
    np.testing.assert_array_equal(e, a == a)
    np.testing.assert_array_equal(y, b + b)


def test_any_shape_of_the_right_size():
    f = tiny.compile(SCALE_ADD)
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    np.testing.assert_array_equal(f(x), (x.reshape(2, 3) * 2 + 1))
    # A non-contiguous view is read in its logical order.
    xt = np.arange(6, dtype=np.float32).reshape(2, 3).T
    np.testing.assert_array_equal(f(xt), xt.reshape(2, 3) * 2 + 1)


def test_input_errors():
    f = tiny.compile(SCALE_ADD)
    with pytest.raises(TypeError, match="takes 1 inputs, got 2"):
        f(np.zeros(6, np.float32), np.zeros(6, np.float32))
    with pytest.raises(TypeError,
                       match=r"input 0 \(param slot 0\) has dtype float64, "
                             "expected float32"):
        f(np.zeros(6))
    with pytest.raises(ValueError, match="has 5 elements, expected 6"):
        f(np.zeros(5, np.float32))


def test_compile_errors_carry_diagnostics():
    with pytest.raises(tiny.TinyError, match=r"prog.mlir:2:\d+: error") as e:
        tiny.compile("tiny.function @f -> tensor<4xf32> {\n  %x = tiny.nope\n"
                     "}\n", name="prog.mlir")
    assert e.value.code == "INVALID_ARGUMENT"
    with pytest.raises(tiny.TinyError, match="no tiny.function named 'h'"):
        tiny.compile(SCALE_ADD, entry="h")
    with pytest.raises(tiny.TinyError,
                       match="result 0 of 4611686018427387904 elements"):
        tiny.compile(CPU + """
tiny.function @f -> tensor<4611686018427387904xf32, #cpu> {
  %c = tiny.const dense<1.0> : tensor<4611686018427387904xf32, #cpu>
  tiny.return %c : tensor<4611686018427387904xf32, #cpu>
}
""")


def test_compiled_code_is_cached():
    before = tiny.num_compilations()
    tiny.compile(SCALE_ADD)
    tiny.compile(SCALE_ADD)
    assert tiny.num_compilations() <= before + 1


MATMUL = CPU + """
tiny.function @mm -> tensor<19x40xf32, #cpu> {
  %a = tiny.param 0 : f32 size 209 on "CPU"
  %b = tiny.param 1 : f32 size 440 on "CPU"
  %a2 = tiny.reshape %a to [19, 1, 11] : tensor<209xf32, #cpu>
  %ae = tiny.expand %a2 to [19, 40, 11] : tensor<19x1x11xf32, #cpu>
  %b2 = tiny.reshape %b to [11, 40] : tensor<440xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<11x40xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 40, 11] : tensor<40x11xf32, #cpu>
  %be = tiny.expand %b3 to [19, 40, 11] : tensor<1x40x11xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<19x40x11xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<19x40x11xf32, #cpu>
  %c = tiny.reshape %s to [19, 40] : tensor<19x40x1xf32, #cpu>
  tiny.return %c : tensor<19x40xf32, #cpu>
}
"""


def test_beam_searches_and_caches_kernel_schedules(tmp_path, monkeypatch):
    # The search keeps one choice per kernel in the cache directory; a
    # compile without beam writes none. Small integers make every partial
    # sum exact in f32, so any schedule gives numpy's integer product.
    monkeypatch.setenv("TINY_BEAM_CACHE_DIR", str(tmp_path / "beam"))
    monkeypatch.setenv("TINY_CACHE_DIR", str(tmp_path / "jit"))
    rng = np.random.default_rng(3)
    a = rng.integers(-3, 4, 209).astype(np.float32)
    b = rng.integers(-3, 4, 440).astype(np.float32)
    want = (a.astype(np.int64).reshape(19, 11) @
            b.astype(np.int64).reshape(11, 40)).astype(np.float32)
    np.testing.assert_array_equal(tiny.compile(MATMUL)(a, b), want)
    assert not (tmp_path / "beam").exists()
    searched = tiny.compile(MATMUL, beam=2)
    assert len(list((tmp_path / "beam").glob("*.beam"))) == 1
    np.testing.assert_array_equal(searched(a, b), want)


def test_beam_refuses_bad_widths():
    with pytest.raises(tiny.TinyError, match="beam width 65 is more than 64"):
        tiny.compile(MATMUL, beam=65)
    with pytest.raises(tiny.TinyError, match="is more than 64"):
        tiny.compile(MATMUL, beam=2**40)
    with pytest.raises(ValueError, match="at least 0"):
        tiny.compile(MATMUL, beam=-1)
    with pytest.raises(TypeError, match="beam must be an int"):
        tiny.compile(MATMUL, beam=2.0)


def test_cpu_schedule_options():
    # Any schedule gives numpy's integer product (small integers: every
    # partial sum is exact in f32); an option the pass does not take, and
    # options with a beam, are refused with the reason.
    rng = np.random.default_rng(5)
    a = rng.integers(-3, 4, 209).astype(np.float32)
    b = rng.integers(-3, 4, 440).astype(np.float32)
    want = (a.astype(np.int64).reshape(19, 11) @
            b.astype(np.int64).reshape(11, 40)).astype(np.float32)
    program = tiny.compile(MATMUL, cpu_schedule="row-upcast=1 reduce-unroll=1")
    np.testing.assert_array_equal(program(a, b), want)
    with pytest.raises(tiny.TinyError, match="no such option bogus"):
        tiny.compile(MATMUL, cpu_schedule="bogus=1")
    with pytest.raises(tiny.TinyError, match="cannot be given with a kernel"):
        tiny.compile(MATMUL, beam=2, cpu_schedule="pack=off")
    with pytest.raises(TypeError, match="cpu_schedule must be a str"):
        tiny.compile(MATMUL, cpu_schedule=1)
