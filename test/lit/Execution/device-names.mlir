// "CPU" and "CPU:0" name one device (docs/semantics.md, "Device names"): a
// program that spells the host both ways runs on one host device. x (on
// "CPU") and y (on "CPU:0") are added without a copy between them, the sum
// goes to CPU:1 and is squared there, and the square comes back to "CPU:0"
// to have x subtracted: (x + y)^2 - x, worked by hand for x = (1, 2, 3, 4),
// y = (10, 20, 30, 40): 11^2 - 1 = 120, 22^2 - 2 = 482, 33^2 - 3 = 1086,
// 44^2 - 4 = 1932.
// RUN: tiny-run %s -i 1,2,3,4 -i 10,20,30,40 --print-device-stats | FileCheck %s --match-full-lines

// The host's counters are one device's, named "CPU": no line for "CPU:0".
// The host holds five 16-byte buffers (x, y, the sum, the square copied
// back, the result); it copies in x, y and the square (48 B) and copies out
// the sum to CPU:1 and the downloaded result (32 B).
// CHECK:      [120, 482, 1086, 1932] : tensor<4xf32>
// CHECK-NEXT: device CPU: 5 buffers, peak 80 B, copied in 48 B, copied out 32 B
// CHECK-NEXT: device CPU:1: 2 buffers, peak 32 B, copied in 16 B, copied out 16 B
// CHECK-NOT:  device

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#d1 = #tiny.device<"CPU:1">

tiny.function @mixed -> tensor<4xf32, #cpu0> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU:0"
  %s = tiny.add %x, %y : tensor<4xf32, #cpu>, tensor<4xf32, #cpu0>
  %c = tiny.copy %s to "CPU:1" : tensor<4xf32, #cpu0>
  %m = tiny.mul %c, %c : tensor<4xf32, #d1>, tensor<4xf32, #d1>
  %b = tiny.copy %m to "CPU:0" : tensor<4xf32, #d1>
  %r = tiny.sub %b, %x : tensor<4xf32, #cpu0>, tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu0>
}
