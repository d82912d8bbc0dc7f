/*===- call_overhead.c - the C API's cost per call -------------------------===*\
|*                                                                            *|
|* Times tiny_program_run of a compiled 4-element add against a call that    *|
|* does nothing (tiny_dtype_size), both through libtiny_c.so in the same     *|
|* run, and prints the best of 5 rounds of 100000 calls each.                *|
|*                                                                            *|
|*   bazel run //bench/capi:call_overhead                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tiny-c/Compiler.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static const char *kAdd =
    "#cpu = #tiny.device<\"CPU\">\n"
    "tiny.function @f -> tensor<4xf32, #cpu> {\n"
    "  %a = tiny.param 0 : f32 size 4 on \"CPU\"\n"
    "  %b = tiny.param 1 : f32 size 4 on \"CPU\"\n"
    "  %c = tiny.add %a, %b : tensor<4xf32, #cpu>\n"
    "  tiny.return %c : tensor<4xf32, #cpu>\n"
    "}\n";

int main(void) {
  enum { kCalls = 100000, kRounds = 5 };
  tiny_program_t program;
  double start = now();
  tiny_status_t status =
      tiny_program_compile(kAdd, strlen(kAdd), "add.mlir", NULL, &program);
  double compileSeconds = now() - start;
  if (status) {
    fprintf(stderr, "%s\n", tiny_status_message(status));
    return 1;
  }
  float a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40}, y[4] = {0};
  void *inputs[] = {a, b}, *outputs[] = {y};
  size_t inBytes[] = {16, 16}, outBytes[] = {16};
  double bestRun = 1e9, bestNoop = 1e9;
  volatile size_t sink = 0;
  for (int round = 0; round < kRounds; ++round) {
    double t0 = now();
    for (int i = 0; i < kCalls; ++i) {
      status = tiny_program_run(program, inputs, inBytes, 2, outputs,
                                outBytes, 1);
      if (status) {
        fprintf(stderr, "%s\n", tiny_status_message(status));
        return 1;
      }
    }
    double t1 = now();
    for (int i = 0; i < kCalls; ++i)
      sink += tiny_dtype_size(TINY_DTYPE_F32);
    double t2 = now();
    if (t1 - t0 < bestRun)
      bestRun = t1 - t0;
    if (t2 - t1 < bestNoop)
      bestNoop = t2 - t1;
  }
  for (int i = 0; i < 4; ++i)
    if (y[i] != a[i] + b[i]) {
      fprintf(stderr, "wrong result at %d: %g\n", i, y[i]);
      return 1;
    }
  printf("compile: %.1f ms\n", compileSeconds * 1e3);
  printf("tiny_program_run, 4-element add: %.3f us/call\n",
         bestRun * 1e6 / kCalls);
  printf("no-op call (tiny_dtype_size):    %.4f us/call\n",
         bestNoop * 1e6 / kCalls);
  tiny_program_release(program);
  return 0;
}
