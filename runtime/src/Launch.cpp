//===- Launch.cpp - Launching compiled CPU and GPU kernels ----------------===//
//
// Compiled CPU kernels use the JIT's packed calling convention (see
// jit/Executable.cpp, `Executable::invoke`): one `void **` whose i-th entry
// points to the i-th argument, here a buffer's data pointer. GPU kernels
// take the drivers' equivalent, an array of pointers to the argument
// values, and live in modules; modules and events are named by checked
// handles, as buffers are.
//
//===----------------------------------------------------------------------===//

#include "Buffer.h"
#include "GpuDevice.h"
#include "Runtime.h"
#include "Status.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <vector>

using namespace tiny::runtime;

//===----------------------------------------------------------------------===//
// CPU kernels
//===----------------------------------------------------------------------===//

tiny_status_t tiny_launch_cpu(tiny_cpu_kernel_t kernel,
                              const tiny_buffer_t *buffers, size_t count) {
  return guard([&]() -> tiny_status_t {
    if (!kernel)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_launch_cpu: the kernel is NULL");
    if (!buffers && count != 0)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_launch_cpu: the buffer array is NULL with " +
                            std::to_string(count) + " buffers");
    // The references keep every buffer alive until the kernel returns, even
    // if another thread releases one meanwhile.
    std::vector<std::shared_ptr<Buffer>> held(count);
    std::vector<void *> pointers(count);
    for (size_t i = 0; i < count; ++i) {
      std::string role = "tiny_launch_cpu: buffer " + std::to_string(i);
      if (tiny_status_t status = lookupBuffer(buffers[i], role, held[i]))
        return status;
      const Device &device = held[i]->getDevice();
      if (device.getKind() != TINY_DEVICE_KIND_CPU || !device.isHostMemory())
        return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                          role + " is on device " + quote(device.getName()) +
                              ", not a CPU device");
      pointers[i] = held[i]->getHostData();
    }
    std::vector<void *> packed(count);
    for (size_t i = 0; i < count; ++i)
      packed[i] = &pointers[i];
    kernel(packed.data());
    return nullptr;
  });
}

//===----------------------------------------------------------------------===//
// Modules and events
//===----------------------------------------------------------------------===//

namespace {
/// A loaded module and the kernels looked up in it so far.
class Module {
public:
  Module(std::shared_ptr<GpuDevice> device, void *handle)
      : device(std::move(device)), handle(handle) {}
  ~Module() { device->unloadModule(handle); }
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  GpuDevice &getDevice() const { return *device; }

  /// The kernel `name`, looked up in the driver once.
  tiny_status_t getFunction(const std::string &name, void **outFunction) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = functions.find(name);
    if (it == functions.end()) {
      void *function = nullptr;
      if (tiny_status_t status =
              device->getFunction(handle, name.c_str(), &function))
        return status;
      it = functions.emplace(name, function).first;
    }
    *outFunction = it->second;
    return nullptr;
  }

private:
  const std::shared_ptr<GpuDevice> device;
  void *const handle;
  std::mutex mutex;
  std::map<std::string, void *> functions;
};

class Event {
public:
  Event(std::shared_ptr<GpuDevice> device, void *handle)
      : device(std::move(device)), handle(handle) {}
  ~Event() { device->destroyEvent(handle); }
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  GpuDevice &getDevice() const { return *device; }
  void *getHandle() const { return handle; }

private:
  const std::shared_ptr<GpuDevice> device;
  void *const handle;
};

/// Live objects by handle. A handle is a number never given out twice, so a
/// stale one never resolves. Objects are dropped outside the lock: their
/// destructors call the driver.
template <typename T> class ObjectTable {
public:
  template <typename Handle> Handle add(std::shared_ptr<T> object) {
    std::lock_guard<std::mutex> lock(mutex);
    uint64_t id = nextId++;
    objects.emplace(id, std::move(object));
    return reinterpret_cast<Handle>(static_cast<uintptr_t>(id));
  }

  template <typename Handle> std::shared_ptr<T> find(Handle handle) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = objects.find(reinterpret_cast<uintptr_t>(handle));
    return it == objects.end() ? nullptr : it->second;
  }

  template <typename Handle> std::shared_ptr<T> remove(Handle handle) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = objects.find(reinterpret_cast<uintptr_t>(handle));
    if (it == objects.end())
      return nullptr;
    std::shared_ptr<T> object = std::move(it->second);
    objects.erase(it);
    return object;
  }

  std::vector<std::shared_ptr<T>>
  removeOn(const std::unordered_set<const Device *> &devices) {
    std::vector<std::shared_ptr<T>> removed;
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = objects.begin(); it != objects.end();) {
      if (devices.count(&it->second->getDevice())) {
        removed.push_back(std::move(it->second));
        it = objects.erase(it);
      } else {
        ++it;
      }
    }
    return removed;
  }

private:
  std::mutex mutex;
  uint64_t nextId = 1;
  std::unordered_map<uint64_t, std::shared_ptr<T>> objects;
};

/// Never destroyed: objects released during exit still find them.
ObjectTable<Module> &getModules() {
  static auto *table = new ObjectTable<Module>();
  return *table;
}
ObjectTable<Event> &getEvents() {
  static auto *table = new ObjectTable<Event>();
  return *table;
}

template <typename Handle> std::string formatHandle(Handle handle) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%" PRIx64,
                static_cast<uint64_t>(reinterpret_cast<uintptr_t>(handle)));
  return text;
}

tiny_status_t lookupModule(tiny_module_t handle, const std::string &role,
                           std::shared_ptr<Module> &outModule) {
  if (!handle)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, role + " is NULL");
  outModule = getModules().find(handle);
  if (!outModule)
    return makeStatus(TINY_STATUS_INVALID_HANDLE,
                      role + " (handle " + formatHandle(handle) +
                          ") is not a loaded module: it was unloaded, its "
                          "runtime was destroyed, or it was never loaded");
  return nullptr;
}

tiny_status_t lookupEvent(tiny_event_t handle, const std::string &role,
                          std::shared_ptr<Event> &outEvent) {
  if (!handle)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, role + " is NULL");
  outEvent = getEvents().find(handle);
  if (!outEvent)
    return makeStatus(TINY_STATUS_INVALID_HANDLE,
                      role + " (handle " + formatHandle(handle) +
                          ") is not a live event: it was destroyed, its "
                          "runtime was destroyed, or it was never created");
  return nullptr;
}

/// The GPU device behind `handle`, or an error naming `function`.
tiny_status_t lookupGpuDevice(tiny_device_t handle, const char *function,
                              std::shared_ptr<GpuDevice> &outDevice) {
  std::shared_ptr<Device> device;
  if (tiny_status_t status = lookupDevice(
          handle, (std::string(function) + ": device").c_str(), device))
    return status;
  outDevice = std::dynamic_pointer_cast<GpuDevice>(device);
  if (!outDevice)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": device " +
                          quote(device->getName()) +
                          " is not a CUDA or HIP device");
  return nullptr;
}

tiny_status_t makeNullOutput(const char *function) {
  return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                    std::string(function) + ": the output pointer is NULL");
}

/// One marshalled kernel argument; the driver reads the member it expects.
union ArgumentValue {
  void *address;
  int32_t i32;
  int64_t i64;
  float f32;
  double f64;
};

/// Checks `args` and stores their values for a launch on `device`, holding
/// the buffers meanwhile.
tiny_status_t marshalArguments(const GpuDevice &device,
                               const tiny_kernel_arg_t *args, size_t count,
                               std::vector<std::shared_ptr<Buffer>> &held,
                               std::vector<ArgumentValue> &values) {
  values.resize(count);
  for (size_t i = 0; i < count; ++i) {
    std::string role = "tiny_launch_gpu: argument " + std::to_string(i);
    const tiny_kernel_arg_t &arg = args[i];
    switch (arg.kind) {
    case TINY_KERNEL_ARG_BUFFER: {
      std::shared_ptr<Buffer> buffer;
      if (tiny_status_t status =
              lookupBuffer(arg.value.buffer, role + " (buffer)", buffer))
        return status;
      if (&buffer->getDevice() != &device)
        return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                          role + " is a buffer on device " +
                              quote(buffer->getDevice().getName()) +
                              ", not on the kernel's device " +
                              quote(device.getName()));
      values[i].address = buffer->getMemory();
      held.push_back(std::move(buffer));
      break;
    }
    case TINY_KERNEL_ARG_I32:
      values[i].i32 = arg.value.i32;
      break;
    case TINY_KERNEL_ARG_I64:
      values[i].i64 = arg.value.i64;
      break;
    case TINY_KERNEL_ARG_F32:
      values[i].f32 = arg.value.f32;
      break;
    case TINY_KERNEL_ARG_F64:
      values[i].f64 = arg.value.f64;
      break;
    default:
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        role + " has unknown kind " + std::to_string(arg.kind));
    }
  }
  return nullptr;
}
} // namespace

void tiny::runtime::releaseGpuObjectsOn(
    const std::vector<std::shared_ptr<Device>> &devices) {
  std::unordered_set<const Device *> doomed;
  for (const std::shared_ptr<Device> &device : devices)
    doomed.insert(device.get());
  // Released here, outside the tables' locks.
  std::vector<std::shared_ptr<Module>> modules = getModules().removeOn(doomed);
  std::vector<std::shared_ptr<Event>> events = getEvents().removeOn(doomed);
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

tiny_status_t tiny_module_load(tiny_device_t device, const void *image,
                               size_t bytes, tiny_module_t *out_module) {
  return guard([&]() -> tiny_status_t {
    if (!out_module)
      return makeNullOutput("tiny_module_load");
    std::shared_ptr<GpuDevice> gpu;
    if (tiny_status_t status = lookupGpuDevice(device, "tiny_module_load", gpu))
      return status;
    if (!image || bytes == 0)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_module_load: the image is empty");
    // Drivers read PTX up to a NUL, which the caller need not have written.
    std::vector<char> terminated(bytes + 1, 0);
    std::memcpy(terminated.data(), image, bytes);
    void *handle = nullptr;
    if (tiny_status_t status =
            gpu->loadModule(terminated.data(), bytes, &handle))
      return status;
    std::shared_ptr<Module> module;
    try {
      module = std::make_shared<Module>(gpu, handle);
    } catch (...) {
      gpu->unloadModule(handle);
      throw;
    }
    *out_module = getModules().add<tiny_module_t>(std::move(module));
    return nullptr;
  });
}

tiny_status_t tiny_module_unload(tiny_module_t module) {
  return guard([&]() -> tiny_status_t {
    if (getModules().remove(module))
      return nullptr;
    std::shared_ptr<Module> unused;
    return lookupModule(module, "tiny_module_unload: module", unused);
  });
}

tiny_status_t tiny_module_device(tiny_module_t module,
                                 tiny_device_t *out_device) {
  return guard([&]() -> tiny_status_t {
    if (!out_device)
      return makeNullOutput("tiny_module_device");
    std::shared_ptr<Module> object;
    if (tiny_status_t status =
            lookupModule(module, "tiny_module_device: module", object))
      return status;
    *out_device = wrap(&object->getDevice());
    return nullptr;
  });
}

tiny_status_t tiny_launch_gpu(tiny_module_t module, const char *kernel,
                              const tiny_launch_dims_t *dims,
                              const tiny_kernel_arg_t *args, size_t count) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Module> object;
    if (tiny_status_t status =
            lookupModule(module, "tiny_launch_gpu: module", object))
      return status;
    if (!kernel)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_launch_gpu: the kernel name is NULL");
    if (!dims)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_launch_gpu: the launch dims are NULL");
    for (int i = 0; i < 3; ++i)
      if (dims->grid[i] == 0 || dims->block[i] == 0)
        return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                          "tiny_launch_gpu: " + std::string(kernel) +
                              ": grid " + std::to_string(dims->grid[0]) + "x" +
                              std::to_string(dims->grid[1]) + "x" +
                              std::to_string(dims->grid[2]) + " of blocks " +
                              std::to_string(dims->block[0]) + "x" +
                              std::to_string(dims->block[1]) + "x" +
                              std::to_string(dims->block[2]) +
                              " has an empty dimension");
    if (!args && count != 0)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_launch_gpu: the argument array is NULL with " +
                            std::to_string(count) + " arguments");
    GpuDevice &device = object->getDevice();
    std::vector<std::shared_ptr<Buffer>> held;
    std::vector<ArgumentValue> values;
    if (tiny_status_t status =
            marshalArguments(device, args, count, held, values))
      return status;
    void *function = nullptr;
    if (tiny_status_t status = object->getFunction(kernel, &function))
      return status;
    std::vector<void *> params(count);
    for (size_t i = 0; i < count; ++i)
      params[i] = &values[i];
    return device.launch(function, *dims, params.data());
  });
}

tiny_status_t tiny_device_synchronize(tiny_device_t device) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Device> object;
    if (tiny_status_t status =
            lookupDevice(device, "tiny_device_synchronize: device", object))
      return status;
    if (auto *gpu = dynamic_cast<GpuDevice *>(object.get()))
      return gpu->synchronize();
    return nullptr;
  });
}

tiny_status_t tiny_event_create(tiny_device_t device, tiny_event_t *out_event) {
  return guard([&]() -> tiny_status_t {
    if (!out_event)
      return makeNullOutput("tiny_event_create");
    std::shared_ptr<GpuDevice> gpu;
    if (tiny_status_t status =
            lookupGpuDevice(device, "tiny_event_create", gpu))
      return status;
    void *handle = nullptr;
    if (tiny_status_t status = gpu->createEvent(&handle))
      return status;
    std::shared_ptr<Event> event;
    try {
      event = std::make_shared<Event>(gpu, handle);
    } catch (...) {
      gpu->destroyEvent(handle);
      throw;
    }
    *out_event = getEvents().add<tiny_event_t>(std::move(event));
    return nullptr;
  });
}

tiny_status_t tiny_event_destroy(tiny_event_t event) {
  return guard([&]() -> tiny_status_t {
    if (getEvents().remove(event))
      return nullptr;
    std::shared_ptr<Event> unused;
    return lookupEvent(event, "tiny_event_destroy: event", unused);
  });
}

tiny_status_t tiny_event_record(tiny_event_t event) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Event> object;
    if (tiny_status_t status =
            lookupEvent(event, "tiny_event_record: event", object))
      return status;
    return object->getDevice().recordEvent(object->getHandle());
  });
}

tiny_status_t tiny_event_synchronize(tiny_event_t event) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Event> object;
    if (tiny_status_t status =
            lookupEvent(event, "tiny_event_synchronize: event", object))
      return status;
    return object->getDevice().synchronizeEvent(object->getHandle());
  });
}

tiny_status_t tiny_event_elapsed_ms(tiny_event_t start, tiny_event_t end,
                                    float *out_milliseconds) {
  return guard([&]() -> tiny_status_t {
    if (!out_milliseconds)
      return makeNullOutput("tiny_event_elapsed_ms");
    std::shared_ptr<Event> first, second;
    if (tiny_status_t status =
            lookupEvent(start, "tiny_event_elapsed_ms: start event", first))
      return status;
    if (tiny_status_t status =
            lookupEvent(end, "tiny_event_elapsed_ms: end event", second))
      return status;
    if (&first->getDevice() != &second->getDevice())
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_event_elapsed_ms: the start event is on " +
                            quote(first->getDevice().getName()) +
                            ", the end event on " +
                            quote(second->getDevice().getName()));
    float milliseconds = 0;
    if (tiny_status_t status = first->getDevice().getElapsedMilliseconds(
            first->getHandle(), second->getHandle(), &milliseconds))
      return status;
    *out_milliseconds = milliseconds;
    return nullptr;
  });
}
