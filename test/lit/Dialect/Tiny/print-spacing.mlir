// RUN: tiny-opt %s | FileCheck --strict-whitespace %s
// RUN: tiny-opt %s --mlir-print-op-generic | tiny-opt | FileCheck --strict-whitespace %s

// Enum keywords print after one space, as the parser reads them; the
// generic form round-trips to the same text.

#cpu = #tiny.device<"CPU">
#two = #tiny.device<"CPU:0", "CPU:1">

// CHECK-LABEL: func.func @reduce_kinds
// CHECK: {{^    }}%{{.*}} = tiny.reduce add %{{.*}} axes [1] : tensor<4x4xf32
// CHECK: {{^    }}%{{.*}} = tiny.reduce max %{{.*}} axes [0, 1] : tensor<4x4xf32
// CHECK: {{^    }}%{{.*}} = tiny.allreduce mul %{{.*}} : tensor<4xi32
func.func @reduce_kinds(%x: tensor<4x4xf32, #cpu>, %s: tensor<4xi32, #two>) -> (tensor<4x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<4xi32, #two>) {
  %0 = tiny.reduce add %x axes [1] : tensor<4x4xf32, #cpu>
  %1 = tiny.reduce max %x axes [0, 1] : tensor<4x4xf32, #cpu>
  %2 = tiny.allreduce mul %s : tensor<4xi32, #two>
  return %0, %1, %2 : tensor<4x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<4xi32, #two>
}
