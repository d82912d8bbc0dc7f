//===- Runtime.h - The tiny runtime's device registry -----------*- C++ -*-===//
//
// A runtime owns its devices: the virtual CPU devices, created on first use,
// and the GPU back ends, whose driver libraries are loaded with dlopen on
// first use. Handles the C API gives out are checked against process-wide
// registries of live runtimes and devices, so a stale handle is reported
// rather than dereferenced.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_RUNTIME_SRC_RUNTIME_H
#define TINY_RUNTIME_SRC_RUNTIME_H

#include "Device.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tiny {
namespace runtime {

class GpuDriver;

/// A GPU back end reached through a driver library loaded at run time.
class DriverBackend {
public:
  /// A back end for `kind` (CUDA or HIP) with its default library names.
  explicit DriverBackend(tiny_device_kind_t kind);
  ~DriverBackend();

  /// Replaces the library names to try; fails once the driver was loaded.
  tiny_status_t setLibrary(std::string library);

  /// The device `index`, asked for as `name` and canonically named
  /// `canonical`; loads and initializes the driver on the first call. Not
  /// thread-safe: the runtime serializes the calls.
  tiny_status_t getDevice(uint32_t index, const std::string &name,
                          const std::string &canonical,
                          std::shared_ptr<Device> &outDevice);

  /// Whether the driver was loaded (or its loading attempted).
  bool isLoadAttempted() const { return attempted; }

  /// The devices created so far.
  std::vector<std::shared_ptr<Device>> getDevices() const;

private:
  /// dlopens the library and initializes the driver, once.
  void load();

  const tiny_device_kind_t kind;
  std::vector<std::string> libraries;
  bool attempted = false;
  /// Why the back end cannot be used; empty once loaded.
  std::string unavailableReason;
  /// The dlopen handle; never closed (drivers do not expect to be unloaded).
  void *library = nullptr;
  /// The driver's entry points and device count, once it initialized.
  std::unique_ptr<GpuDriver> driver;
  std::map<uint32_t, std::shared_ptr<Device>> devices;
};

/// The object behind a `tiny_runtime_t`.
class Runtime {
public:
  Runtime();
  ~Runtime();

  /// The device named `name` ("CPU", "CPU:3", "CUDA:1", ...).
  tiny_status_t getDevice(const char *name, std::shared_ptr<Device> &outDevice);

  tiny_status_t setDriverLibrary(tiny_device_kind_t kind, const char *library);

  /// Adds `device`, reachable only through the returned handle (no name
  /// lookup): lets tests exercise back-end paths with stand-in devices.
  tiny_device_t addDevice(std::shared_ptr<Device> device);

  /// Every device created so far.
  std::vector<std::shared_ptr<Device>> getDevices();

private:
  std::mutex mutex;
  std::shared_ptr<Device> cpuDevices[TINY_CPU_DEVICE_COUNT];
  DriverBackend cuda;
  DriverBackend hip;
  std::vector<std::shared_ptr<Device>> extraDevices;
};

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

inline tiny_device_t wrap(Device *device) {
  return reinterpret_cast<tiny_device_t>(device);
}
inline tiny_runtime_t wrap(Runtime *runtime) {
  return reinterpret_cast<tiny_runtime_t>(runtime);
}

/// Records `device` as live, so that its handle resolves.
void registerDevice(const std::shared_ptr<Device> &device);
/// Forgets `device`: its handle no longer resolves.
void unregisterDevice(const Device *device);

/// Resolves a device handle, or returns an error naming `role`.
tiny_status_t lookupDevice(tiny_device_t handle, const char *role,
                           std::shared_ptr<Device> &outDevice);

/// Resolves a runtime handle, or returns an error.
tiny_status_t lookupRuntime(tiny_runtime_t handle, Runtime *&outRuntime);

} // namespace runtime
} // namespace tiny

#endif // TINY_RUNTIME_SRC_RUNTIME_H
