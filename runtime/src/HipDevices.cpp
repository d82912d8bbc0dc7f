//===- HipDevices.cpp - AMD GPUs through HIP ------------------------------===//
//
// The HIP back end calls libamdhip64 through function pointers resolved
// with dlsym, so no ROCm header or library is needed to build. HIP keeps a
// current device per thread; the runtime may be called from any thread, so
// every call selects its device around its HIP calls and then restores the
// thread's previous one. All work goes on the device's null stream, which
// orders launches, copies and event records.
//
//===----------------------------------------------------------------------===//

#include "GpuDevice.h"
#include "Status.h"

#include <dlfcn.h>

#include <cstdint>

using namespace tiny::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

// HIP's types, as hip_runtime_api.h declares them.
using hipError_t = int;
using hipModule_t = struct ihipModule_t *;
using hipFunction_t = struct ihipModuleSymbol_t *;
using hipStream_t = struct ihipStream_t *;
using hipEvent_t = struct ihipEvent_t *;
/// hipMemcpyKind.
enum : int {
  kHipMemcpyHostToDevice = 1,
  kHipMemcpyDeviceToHost = 2,
  kHipMemcpyDeviceToDevice = 3,
};

// X(name, return type, parameters); see CudaDevices.cpp.
#define TINY_HIP_ENTRY_POINTS(X)                                               \
  X(hipInit, hipError_t, (unsigned flags))                                     \
  X(hipGetDeviceCount, hipError_t, (int *count))                               \
  X(hipGetErrorName, const char *, (hipError_t error))                         \
  X(hipGetErrorString, const char *, (hipError_t error))                       \
  X(hipGetDevice, hipError_t, (int *device))                                   \
  X(hipSetDevice, hipError_t, (int device))                                    \
  X(hipDeviceSynchronize, hipError_t, ())                                      \
  X(hipMalloc, hipError_t, (void **address, size_t bytes))                     \
  X(hipFree, hipError_t, (void *address))                                      \
  X(hipMemset, hipError_t, (void *address, int value, size_t bytes))           \
  X(hipMemcpy, hipError_t,                                                     \
    (void *dst, const void *src, size_t bytes, int kind))                      \
  X(hipMemcpyPeer, hipError_t,                                                 \
    (void *dst, int dstDevice, const void *src, int srcDevice, size_t bytes))  \
  X(hipModuleLoadData, hipError_t, (hipModule_t * module, const void *image))  \
  X(hipModuleUnload, hipError_t, (hipModule_t module))                         \
  X(hipModuleGetFunction, hipError_t,                                          \
    (hipFunction_t * function, hipModule_t module, const char *name))          \
  X(hipModuleLaunchKernel, hipError_t,                                         \
    (hipFunction_t function, unsigned gridX, unsigned gridY, unsigned gridZ,   \
     unsigned blockX, unsigned blockY, unsigned blockZ,                        \
     unsigned sharedMemoryBytes, hipStream_t stream, void **params,            \
     void **extra))                                                            \
  X(hipEventCreate, hipError_t, (hipEvent_t * event))                          \
  X(hipEventDestroy, hipError_t, (hipEvent_t event))                           \
  X(hipEventRecord, hipError_t, (hipEvent_t event, hipStream_t stream))        \
  X(hipEventSynchronize, hipError_t, (hipEvent_t event))                       \
  X(hipEventElapsedTime, hipError_t,                                           \
    (float *milliseconds, hipEvent_t start, hipEvent_t end))

/// The resolved entry points of one loaded libamdhip64.
struct HipApi {
#define TINY_DECLARE_ENTRY_POINT(name, result, params) result(*name) params;
  TINY_HIP_ENTRY_POINTS(TINY_DECLARE_ENTRY_POINT)
#undef TINY_DECLARE_ENTRY_POINT

  /// Resolves every entry point; returns the name of the first one missing.
  const char *resolve(void *library) {
#define TINY_RESOLVE_ENTRY_POINT(name, result, params)                         \
  name = reinterpret_cast<result(*) params>(dlsym(library, #name));            \
  if (!name)                                                                   \
    return #name;
    TINY_HIP_ENTRY_POINTS(TINY_RESOLVE_ENTRY_POINT)
#undef TINY_RESOLVE_ENTRY_POINT
    return nullptr;
  }

  std::string describe(hipError_t error) const {
    return describeDriverError(error, hipGetErrorName(error),
                               hipGetErrorString(error));
  }

  /// The status for `error` from `function` on device `deviceName`.
  tiny_status_t makeError(const std::string &deviceName, const char *function,
                          hipError_t error) const {
    return makeDriverStatus(deviceName, function, error, hipGetErrorName(error),
                            hipGetErrorString(error));
  }
};

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

class HipDevice final : public GpuDevice {
public:
  HipDevice(std::shared_ptr<HipApi> api, uint32_t index, std::string name)
      : GpuDevice(TINY_DEVICE_KIND_HIP, index, std::move(name)),
        api(std::move(api)), ordinal(static_cast<int>(index)) {}

  tiny_status_t allocateMemory(size_t bytes, void **outMemory) override {
    return onDevice([&]() -> tiny_status_t {
      // A buffer of 0 bytes still needs an address.
      void *address = nullptr;
      if (hipError_t error = api->hipMalloc(&address, bytes ? bytes : 1))
        return fail("hipMalloc", error);
      if (hipError_t error = api->hipMemset(address, 0, bytes)) {
        api->hipFree(address);
        return fail("hipMemset", error);
      }
      *outMemory = address;
      return nullptr;
    });
  }

  void freeMemory(void *memory, size_t bytes) override {
    tiny_status_free(onDevice([&]() -> tiny_status_t {
      // A kernel still queued may use the memory.
      api->hipDeviceSynchronize();
      api->hipFree(memory);
      return nullptr;
    }));
  }

  tiny_status_t copyIn(void *memory, size_t offset, const void *host,
                       size_t bytes) override {
    return call("hipMemcpy", [&] {
      return api->hipMemcpy(static_cast<char *>(memory) + offset, host, bytes,
                            kHipMemcpyHostToDevice);
    });
  }

  tiny_status_t copyOut(const void *memory, size_t offset, void *host,
                        size_t bytes) override {
    return call("hipMemcpy", [&] {
      return api->hipMemcpy(host, static_cast<const char *>(memory) + offset,
                            bytes, kHipMemcpyDeviceToHost);
    });
  }

  tiny_status_t copyWithin(void *dst, size_t dstOffset, const void *src,
                           size_t srcOffset, size_t bytes) override {
    auto to = reinterpret_cast<uintptr_t>(dst) + dstOffset;
    auto from = reinterpret_cast<uintptr_t>(src) + srcOffset;
    bool overlaps = to < from + bytes && from < to + bytes;
    if (!overlaps)
      return call("hipMemcpy", [&] {
        return api->hipMemcpy(reinterpret_cast<void *>(to),
                              reinterpret_cast<const void *>(from), bytes,
                              kHipMemcpyDeviceToDevice);
      });
    // hipMemcpy is memcpy, not memmove: go through scratch.
    return onDevice([&]() -> tiny_status_t {
      void *scratch = nullptr;
      if (hipError_t error = api->hipMalloc(&scratch, bytes))
        return fail("hipMalloc", error);
      hipError_t error =
          api->hipMemcpy(scratch, reinterpret_cast<const void *>(from), bytes,
                         kHipMemcpyDeviceToDevice);
      if (!error)
        error = api->hipMemcpy(reinterpret_cast<void *>(to), scratch, bytes,
                               kHipMemcpyDeviceToDevice);
      if (!error)
        error = api->hipDeviceSynchronize();
      api->hipFree(scratch);
      return error ? fail("hipMemcpy", error) : nullptr;
    });
  }

  bool copyFromPeer(void *dst, size_t dstOffset, Device &source,
                    const void *src, size_t srcOffset, size_t bytes,
                    tiny_status_t *outStatus) override {
    auto *peer = dynamic_cast<HipDevice *>(&source);
    if (!peer || peer->api != api)
      return false;
    *outStatus = call("hipMemcpyPeer", [&] {
      return api->hipMemcpyPeer(static_cast<char *>(dst) + dstOffset, ordinal,
                                static_cast<const char *>(src) + srcOffset,
                                peer->ordinal, bytes);
    });
    return true;
  }

  tiny_status_t loadModule(const char *image, size_t bytes,
                           void **outModule) override {
    hipModule_t module = nullptr;
    if (tiny_status_t status = call("hipModuleLoadData", [&] {
          return api->hipModuleLoadData(&module, image);
        }))
      return status;
    *outModule = module;
    return nullptr;
  }

  void unloadModule(void *module) override {
    tiny_status_free(call("hipModuleUnload", [&] {
      // A kernel of the module may still be queued.
      api->hipDeviceSynchronize();
      return api->hipModuleUnload(static_cast<hipModule_t>(module));
    }));
  }

  tiny_status_t getFunction(void *module, const char *name,
                            void **outFunction) override {
    hipFunction_t function = nullptr;
    if (tiny_status_t status = call("hipModuleGetFunction", [&] {
          return api->hipModuleGetFunction(
              &function, static_cast<hipModule_t>(module), name);
        }))
      return status;
    *outFunction = function;
    return nullptr;
  }

  tiny_status_t launch(void *function, const tiny_launch_dims_t &dims,
                       void **params) override {
    return call("hipModuleLaunchKernel", [&] {
      return api->hipModuleLaunchKernel(
          static_cast<hipFunction_t>(function), dims.grid[0], dims.grid[1],
          dims.grid[2], dims.block[0], dims.block[1], dims.block[2],
          dims.shared_memory_bytes, nullptr, params, nullptr);
    });
  }

  tiny_status_t synchronize() override {
    return call("hipDeviceSynchronize",
                [&] { return api->hipDeviceSynchronize(); });
  }

  tiny_status_t createEvent(void **outEvent) override {
    hipEvent_t event = nullptr;
    if (tiny_status_t status =
            call("hipEventCreate", [&] { return api->hipEventCreate(&event); }))
      return status;
    *outEvent = event;
    return nullptr;
  }

  void destroyEvent(void *event) override {
    tiny_status_free(call("hipEventDestroy", [&] {
      return api->hipEventDestroy(static_cast<hipEvent_t>(event));
    }));
  }

  tiny_status_t recordEvent(void *event) override {
    return call("hipEventRecord", [&] {
      return api->hipEventRecord(static_cast<hipEvent_t>(event), nullptr);
    });
  }

  tiny_status_t synchronizeEvent(void *event) override {
    return call("hipEventSynchronize", [&] {
      return api->hipEventSynchronize(static_cast<hipEvent_t>(event));
    });
  }

  tiny_status_t getElapsedMilliseconds(void *start, void *end,
                                       float *outMilliseconds) override {
    return call("hipEventElapsedTime", [&] {
      return api->hipEventElapsedTime(outMilliseconds,
                                      static_cast<hipEvent_t>(start),
                                      static_cast<hipEvent_t>(end));
    });
  }

private:
  /// Runs `body` with this device current on this thread.
  template <typename Body> tiny_status_t onDevice(Body body) {
    int previous = 0;
    if (hipError_t error = api->hipGetDevice(&previous))
      return fail("hipGetDevice", error);
    if (previous != ordinal)
      if (hipError_t error = api->hipSetDevice(ordinal))
        return fail("hipSetDevice", error);
    tiny_status_t status = body();
    if (previous != ordinal)
      api->hipSetDevice(previous);
    return status;
  }

  /// Runs the single HIP call `body`, named `function`, on this device.
  template <typename Body> tiny_status_t call(const char *function, Body body) {
    return onDevice([&]() -> tiny_status_t {
      hipError_t error = body();
      return error ? fail(function, error) : nullptr;
    });
  }

  tiny_status_t fail(const char *function, hipError_t error) {
    return api->makeError(getName(), function, error);
  }

  const std::shared_ptr<HipApi> api;
  const int ordinal;
};

class HipDriver final : public GpuDriver {
public:
  HipDriver(std::shared_ptr<HipApi> api, uint32_t deviceCount)
      : api(std::move(api)), deviceCount(deviceCount) {}

  uint32_t getDeviceCount() const override { return deviceCount; }

  tiny_status_t createDevice(uint32_t index, const std::string &name,
                             std::shared_ptr<Device> &outDevice) override {
    outDevice = std::make_shared<HipDevice>(api, index, name);
    return nullptr;
  }

private:
  const std::shared_ptr<HipApi> api;
  const uint32_t deviceCount;
};

} // namespace

std::unique_ptr<GpuDriver>
tiny::runtime::loadHipDriver(void *library, const std::string &libraryName,
                             std::string &outReason) {
  auto api = std::make_shared<HipApi>();
  if (const char *missing = api->resolve(library)) {
    outReason = libraryName + " has no symbol " + missing;
    return nullptr;
  }
  if (hipError_t error = api->hipInit(0)) {
    outReason = "hipInit failed: " + api->describe(error);
    return nullptr;
  }
  int count = 0;
  if (hipError_t error = api->hipGetDeviceCount(&count)) {
    outReason = "hipGetDeviceCount failed: " + api->describe(error);
    return nullptr;
  }
  return std::make_unique<HipDriver>(std::move(api),
                                     count < 0 ? 0u : uint32_t(count));
}
