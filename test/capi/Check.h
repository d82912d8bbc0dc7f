/*===- Check.h - the checks of the C API's plain C tests ----------*- C -*-===*\
|*                                                                            *|
|* One translation unit per test program includes this: CHECK counts each   *|
|* check and reports a failed one with its line; EXPECT_OK and EXPECT_ERROR *|
|* check a returned status; finishChecks prints the totals and gives main's *|
|* exit status.                                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_TEST_CAPI_CHECK_H
#define TINY_TEST_CAPI_CHECK_H

#include "tiny/runtime.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                           \
  do {                                                                        \
    ++checks;                                                                 \
    if (!(cond)) {                                                            \
      ++failures;                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,       \
              #cond);                                                         \
    }                                                                         \
  } while (0)

/* Checks that `status` is an error of `code` whose message contains
   `needle`, and frees it. */
static inline void expectError(tiny_status_t status, tiny_status_code_t code,
                               const char *needle, const char *file, int line) {
  ++checks;
  const char *message = tiny_status_message(status);
  if (!status || tiny_status_code(status) != code || !strstr(message, needle)) {
    ++failures;
    fprintf(stderr, "%s:%d: expected %s containing \"%s\", got %s: %s\n", file,
            line, tiny_status_code_name(code), needle,
            tiny_status_code_name(tiny_status_code(status)), message);
  }
  tiny_status_free(status);
}
#define EXPECT_ERROR(status, code, needle)                                     \
  expectError((status), (code), (needle), __FILE__, __LINE__)

/* Checks that `status` is a success; frees it otherwise. */
static inline void expectOk(tiny_status_t status, const char *file, int line) {
  ++checks;
  if (status) {
    ++failures;
    fprintf(stderr, "%s:%d: unexpected error: %s\n", file, line,
            tiny_status_message(status));
    tiny_status_free(status);
  }
}
#define EXPECT_OK(status) expectOk((status), __FILE__, __LINE__)

/* Prints "N checks, M failed" and returns main's exit status. */
static int finishChecks(void) {
  printf("%d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}

#endif /* TINY_TEST_CAPI_CHECK_H */
