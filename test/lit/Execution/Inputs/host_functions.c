/*===- host_functions.c - host functions for the execution tests ---------===*
 *
 * A library of host functions (the C ABI of jit/HostFunctionABI.h) that
 * tiny-run loads with --host-functions, for custom-function.mlir:
 *
 *   sgemm(A: f32 (M, K), B: f32 (K, N)) -> f32 (M, N), the matrix product
 *   cumsum(x: i32 (N,)) -> i32 (N,), prefix sums
 *   minmax(x: f32 (N,)) -> (f32 (), f32 ()), the least and greatest element
 *   describe(x...) -> i64 (K,), the dtype, rank and shape of each input,
 *       one after another, then zeros
 *   fail(x...) -> (...), fails with a message
 *
 * Each checks the dtypes and shapes it gets and fails with a message when
 * they are not what it takes.
 *
 *===----------------------------------------------------------------------===*/

#include "jit/HostFunctionABI.h"

#include <stdio.h>

static int reject(char *error, size_t error_size, const char *message) {
  snprintf(error, error_size, "%s", message);
  return 1;
}

static int sgemm(const tiny_host_buffer_t *in, size_t num_in,
                 const tiny_host_buffer_t *out, size_t num_out,
                 void *user_data, char *error, size_t error_size) {
  (void)user_data;
  if (num_in != 2 || num_out != 1)
    return reject(error, error_size, "takes 2 inputs and 1 output");
  const tiny_host_buffer_t *a = &in[0], *b = &in[1], *c = &out[0];
  if (a->dtype != TINY_DTYPE_F32 || b->dtype != TINY_DTYPE_F32 ||
      c->dtype != TINY_DTYPE_F32 || a->rank != 2 || b->rank != 2 ||
      c->rank != 2)
    return reject(error, error_size, "takes f32 matrices");
  int64_t m = a->shape[0], k = a->shape[1], n = b->shape[1];
  if (b->shape[0] != k || c->shape[0] != m || c->shape[1] != n)
    return reject(error, error_size, "got matrices of mismatched shapes");
  const float *x = a->data, *y = b->data;
  float *z = c->data;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0;
      for (int64_t l = 0; l < k; ++l)
        sum += x[i * k + l] * y[l * n + j];
      z[i * n + j] = sum;
    }
  return 0;
}

static int cumsum(const tiny_host_buffer_t *in, size_t num_in,
                  const tiny_host_buffer_t *out, size_t num_out,
                  void *user_data, char *error, size_t error_size) {
  (void)user_data;
  if (num_in != 1 || num_out != 1 || in[0].dtype != TINY_DTYPE_I32 ||
      out[0].dtype != TINY_DTYPE_I32 ||
      in[0].num_elements != out[0].num_elements)
    return reject(error, error_size, "maps i32 to i32 of the same size");
  const int32_t *x = in[0].data;
  int32_t *y = out[0].data, sum = 0;
  for (int64_t i = 0; i < in[0].num_elements; ++i)
    y[i] = sum += x[i];
  return 0;
}

static int minmax(const tiny_host_buffer_t *in, size_t num_in,
                  const tiny_host_buffer_t *out, size_t num_out,
                  void *user_data, char *error, size_t error_size) {
  (void)user_data;
  if (num_in != 1 || num_out != 2 || in[0].dtype != TINY_DTYPE_F32 ||
      in[0].num_elements < 1 || out[0].rank != 0 || out[1].rank != 0)
    return reject(error, error_size,
                  "maps a non-empty f32 tensor to two f32 scalars");
  const float *x = in[0].data;
  float least = x[0], greatest = x[0];
  for (int64_t i = 1; i < in[0].num_elements; ++i) {
    least = x[i] < least ? x[i] : least;
    greatest = x[i] > greatest ? x[i] : greatest;
  }
  *(float *)out[0].data = least;
  *(float *)out[1].data = greatest;
  return 0;
}

static int describe(const tiny_host_buffer_t *in, size_t num_in,
                    const tiny_host_buffer_t *out, size_t num_out,
                    void *user_data, char *error, size_t error_size) {
  (void)user_data;
  if (num_out != 1 || out[0].dtype != TINY_DTYPE_I64 || out[0].rank != 1)
    return reject(error, error_size, "writes one i64 vector");
  int64_t *words = out[0].data, n = out[0].num_elements, next = 0;
  for (size_t i = 0; i < num_in; ++i) {
    if (next + 2 + in[i].rank > n)
      return reject(error, error_size, "has too short an output");
    words[next++] = in[i].dtype;
    words[next++] = in[i].rank;
    for (int64_t d = 0; d < in[i].rank; ++d)
      words[next++] = in[i].shape[d];
  }
  while (next < n)
    words[next++] = 0;
  return 0;
}

static int fail(const tiny_host_buffer_t *in, size_t num_in,
                const tiny_host_buffer_t *out, size_t num_out,
                void *user_data, char *error, size_t error_size) {
  (void)in, (void)num_in, (void)out, (void)num_out, (void)user_data;
  return reject(error, error_size, "this function always fails");
}

void tiny_register_host_functions(tiny_host_function_registrar_t registrar) {
  registrar("sgemm", sgemm, NULL);
  registrar("cumsum", cumsum, NULL);
  registrar("minmax", minmax, NULL);
  registrar("describe", describe, NULL);
  registrar("fail", fail, NULL);
}
