// Execution of tiny.gettuple on the tuple a call returns: once the call is
// resolved the gettuple of its tiny.tuple folds to the element. Expected
// values are worked out next to each check.

// @stats returns (sum, max) of four values and their doubles; the caller
// reads element 1 then element 0 and combines them: max - sum.
// x = (1, 5, -2, 3): sum 7, max 5 -> (-2); doubles (2, 10, -4, 6).
// RUN: tiny-run %s --entry=caller -i 1,5,-2,3 | FileCheck %s --match-full-lines --check-prefix=CALLER
// CALLER: [-2] : tensor<1xf32>
// CALLER-NEXT: [2, 10, -4, 6] : tensor<4xf32>

// Through two levels of calls, an element read twice: 2 * sum = 14.
// RUN: tiny-run %s --entry=nested -i 1,5,-2,3 | FileCheck %s --match-full-lines --check-prefix=NESTED
// NESTED: [14] : tensor<1xf32>

#cpu = #tiny.device<"CPU">

tiny.function @stats -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.reduce add %x axes [0] : tensor<4xf32, #cpu>
  %m = tiny.reduce max %x axes [0] : tensor<4xf32, #cpu>
  %d = tiny.add %x, %x : tensor<4xf32, #cpu>
  %t = tiny.tuple %s, %m, %d : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @caller -> tuple<tensor<1xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %t = tiny.call @stats(%x) : (tensor<4xf32, #cpu>) -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
  %m = tiny.gettuple %t[1] : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
  %s = tiny.gettuple %t[0] : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
  %d = tiny.gettuple %t[2] : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
  %r = tiny.sub %m, %s : tensor<1xf32, #cpu>
  %out = tiny.tuple %r, %d : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %out : tuple<tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @sum_only -> tensor<1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %t = tiny.call @stats(%x) : (tensor<4xf32, #cpu>) -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
  %s = tiny.gettuple %t[0] : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>>
  tiny.return %s : tensor<1xf32, #cpu>
}

tiny.function @nested -> tensor<1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.call @sum_only(%x) : (tensor<4xf32, #cpu>) -> tensor<1xf32, #cpu>
  %r = tiny.add %s, %s : tensor<1xf32, #cpu>
  tiny.return %r : tensor<1xf32, #cpu>
}
