//===- Runtime.cpp - Runtimes and the registries of live handles ----------===//

#include "Runtime.h"
#include "Buffer.h"
#include "GpuDevice.h"
#include "Status.h"

#include <unordered_map>
#include <unordered_set>

using namespace tiny::runtime;

//===----------------------------------------------------------------------===//
// Live handles
//===----------------------------------------------------------------------===//

namespace {
/// The runtimes and devices whose handles resolve. Never destroyed, so a
/// handle checked during exit still finds them.
struct LiveHandles {
  std::mutex mutex;
  std::unordered_set<const Runtime *> runtimes;
  std::unordered_map<const Device *, std::weak_ptr<Device>> devices;
};

LiveHandles &getLiveHandles() {
  static LiveHandles *handles = new LiveHandles();
  return *handles;
}
} // namespace

void tiny::runtime::registerDevice(const std::shared_ptr<Device> &device) {
  LiveHandles &handles = getLiveHandles();
  std::lock_guard<std::mutex> lock(handles.mutex);
  handles.devices[device.get()] = device;
}

void tiny::runtime::unregisterDevice(const Device *device) {
  LiveHandles &handles = getLiveHandles();
  std::lock_guard<std::mutex> lock(handles.mutex);
  handles.devices.erase(device);
}

tiny_status_t tiny::runtime::lookupDevice(tiny_device_t handle,
                                          const char *role,
                                          std::shared_ptr<Device> &outDevice) {
  if (!handle)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      std::string(role) + " is NULL");
  LiveHandles &handles = getLiveHandles();
  std::lock_guard<std::mutex> lock(handles.mutex);
  // The handle is only compared, never dereferenced, until it is found.
  auto it = handles.devices.find(reinterpret_cast<const Device *>(handle));
  if (it != handles.devices.end())
    outDevice = it->second.lock();
  if (!outDevice)
    return makeStatus(TINY_STATUS_INVALID_HANDLE,
                      std::string(role) +
                          " is not a live device (was its runtime destroyed?)");
  return nullptr;
}

tiny_status_t tiny::runtime::lookupRuntime(tiny_runtime_t handle,
                                           Runtime *&outRuntime) {
  if (!handle)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, "runtime is NULL");
  auto *runtime = reinterpret_cast<Runtime *>(handle);
  LiveHandles &handles = getLiveHandles();
  std::lock_guard<std::mutex> lock(handles.mutex);
  if (!handles.runtimes.count(runtime))
    return makeStatus(TINY_STATUS_INVALID_HANDLE,
                      "runtime is not live (destroyed, or never created)");
  outRuntime = runtime;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Runtime
//===----------------------------------------------------------------------===//

Runtime::Runtime() : cuda(TINY_DEVICE_KIND_CUDA), hip(TINY_DEVICE_KIND_HIP) {}

Runtime::~Runtime() {
  for (const std::shared_ptr<Device> &device : getDevices())
    unregisterDevice(device.get());
}

tiny_status_t Runtime::setDriverLibrary(tiny_device_kind_t kind,
                                        const char *library) {
  if (!library)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      "tiny_runtime_set_driver_library: library is NULL");
  std::lock_guard<std::mutex> lock(mutex);
  switch (kind) {
  case TINY_DEVICE_KIND_CUDA:
    return cuda.setLibrary(library);
  case TINY_DEVICE_KIND_HIP:
    return hip.setLibrary(library);
  }
  return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                    "tiny_runtime_set_driver_library: device kind " +
                        std::to_string(kind) +
                        " has no driver library (expected CUDA or HIP)");
}

tiny_device_t Runtime::addDevice(std::shared_ptr<Device> device) {
  std::lock_guard<std::mutex> lock(mutex);
  extraDevices.push_back(device);
  registerDevice(device);
  return wrap(device.get());
}

std::vector<std::shared_ptr<Device>> Runtime::getDevices() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::shared_ptr<Device>> result;
  for (const std::shared_ptr<Device> &device : cpuDevices)
    if (device)
      result.push_back(device);
  for (DriverBackend *backend : {&cuda, &hip})
    for (std::shared_ptr<Device> &device : backend->getDevices())
      result.push_back(std::move(device));
  result.insert(result.end(), extraDevices.begin(), extraDevices.end());
  return result;
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

tiny_status_t tiny_runtime_create(tiny_runtime_t *out_runtime) {
  return guard([&]() -> tiny_status_t {
    if (!out_runtime)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_runtime_create: the output pointer is NULL");
    auto runtime = std::make_unique<Runtime>();
    LiveHandles &handles = getLiveHandles();
    {
      std::lock_guard<std::mutex> lock(handles.mutex);
      handles.runtimes.insert(runtime.get());
    }
    *out_runtime = wrap(runtime.release());
    return nullptr;
  });
}

tiny_status_t tiny_runtime_destroy(tiny_runtime_t runtime) {
  return guard([&]() -> tiny_status_t {
    if (!runtime)
      return nullptr;
    auto *object = reinterpret_cast<Runtime *>(runtime);
    LiveHandles &handles = getLiveHandles();
    {
      // Forget the runtime first, so that a second destroy, even a
      // concurrent one, finds it gone.
      std::lock_guard<std::mutex> lock(handles.mutex);
      if (!handles.runtimes.erase(object))
        return makeStatus(TINY_STATUS_INVALID_HANDLE,
                          "tiny_runtime_destroy: runtime is not live "
                          "(destroyed twice, or never created)");
    }
    std::vector<std::shared_ptr<Device>> devices = object->getDevices();
    releaseBuffersOn(devices);
    releaseGpuObjectsOn(devices);
    delete object;
    return nullptr;
  });
}

tiny_status_t tiny_runtime_set_driver_library(tiny_runtime_t runtime,
                                              tiny_device_kind_t kind,
                                              const char *library) {
  return guard([&]() -> tiny_status_t {
    Runtime *object = nullptr;
    if (tiny_status_t status = lookupRuntime(runtime, object))
      return status;
    return object->setDriverLibrary(kind, library);
  });
}
