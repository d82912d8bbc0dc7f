/*===- call_overhead.c - the C API's cost per call -------------------------===*\
|*                                                                            *|
|* Times tiny_program_run (host buffers) and tiny_program_run_buffers       *|
|* (runtime buffers, in place) of a compiled 4-element add against a call    *|
|* that does nothing (tiny_dtype_size), all through libtiny_c.so in the same *|
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
  tiny_runtime_t runtime = NULL;
  tiny_device_t cpu = NULL;
  tiny_buffer_t buffers[3] = {NULL, NULL, NULL};
  status = tiny_runtime_create(&runtime);
  if (!status)
    status = tiny_device_get(runtime, "CPU", &cpu);
  for (int i = 0; i < 3 && !status; ++i)
    status = tiny_buffer_allocate(cpu, TINY_DTYPE_F32, 4, &buffers[i]);
  if (!status)
    status = tiny_buffer_upload(buffers[0], a, sizeof(a));
  if (!status)
    status = tiny_buffer_upload(buffers[1], b, sizeof(b));
  if (status) {
    fprintf(stderr, "%s\n", tiny_status_message(status));
    return 1;
  }
  double bestRun = 1e9, bestBuffers = 1e9, bestNoop = 1e9;
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
    for (int i = 0; i < kCalls; ++i) {
      status = tiny_program_run_buffers(program, runtime, buffers, 2,
                                        &buffers[2], 1);
      if (status) {
        fprintf(stderr, "%s\n", tiny_status_message(status));
        return 1;
      }
    }
    double t2 = now();
    for (int i = 0; i < kCalls; ++i)
      sink += tiny_dtype_size(TINY_DTYPE_F32);
    double t3 = now();
    if (t1 - t0 < bestRun)
      bestRun = t1 - t0;
    if (t2 - t1 < bestBuffers)
      bestBuffers = t2 - t1;
    if (t3 - t2 < bestNoop)
      bestNoop = t3 - t2;
  }
  float z[4] = {0};
  status = tiny_buffer_download(buffers[2], z, sizeof(z));
  if (status) {
    fprintf(stderr, "%s\n", tiny_status_message(status));
    return 1;
  }
  for (int i = 0; i < 4; ++i)
    if (y[i] != a[i] + b[i] || z[i] != a[i] + b[i]) {
      fprintf(stderr, "wrong result at %d: %g, %g\n", i, y[i], z[i]);
      return 1;
    }
  printf("compile: %.1f ms\n", compileSeconds * 1e3);
  printf("tiny_program_run, 4-element add: %.3f us/call\n",
         bestRun * 1e6 / kCalls);
  printf("tiny_program_run_buffers, same:  %.3f us/call\n",
         bestBuffers * 1e6 / kCalls);
  printf("no-op call (tiny_dtype_size):    %.4f us/call\n",
         bestNoop * 1e6 / kCalls);
  tiny_status_free(tiny_runtime_destroy(runtime));
  tiny_program_release(program);
  return 0;
}
