"""tiny.schedule.kernels: the kernels of a program after the JIT's passes up
to rangeify, checked against counts -tiny-print-schedule gives in the lit
tests (test/lit/Execution/reduce-fusion.mlir); tiny.schedule.launches: those
kernels with their work estimates, and the copies between devices."""

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


def test_launches_carry_the_outlined_estimates():
    # Six multiplies; the kernel reads 6 f32 and writes 6 f32.
    assert tiny.schedule.launches(SCALE_ADD) == {"scale_add": [
        tiny.schedule.Launch("kernel", "E_2_3", 6, 48)]}


def test_launches_of_two_reduces_match_the_kernels():
    launches = tiny.schedule.launches(TWO_REDUCES)["f"]
    # -tiny-outline-kernels numbers a repeated name (r_4_1, r_4_1n1).
    assert [k.name[:5] for k in launches] == \
        tiny.schedule.kernels(TWO_REDUCES)["f"]
    # The sum adds 3 per row; the max takes 3 exp2 and 3 maxes per row.
    assert sorted(k.flops for k in launches) == [12, 24]


SHARD = """#cpu = #tiny.device<"CPU">
#cpu1 = #tiny.device<"CPU:1">
#cpu2 = #tiny.device<"CPU:2">
tiny.function @shard -> tuple<tensor<4xi16, #cpu1>, tensor<4xi16, #cpu2>> {
  %x = tiny.param 0 : i16 size 8 on "CPU"
  %a = tiny.shrink %x [0] to [4] : tensor<8xi16, #cpu>
  %b = tiny.shrink %x [4] to [8] : tensor<8xi16, #cpu>
  %c = tiny.copy %a to "CPU:1" : tensor<4xi16, #cpu>
  %d = tiny.copy %b to "CPU:2" : tensor<4xi16, #cpu>
  %t = tiny.tuple %c, %d : tensor<4xi16, #cpu1>, tensor<4xi16, #cpu2>
  tiny.return %t : tuple<tensor<4xi16, #cpu1>, tensor<4xi16, #cpu2>>
}
"""


def test_copies_between_devices_are_launches():
    # Each device gets its 4 i16 (8 bytes); no kernel runs.
    assert tiny.schedule.launches(SHARD) == {"shard": [
        tiny.schedule.Launch("copy", None, 0, 8),
        tiny.schedule.Launch("copy", None, 0, 8)]}


def test_compiled_program_counts_the_same_launches():
    # The compile counts its launches itself (tiny_program_launch_info):
    # the same kernels, estimates and copies as the schedule of the text.
    assert tiny.compile(SCALE_ADD).launches == \
        tiny.schedule.launches(SCALE_ADD)["scale_add"]
    assert tiny.compile(SHARD).launches == tiny.schedule.launches(SHARD)["shard"]
    compiled = tiny.compile(TWO_REDUCES).launches
    scheduled = tiny.schedule.launches(TWO_REDUCES)["f"]
    # The compile's names are rangeify's; -tiny-outline-kernels numbers a
    # repeated one (r_4_1n1).
    assert [(k.kind, k.flops, k.bytes) for k in compiled] == \
        [(k.kind, k.flops, k.bytes) for k in scheduled]
    assert [k.name for k in compiled] == \
        [k.name[:len(c.name)] for k, c in zip(scheduled, compiled)]


# acc[idx[n]] += src[n] by a hand-written kernel (its body holds arith ops,
# which the context parses too), stored back into the param acc, then
# doubled.
SCATTER = """#cpu = #tiny.device<"CPU">
tiny.function @scatter -> tensor<4xf32, #cpu> {
  %acc = tiny.param 0 : f32 size 4 on "CPU"
  %idx = tiny.param 1 : i32 size 6 on "CPU"
  %src = tiny.param 2 : f32 size 6 on "CPU"
  %r:3 = tiny.custom_kernel "scatter_add"(%acc, %idx, %src)
      : tensor<4xf32, #cpu>, tensor<6xi32, #cpu>, tensor<6xf32, #cpu> {
  ^bb0(%a: memref<4xf32>, %i: memref<6xi32>, %s: memref<6xf32>):
    %c6 = arith.constant 6 : index
    tiny.k.range loop %n < %c6 {
      %pi = tiny.k.index %i[%n] : memref<6xi32>
      %target = tiny.k.load %pi : !tiny.ptr<i32, global>
      %t = arith.index_cast %target : i32 to index
      %ps = tiny.k.index %s[%n] : memref<6xf32>
      %v = tiny.k.load %ps : !tiny.ptr<f32, global>
      %pa = tiny.k.index %a[%t] : memref<4xf32>
      tiny.k.atomic_add %pa, %v : !tiny.ptr<f32, global>
    }
  }
  %stored = tiny.store %acc, %r#0 : tensor<4xf32, #cpu>
  %new = tiny.after %acc(%stored) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %doubled = tiny.mul %new, %two : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %doubled : tensor<4xf32, #cpu>
}
"""


def test_custom_kernel_is_a_kernel_of_its_own():
    # The custom kernel runs under its own name on acc's buffer (its result
    # is stored back into acc, so nothing is copied in or out); the doubling
    # of acc's 4 elements after it is one elementwise kernel.
    assert tiny.schedule.kernels(SCATTER) == {
        "scatter": ["scatter_add", "E_4"]}


def test_launches_of_a_custom_kernel():
    launches = tiny.schedule.launches(SCATTER)["scatter"]
    assert [(k.kind, k.name) for k in launches] == [
        ("kernel", "scatter_add"), ("kernel", "E_4")]
    # The doubling: 4 multiplies, 4 f32 read and 4 written.
    assert launches[1] == tiny.schedule.Launch("kernel", "E_4", 4, 32)
    assert tiny.compile(SCATTER).launches == launches
