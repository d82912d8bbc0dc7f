// A program with kernels on a GPU device compiles into an artifact that
// holds their code objects (PTX for CUDA: its `.entry` is in the file);
// running it needs the driver, as running the program's source does: the
// driver is named explicitly so that the test reads the same on a machine
// with a GPU.
// RUN: tiny-compile %s -o %t.tiny
// RUN: %python -c "import sys; data = open(sys.argv[1], 'rb').read(); print('ptx', b'.visible .entry E_4' in data)" %t.tiny | FileCheck %s --check-prefix=PTX
// PTX: ptx True
// RUN: not tiny-run %t.tiny -i 1,2,3,4 --gpu-driver=%t.missing-driver.so 2>&1 | FileCheck %s
// CHECK: tiny-run: error: device 'CUDA' not available: {{.*}}missing-driver.so: cannot open shared object file

tiny.function @f -> tensor<4xf32, #tiny.device<"CUDA:0">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<4xf32, #tiny.device<"CPU">>
  %d = tiny.add %c, %c : tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"CUDA:0">>
  tiny.return %d : tensor<4xf32, #tiny.device<"CUDA:0">>
}
