// An artifact that is damaged, truncated, of another format or made by
// another tiny, LLVM or CPU is refused with one line saying which, never
// run (test/lit/Tools/Inputs/edit_artifact.py makes each from a good one).
//
// RUN: tiny-compile %s -o %t.tiny
// RUN: tiny-run %t.tiny -i 1,2,3 | FileCheck %s --check-prefix=GOOD
// GOOD: [2, 4, 6] : tensor<3xf32>
//
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.magic.tiny magic
// RUN: not tiny-run %t.magic.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: tiny-run: error: {{.*}}magic.tiny is not a tiny artifact (no \x7fTINYART magic number){{$}}
// An ELF object starts with 0x7f too.
// RUN: %python -c "import sys; open(sys.argv[1], 'wb').write(b'\x7fELF\x02\x01\x01' + bytes(57))" %t.elf.o
// RUN: not tiny-run %t.elf.o -i 1,2,3 2>&1 | FileCheck %s --check-prefix=ELF
// ELF: tiny-run: error: {{.*}}elf.o is not a tiny artifact
//
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.version.tiny version 99
// RUN: not tiny-run %t.version.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: tiny-run: error: {{.*}}version.tiny is a tiny artifact of format 99, this tiny reads format 2: compile it again{{$}}
//
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.short.tiny truncate 100
// RUN: not tiny-run %t.short.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: tiny-run: error: {{.*}}short.tiny is truncated: 100 of its {{[0-9]+}} bytes{{$}}
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.header.tiny truncate 10
// RUN: not tiny-run %t.header.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: tiny-run: error: {{.*}}header.tiny is truncated: it ends inside its header{{$}}
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.inmagic.tiny truncate 4
// RUN: not tiny-run %t.inmagic.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=INMAGIC
// INMAGIC: tiny-run: error: {{.*}}inmagic.tiny is truncated: it ends inside the magic number{{$}}
//
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.flip.tiny flip
// RUN: not tiny-run %t.flip.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=FLIP
// FLIP: tiny-run: error: {{.*}}flip.tiny is damaged: its checksum does not match its bytes{{$}}
//
// Stale or foreign: the producer rewritten, the checksum made right.
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.abi.tiny producer 0 "tiny ABI 0123456789abcdef"
// RUN: not tiny-run %t.abi.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=ABI
// ABI: tiny-run: error: {{.*}}abi.tiny was built for tiny ABI 0123456789abcdef, this is tiny ABI {{[0-9a-f]+}}{{$}}
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.llvm.tiny producer 1 "LLVM 21.1.0"
// RUN: not tiny-run %t.llvm.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=LLVM
// LLVM: tiny-run: error: {{.*}}llvm.tiny was built for LLVM 21.1.0, this is LLVM {{[0-9.]+}}{{$}}
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.triple.tiny producer 2 "aarch64-unknown-linux-gnu"
// RUN: not tiny-run %t.triple.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: tiny-run: error: {{.*}}triple.tiny was built for aarch64-unknown-linux-gnu, this is {{.+}}{{$}}
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.cpu.tiny producer 3 "CPU made-up-cpu"
// RUN: not tiny-run %t.cpu.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: tiny-run: error: {{.*}}cpu.tiny was built for CPU made-up-cpu, this is CPU {{.+}}{{$}}
// RUN: %python %S/Inputs/edit_artifact.py %t.tiny %t.features.tiny producer 4 "+made-up-feature"
// RUN: not tiny-run %t.features.tiny -i 1,2,3 2>&1 | FileCheck %s --check-prefix=FEATURES
// FEATURES: tiny-run: error: {{.*}}features.tiny was built for a CPU with +made-up-feature, this one has not{{$}}

#cpu = #tiny.device<"CPU">

tiny.function @double -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.add %x, %x : tensor<3xf32, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}
