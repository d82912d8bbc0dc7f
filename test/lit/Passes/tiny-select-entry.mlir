// RUN: tiny-opt %s -split-input-file -verify-diagnostics -tiny-select-entry=entry=main | FileCheck %s

#cpu = #tiny.device<"CPU">

// The entry stays public; what it calls, directly or not, becomes private;
// the rest goes.
// CHECK-LABEL: tiny.function @leaf
// CHECK-SAME: sym_visibility = "private"
// CHECK-LABEL: tiny.function @middle
// CHECK-SAME: sym_visibility = "private"
// CHECK-LABEL: tiny.function @main
// CHECK-NOT: private
// CHECK: tiny.return
// CHECK-NOT: @unrelated
tiny.function @leaf -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %x : tensor<4xf32, #cpu>
}
tiny.function @middle -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.call @leaf(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}
tiny.function @main -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.call @middle(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}
tiny.function @unrelated -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.call @leaf(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// expected-error@below {{-tiny-select-entry: no tiny.function named 'main'}}
module {
  tiny.function @not_main -> tensor<4xf32, #cpu> {
    %x = tiny.param 0 : f32 size 4 on "CPU"
    tiny.return %x : tensor<4xf32, #cpu>
  }
}
