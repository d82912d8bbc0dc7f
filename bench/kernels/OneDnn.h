//===- OneDnn.h - oneDNN's convolution and matmul as references -*- C++ -*-===//
//
// bench-conv's reference: oneDNN's forward convolution primitive (Debian's
// libdnnl 2.6, built on GNU OpenMP), created with format_tag::any for the
// source, the weights and the destination so that oneDNN lays them out the
// way its fastest implementation for this CPU wants (blocked, e.g.
// nChw16c). The NCHW inputs are reordered into those layouts once, when the
// convolution is created; a timed run is the primitive alone.
//
// bench-lowp's reference: oneDNN's matmul primitive on bf16 or f16 sources
// with an f32 destination (f32 accumulation), row-major source and
// destination, the weights (B) reordered once into the layout oneDNN picks
// (format_tag::any), as for the convolution.
//
// oneDNN's kernels fix their thread count when the primitive is created
// (from omp_get_max_threads of the calling thread): set libgomp's thread
// count first, and create one convolution per thread count.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_BENCH_KERNELS_ONEDNN_H
#define TINY_BENCH_KERNELS_ONEDNN_H

#include <cstdint>
#include <memory>
#include <string>

namespace tiny::bench {

/// A 2-D convolution, NCHW input, OIHW weights, no bias, square kernel,
/// the same stride and padding on both spatial dimensions.
struct ConvShape {
  int64_t batch, inChannels, outChannels, size, kernel, stride, padding;

  int64_t outSize() const { return (size + 2 * padding - kernel) / stride + 1; }
  int64_t inputElements() const { return batch * inChannels * size * size; }
  int64_t weightElements() const {
    return outChannels * inChannels * kernel * kernel;
  }
  int64_t outputElements() const {
    return batch * outChannels * outSize() * outSize();
  }
  /// Two per multiply-add.
  double flops() const {
    return 2.0 * outputElements() * inChannels * kernel * kernel;
  }
};

/// oneDNN's forward convolution of one shape on fixed inputs.
class OneDnnConv {
public:
  /// The primitive for `shape` on NCHW `input` and OIHW `weights` (both
  /// read now and reordered into oneDNN's layouts), for as many threads as
  /// GNU OpenMP's omp_get_max_threads says now. Null with `error` set
  /// when oneDNN refuses.
  static std::unique_ptr<OneDnnConv> create(const ConvShape &shape,
                                            const float *input,
                                            const float *weights,
                                            std::string &error);
  ~OneDnnConv();

  /// One execution of the primitive, waited for.
  void run();
  /// The last run's result, reordered into NCHW `output`.
  void readOutput(float *output);
  /// The implementation oneDNN chose (impl_info_str: brgconv:avx512_core,
  /// jit:avx512_core, ...) and its layouts.
  std::string describe() const;

private:
  struct State;
  explicit OneDnnConv(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
};

/// The element type of a matmul's two sources.
enum class MatmulSource { BF16, F16, F32 };

/// oneDNN's matmul C = A B of an m x k A and a k x n B, both row-major, of
/// one element type (bf16 or f16 bits as uint16_t, or float), into a
/// row-major m x n f32 C: each product and the sum in f32.
class OneDnnMatmul {
public:
  /// The primitive for A (`a`, read when run) and B (`b`, read now and
  /// reordered into oneDNN's layout), for as many threads as GNU OpenMP's
  /// omp_get_max_threads says now. Null with `error` set when oneDNN has no
  /// implementation for these types on this CPU.
  static std::unique_ptr<OneDnnMatmul> create(int64_t m, int64_t k, int64_t n,
                                              MatmulSource source,
                                              const void *a, const void *b,
                                              std::string &error);
  ~OneDnnMatmul();

  /// One execution of the primitive, waited for.
  void run();
  /// The last run's result (row-major, m x n).
  void readOutput(float *output);
  /// The implementation oneDNN chose (impl_info_str: brg:avx512_core_bf16,
  /// gemm:jit, ref:any, ...) and B's layout.
  std::string describe() const;

private:
  struct State;
  explicit OneDnnMatmul(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
};

/// oneDNN's version, "2.6.3".
std::string oneDnnVersion();

} // namespace tiny::bench

#endif // TINY_BENCH_KERNELS_ONEDNN_H
