//===- OneDnn.cpp - oneDNN's convolution and matmul as references --------===//

#include "bench/kernels/OneDnn.h"

#include <dnnl.hpp>

#include <algorithm>
#include <cstring>

namespace tiny::bench {

using dnnl::memory;
using tag = memory::format_tag;

namespace {

/// `desc`'s layout in oneDNN's letters: the dimensions' order by stride
/// ("acdb"), upper case where blocked, then the inner blocks ("aBcd16b");
/// "?" for a layout that is not blocked.
std::string layout(const memory::desc &desc) {
  const dnnl_memory_desc_t &data = desc.data;
  if (data.format_kind != dnnl_blocked)
    return std::string("?");
  std::string text;
  const auto &blocking = data.format_desc.blocking;
  std::string order;
  for (int i = 0; i < data.ndims; ++i)
    order += static_cast<char>('a' + i);
  std::stable_sort(order.begin(), order.end(), [&](char x, char y) {
    return blocking.strides[x - 'a'] > blocking.strides[y - 'a'];
  });
  for (char dim : order) {
    bool blocked = false;
    for (int i = 0; i < blocking.inner_nblks; ++i)
      blocked |= blocking.inner_idxs[i] == dim - 'a';
    text += blocked ? static_cast<char>(dim - 'a' + 'A') : dim;
  }
  for (int i = 0; i < blocking.inner_nblks; ++i)
    text += std::to_string(blocking.inner_blks[i]) +
            static_cast<char>('a' + blocking.inner_idxs[i]);
  return text;
}

} // namespace

struct OneDnnConv::State {
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  dnnl::convolution_forward::primitive_desc descriptor;
  dnnl::convolution_forward convolution;
  memory source, weights, destination;
  memory::desc nchwDestination;
};

OneDnnConv::OneDnnConv(std::unique_ptr<State> state)
    : state(std::move(state)) {}
OneDnnConv::~OneDnnConv() = default;

std::unique_ptr<OneDnnConv> OneDnnConv::create(const ConvShape &shape,
                                               const float *input,
                                               const float *weights,
                                               std::string &error) {
  try {
    auto state = std::make_unique<State>();
    const memory::dims sourceDims = {shape.batch, shape.inChannels, shape.size,
                                     shape.size},
                       weightDims = {shape.outChannels, shape.inChannels,
                                     shape.kernel, shape.kernel},
                       destinationDims = {shape.batch, shape.outChannels,
                                          shape.outSize(), shape.outSize()},
                       strides = {shape.stride, shape.stride},
                       padding = {shape.padding, shape.padding};
    const auto f32 = memory::data_type::f32;
    memory::desc anySource(sourceDims, f32, tag::any),
        anyWeights(weightDims, f32, tag::any),
        anyDestination(destinationDims, f32, tag::any);
    dnnl::convolution_forward::desc operation(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        anySource, anyWeights, anyDestination, strides, padding, padding);
    state->descriptor =
        dnnl::convolution_forward::primitive_desc(operation, state->engine);
    state->convolution = dnnl::convolution_forward(state->descriptor);

    // The inputs, from NCHW and OIHW into the layouts oneDNN chose.
    memory userSource({sourceDims, f32, tag::nchw}, state->engine,
                      const_cast<float *>(input));
    memory userWeights({weightDims, f32, tag::oihw}, state->engine,
                       const_cast<float *>(weights));
    state->source = memory(state->descriptor.src_desc(), state->engine);
    state->weights = memory(state->descriptor.weights_desc(), state->engine);
    state->destination = memory(state->descriptor.dst_desc(), state->engine);
    state->nchwDestination = memory::desc(destinationDims, f32, tag::nchw);
    dnnl::reorder(userSource, state->source)
        .execute(state->stream, userSource, state->source);
    dnnl::reorder(userWeights, state->weights)
        .execute(state->stream, userWeights, state->weights);
    state->stream.wait();
    return std::unique_ptr<OneDnnConv>(new OneDnnConv(std::move(state)));
  } catch (const dnnl::error &failure) {
    error = failure.what();
    return nullptr;
  }
}

void OneDnnConv::run() {
  state->convolution.execute(state->stream,
                             {{DNNL_ARG_SRC, state->source},
                              {DNNL_ARG_WEIGHTS, state->weights},
                              {DNNL_ARG_DST, state->destination}});
  state->stream.wait();
}

void OneDnnConv::readOutput(float *output) {
  memory nchw(state->nchwDestination, state->engine, output);
  dnnl::reorder(state->destination, nchw)
      .execute(state->stream, state->destination, nchw);
  state->stream.wait();
}

std::string OneDnnConv::describe() const {
  return std::string(state->descriptor.impl_info_str()) + " (src " +
         layout(state->descriptor.src_desc()) + ", weights " +
         layout(state->descriptor.weights_desc()) + ", dst " +
         layout(state->descriptor.dst_desc()) + ")";
}

struct OneDnnMatmul::State {
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  dnnl::matmul::primitive_desc descriptor;
  dnnl::matmul matmul;
  memory source, weights, destination;
};

OneDnnMatmul::OneDnnMatmul(std::unique_ptr<State> state)
    : state(std::move(state)) {}
OneDnnMatmul::~OneDnnMatmul() = default;

std::unique_ptr<OneDnnMatmul>
OneDnnMatmul::create(int64_t m, int64_t k, int64_t n, MatmulSource source,
                     const void *a, const void *b, std::string &error) {
  try {
    auto state = std::make_unique<State>();
    const memory::data_type type =
        source == MatmulSource::BF16  ? memory::data_type::bf16
        : source == MatmulSource::F16 ? memory::data_type::f16
                                      : memory::data_type::f32;
    const memory::dims aDims = {m, k}, bDims = {k, n}, cDims = {m, n};
    memory::desc aDesc(aDims, type, tag::ab), anyB(bDims, type, tag::any),
        cDesc(cDims, memory::data_type::f32, tag::ab);
    state->descriptor = dnnl::matmul::primitive_desc(
        dnnl::matmul::desc(aDesc, anyB, cDesc), state->engine);
    state->matmul = dnnl::matmul(state->descriptor);

    // A is read in place; B goes into the layout oneDNN chose, once.
    state->source = memory(aDesc, state->engine, const_cast<void *>(a));
    memory userB({bDims, type, tag::ab}, state->engine, const_cast<void *>(b));
    state->weights = memory(state->descriptor.weights_desc(), state->engine);
    state->destination = memory(cDesc, state->engine);
    dnnl::reorder(userB, state->weights)
        .execute(state->stream, userB, state->weights);
    state->stream.wait();
    return std::unique_ptr<OneDnnMatmul>(new OneDnnMatmul(std::move(state)));
  } catch (const dnnl::error &failure) {
    error = failure.what();
    return nullptr;
  }
}

void OneDnnMatmul::run() {
  state->matmul.execute(state->stream, {{DNNL_ARG_SRC, state->source},
                                        {DNNL_ARG_WEIGHTS, state->weights},
                                        {DNNL_ARG_DST, state->destination}});
  state->stream.wait();
}

void OneDnnMatmul::readOutput(float *output) {
  const memory::desc &desc = state->destination.get_desc();
  std::memcpy(output, state->destination.get_data_handle(), desc.get_size());
}

std::string OneDnnMatmul::describe() const {
  return std::string(state->descriptor.impl_info_str()) + " (B " +
         layout(state->descriptor.weights_desc()) + ")";
}

std::string oneDnnVersion() {
  const dnnl_version_t *version = dnnl_version();
  return std::to_string(version->major) + "." + std::to_string(version->minor) +
         "." + std::to_string(version->patch);
}

} // namespace tiny::bench
