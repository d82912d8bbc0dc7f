// Malformed input fails with a located diagnostic and exit code 1, no crash.
// RUN: not tiny-opt %s 2>&1 | FileCheck %s
// RUN: sh -c 'tiny-opt %s 2>/dev/null; test $? -eq 1'

// CHECK: exit-code.mlir:[[@LINE+2]]:6: error: reshape from (6,) to (2, 4) changes the element count: 6 vs 8
%x = tiny.param 0 : f32 size 6 on "CPU"
%y = tiny.reshape %x to [2, 4] : tensor<6xf32, #tiny.device<"CPU">>
