/*===- CApiTest.c - The runtime's API from C ------------------------------===*\
|*                                                                            *|
|* Compiled as C (no C++ at all in this file) against tiny/runtime.h alone,  *|
|* to show that the API is C: create a runtime, move bytes between virtual   *|
|* CPU devices, launch a kernel written in C, read the counters, and handle  *|
|* errors. Exits non-zero on the first failed check.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tiny/runtime.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition)                                                       \
  do {                                                                         \
    if (!(condition)) {                                                        \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,         \
              #condition);                                                     \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

/* Checks that `status` is success, printing and freeing it otherwise. */
static int ok(tiny_status_t status, int line) {
  if (!status)
    return 1;
  fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, line,
          tiny_status_code_name(tiny_status_code(status)),
          tiny_status_message(status));
  tiny_status_free(status);
  ++failures;
  return 0;
}
#define OK(call) ok((call), __LINE__)

/* Checks that `status` has `code` and a message containing `words`. */
static void expect_error(tiny_status_t status, tiny_status_code_t code,
                         const char *words, int line) {
  if (tiny_status_code(status) != code ||
      !strstr(tiny_status_message(status), words)) {
    fprintf(stderr, "%s:%d: expected %s with '%s', got %s: '%s'\n", __FILE__,
            line, tiny_status_code_name(code), words,
            tiny_status_code_name(tiny_status_code(status)),
            tiny_status_message(status));
    ++failures;
  }
  tiny_status_free(status);
}
#define EXPECT_ERROR(call, code, words)                                        \
  expect_error((call), code, words, __LINE__)

/* c[i] = a[i] * b[i] over three ints, in the JIT's packed form. */
static void multiply(void **args) {
  const int32_t *a = *(int32_t **)args[0];
  const int32_t *b = *(int32_t **)args[1];
  int32_t *c = *(int32_t **)args[2];
  int i;
  for (i = 0; i < 3; ++i)
    c[i] = a[i] * b[i];
}

int main(void) {
  tiny_runtime_t runtime = NULL;
  tiny_device_t cpu1 = NULL, cpu2 = NULL, device = NULL;
  tiny_buffer_t a = NULL, b = NULL, c = NULL;
  tiny_buffer_t args[3];
  tiny_device_stats_t stats;
  const int32_t values[3] = {2, 3, 4};
  int32_t result[3] = {0, 0, 0};
  const char *name = NULL;
  size_t bytes = 0;

  if (!OK(tiny_runtime_create(&runtime)))
    return 1;
  OK(tiny_device_get(runtime, "CPU:1", &cpu1));
  OK(tiny_device_get(runtime, "CPU:2", &cpu2));
  OK(tiny_device_name(cpu2, &name));
  CHECK(name && strcmp(name, "CPU:2") == 0);
  CHECK(tiny_dtype_size(TINY_DTYPE_BF16) == 2);

  OK(tiny_buffer_allocate(cpu1, TINY_DTYPE_I32, 3, &a));
  OK(tiny_buffer_allocate(cpu2, TINY_DTYPE_I32, 3, &b));
  OK(tiny_buffer_allocate(cpu2, TINY_DTYPE_I32, 3, &c));
  OK(tiny_buffer_byte_size(a, &bytes));
  CHECK(bytes == 12);
  OK(tiny_buffer_upload(a, values, sizeof(values)));
  OK(tiny_buffer_copy(b, a));

  args[0] = a;
  args[1] = b;
  args[2] = c;
  OK(tiny_launch_cpu(multiply, args, 3));
  OK(tiny_buffer_download(c, result, sizeof(result)));
  CHECK(result[0] == 4 && result[1] == 9 && result[2] == 16);

  OK(tiny_device_stats(cpu1, &stats));
  CHECK(stats.bytes_allocated == 12 && stats.bytes_copied_in == 12 &&
        stats.bytes_copied_out == 12);
  OK(tiny_device_stats(cpu2, &stats));
  CHECK(stats.bytes_allocated == 24 && stats.peak_bytes_allocated == 24 &&
        stats.bytes_copied_in == 12 && stats.bytes_copied_out == 12 &&
        stats.live_buffers == 2);

  EXPECT_ERROR(tiny_device_get(runtime, "TPU:0", &device),
               TINY_STATUS_NOT_FOUND, "unknown device 'TPU:0'");
  CHECK(device == NULL);
  OK(tiny_buffer_release(c));
  EXPECT_ERROR(tiny_buffer_download(c, result, sizeof(result)),
               TINY_STATUS_INVALID_HANDLE, "not a live buffer");
  EXPECT_ERROR(tiny_buffer_upload(a, values, 4), TINY_STATUS_INVALID_ARGUMENT,
               "4 bytes given for a 12-byte buffer");
  OK(tiny_device_set_limit(cpu1, 16));
  EXPECT_ERROR(tiny_buffer_allocate(cpu1, TINY_DTYPE_F32, 2, &c),
               TINY_STATUS_OUT_OF_MEMORY, "device 'CPU:1' out of memory");

  OK(tiny_buffer_release(a));
  OK(tiny_buffer_release(b));
  OK(tiny_runtime_destroy(runtime));
  if (failures)
    fprintf(stderr, "%d check(s) failed\n", failures);
  else
    printf("C API test passed\n");
  return failures != 0;
}
