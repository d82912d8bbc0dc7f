/*===- CompilerTest.c - the C API of tiny-c/Compiler.h ---------------------===*\
|*                                                                            *|
|* Plain C, linked with libtiny_c.so alone: compiles programs, checks their   *|
|* signatures, runs them and compares the numbers with values computed here, *|
|* and checks that every error path returns a status with its message.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"
#include "tiny-c/Compiler.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Checks that `status` is an error of `code` whose message contains
   `needle`, and frees it. */
static void expectError(tiny_status_t status, tiny_status_code_t code,
                        const char *needle, int line) {
  ++checks;
  const char *message = tiny_status_message(status);
  if (!status || tiny_status_code(status) != code ||
      !strstr(message, needle)) {
    ++failures;
    fprintf(stderr, "%s:%d: expected %s containing \"%s\", got %s: %s\n",
            __FILE__, line, tiny_status_code_name(code), needle,
            tiny_status_code_name(tiny_status_code(status)), message);
  }
  tiny_status_free(status);
}
#define EXPECT_ERROR(status, code, needle)                                    \
  expectError((status), (code), (needle), __LINE__)

static void expectOk(tiny_status_t status, int line) {
  ++checks;
  if (status) {
    ++failures;
    fprintf(stderr, "%s:%d: unexpected error: %s\n", __FILE__, line,
            tiny_status_message(status));
    tiny_status_free(status);
  }
}
#define EXPECT_OK(status) expectOk((status), __LINE__)

static tiny_program_t compile(const char *text, const char *entry) {
  tiny_program_t program = NULL;
  EXPECT_OK(tiny_program_compile(text, strlen(text), "test.mlir", entry,
                                 &program));
  return program;
}

/* y = reshape(x, (2, 3)) * 2 + 1 */
static const char *kScaleAdd =
    "#cpu = #tiny.device<\"CPU\">\n"
    "tiny.function @f -> tensor<2x3xf32, #cpu> {\n"
    "  %x = tiny.param 0 : f32 size 6 on \"CPU\"\n"
    "  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>\n"
    "  %two = tiny.const dense<2.0> : tensor<2x3xf32, #cpu>\n"
    "  %one = tiny.const dense<1.0> : tensor<2x3xf32, #cpu>\n"
    "  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>\n"
    "  %y = tiny.add %m, %one : tensor<2x3xf32, #cpu>\n"
    "  tiny.return %y : tensor<2x3xf32, #cpu>\n"
    "}\n";

static void testRunsAProgram(void) {
  tiny_program_t program = compile(kScaleAdd, NULL);
  if (!program)
    return;
  CHECK(tiny_program_num_inputs(program) == 1);
  CHECK(tiny_program_num_outputs(program) == 1);
  tiny_tensor_info_t info;
  EXPECT_OK(tiny_program_input_info(program, 0, &info));
  CHECK(info.slot == 0 && info.dtype == TINY_DTYPE_F32 && info.rank == 1 &&
        info.shape[0] == 6 && info.num_bytes == 24 &&
        strcmp(info.device, "CPU") == 0);
  EXPECT_OK(tiny_program_output_info(program, 0, &info));
  CHECK(info.rank == 2 && info.shape[0] == 2 && info.shape[1] == 3 &&
        info.num_elements == 6 && info.num_bytes == 24);

  float x[6] = {1, -2, 3.5f, 0, 1e30f, -0.25f};
  float y[6] = {0};
  void *inputs[] = {x};
  void *outputs[] = {y};
  size_t bytes[] = {sizeof(x)};
  EXPECT_OK(tiny_program_run(program, inputs, bytes, 1, outputs, bytes, 1));
  for (int i = 0; i < 6; ++i)
    CHECK(y[i] == x[i] * 2.0f + 1.0f);
  tiny_program_release(program);
}

static void testCachesByContent(void) {
  size_t before = tiny_program_num_compilations();
  tiny_program_t first = compile(kScaleAdd, "f");
  tiny_program_t second = compile(kScaleAdd, "f");
  CHECK(tiny_program_num_compilations() <= before + 1);
  tiny_program_release(first);
  tiny_program_release(second);
}

/* `a` is never read: the program's inputs still bind by slot. */
static void testDroppedParamBindsBySlot(void) {
  const char *text =
      "#cpu = #tiny.device<\"CPU\">\n"
      "tiny.function @f -> tensor<4xi32, #cpu> {\n"
      "  %a = tiny.param 0 : i32 size 4 on \"CPU\"\n"
      "  %b = tiny.param 1 : i32 size 4 on \"CPU\"\n"
      "  %zero = tiny.const dense<0> : tensor<4xi32, #cpu>\n"
      "  %z = tiny.mul %a, %zero : tensor<4xi32, #cpu>\n"
      "  %y = tiny.add %b, %z : tensor<4xi32, #cpu>\n"
      "  tiny.return %y : tensor<4xi32, #cpu>\n"
      "}\n";
  tiny_program_t program = compile(text, NULL);
  if (!program)
    return;
  CHECK(tiny_program_num_inputs(program) == 2);
  int a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40}, y[4] = {0};
  void *inputs[] = {a, b};
  void *outputs[] = {y};
  size_t inBytes[] = {16, 16}, outBytes[] = {16};
  EXPECT_OK(tiny_program_run(program, inputs, inBytes, 2, outputs, outBytes,
                             1));
  for (int i = 0; i < 4; ++i)
    CHECK(y[i] == b[i]);
  tiny_program_release(program);
}

static void testCompileErrors(void) {
  tiny_program_t program = NULL;
  const char *bad = "tiny.function @f -> tensor<4xf32> {\n  %x = tiny.nope\n}\n";
  EXPECT_ERROR(tiny_program_compile(bad, strlen(bad), "bad.mlir", NULL,
                                    &program),
               TINY_STATUS_INVALID_ARGUMENT, "bad.mlir:2:");
  CHECK(program == NULL);

  /* Verifier error: the shapes of add's operands differ. */
  const char *mismatch =
      "#cpu = #tiny.device<\"CPU\">\n"
      "tiny.function @f -> tensor<4xf32, #cpu> {\n"
      "  %x = tiny.param 0 : f32 size 4 on \"CPU\"\n"
      "  %v = tiny.reshape %x to [2, 2] : tensor<4xf32, #cpu>\n"
      "  %y = tiny.add %x, %v : tensor<4xf32, #cpu>, tensor<2x2xf32, #cpu>\n"
      "  tiny.return %y : tensor<4xf32, #cpu>\n"
      "}\n";
  EXPECT_ERROR(tiny_program_compile(mismatch, strlen(mismatch), "v.mlir",
                                    NULL, &program),
               TINY_STATUS_INVALID_ARGUMENT, "v.mlir:5:");

  EXPECT_ERROR(tiny_program_compile(kScaleAdd, strlen(kScaleAdd), NULL, "g",
                                    &program),
               TINY_STATUS_INVALID_ARGUMENT, "no tiny.function named 'g'");
  EXPECT_ERROR(tiny_program_compile(kScaleAdd, strlen(kScaleAdd), NULL, NULL,
                                    NULL),
               TINY_STATUS_INVALID_ARGUMENT, "NULL");

  /* A size that overflows is refused at compile time, with its location. */
  const char *huge =
      "#cpu = #tiny.device<\"CPU\">\n"
      "tiny.function @f -> tensor<4611686018427387904xf32, #cpu> {\n"
      "  %c = tiny.const dense<1.0> : tensor<4611686018427387904xf32, #cpu>\n"
      "  tiny.return %c : tensor<4611686018427387904xf32, #cpu>\n"
      "}\n";
  EXPECT_ERROR(tiny_program_compile(huge, strlen(huge), "huge.mlir", NULL,
                                    &program),
               TINY_STATUS_INVALID_ARGUMENT,
               "huge.mlir:2:1: error: 'tiny.function' op result 0");
}

static void testRunErrors(void) {
  tiny_program_t program = compile(kScaleAdd, NULL);
  if (!program)
    return;
  float x[6] = {0}, y[6] = {0};
  void *inputs[] = {x};
  void *outputs[] = {y};
  size_t bytes[] = {24}, fewer[] = {20};
  EXPECT_ERROR(tiny_program_run(program, inputs, bytes, 0, outputs, bytes, 1),
               TINY_STATUS_INVALID_ARGUMENT, "expected 1 inputs, got 0");
  EXPECT_ERROR(tiny_program_run(program, inputs, fewer, 1, outputs, bytes, 1),
               TINY_STATUS_INVALID_ARGUMENT,
               "input 0 has 20 bytes, expected 24");
  EXPECT_ERROR(tiny_program_run(program, inputs, bytes, 1, outputs, fewer, 1),
               TINY_STATUS_INVALID_ARGUMENT,
               "output 0 has 20 bytes, expected 24");
  void *nulls[] = {NULL};
  EXPECT_ERROR(tiny_program_run(program, nulls, bytes, 1, outputs, bytes, 1),
               TINY_STATUS_INVALID_ARGUMENT, "input 0 is NULL");
  EXPECT_ERROR(tiny_program_run(NULL, inputs, bytes, 1, outputs, bytes, 1),
               TINY_STATUS_INVALID_ARGUMENT, "NULL program");
  tiny_tensor_info_t info;
  EXPECT_ERROR(tiny_program_input_info(program, 1, &info),
               TINY_STATUS_OUT_OF_RANGE, "index 1 of 1");
  tiny_program_release(program);
}

int main(void) {
  testRunsAProgram();
  testCachesByContent();
  testDroppedParamBindsBySlot();
  testCompileErrors();
  testRunErrors();
  return finishChecks();
}
