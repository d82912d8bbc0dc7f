// A program that calls host functions (tiny.custom_function) compiles,
// with the library that registers them (--host-functions), into an
// artifact that records each function it calls and that library. Run with
// the library, it computes what the source does; run without, it is
// refused before anything runs, with the function and the library named.
//
// Expected, by hand: cumsum of 1..6 (a view of 2 rows of 3, read whole) is
// the prefix sums [1, 3, 6, 10, 15, 21].
//
// RUN: tiny-compile %s --entry=cumsum --host-functions=%host_functions -o %t.tiny
// RUN: tiny-run %t.tiny --host-functions=%host_functions -i 1,2,3,4,5,6 | FileCheck %s --check-prefix=OUT
// RUN: not tiny-run %t.tiny -i 1,2,3,4,5,6 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not tiny-run %t.tiny -i 1,2,3,4,5,6 2>&1 | count 1
// The names are in the file, as the artifact format writes strings.
// RUN: %python -c "import sys; data = open(sys.argv[1], 'rb').read(); print('recorded', b'cumsum' in data, b'libtest_host_functions.so' in data)" %t.tiny | FileCheck %s --check-prefix=RECORDED
// A program that calls none records none, and runs without the library.
// RUN: tiny-compile %s --entry=plain --host-functions=%host_functions -o %t.plain.tiny
// RUN: tiny-run %t.plain.tiny -i 1,2 | FileCheck %s --check-prefix=PLAIN

// OUT: [1, 3, 6, 10, 15, 21] : tensor<6xi32>
// REFUSED: tiny-run: error: {{.*}}.tiny calls host function 'cumsum' (of {{.*}}libtest_host_functions.so when it was compiled), which is not registered: register it with mlir::tiny::registerHostFunction (tiny-run: load its library with --host-functions=lib.so){{$}}
// RECORDED: recorded True True
// PLAIN: [2, 4] : tensor<2xi32>

#cpu = #tiny.device<"CPU">

tiny.function @cumsum -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xi32, #cpu>
  %s = tiny.custom_function "cumsum"(%v) : (tensor<2x3xi32, #cpu>) -> tensor<6xi32, #cpu>
  tiny.return %s : tensor<6xi32, #cpu>
}

tiny.function @plain -> tensor<2xi32, #cpu> {
  %x = tiny.param 0 : i32 size 2 on "CPU"
  %y = tiny.add %x, %x : tensor<2xi32, #cpu>, tensor<2xi32, #cpu>
  tiny.return %y : tensor<2xi32, #cpu>
}
