/*===- Check.h - the checks of the C API's plain C tests ----------*- C -*-===*\
|*                                                                            *|
|* One translation unit per test program includes this: CHECK counts each   *|
|* check and reports a failed one with its line; finishChecks prints the    *|
|* totals and gives main's exit status.                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_TEST_CAPI_CHECK_H
#define TINY_TEST_CAPI_CHECK_H

#include <stdio.h>

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

/* Prints "N checks, M failed" and returns main's exit status. */
static int finishChecks(void) {
  printf("%d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}

#endif /* TINY_TEST_CAPI_CHECK_H */
