//===- GpuDevices.cpp - CUDA and HIP back ends through dlopen -------------===//
//
// The GPU back ends load their driver library at run time, so neither the
// build nor a machine without a GPU needs it: a missing library, a missing
// entry point or a driver that fails to initialize makes the kind
// unavailable, with the reason in every error for its devices. Devices that
// the driver reports can be named and inspected; their memory operations are
// the place where a back end plugs in (cuMemAlloc / hipMalloc and the
// matching copies) and report UNIMPLEMENTED until then.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "Status.h"

#include <dlfcn.h>

using namespace tiny::runtime;

namespace {
/// The entry points a driver library must have, by kind. Both drivers use
/// an integer status with 0 for success.
struct DriverApi {
  const char *kindName;
  std::vector<std::string> defaultLibraries;
  /// `int init(unsigned flags)`: cuInit, hipInit.
  const char *initSymbol;
  /// `int getCount(int *count)`: cuDeviceGetCount, hipGetDeviceCount.
  const char *countSymbol;
};

const DriverApi &getDriverApi(tiny_device_kind_t kind) {
  static const DriverApi cuda = {
      "CUDA", {"libcuda.so.1"}, "cuInit", "cuDeviceGetCount"};
  static const DriverApi hip = {
      "HIP",
      {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"},
      "hipInit",
      "hipGetDeviceCount"};
  return kind == TINY_DEVICE_KIND_CUDA ? cuda : hip;
}

using InitFunction = int (*)(unsigned);
using CountFunction = int (*)(int *);
/// cuGetErrorName(CUresult, const char **).
using CudaErrorNameFunction = int (*)(int, const char **);
/// hipGetErrorName(hipError_t).
using HipErrorNameFunction = const char *(*)(int);

/// The driver's name for `error` ("CUDA_ERROR_NO_DEVICE"), when it has one.
std::string getErrorName(tiny_device_kind_t kind, void *library, int error) {
  const char *name = nullptr;
  if (kind == TINY_DEVICE_KIND_CUDA) {
    if (auto function = reinterpret_cast<CudaErrorNameFunction>(
            dlsym(library, "cuGetErrorName")))
      if (function(error, &name) != 0)
        name = nullptr;
  } else if (auto function = reinterpret_cast<HipErrorNameFunction>(
                 dlsym(library, "hipGetErrorName"))) {
    name = function(error);
  }
  std::string text = "error " + std::to_string(error);
  if (name)
    text = std::string(name) + " (" + text + ")";
  return text;
}

/// A GPU reported by its driver. Buffers on it are not implemented yet.
class GpuDevice final : public Device {
public:
  using Device::Device;

  bool isHostMemory() const override { return false; }

  tiny_status_t allocateMemory(size_t bytes, void **outMemory) override {
    return makeUnimplemented();
  }
  void freeMemory(void *memory, size_t bytes) override {}
  tiny_status_t copyIn(void *memory, size_t offset, const void *host,
                       size_t bytes) override {
    return makeUnimplemented();
  }
  tiny_status_t copyOut(const void *memory, size_t offset, void *host,
                        size_t bytes) override {
    return makeUnimplemented();
  }
  tiny_status_t copyWithin(void *dst, size_t dstOffset, const void *src,
                           size_t srcOffset, size_t bytes) override {
    return makeUnimplemented();
  }

private:
  tiny_status_t makeUnimplemented() const {
    return makeStatus(TINY_STATUS_UNIMPLEMENTED,
                      "device " + quote(getName()) + ": " +
                          getDeviceKindName(getKind()) +
                          " buffers are not implemented yet");
  }
};
} // namespace

DriverBackend::DriverBackend(tiny_device_kind_t kind)
    : kind(kind), libraries(getDriverApi(kind).defaultLibraries) {}

DriverBackend::~DriverBackend() = default;

tiny_status_t DriverBackend::setLibrary(std::string path) {
  const char *kindName = getDriverApi(kind).kindName;
  if (attempted)
    return makeStatus(TINY_STATUS_FAILED_PRECONDITION,
                      std::string("the ") + kindName +
                          " driver library is already loaded (or was tried); "
                          "set it before the first " +
                          kindName + " device is asked for");
  libraries = {std::move(path)};
  return nullptr;
}

void DriverBackend::load() {
  attempted = true;
  const DriverApi &api = getDriverApi(kind);
  std::string loadError;
  std::string loaded;
  for (const std::string &candidate : libraries) {
    dlerror();
    library = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library) {
      loaded = candidate;
      break;
    }
    if (loadError.empty()) {
      const char *error = dlerror();
      loadError = error ? error : candidate + ": cannot be loaded";
    }
  }
  if (!library) {
    unavailableReason = loadError;
    return;
  }

  auto init = reinterpret_cast<InitFunction>(dlsym(library, api.initSymbol));
  auto count = reinterpret_cast<CountFunction>(dlsym(library, api.countSymbol));
  if (!init || !count) {
    unavailableReason =
        loaded + " has no symbol " + (init ? api.countSymbol : api.initSymbol);
    dlclose(library);
    library = nullptr;
    return;
  }
  if (int error = init(0)) {
    unavailableReason = std::string(api.initSymbol) +
                        " failed: " + getErrorName(kind, library, error);
    return;
  }
  int numDevices = 0;
  if (int error = count(&numDevices)) {
    unavailableReason = std::string(api.countSymbol) +
                        " failed: " + getErrorName(kind, library, error);
    return;
  }
  deviceCount = numDevices < 0 ? 0 : numDevices;
}

tiny_status_t DriverBackend::getDevice(uint32_t index, const std::string &name,
                                       const std::string &canonical,
                                       std::shared_ptr<Device> &outDevice) {
  if (!attempted)
    load();
  if (!unavailableReason.empty())
    return makeStatus(TINY_STATUS_UNAVAILABLE,
                      "device " + quote(name) +
                          " not available: " + unavailableReason);
  if (index >= static_cast<uint32_t>(deviceCount))
    return makeStatus(TINY_STATUS_NOT_FOUND,
                      "unknown device " + quote(name) + ": the " +
                          getDriverApi(kind).kindName + " driver reports " +
                          std::to_string(deviceCount) + " device" +
                          (deviceCount == 1 ? "" : "s"));
  std::shared_ptr<Device> &device = devices[index];
  if (!device) {
    device = std::make_shared<GpuDevice>(kind, index, canonical);
    registerDevice(device);
  }
  outDevice = device;
  return nullptr;
}

std::vector<std::shared_ptr<Device>> DriverBackend::getDevices() const {
  std::vector<std::shared_ptr<Device>> result;
  for (const auto &entry : devices)
    result.push_back(entry.second);
  return result;
}
