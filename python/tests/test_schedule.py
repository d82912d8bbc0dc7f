"""tiny.schedule.kernels: the kernels of a program after the JIT's passes up
to rangeify, checked against counts -tiny-print-schedule gives in the lit
tests (test/lit/Execution/reduce-fusion.mlir)."""

import pytest

import tiny
import tiny.schedule

TWO_REDUCES = """#cpu = #tiny.device<"CPU">
tiny.function @f -> tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %s = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %e = tiny.exp2 %v : tensor<4x3xf32, #cpu>
  %m = tiny.reduce max %e axes [1] : tensor<4x3xf32, #cpu>
  %t = tiny.tuple %s, %m : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %t : tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>>
}
"""


SCALE_ADD = """#cpu = #tiny.device<"CPU">
tiny.function @scale_add -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %m : tensor<2x3xf32, #cpu>
}
"""


def test_elementwise_is_one_kernel():
    assert tiny.schedule.kernels(SCALE_ADD) == {"scale_add": ["E_2_3"]}


def test_two_reduces_are_two_kernels():
    kernels = tiny.schedule.kernels(TWO_REDUCES)
    assert list(kernels) == ["f"]
    assert len(kernels["f"]) == 2
    assert all(name.startswith("r_") for name in kernels["f"])


def test_bad_program_raises():
    with pytest.raises(tiny.TinyError, match="unknown"):
        tiny.schedule.kernels("garbage")


def test_bad_pipeline_raises():
    with pytest.raises(tiny.TinyError, match="bad pipeline"):
        tiny.schedule.kernels(TWO_REDUCES, pipeline="no-such-pass")
