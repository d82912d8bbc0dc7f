//===- CudaDevices.cpp - NVIDIA GPUs through the CUDA driver API ----------===//
//
// The CUDA back end calls the driver API (libcuda) through function pointers
// resolved with dlsym, so no CUDA header or library is needed to build. It
// uses only entry points whose ABI the driver keeps stable: the unversioned
// names and the `_v2` ones that the CUDA headers have mapped the plain names
// to since CUDA 4 (a 64-bit CUdeviceptr).
//
// Each device works in its primary context, the one the CUDA runtime (and
// so PyTorch and friends) uses too. The runtime may be called from any
// thread, so every call pushes that context around its driver calls and pops
// it after, leaving the thread's own current context as it was. All work
// goes on the context's legacy default stream, which orders launches,
// copies and event records.
//
//===----------------------------------------------------------------------===//

#include "GpuDevice.h"
#include "Status.h"

#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <vector>

using namespace tiny::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

// The driver API's types, as cuda.h declares them on 64-bit Linux.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUjit_option = int;

constexpr CUjit_option kJitErrorLogBuffer = 5;
constexpr CUjit_option kJitErrorLogBufferSizeBytes = 6;

// X(name, return type, parameters): the entry points the back end uses. The
// first one missing from a library is named in the "not available" reason,
// so the list starts with cuInit.
#define TINY_CUDA_ENTRY_POINTS(X)                                              \
  X(cuInit, CUresult, (unsigned flags))                                        \
  X(cuDeviceGetCount, CUresult, (int *count))                                  \
  X(cuGetErrorName, CUresult, (CUresult error, const char **name))             \
  X(cuGetErrorString, CUresult, (CUresult error, const char **description))    \
  X(cuDeviceGet, CUresult, (CUdevice * device, int ordinal))                   \
  X(cuDevicePrimaryCtxRetain, CUresult,                                        \
    (CUcontext * context, CUdevice device))                                    \
  X(cuDevicePrimaryCtxRelease_v2, CUresult, (CUdevice device))                 \
  X(cuCtxPushCurrent_v2, CUresult, (CUcontext context))                        \
  X(cuCtxPopCurrent_v2, CUresult, (CUcontext * context))                       \
  X(cuCtxSynchronize, CUresult, ())                                            \
  X(cuMemAlloc_v2, CUresult, (CUdeviceptr * address, size_t bytes))            \
  X(cuMemFree_v2, CUresult, (CUdeviceptr address))                             \
  X(cuMemsetD8_v2, CUresult,                                                   \
    (CUdeviceptr address, unsigned char value, size_t bytes))                  \
  X(cuMemcpyHtoD_v2, CUresult,                                                 \
    (CUdeviceptr dst, const void *src, size_t bytes))                          \
  X(cuMemcpyDtoH_v2, CUresult, (void *dst, CUdeviceptr src, size_t bytes))     \
  X(cuMemcpyDtoD_v2, CUresult,                                                 \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes))                          \
  X(cuMemcpyPeer, CUresult,                                                    \
    (CUdeviceptr dst, CUcontext dstContext, CUdeviceptr src,                   \
     CUcontext srcContext, size_t bytes))                                      \
  X(cuModuleLoadDataEx, CUresult,                                              \
    (CUmodule * module, const void *image, unsigned numOptions,                \
     CUjit_option *options, void **optionValues))                              \
  X(cuModuleUnload, CUresult, (CUmodule module))                               \
  X(cuModuleGetFunction, CUresult,                                             \
    (CUfunction * function, CUmodule module, const char *name))                \
  X(cuLaunchKernel, CUresult,                                                  \
    (CUfunction function, unsigned gridX, unsigned gridY, unsigned gridZ,      \
     unsigned blockX, unsigned blockY, unsigned blockZ,                        \
     unsigned sharedMemoryBytes, CUstream stream, void **params,               \
     void **extra))                                                            \
  X(cuEventCreate, CUresult, (CUevent * event, unsigned flags))                \
  X(cuEventDestroy_v2, CUresult, (CUevent event))                              \
  X(cuEventRecord, CUresult, (CUevent event, CUstream stream))                 \
  X(cuEventSynchronize, CUresult, (CUevent event))                             \
  X(cuEventElapsedTime, CUresult,                                              \
    (float *milliseconds, CUevent start, CUevent end))

/// The resolved entry points of one loaded libcuda.
struct CudaApi {
#define TINY_DECLARE_ENTRY_POINT(name, result, params) result(*name) params;
  TINY_CUDA_ENTRY_POINTS(TINY_DECLARE_ENTRY_POINT)
#undef TINY_DECLARE_ENTRY_POINT

  /// Resolves every entry point; returns the name of the first one missing.
  const char *resolve(void *library) {
#define TINY_RESOLVE_ENTRY_POINT(name, result, params)                         \
  name = reinterpret_cast<result(*) params>(dlsym(library, #name));            \
  if (!name)                                                                   \
    return #name;
    TINY_CUDA_ENTRY_POINTS(TINY_RESOLVE_ENTRY_POINT)
#undef TINY_RESOLVE_ENTRY_POINT
    return nullptr;
  }

  /// The driver's name and description of `error`, or nulls.
  void getWords(CUresult error, const char *&name,
                const char *&description) const {
    if (cuGetErrorName(error, &name) != 0)
      name = nullptr;
    if (cuGetErrorString(error, &description) != 0)
      description = nullptr;
  }

  std::string describe(CUresult error) const {
    const char *name = nullptr, *description = nullptr;
    getWords(error, name, description);
    return describeDriverError(error, name, description);
  }

  /// The status for `error` from `function` on device `deviceName`.
  tiny_status_t makeError(const std::string &deviceName, const char *function,
                          CUresult error,
                          const std::string &detail = "") const {
    const char *name = nullptr, *description = nullptr;
    getWords(error, name, description);
    return makeDriverStatus(deviceName, function, error, name, description,
                            detail);
  }
};

CUdeviceptr toAddress(const void *memory) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(memory));
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

class CudaDevice final : public GpuDevice {
public:
  CudaDevice(std::shared_ptr<CudaApi> api, uint32_t index, std::string name,
             CUdevice device, CUcontext context)
      : GpuDevice(TINY_DEVICE_KIND_CUDA, index, std::move(name)),
        api(std::move(api)), device(device), context(context) {}

  ~CudaDevice() override { api->cuDevicePrimaryCtxRelease_v2(device); }

  tiny_status_t allocateMemory(size_t bytes, void **outMemory) override {
    return inContext([&]() -> tiny_status_t {
      // The driver refuses 0 bytes; a buffer still needs an address.
      CUdeviceptr address = 0;
      if (CUresult error = api->cuMemAlloc_v2(&address, bytes ? bytes : 1))
        return fail("cuMemAlloc_v2", error);
      if (CUresult error = api->cuMemsetD8_v2(address, 0, bytes)) {
        api->cuMemFree_v2(address);
        return fail("cuMemsetD8_v2", error);
      }
      *outMemory = reinterpret_cast<void *>(static_cast<uintptr_t>(address));
      return nullptr;
    });
  }

  void freeMemory(void *memory, size_t bytes) override {
    tiny_status_t status = inContext([&]() -> tiny_status_t {
      // A kernel still queued may use the memory. Its error, if any, is
      // sticky and shows again at the next call that waits.
      api->cuCtxSynchronize();
      api->cuMemFree_v2(toAddress(memory));
      return nullptr;
    });
    tiny_status_free(status);
  }

  tiny_status_t copyIn(void *memory, size_t offset, const void *host,
                       size_t bytes) override {
    return call("cuMemcpyHtoD_v2", [&] {
      return api->cuMemcpyHtoD_v2(toAddress(memory) + offset, host, bytes);
    });
  }

  tiny_status_t copyOut(const void *memory, size_t offset, void *host,
                        size_t bytes) override {
    return call("cuMemcpyDtoH_v2", [&] {
      return api->cuMemcpyDtoH_v2(host, toAddress(memory) + offset, bytes);
    });
  }

  tiny_status_t copyWithin(void *dst, size_t dstOffset, const void *src,
                           size_t srcOffset, size_t bytes) override {
    CUdeviceptr to = toAddress(dst) + dstOffset;
    CUdeviceptr from = toAddress(src) + srcOffset;
    bool overlaps = to < from + bytes && from < to + bytes;
    if (!overlaps)
      return call("cuMemcpyDtoD_v2",
                  [&] { return api->cuMemcpyDtoD_v2(to, from, bytes); });
    // The driver's copies are memcpy, not memmove: go through scratch.
    return inContext([&]() -> tiny_status_t {
      CUdeviceptr scratch = 0;
      if (CUresult error = api->cuMemAlloc_v2(&scratch, bytes))
        return fail("cuMemAlloc_v2", error);
      CUresult error = api->cuMemcpyDtoD_v2(scratch, from, bytes);
      if (!error)
        error = api->cuMemcpyDtoD_v2(to, scratch, bytes);
      if (!error)
        error = api->cuCtxSynchronize();
      api->cuMemFree_v2(scratch);
      return error ? fail("cuMemcpyDtoD_v2", error) : nullptr;
    });
  }

  bool copyFromPeer(void *dst, size_t dstOffset, Device &source,
                    const void *src, size_t srcOffset, size_t bytes,
                    tiny_status_t *outStatus) override {
    auto *peer = dynamic_cast<CudaDevice *>(&source);
    if (!peer || peer->api != api)
      return false;
    *outStatus = call("cuMemcpyPeer", [&] {
      return api->cuMemcpyPeer(toAddress(dst) + dstOffset, context,
                               toAddress(src) + srcOffset, peer->context,
                               bytes);
    });
    return true;
  }

  tiny_status_t loadModule(const char *image, size_t bytes,
                           void **outModule) override {
    return inContext([&]() -> tiny_status_t {
      // The PTX compiler's complaints, for the status.
      char log[8192] = {0};
      CUjit_option options[] = {kJitErrorLogBuffer,
                                kJitErrorLogBufferSizeBytes};
      void *values[] = {log, reinterpret_cast<void *>(sizeof(log))};
      CUmodule module = nullptr;
      if (CUresult error =
              api->cuModuleLoadDataEx(&module, image, 2, options, values)) {
        log[sizeof(log) - 1] = 0;
        return api->makeError(getName(), "cuModuleLoadDataEx", error, log);
      }
      *outModule = module;
      return nullptr;
    });
  }

  void unloadModule(void *module) override {
    tiny_status_free(call("cuModuleUnload", [&] {
      // A kernel of the module may still be queued.
      api->cuCtxSynchronize();
      return api->cuModuleUnload(static_cast<CUmodule>(module));
    }));
  }

  tiny_status_t getFunction(void *module, const char *name,
                            void **outFunction) override {
    CUfunction function = nullptr;
    if (tiny_status_t status = call("cuModuleGetFunction", [&] {
          return api->cuModuleGetFunction(&function,
                                          static_cast<CUmodule>(module), name);
        }))
      return status;
    *outFunction = function;
    return nullptr;
  }

  tiny_status_t launch(void *function, const tiny_launch_dims_t &dims,
                       void **params) override {
    return call("cuLaunchKernel", [&] {
      return api->cuLaunchKernel(
          static_cast<CUfunction>(function), dims.grid[0], dims.grid[1],
          dims.grid[2], dims.block[0], dims.block[1], dims.block[2],
          dims.shared_memory_bytes, nullptr, params, nullptr);
    });
  }

  tiny_status_t synchronize() override {
    return call("cuCtxSynchronize", [&] { return api->cuCtxSynchronize(); });
  }

  tiny_status_t createEvent(void **outEvent) override {
    CUevent event = nullptr;
    if (tiny_status_t status = call(
            "cuEventCreate", [&] { return api->cuEventCreate(&event, 0); }))
      return status;
    *outEvent = event;
    return nullptr;
  }

  void destroyEvent(void *event) override {
    tiny_status_free(call("cuEventDestroy_v2", [&] {
      return api->cuEventDestroy_v2(static_cast<CUevent>(event));
    }));
  }

  tiny_status_t recordEvent(void *event) override {
    return call("cuEventRecord", [&] {
      return api->cuEventRecord(static_cast<CUevent>(event), nullptr);
    });
  }

  tiny_status_t synchronizeEvent(void *event) override {
    return call("cuEventSynchronize", [&] {
      return api->cuEventSynchronize(static_cast<CUevent>(event));
    });
  }

  tiny_status_t getElapsedMilliseconds(void *start, void *end,
                                       float *outMilliseconds) override {
    return call("cuEventElapsedTime", [&] {
      return api->cuEventElapsedTime(outMilliseconds,
                                     static_cast<CUevent>(start),
                                     static_cast<CUevent>(end));
    });
  }

private:
  /// Runs `body` with the device's context current on this thread.
  template <typename Body> tiny_status_t inContext(Body body) {
    if (CUresult error = api->cuCtxPushCurrent_v2(context))
      return fail("cuCtxPushCurrent_v2", error);
    tiny_status_t status = body();
    CUcontext popped = nullptr;
    api->cuCtxPopCurrent_v2(&popped);
    return status;
  }

  /// Runs the single driver call `body`, named `function`, in the context.
  template <typename Body> tiny_status_t call(const char *function, Body body) {
    return inContext([&]() -> tiny_status_t {
      CUresult error = body();
      return error ? fail(function, error) : nullptr;
    });
  }

  tiny_status_t fail(const char *function, CUresult error) {
    return api->makeError(getName(), function, error);
  }

  const std::shared_ptr<CudaApi> api;
  const CUdevice device;
  const CUcontext context;
};

class CudaDriver final : public GpuDriver {
public:
  CudaDriver(std::shared_ptr<CudaApi> api, uint32_t deviceCount)
      : api(std::move(api)), deviceCount(deviceCount) {}

  uint32_t getDeviceCount() const override { return deviceCount; }

  tiny_status_t createDevice(uint32_t index, const std::string &name,
                             std::shared_ptr<Device> &outDevice) override {
    CUdevice device = 0;
    if (CUresult error = api->cuDeviceGet(&device, static_cast<int>(index)))
      return api->makeError(name, "cuDeviceGet", error);
    CUcontext context = nullptr;
    if (CUresult error = api->cuDevicePrimaryCtxRetain(&context, device))
      return api->makeError(name, "cuDevicePrimaryCtxRetain", error);
    outDevice = std::make_shared<CudaDevice>(api, index, name, device, context);
    return nullptr;
  }

private:
  const std::shared_ptr<CudaApi> api;
  const uint32_t deviceCount;
};

} // namespace

std::unique_ptr<GpuDriver>
tiny::runtime::loadCudaDriver(void *library, const std::string &libraryName,
                              std::string &outReason) {
  auto api = std::make_shared<CudaApi>();
  if (const char *missing = api->resolve(library)) {
    outReason = libraryName + " has no symbol " + missing;
    return nullptr;
  }
  if (CUresult error = api->cuInit(0)) {
    outReason = "cuInit failed: " + api->describe(error);
    return nullptr;
  }
  int count = 0;
  if (CUresult error = api->cuDeviceGetCount(&count)) {
    outReason = "cuDeviceGetCount failed: " + api->describe(error);
    return nullptr;
  }
  return std::make_unique<CudaDriver>(std::move(api),
                                      count < 0 ? 0u : uint32_t(count));
}
