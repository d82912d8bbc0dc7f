// tiny-run reports bad input and programs that do not lower with a message
// and exit status 1 (never a crash).
// RUN: not tiny-run %s --entry=f 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tiny-run %s --entry=f -i 1,2,3 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tiny-run %s --entry=f -i 1,2,3,4,5,x 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not tiny-run %s --entry=f -i %t.missing.npy 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: python3 -c "import struct,sys; h=\"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 4), }\"; h+=' '*((64-(11+len(h))%%64)%%64)+'\n'; open(sys.argv[1],'wb').write(b'\x93NUMPY\x01\x00'+struct.pack('<H',len(h))+h.encode()+struct.pack('<8f',*range(8)))" %t.2x4.npy
// RUN: not tiny-run %s --entry=f -i %t.2x4.npy 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not tiny-run %s --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not tiny-run %s 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: not tiny-run %s --entry=f -i 1,2,3,4,5,6 -o %t.nodir/y.npy 2>&1 | FileCheck %s --check-prefix=WRITE

// MISSING: tiny-run: error: @f takes 1 inputs, got 0
// COUNT: tiny-run: error: input 0: expected 6 values, got 3
// SYNTAX: tiny-run: error: input 0: 'x' is not a number
// NOFILE: tiny-run: error: input 0: cannot read '{{.*}}missing.npy': No such file or directory
// SIZE: tiny-run: error: input 0: '{{.*}}.2x4.npy' holds 2x4xf32, but @f's param slot 0 is 6xf32
// ENTRY: tiny-run: error: no tiny.function named 'nope'
// SEVERAL: tiny-run: error: the module has several tiny.functions; choose one with --entry
// WRITE: tiny-run: error: result 0: cannot write '{{.*}}y.npy'

#cpu = #tiny.device<"CPU">

tiny.function @f -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  tiny.return %x : tensor<6xf32, #cpu>
}

tiny.function @g -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  tiny.return %x : tensor<6xf32, #cpu>
}
