//===- GpuDevices.cpp - Loading the CUDA and HIP driver libraries ---------===//
//
// The GPU back ends load their driver library at run time, so neither the
// build nor a machine without a GPU needs it: a missing library, a missing
// entry point or a driver that fails to initialize makes the kind
// unavailable, with the reason in every error for its devices. The entry
// points and devices of each driver are in CudaDevices.cpp and
// HipDevices.cpp; this file picks the library and maps driver errors to
// statuses for both.
//
//===----------------------------------------------------------------------===//

#include "GpuDevice.h"
#include "Runtime.h"
#include "Status.h"

#include <dlfcn.h>

using namespace tiny::runtime;

namespace {
struct DriverKind {
  const char *name;
  std::vector<std::string> defaultLibraries;
  std::unique_ptr<GpuDriver> (*load)(void *library,
                                     const std::string &libraryName,
                                     std::string &outReason);
};

const DriverKind &getDriverKind(tiny_device_kind_t kind) {
  static const DriverKind cuda = {"CUDA", {"libcuda.so.1"}, loadCudaDriver};
  static const DriverKind hip = {
      "HIP",
      {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"},
      loadHipDriver};
  return kind == TINY_DEVICE_KIND_CUDA ? cuda : hip;
}

/// The status code for a driver error. CUDA and HIP number their errors
/// alike; these are the numbers both use.
tiny_status_code_t getDriverErrorCode(int error) {
  switch (error) {
  case 2: // out of memory
    return TINY_STATUS_OUT_OF_MEMORY;
  case 1:   // invalid value: a launch shape or size the device refuses
  case 200: // invalid image
  case 209: // no binary for this GPU
  case 218: // invalid PTX / kernel file
  case 222: // unsupported PTX version
  case 701: // launch out of resources
    return TINY_STATUS_INVALID_ARGUMENT;
  case 500: // not found
    return TINY_STATUS_NOT_FOUND;
  case 3:   // not initialized
  case 4:   // deinitialized
  case 100: // no device
  case 101: // invalid device
    return TINY_STATUS_UNAVAILABLE;
  case 801: // not supported
    return TINY_STATUS_UNIMPLEMENTED;
  }
  return TINY_STATUS_INTERNAL;
}
} // namespace

GpuDriver::~GpuDriver() = default;

std::string tiny::runtime::describeDriverError(int error, const char *name,
                                               const char *description) {
  std::string text = "error " + std::to_string(error);
  if (name)
    text = std::string(name) + " (" + text + ")";
  if (description)
    text += ": " + std::string(description);
  return text;
}

tiny_status_t tiny::runtime::makeDriverStatus(const std::string &deviceName,
                                              const char *function, int error,
                                              const char *name,
                                              const char *description,
                                              const std::string &detail) {
  std::string message =
      "device " + quote(deviceName) + ": " + function +
      " failed: " + describeDriverError(error, name, description);
  if (!detail.empty())
    message += "\n" + detail;
  return makeStatus(getDriverErrorCode(error), std::move(message));
}

//===----------------------------------------------------------------------===//
// DriverBackend
//===----------------------------------------------------------------------===//

DriverBackend::DriverBackend(tiny_device_kind_t kind)
    : kind(kind), libraries(getDriverKind(kind).defaultLibraries) {}

DriverBackend::~DriverBackend() = default;

tiny_status_t DriverBackend::setLibrary(std::string path) {
  const char *kindName = getDriverKind(kind).name;
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
  driver = getDriverKind(kind).load(library, loaded, unavailableReason);
  if (!driver && unavailableReason.empty())
    unavailableReason = loaded + " could not be initialized";
}

tiny_status_t DriverBackend::getDevice(uint32_t index, const std::string &name,
                                       const std::string &canonical,
                                       std::shared_ptr<Device> &outDevice) {
  if (!attempted)
    load();
  if (!driver)
    return makeStatus(TINY_STATUS_UNAVAILABLE,
                      "device " + quote(name) +
                          " not available: " + unavailableReason);
  uint32_t deviceCount = driver->getDeviceCount();
  if (index >= deviceCount)
    return makeStatus(TINY_STATUS_NOT_FOUND,
                      "unknown device " + quote(name) + ": the " +
                          getDriverKind(kind).name + " driver reports " +
                          std::to_string(deviceCount) + " device" +
                          (deviceCount == 1 ? "" : "s"));
  auto it = devices.find(index);
  if (it == devices.end()) {
    std::shared_ptr<Device> created;
    if (tiny_status_t status = driver->createDevice(index, canonical, created))
      return status;
    it = devices.emplace(index, std::move(created)).first;
    registerDevice(it->second);
  }
  outDevice = it->second;
  return nullptr;
}

std::vector<std::shared_ptr<Device>> DriverBackend::getDevices() const {
  std::vector<std::shared_ptr<Device>> result;
  for (const auto &entry : devices)
    result.push_back(entry.second);
  return result;
}
