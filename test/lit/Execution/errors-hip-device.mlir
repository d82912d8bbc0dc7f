// HIP as CUDA (errors-gpu-device.mlir): a program with values on a HIP
// device compiles with no GPU, its kernel's exp2 and sin linked from the
// ROCm device libraries into a code object by ld.lld; running it needs the
// HIP driver, and without one tiny-run says in one line which device is
// missing and why, and exits 1. The driver is named explicitly so that the
// test reads the same on a machine with a GPU. Reported UNSUPPORTED only
// where the device libraries or LLVM 22's ld.lld are missing
// (scripts/install-deps.sh installs both).

// REQUIRES: rocm-device-libs, lld-22
// RUN: not tiny-run %s --entry=f -i 1,2,3,4 --gpu-driver=%t.missing-driver.so 2>&1 | FileCheck %s
// RUN: not tiny-run %s --entry=f -i 1,2,3,4 --gpu-driver=%t.missing-driver.so 2>&1 | count 1
// CHECK-NOT: cannot compile
// CHECK: tiny-run: error: device 'HIP' not available: {{.*}}missing-driver.so: cannot open shared object file

tiny.function @f -> tensor<4xf32, #tiny.device<"HIP:0">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "HIP:0" : tensor<4xf32, #tiny.device<"CPU">>
  %e = tiny.exp2 %c : tensor<4xf32, #tiny.device<"HIP:0">>
  %s = tiny.sin %e : tensor<4xf32, #tiny.device<"HIP:0">>
  tiny.return %s : tensor<4xf32, #tiny.device<"HIP:0">>
}
