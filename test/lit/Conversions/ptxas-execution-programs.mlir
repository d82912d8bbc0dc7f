// Every kernel of the execution tests' programs, moved to CUDA, assembles
// with NVIDIA's ptxas for sm_90: the PTX that -tiny-to-nvvm-host (the JIT's
// GPU path) emits is what a driver accepts. Without the CUDA toolkit this
// test is reported UNSUPPORTED. The error tests' programs do not compile and
// are not counted; the script fails on any kernel ptxas rejects.

// REQUIRES: ptxas
// RUN: python3 %S/Inputs/ptxas_check.py --tiny-opt tiny-opt --ptxas %ptxas %S/../Execution/dtypes.mlir %S/../Execution/reduce.mlir %S/../Execution/matmul-tiles.mlir %S/../Execution/transcendental-accuracy.mlir %S/../Execution/gather.mlir %S/../Execution/cast-round-once.mlir %S/../Execution/movement.mlir %S/../Execution/compositions.mlir %S/../Execution/reduce-fusion.mlir %S/../Execution/constants.mlir %S/../Execution/threefry.mlir | FileCheck %s

// CHECK-DAG: dtypes.mlir: [[K1:[1-9][0-9]*]] kernels, [[K1]] assembled
// CHECK-DAG: reduce.mlir: [[K2:[1-9][0-9]*]] kernels, [[K2]] assembled
// CHECK-DAG: matmul-tiles.mlir: [[K3:[1-9][0-9]*]] kernels, [[K3]] assembled
// CHECK-DAG: transcendental-accuracy.mlir: [[K4:[1-9][0-9]*]] kernels, [[K4]] assembled
// CHECK-DAG: gather.mlir: [[K5:[1-9][0-9]*]] kernels, [[K5]] assembled
// CHECK-DAG: cast-round-once.mlir: [[K6:[1-9][0-9]*]] kernels, [[K6]] assembled
// CHECK-DAG: movement.mlir: [[K7:[1-9][0-9]*]] kernels, [[K7]] assembled
// CHECK-DAG: compositions.mlir: [[K8:[1-9][0-9]*]] kernels, [[K8]] assembled
// CHECK-DAG: reduce-fusion.mlir: [[K9:[1-9][0-9]*]] kernels, [[K9]] assembled
// CHECK-DAG: constants.mlir: [[K10:[1-9][0-9]*]] kernels, [[K10]] assembled
// CHECK-DAG: threefry.mlir: [[K11:[1-9][0-9]*]] kernels, [[K11]] assembled
// CHECK: total: [[N:[1-9][0-9]*]] kernels, [[N]] assembled
