// Round trip of tiny.custom_kernel: custom form, and generic form re-parsed.
// RUN: tiny-opt %s | tiny-opt | FileCheck %s
// RUN: tiny-opt %s --mlir-print-op-generic | tiny-opt | FileCheck %s

#cpu = #tiny.device<"CPU">

// A scatter-add: acc[idx[i]] += src[i]. The results are the arguments after
// the kernel ran; an unsigned tensor has a signless buffer.
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[ACC:.*]]: tensor<4xf32, {{.*}}>, %[[IDX:.*]]: tensor<6xui32, {{.*}}>, %[[SRC:.*]]: tensor<2x3xf32, {{.*}}>)
func.func @scatter_add(%acc: tensor<4xf32, #cpu>, %idx: tensor<6xui32, #cpu>,
                       %src: tensor<2x3xf32, #cpu>)
    -> (tensor<4xf32, #cpu>, tensor<6xui32, #cpu>, tensor<2x3xf32, #cpu>) {
  // CHECK: %[[R:.*]]:3 = tiny.custom_kernel "scatter"(%[[ACC]], %[[IDX]], %[[SRC]]) : tensor<4xf32, #tiny.device<"CPU">>, tensor<6xui32, #tiny.device<"CPU">>, tensor<2x3xf32, #tiny.device<"CPU">> {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: memref<4xf32>, %[[I:.*]]: memref<6xi32>, %[[S:.*]]: memref<6xf32>):
  // CHECK: tiny.k.range loop %[[N:.*]] < %{{.*}} {
  // CHECK: tiny.k.index %[[I]][%[[N]]] : memref<6xi32>
  // CHECK: tiny.k.atomic_add %{{.*}}, %{{.*}} : !tiny.ptr<f32, global>
  %r:3 = tiny.custom_kernel "scatter"(%acc, %idx, %src)
      : tensor<4xf32, #cpu>, tensor<6xui32, #cpu>, tensor<2x3xf32, #cpu> {
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
  // CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
  return %r#0, %r#1, %r#2 : tensor<4xf32, #cpu>, tensor<6xui32, #cpu>, tensor<2x3xf32, #cpu>
}
