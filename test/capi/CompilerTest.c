/*===- CompilerTest.c - the C API of tiny-c/Compiler.h ---------------------===*\
|*                                                                            *|
|* Plain C, linked with libtiny_c.so alone: compiles programs, checks their   *|
|* signatures, runs them and compares the numbers with values computed here, *|
|* and checks that every error path returns a status with its message.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"
#include "tiny-c/Compiler.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Checks that `program` is kScaleAdd: its signature and its numbers. */
static void expectScaleAdd(tiny_program_t program) {
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
}

static void testRunsAProgram(void) {
  tiny_program_t program = compile(kScaleAdd, NULL);
  if (!program)
    return;
  expectScaleAdd(program);
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

/* One kernel: 6 multiplies and 6 adds, reading 6 f32 and writing 6 f32. */
static void testCountsLaunches(void) {
  tiny_program_t program = compile(kScaleAdd, NULL);
  if (!program)
    return;
  CHECK(tiny_program_num_launches(program) == 1);
  tiny_launch_info_t info;
  EXPECT_OK(tiny_program_launch_info(program, 0, &info));
  CHECK(!info.is_copy && strcmp(info.name, "E_2_3") == 0 &&
        info.flops == 12 && info.bytes == 48);
  EXPECT_ERROR(tiny_program_launch_info(program, 1, &info),
               TINY_STATUS_OUT_OF_RANGE, "index 1 of 1");
  EXPECT_ERROR(tiny_program_launch_info(program, 0, NULL),
               TINY_STATUS_INVALID_ARGUMENT, "a NULL argument");
  CHECK(tiny_program_num_launches(NULL) == -1);
  tiny_program_release(program);
}

/* A path in the test's scratch folder. */
static void scratchPath(char *path, size_t size, const char *name) {
  const char *dir = getenv("TEST_TMPDIR");
  snprintf(path, size, "%s/%s", dir ? dir : "/tmp", name);
}

/* A program saved as an artifact loads with no compilation, has the same
   signature and computes the same numbers; files that are no artifact, or
   a part of one, are refused. */
static void testArtifacts(void) {
  char path[4096], broken[4096];
  scratchPath(path, sizeof(path), "scale_add.tiny");
  tiny_program_t compiled = compile(kScaleAdd, NULL);
  if (!compiled)
    return;
  EXPECT_OK(tiny_program_save_artifact(compiled, path));
  tiny_program_release(compiled);

  size_t before = tiny_program_num_compilations();
  tiny_program_t program = NULL;
  EXPECT_OK(tiny_program_load_artifact(path, &program));
  CHECK(tiny_program_num_compilations() == before);
  if (!program)
    return;
  expectScaleAdd(program);
  /* An artifact keeps no IR to count the launches in. */
  CHECK(tiny_program_num_launches(program) == -1);
  /* A loaded program saves again. */
  scratchPath(broken, sizeof(broken), "again.tiny");
  EXPECT_OK(tiny_program_save_artifact(program, broken));
  tiny_program_release(program);

  /* The first 100 bytes of the artifact. */
  char head[100];
  FILE *file = fopen(path, "rb");
  CHECK(file && fread(head, 1, sizeof(head), file) == sizeof(head));
  if (file)
    fclose(file);
  scratchPath(broken, sizeof(broken), "short.tiny");
  file = fopen(broken, "wb");
  CHECK(file && fwrite(head, 1, sizeof(head), file) == sizeof(head));
  if (file)
    fclose(file);
  program = NULL;
  EXPECT_ERROR(tiny_program_load_artifact(broken, &program),
               TINY_STATUS_INVALID_ARGUMENT, "short.tiny is truncated: 100 of");
  CHECK(program == NULL);
  /* MLIR text is no artifact. */
  scratchPath(broken, sizeof(broken), "text.tiny");
  file = fopen(broken, "wb");
  CHECK(file && fputs(kScaleAdd, file) >= 0);
  if (file)
    fclose(file);
  EXPECT_ERROR(tiny_program_load_artifact(broken, &program),
               TINY_STATUS_INVALID_ARGUMENT, "text.tiny is not a tiny artifact");
  scratchPath(broken, sizeof(broken), "missing.tiny");
  EXPECT_ERROR(tiny_program_load_artifact(broken, &program),
               TINY_STATUS_NOT_FOUND, "cannot read");
  EXPECT_ERROR(tiny_program_load_artifact(NULL, &program),
               TINY_STATUS_INVALID_ARGUMENT, "a NULL argument");
  EXPECT_ERROR(tiny_program_save_artifact(NULL, path),
               TINY_STATUS_INVALID_ARGUMENT, "a NULL argument");
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

/* x on CPU:1 doubled, then copied to CPU:2: the program reads and writes
   the caller's runtime buffers in place, and its copy between devices is
   counted on the caller's runtime. */
static const char *kDoubleAndCopy =
    "#d1 = #tiny.device<\"CPU:1\">\n"
    "#d2 = #tiny.device<\"CPU:2\">\n"
    "tiny.function @f -> tensor<4xi32, #d2> {\n"
    "  %x = tiny.param 0 : i32 size 4 on \"CPU:1\"\n"
    "  %two = tiny.const dense<2> : tensor<4xi32, #d1>\n"
    "  %d = tiny.mul %x, %two : tensor<4xi32, #d1>\n"
    "  %y = tiny.copy %d to \"CPU:2\" : tensor<4xi32, #d1>\n"
    "  tiny.return %y : tensor<4xi32, #d2>\n"
    "}\n";

/* Allocates `count` elements of `dtype` on device `name` of `runtime`. */
static tiny_buffer_t allocate(tiny_runtime_t runtime, const char *name,
                              tiny_dtype_t dtype, size_t count) {
  tiny_device_t device = NULL;
  tiny_buffer_t buffer = NULL;
  EXPECT_OK(tiny_device_get(runtime, name, &device));
  if (device)
    EXPECT_OK(tiny_buffer_allocate(device, dtype, count, &buffer));
  return buffer;
}

/* Param 0 is never read: the lowering drops it, the signature keeps it. */
static const char *kDroppedParam =
    "#cpu = #tiny.device<\"CPU\">\n"
    "tiny.function @f -> tensor<4xi32, #cpu> {\n"
    "  %unused = tiny.param 0 : f32 size 3 on \"CPU\"\n"
    "  %x = tiny.param 1 : i32 size 4 on \"CPU\"\n"
    "  %y = tiny.add %x, %x : tensor<4xi32, #cpu>\n"
    "  tiny.return %y : tensor<4xi32, #cpu>\n"
    "}\n";

/* A buffer for a param the program never reads is checked against the
   signature as any other; the right one lets the program run. */
static void testRunBuffersChecksDroppedParams(void) {
  tiny_program_t program = compile(kDroppedParam, NULL);
  tiny_runtime_t runtime = NULL;
  EXPECT_OK(tiny_runtime_create(&runtime));
  if (!program || !runtime)
    return;
  tiny_buffer_t unused = allocate(runtime, "CPU", TINY_DTYPE_F32, 3);
  tiny_buffer_t wrong = allocate(runtime, "CPU", TINY_DTYPE_I32, 3);
  tiny_buffer_t x = allocate(runtime, "CPU", TINY_DTYPE_I32, 4);
  tiny_buffer_t y = allocate(runtime, "CPU", TINY_DTYPE_I32, 4);
  int data[4] = {1, -2, 3, 40}, result[4] = {0};
  EXPECT_OK(tiny_buffer_upload(x, data, sizeof(data)));
  tiny_buffer_t inputs[2] = {wrong, x};
  EXPECT_ERROR(tiny_program_run_buffers(program, runtime, inputs, 2, &y, 1),
               TINY_STATUS_INVALID_ARGUMENT,
               "tiny_program_run_buffers: input 0 holds 3 elements of i32, "
               "expected 3 of f32");
  inputs[0] = unused;
  EXPECT_OK(tiny_program_run_buffers(program, runtime, inputs, 2, &y, 1));
  EXPECT_OK(tiny_buffer_download(y, result, sizeof(result)));
  for (int i = 0; i < 4; ++i)
    CHECK(result[i] == 2 * data[i]);
  EXPECT_OK(tiny_runtime_destroy(runtime));
  tiny_program_release(program);
}

static void testRunsOnRuntimeBuffers(void) {
  tiny_program_t program = compile(kDoubleAndCopy, NULL);
  tiny_runtime_t runtime = NULL;
  EXPECT_OK(tiny_runtime_create(&runtime));
  if (!program || !runtime)
    return;
  tiny_buffer_t x = allocate(runtime, "CPU:1", TINY_DTYPE_I32, 4);
  tiny_buffer_t y = allocate(runtime, "CPU:2", TINY_DTYPE_I32, 4);
  int data[4] = {1, -2, 30, 1 << 20}, result[4] = {0};
  EXPECT_OK(tiny_buffer_upload(x, data, sizeof(data)));
  tiny_device_t cpu2 = NULL;
  EXPECT_OK(tiny_device_get(runtime, "CPU:2", &cpu2));
  tiny_device_stats_t before, after;
  EXPECT_OK(tiny_device_stats(cpu2, &before));
  EXPECT_OK(tiny_program_run_buffers(program, runtime, &x, 1, &y, 1));
  EXPECT_OK(tiny_device_stats(cpu2, &after));
  EXPECT_OK(tiny_buffer_download(y, result, sizeof(result)));
  for (int i = 0; i < 4; ++i)
    CHECK(result[i] == data[i] * 2);
  /* The program's copy into CPU:2 wrote 16 bytes there; the output stayed
     in the caller's buffer (no download by the program). */
  CHECK(after.bytes_copied_in - before.bytes_copied_in == 16);
  CHECK(after.bytes_copied_out == before.bytes_copied_out);
  /* The caller keeps its one reference to each buffer. */
  uint32_t references = 0;
  EXPECT_OK(tiny_buffer_ref_count(y, &references));
  CHECK(references == 1);

  /* Error paths: counts, NULL and repeated buffers, devices, dtypes, element
     counts, released handles. */
  tiny_buffer_t wrongDevice = allocate(runtime, "CPU:2", TINY_DTYPE_I32, 4);
  tiny_buffer_t wrongDtype = allocate(runtime, "CPU:1", TINY_DTYPE_F32, 4);
  tiny_buffer_t wrongCount = allocate(runtime, "CPU:1", TINY_DTYPE_I32, 5);
  tiny_buffer_t released = allocate(runtime, "CPU:1", TINY_DTYPE_I32, 4);
  EXPECT_OK(tiny_buffer_release(released));
  tiny_buffer_t none = NULL;
  EXPECT_ERROR(tiny_program_run_buffers(program, runtime, &x, 0, &y, 1),
               TINY_STATUS_INVALID_ARGUMENT,
               "expected 1 inputs and 1 outputs, got 0 and 1");
  EXPECT_ERROR(tiny_program_run_buffers(program, runtime, &none, 1, &y, 1),
               TINY_STATUS_INVALID_ARGUMENT, "input 0 is NULL");
  EXPECT_ERROR(tiny_program_run_buffers(program, runtime, &x, 1, &x, 1),
               TINY_STATUS_INVALID_ARGUMENT, "output 0 is a buffer given twice");
  EXPECT_ERROR(
      tiny_program_run_buffers(program, runtime, &wrongDevice, 1, &y, 1),
      TINY_STATUS_INVALID_ARGUMENT, "input 0 must be a buffer on 'CPU:1'");
  EXPECT_ERROR(
      tiny_program_run_buffers(program, runtime, &wrongDtype, 1, &y, 1),
      TINY_STATUS_INVALID_ARGUMENT,
      "input 0 holds 4 elements of f32, expected 4 of i32");
  EXPECT_ERROR(
      tiny_program_run_buffers(program, runtime, &wrongCount, 1, &y, 1),
      TINY_STATUS_INVALID_ARGUMENT,
      "input 0 holds 5 elements of i32, expected 4 of i32");
  EXPECT_ERROR(tiny_program_run_buffers(program, runtime, &released, 1, &y, 1),
               TINY_STATUS_INVALID_HANDLE, "");
  EXPECT_ERROR(tiny_program_run_buffers(program, NULL, &x, 1, &y, 1),
               TINY_STATUS_INVALID_ARGUMENT, "NULL argument");
  /* A buffer of another runtime is on another device. */
  tiny_runtime_t other = NULL;
  EXPECT_OK(tiny_runtime_create(&other));
  tiny_buffer_t foreign = allocate(other, "CPU:1", TINY_DTYPE_I32, 4);
  EXPECT_ERROR(tiny_program_run_buffers(program, runtime, &foreign, 1, &y, 1),
               TINY_STATUS_INVALID_ARGUMENT, "of this runtime");
  EXPECT_OK(tiny_runtime_destroy(other));
  EXPECT_OK(tiny_runtime_destroy(runtime));
  tiny_program_release(program);
}

/* Checks that compiling kScaleAdd with `options` fails with
   TINY_STATUS_INVALID_ARGUMENT, a message containing `needle`, and no
   program. */
static void expectOptionsRefused(const tiny_compile_options_t *options,
                                 const char *needle, int line) {
  tiny_program_t program = NULL;
  expectError(tiny_program_compile_with_options(kScaleAdd, strlen(kScaleAdd),
                                                "test.mlir", NULL, options,
                                                &program),
              TINY_STATUS_INVALID_ARGUMENT, needle, __FILE__, line);
  ++checks;
  if (program) {
    ++failures;
    fprintf(stderr, "%s:%d: refused options gave a program\n", __FILE__, line);
    tiny_program_release(program);
  }
}
#define EXPECT_OPTIONS_REFUSED(options, needle)                                \
  expectOptionsRefused((options), (needle), __LINE__)

/* tiny_program_compile_with_options: NULL options compile as
   tiny_program_compile does; a beam width searches the kernels' schedules,
   which leaves the choice in $TINY_BEAM_CACHE_DIR and the same numbers;
   a width above 64 is refused. */
static void testBeamOption(void) {
  char dir[4096];
  scratchPath(dir, sizeof(dir), "beam-cache");
  setenv("TINY_BEAM_CACHE_DIR", dir, 1);
  tiny_program_t program = NULL;
  EXPECT_OK(tiny_program_compile_with_options(
      kScaleAdd, strlen(kScaleAdd), "test.mlir", NULL, NULL, &program));
  if (program)
    expectScaleAdd(program);
  tiny_program_release(program);
  CHECK(access(dir, F_OK) != 0);

  tiny_compile_options_t options = {0};
  options.beam = 2;
  program = NULL;
  EXPECT_OK(tiny_program_compile_with_options(
      kScaleAdd, strlen(kScaleAdd), "test.mlir", NULL, &options, &program));
  if (program)
    expectScaleAdd(program);
  tiny_program_release(program);
  int entries = 0;
  DIR *folder = opendir(dir);
  CHECK(folder != NULL);
  if (folder) {
    for (struct dirent *entry; (entry = readdir(folder));)
      entries += strstr(entry->d_name, ".beam") != NULL;
    closedir(folder);
  }
  CHECK(entries == 1);

  options.beam = 65;
  EXPECT_OPTIONS_REFUSED(&options, "beam width 65 is more than 64");
  unsetenv("TINY_BEAM_CACHE_DIR");
}

/* tiny_compile_options_t.cpu_schedule: options of -tiny-cpu-schedule give
   the same numbers; one the pass does not take, or any with a beam, is
   refused. */
static void testCpuScheduleOption(void) {
  tiny_compile_options_t options = {0};
  options.cpu_schedule = "row-upcast=1 reduce-unroll=1 pack=off";
  tiny_program_t program = NULL;
  EXPECT_OK(tiny_program_compile_with_options(
      kScaleAdd, strlen(kScaleAdd), "test.mlir", NULL, &options, &program));
  if (program)
    expectScaleAdd(program);
  tiny_program_release(program);

  options.cpu_schedule = "bogus=1";
  EXPECT_OPTIONS_REFUSED(&options, "no such option bogus");

  options.cpu_schedule = "pack=off";
  options.beam = 2;
  EXPECT_OPTIONS_REFUSED(&options, "cannot be given with a kernel");
}

int main(void) {
  testRunsAProgram();
  testCachesByContent();
  testCountsLaunches();
  testArtifacts();
  testDroppedParamBindsBySlot();
  testCompileErrors();
  testRunErrors();
  testRunsOnRuntimeBuffers();
  testRunBuffersChecksDroppedParams();
  testBeamOption();
  testCpuScheduleOption();
  return finishChecks();
}
