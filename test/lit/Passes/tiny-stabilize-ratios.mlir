// RUN: tiny-opt %s -split-input-file -tiny-stabilize-ratios | FileCheck %s

#cpu = #tiny.device<"CPU">

// x * 1/(1+x) -> 1 - 1/(1+x), spelled d * -1 + 1 (the pattern driver puts
// constants last).
// CHECK-LABEL: tiny.function @ratio
// CHECK-DAG: %[[P1:.*]] = tiny.const dense<1.000000e+00> : tensor<f32, #{{.*}}>
// CHECK-DAG: %[[M1:.*]] = tiny.const dense<-1.000000e+00> : tensor<f32, #{{.*}}>
// CHECK: %[[S:.*]] = tiny.add
// CHECK-NEXT: %[[D:.*]] = tiny.reciprocal %[[S]]
// CHECK-NEXT: %[[N:.*]] = tiny.mul %[[D]], %[[M1]]
// CHECK-NEXT: %[[R:.*]] = tiny.add %[[N]], %[[P1]]
// CHECK-NEXT: tiny.return %[[R]]
tiny.function @ratio -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %s = tiny.add %one, %x : tensor<4xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %r = tiny.mul %x, %d : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Either operand order: d * x with d = 1/(x+1).
// CHECK-LABEL: tiny.function @ratio_commuted
// CHECK: %[[D:.*]] = tiny.reciprocal
// CHECK: %[[N:.*]] = tiny.mul %[[D]], %{{.*}}
// CHECK-NEXT: %[[R:.*]] = tiny.add %[[N]], %{{.*}}
// CHECK-NEXT: tiny.return %[[R]]
tiny.function @ratio_commuted -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<f32, #cpu>
  %s = tiny.add %x, %one : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %r = tiny.mul %d, %x : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x * (d * y) -> y * (1 - d)
// CHECK-LABEL: tiny.function @ratio_times
// CHECK: %[[Y:.*]] = tiny.param 1
// CHECK: %[[D:.*]] = tiny.reciprocal
// CHECK: %[[N:.*]] = tiny.mul %[[D]], %{{.*}}
// CHECK-NEXT: %[[OM:.*]] = tiny.add %[[N]], %{{.*}}
// CHECK-NEXT: %[[R:.*]] = tiny.mul %[[Y]], %[[OM]]
// CHECK-NEXT: tiny.return %[[R]]
tiny.function @ratio_times -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %s = tiny.add %one, %x : tensor<4xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %dy = tiny.mul %y, %d : tensor<4xf32, #cpu>
  %r = tiny.mul %x, %dy : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x * (d + y) -> (1 - d) + x * y
// CHECK-LABEL: tiny.function @ratio_plus
// CHECK: %[[X:.*]] = tiny.param 0
// CHECK: %[[Y:.*]] = tiny.param 1
// CHECK: %[[D:.*]] = tiny.reciprocal
// CHECK: %[[N:.*]] = tiny.mul %[[D]], %{{.*}}
// CHECK-NEXT: %[[OM:.*]] = tiny.add %[[N]], %{{.*}}
// CHECK-NEXT: %[[XY:.*]] = tiny.mul %[[X]], %[[Y]]
// CHECK-NEXT: %[[R:.*]] = tiny.add %[[OM]], %[[XY]]
// CHECK-NEXT: tiny.return %[[R]]
tiny.function @ratio_plus -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %s = tiny.add %one, %x : tensor<4xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %dy = tiny.add %d, %y : tensor<4xf32, #cpu>
  %r = tiny.mul %dy, %x : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Not the same x, not one, or integers: left alone.
// CHECK-LABEL: tiny.function @not_ratios
// CHECK-COUNT-2: tiny.mul %{{.*}}, %{{.*}} : tensor<4xf32
// CHECK: tiny.mul %{{.*}}, %{{.*}} : tensor<4xi32
// CHECK-NOT: dense<-1.0
tiny.function @not_ratios -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %z = tiny.param 1 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %s = tiny.add %one, %z : tensor<4xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %a = tiny.mul %x, %d : tensor<4xf32, #cpu>
  %s2 = tiny.add %two, %x : tensor<4xf32, #cpu>
  %d2 = tiny.reciprocal %s2 : tensor<4xf32, #cpu>
  %b = tiny.mul %x, %d2 : tensor<4xf32, #cpu>
  %i = tiny.param 2 : i32 size 4 on "CPU"
  %ione = tiny.const dense<1> : tensor<4xi32, #cpu>
  %is = tiny.add %ione, %i : tensor<4xi32, #cpu>
  %c = tiny.mul %i, %is : tensor<4xi32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// (x * c) * d -> (1 - d) * c: how a gradient spells -x * d.
// CHECK-LABEL: tiny.function @scaled_ratio
// CHECK-DAG: %[[C:.*]] = tiny.const dense<-3.000000e+00> : tensor<f32
// CHECK: %[[D:.*]] = tiny.reciprocal
// CHECK-NEXT: %[[N:.*]] = tiny.mul %[[D]], %{{.*}}
// CHECK-NEXT: %[[OM:.*]] = tiny.add %[[N]], %{{.*}}
// CHECK-NEXT: %[[R:.*]] = tiny.mul %[[OM]], %[[C]]
// CHECK-NEXT: tiny.return %[[R]]
tiny.function @scaled_ratio -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %s = tiny.add %one, %x : tensor<4xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %c = tiny.const dense<-3.0> : tensor<f32, #cpu>
  %xc = tiny.mul %x, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %r = tiny.mul %xc, %d : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}
