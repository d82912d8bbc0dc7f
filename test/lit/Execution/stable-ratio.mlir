// x / (1 + x) tends to 1 as x grows; at x = inf, computed as written, it is
// inf * 0 = NaN. -tiny-stabilize-ratios (in every pipeline, as tinygrad
// rewrites it) computes 1 - 1/(1+x) instead. Expected values: the limit at
// inf, numpy's x / (1 + x) in f32 elsewhere. Before the pass, the first
// element of each result printed nan.
//
// RUN: tiny-run %s --entry=ratio -i inf,1e30,3,0,-0.5,1 | FileCheck %s --check-prefix=RATIO
// RATIO: [1, 1, 0.75, 0, -1, 0.5] : tensor<6xf32>
//
// The sigmoid form: e = 2^a, e / (1 + e), with the division as written.
// RUN: tiny-run %s --entry=sigmoid -i 1000,0,-1000,2 | FileCheck %s --check-prefix=SIGMOID
// SIGMOID: [1, 0.5, 0, 0.8] : tensor<4xf32>
//
// The gradient of sigmoid written as exp(x) / (1 + exp(x)), as tinygrad
// builds it (tinygrad's test_sigmoid_alt_extreme): s(x) * (1 - s(x)), 0 in
// f32 at |x| = 300, 0.25 at 0, 0.104993585 at 2 (numpy, f64 rounded).
// RUN: tiny-run %s --entry=sigmoid_gradient -i 300,0,2,-300 | FileCheck %s --check-prefix=GRADIENT
// GRADIENT: [0, 0.25, 0.1049935{{[0-9]*}}, 0] : tensor<4xf32>

#cpu = #tiny.device<"CPU">

tiny.function @ratio -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %one = tiny.const dense<1.0> : tensor<6xf32, #cpu>
  %s = tiny.add %one, %x : tensor<6xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<6xf32, #cpu>
  %r = tiny.mul %x, %d : tensor<6xf32, #cpu>
  tiny.return %r : tensor<6xf32, #cpu>
}

tiny.function @sigmoid -> tensor<4xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4 on "CPU"
  %e = tiny.exp2 %a : tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<f32, #cpu>
  %s = tiny.add %e, %one : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %r = tiny.fdiv %e, %s : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// What tinygrad's exporter emits for the gradient above.
tiny.function @sigmoid_gradient -> tensor<4xf32, #cpu> {
  %log2e = tiny.const dense<1.4426950216293335> : tensor<f32, #cpu>
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %a = tiny.mul %x, %log2e : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %e = tiny.exp2 %a : tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<f32, #cpu>
  %s = tiny.add %one, %e : tensor<f32, #cpu>, tensor<4xf32, #cpu>
  %d = tiny.reciprocal %s : tensor<4xf32, #cpu>
  %ones = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %g0 = tiny.mul %d, %ones : tensor<4xf32, #cpu>
  %g1 = tiny.mul %e, %ones : tensor<4xf32, #cpu>
  %minus = tiny.const dense<-1.0> : tensor<f32, #cpu>
  %g2 = tiny.mul %g1, %minus : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %g3 = tiny.mul %g2, %d : tensor<4xf32, #cpu>
  %g4 = tiny.mul %g3, %d : tensor<4xf32, #cpu>
  %g5 = tiny.add %g0, %g4 : tensor<4xf32, #cpu>
  %g6 = tiny.mul %e, %g5 : tensor<4xf32, #cpu>
  %ln2 = tiny.const dense<0.6931471824645996> : tensor<f32, #cpu>
  %g7 = tiny.mul %g6, %ln2 : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %g = tiny.mul %log2e, %g7 : tensor<f32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %g : tensor<4xf32, #cpu>
}
