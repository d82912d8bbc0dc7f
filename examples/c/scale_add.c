#include "tiny-c/Compiler.h"
#include <stdio.h>

int main(int argc, char **argv) {
  FILE *file = fopen(argc > 1 ? argv[1] : "examples/scale_add.mlir", "rb");
  char text[4096];
  size_t length = file ? fread(text, 1, sizeof(text), file) : 0;
  tiny_program_t program;
  tiny_status_t status = tiny_program_compile(text, length, "scale_add.mlir",
                                              NULL, &program);
  float x[6] = {1, 2, 3, 4, 5, 6}, y[6];
  void *in[] = {x}, *out[] = {y};
  size_t bytes[] = {sizeof(x)};
  if (!status)
    status = tiny_program_run(program, in, bytes, 1, out, bytes, 1);
  if (status) {
    fprintf(stderr, "%s\n", tiny_status_message(status));
    return 1;
  }
  for (int i = 0; i < 6; ++i)
    printf("%g%s", y[i], i == 5 ? "\n" : " ");
  tiny_program_release(program);
  return 0;
}
