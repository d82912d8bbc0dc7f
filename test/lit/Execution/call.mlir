// A tiny.function that calls another tiny.function, run with tiny-run.
//
// Expected: x = [1..6]; v = [[1,2,3],[4,5,6]]; v^T = [[1,4],[2,5],[3,6]],
// viewed as (2,3): [[1,4,2],[5,3,6]]; @scale twice multiplies by 4:
// [[4,16,8],[20,12,24]]. @outer(x) = @inner(x) = x + x.

// RUN: tiny-run %s --entry=caller -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=CALLER
// RUN: tiny-run %s --entry=outer -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=OUTER
// RUN: tiny-run %s --entry=scale -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=SCALE
// RUN: tiny-run %s --entry=pick -i 1,2,3 | FileCheck %s --match-full-lines --check-prefix=PICK

#cpu = #tiny.device<"CPU">

// SCALE: [{{\[}}2, 4, 6], [8, 10, 12]] : tensor<2x3xf32>
tiny.function @scale -> tensor<2x3xf32, #cpu> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %p to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %m : tensor<2x3xf32, #cpu>
}

// CALLER: [{{\[}}4, 16, 8], [20, 12, 24]] : tensor<2x3xf32>
tiny.function @caller -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %t = tiny.permute %v [1, 0] : tensor<2x3xf32, #cpu>
  %t2 = tiny.reshape %t to [2, 3] : tensor<3x2xf32, #cpu>
  %r = tiny.call @scale(%t2) : (tensor<2x3xf32, #cpu>) -> tensor<2x3xf32, #cpu>
  %r2 = tiny.call @scale(%r) : (tensor<2x3xf32, #cpu>) -> tensor<2x3xf32, #cpu>
  tiny.return %r2 : tensor<2x3xf32, #cpu>
}

tiny.function @inner -> tensor<4xi32, #cpu> {
  %p = tiny.param 0 : i32 size 4 on "CPU"
  %r = tiny.add %p, %p : tensor<4xi32, #cpu>
  tiny.return %r : tensor<4xi32, #cpu>
}

// OUTER: [2, 4, 6, 8] : tensor<4xi32>
tiny.function @outer -> tensor<4xi32, #cpu> {
  %p = tiny.param 0 : i32 size 4 on "CPU"
  %r = tiny.call @inner(%p) : (tensor<4xi32, #cpu>) -> tensor<4xi32, #cpu>
  tiny.return %r : tensor<4xi32, #cpu>
}

// A callee returning a tuple, read through gettuple: @pair(x) = (x, -x), so
// @pick(x) = (x, -x)[1] + x * 2 = x.
tiny.function @pair -> tuple<tensor<3xf32, #cpu>, tensor<3xf32, #cpu>> attributes {sym_visibility = "private"} {
  %p = tiny.param 0 : f32 size 3 on "CPU"
  %n = tiny.neg %p : tensor<3xf32, #cpu>
  %t = tiny.tuple %p, %n : tensor<3xf32, #cpu>, tensor<3xf32, #cpu>
  tiny.return %t : tuple<tensor<3xf32, #cpu>, tensor<3xf32, #cpu>>
}

// PICK: [1, 2, 3] : tensor<3xf32>
tiny.function @pick -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %t = tiny.call @pair(%x) : (tensor<3xf32, #cpu>) -> tuple<tensor<3xf32, #cpu>, tensor<3xf32, #cpu>>
  %n = tiny.gettuple %t[1] : tuple<tensor<3xf32, #cpu>, tensor<3xf32, #cpu>>
  %two = tiny.const dense<2.0> : tensor<f32, #cpu>
  %d = tiny.mul %x, %two : tensor<3xf32, #cpu>, tensor<f32, #cpu>
  %r = tiny.add %n, %d : tensor<3xf32, #cpu>
  tiny.return %r : tensor<3xf32, #cpu>
}
