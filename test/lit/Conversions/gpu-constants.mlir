// A constant that is not a splat, read by a kernel on a GPU: the kernel
// names the constant's global itself, so outlining puts a copy of it in the
// kernel's module and the code object carries the bytes (the host's copy is
// not addressable there).
// RUN: tiny-opt %s -tiny-to-nvvm-host -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=PTX
// RUN: tiny-opt %s -tiny-to-rocdl-host -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=ROCDL

// 1.0, 2.0, 3.0, 4.0 as little-endian f32 bytes.
// PTX: .global .align 64 .b8 [[TABLE:f_constant0]][16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
// PTX: .visible .entry E_4(
// PTX: mov.b64 [[BASE:%rd[0-9]+]], [[TABLE]];
// PTX: ld.global.nc.b32

// ROCDL: .Lf_constant0@rel32@lo
// ROCDL: .Lf_constant0:
// ROCDL-NEXT: .long 0x3f800000
// ROCDL-NEXT: .long 0x40000000
// ROCDL-NEXT: .long 0x40400000
// ROCDL-NEXT: .long 0x40800000

#gpu = #tiny.device<"CUDA">
tiny.function @f -> tensor<4xf32, #gpu> {
  %x = tiny.param 0 : f32 size 4 on "CUDA"
  %c = tiny.const dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32, #gpu>
  %m = tiny.mul %x, %c : tensor<4xf32, #gpu>
  tiny.return %m : tensor<4xf32, #gpu>
}
