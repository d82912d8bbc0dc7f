//===- Devices.cpp - Devices and the device registry ----------------------===//
//
// The accounting every device shares, the host-memory device behind "CPU"
// and "CPU:N", the parsing of device names, and the device C API.
//
//===----------------------------------------------------------------------===//

#include "Device.h"
#include "Runtime.h"
#include "Status.h"
#include "tiny/DeviceName.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace tiny::runtime;

//===----------------------------------------------------------------------===//
// Device accounting
//===----------------------------------------------------------------------===//

Device::~Device() = default;

tiny_status_t Device::allocate(size_t bytes, void **outMemory) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    uint64_t inUse = stats.bytes_allocated + pendingBytes;
    uint64_t limit = stats.memory_limit;
    if (bytes > limit || inUse > limit - bytes) {
      ++stats.failed_allocations;
      return makeStatus(
          TINY_STATUS_OUT_OF_MEMORY,
          "device " + quote(name) + " out of memory: allocating " +
              std::to_string(bytes) + " bytes with " + std::to_string(inUse) +
              " of " + std::to_string(limit) + " bytes in use");
    }
    pendingBytes += bytes;
  }
  // The back end allocates outside the lock; the pending bytes hold the
  // allocation's place under the limit meanwhile.
  void *memory = nullptr;
  tiny_status_t status = allocateMemory(bytes, &memory);
  std::lock_guard<std::mutex> lock(mutex);
  pendingBytes -= bytes;
  if (status) {
    ++stats.failed_allocations;
    return status;
  }
  stats.bytes_allocated += bytes;
  stats.peak_bytes_allocated =
      std::max(stats.peak_bytes_allocated, stats.bytes_allocated);
  ++stats.live_buffers;
  ++stats.allocations;
  *outMemory = memory;
  return nullptr;
}

void Device::deallocate(void *memory, size_t bytes) {
  freeMemory(memory, bytes);
  std::lock_guard<std::mutex> lock(mutex);
  stats.bytes_allocated -= bytes;
  --stats.live_buffers;
}

void Device::countCopiedIn(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  stats.bytes_copied_in += bytes;
}

void Device::countCopiedOut(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  stats.bytes_copied_out += bytes;
}

tiny_device_stats_t Device::getStats() {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

void Device::resetStats() {
  std::lock_guard<std::mutex> lock(mutex);
  stats.peak_bytes_allocated = stats.bytes_allocated;
  stats.bytes_copied_in = 0;
  stats.bytes_copied_out = 0;
  stats.allocations = 0;
  stats.failed_allocations = 0;
}

void Device::setLimit(uint64_t limitBytes) {
  std::lock_guard<std::mutex> lock(mutex);
  stats.memory_limit = limitBytes;
}

const char *tiny::runtime::getDeviceKindName(tiny_device_kind_t kind) {
  switch (kind) {
  case TINY_DEVICE_KIND_CPU:
    return "CPU";
  case TINY_DEVICE_KIND_CUDA:
    return "CUDA";
  case TINY_DEVICE_KIND_HIP:
    return "HIP";
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Host memory
//===----------------------------------------------------------------------===//

namespace {
/// Alignment of host allocations: a cache line, and enough for any dtype
/// and for the JIT's vector loads.
constexpr size_t kHostAlignment = 64;

/// "CPU" and the virtual "CPU:N": host memory with its own accounting.
class CpuDevice final : public Device {
public:
  using Device::Device;

  bool isHostMemory() const override { return true; }

  tiny_status_t allocateMemory(size_t bytes, void **outMemory) override {
    // aligned_alloc wants a multiple of the alignment; 0 bytes still get a
    // distinct pointer, so a kernel sees a valid address.
    if (bytes > SIZE_MAX - kHostAlignment)
      return makeOutOfMemory(bytes);
    size_t rounded = std::max<size_t>((bytes + kHostAlignment - 1) /
                                          kHostAlignment * kHostAlignment,
                                      kHostAlignment);
    void *memory = std::aligned_alloc(kHostAlignment, rounded);
    if (!memory)
      return makeOutOfMemory(bytes);
    std::memset(memory, 0, rounded);
    *outMemory = memory;
    return nullptr;
  }

  void freeMemory(void *memory, size_t bytes) override { std::free(memory); }

  tiny_status_t copyIn(void *memory, size_t offset, const void *host,
                       size_t bytes) override {
    std::memcpy(static_cast<char *>(memory) + offset, host, bytes);
    return nullptr;
  }

  tiny_status_t copyOut(const void *memory, size_t offset, void *host,
                        size_t bytes) override {
    std::memcpy(host, static_cast<const char *>(memory) + offset, bytes);
    return nullptr;
  }

  tiny_status_t copyWithin(void *dst, size_t dstOffset, const void *src,
                           size_t srcOffset, size_t bytes) override {
    std::memmove(static_cast<char *>(dst) + dstOffset,
                 static_cast<const char *>(src) + srcOffset, bytes);
    return nullptr;
  }

private:
  tiny_status_t makeOutOfMemory(size_t bytes) {
    return makeStatus(TINY_STATUS_OUT_OF_MEMORY,
                      "device " + quote(getName()) +
                          " out of memory: the host allocator refused " +
                          std::to_string(bytes) + " bytes");
  }
};
} // namespace

std::shared_ptr<Device> tiny::runtime::createCpuDevice(uint32_t index,
                                                       std::string name) {
  return std::make_shared<CpuDevice>(TINY_DEVICE_KIND_CPU, index,
                                     std::move(name));
}

//===----------------------------------------------------------------------===//
// Device names
//===----------------------------------------------------------------------===//

/// The runtime's kind named `kind` ("CPU", "CUDA", "HIP"), or 0.
static tiny_device_kind_t getDeviceKind(const std::string &kind) {
  for (tiny_device_kind_t candidate :
       {TINY_DEVICE_KIND_CPU, TINY_DEVICE_KIND_CUDA, TINY_DEVICE_KIND_HIP})
    if (kind == getDeviceKindName(candidate))
      return candidate;
  return 0;
}

tiny_status_t Runtime::getDevice(const char *name,
                                 std::shared_ptr<Device> &outDevice) {
  if (!name)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, "device name is NULL");
  std::optional<DeviceName> parsed = parseDeviceName(name);
  tiny_device_kind_t kind = parsed ? getDeviceKind(parsed->kind) : 0;
  if (!kind)
    return makeStatus(TINY_STATUS_NOT_FOUND,
                      "unknown device " + quote(name) +
                          ": expected CPU, CUDA or HIP, optionally followed "
                          "by ':N'");
  // A runtime holds the devices of its own process; the JIT maps a device
  // of another MPI rank to that rank's runtime by its local name.
  if (parsed->rank != 0)
    return makeStatus(TINY_STATUS_NOT_FOUND,
                      "device " + quote(name) + " belongs to MPI rank " +
                          std::to_string(parsed->rank) +
                          ": a runtime holds its own process's devices, "
                          "named without '@R' (docs/device-names.md)");
  std::string canonical = parsed->getCanonicalName();

  std::lock_guard<std::mutex> lock(mutex);
  switch (kind) {
  case TINY_DEVICE_KIND_CPU: {
    if (parsed->index >= TINY_CPU_DEVICE_COUNT)
      return makeStatus(TINY_STATUS_NOT_FOUND,
                        "unknown device " + quote(name) +
                            ": the virtual CPU devices are CPU:0 to CPU:" +
                            std::to_string(TINY_CPU_DEVICE_COUNT - 1));
    std::shared_ptr<Device> &device = cpuDevices[parsed->index];
    if (!device) {
      device = createCpuDevice(parsed->index, canonical);
      registerDevice(device);
    }
    outDevice = device;
    return nullptr;
  }
  case TINY_DEVICE_KIND_CUDA:
    return cuda.getDevice(parsed->index, name, canonical, outDevice);
  case TINY_DEVICE_KIND_HIP:
    return hip.getDevice(parsed->index, name, canonical, outDevice);
  }
  return makeStatus(TINY_STATUS_INTERNAL, "unhandled device kind");
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

namespace {
tiny_status_t makeNullOutput(const char *function) {
  return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                    std::string(function) + ": the output pointer is NULL");
}
} // namespace

tiny_status_t tiny_device_get(tiny_runtime_t runtime, const char *name,
                              tiny_device_t *out_device) {
  return guard([&]() -> tiny_status_t {
    if (!out_device)
      return makeNullOutput("tiny_device_get");
    Runtime *object = nullptr;
    if (tiny_status_t status = lookupRuntime(runtime, object))
      return status;
    std::shared_ptr<Device> device;
    if (tiny_status_t status = object->getDevice(name, device))
      return status;
    *out_device = wrap(device.get());
    return nullptr;
  });
}

tiny_status_t tiny_device_name(tiny_device_t device, const char **out_name) {
  return guard([&]() -> tiny_status_t {
    if (!out_name)
      return makeNullOutput("tiny_device_name");
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    // The name lives in the device, which lives as long as its runtime.
    *out_name = object->getName().c_str();
    return nullptr;
  });
}

tiny_status_t tiny_device_kind(tiny_device_t device,
                               tiny_device_kind_t *out_kind) {
  return guard([&]() -> tiny_status_t {
    if (!out_kind)
      return makeNullOutput("tiny_device_kind");
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    *out_kind = object->getKind();
    return nullptr;
  });
}

tiny_status_t tiny_device_index(tiny_device_t device, uint32_t *out_index) {
  return guard([&]() -> tiny_status_t {
    if (!out_index)
      return makeNullOutput("tiny_device_index");
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    *out_index = object->getIndex();
    return nullptr;
  });
}

tiny_status_t tiny_device_stats(tiny_device_t device,
                                tiny_device_stats_t *out_stats) {
  return guard([&]() -> tiny_status_t {
    if (!out_stats)
      return makeNullOutput("tiny_device_stats");
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    *out_stats = object->getStats();
    return nullptr;
  });
}

tiny_status_t tiny_device_reset_stats(tiny_device_t device) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    object->resetStats();
    return nullptr;
  });
}

tiny_status_t tiny_device_set_limit(tiny_device_t device,
                                    uint64_t limit_bytes) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    object->setLimit(limit_bytes);
    return nullptr;
  });
}
