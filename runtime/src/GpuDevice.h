//===- GpuDevice.h - The GPU back ends' device interface --------*- C++ -*-===//
//
// What CUDA and HIP devices add to a device: code modules, kernel launch,
// synchronization and events, all as the driver's own opaque handles. The
// C API (Launch.cpp) owns the checked handles and the lifetimes; a back end
// only calls its driver and turns the driver's errors into statuses. Also
// the loaders that make a dlopen'ed driver library into devices.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_RUNTIME_SRC_GPUDEVICE_H
#define TINY_RUNTIME_SRC_GPUDEVICE_H

#include "Device.h"

#include <memory>
#include <string>
#include <vector>

namespace tiny {
namespace runtime {

/// A device of a GPU driver. Its memory handles (from `allocateMemory`) are
/// the device addresses that kernels see, so a buffer argument is passed as
/// the handle's value. Work is queued in order on the device's default
/// stream; implementations must be thread-safe.
class GpuDevice : public Device {
public:
  using Device::Device;

  bool isHostMemory() const override { return false; }

  /// Loads a code object of `bytes` bytes; the byte at `image[bytes]` is a
  /// NUL, so PTX text is terminated.
  virtual tiny_status_t loadModule(const char *image, size_t bytes,
                                   void **outModule) = 0;
  virtual void unloadModule(void *module) = 0;
  /// The kernel `name` of `module`.
  virtual tiny_status_t getFunction(void *module, const char *name,
                                    void **outFunction) = 0;
  /// Queues `function`; `params[i]` points to the value of argument i.
  virtual tiny_status_t launch(void *function, const tiny_launch_dims_t &dims,
                               void **params) = 0;
  /// Waits for the queued work.
  virtual tiny_status_t synchronize() = 0;

  virtual tiny_status_t createEvent(void **outEvent) = 0;
  virtual void destroyEvent(void *event) = 0;
  virtual tiny_status_t recordEvent(void *event) = 0;
  virtual tiny_status_t synchronizeEvent(void *event) = 0;
  virtual tiny_status_t getElapsedMilliseconds(void *start, void *end,
                                               float *outMilliseconds) = 0;
};

/// A driver library that loaded and initialized.
class GpuDriver {
public:
  virtual ~GpuDriver();
  /// The number of devices the driver reports.
  virtual uint32_t getDeviceCount() const = 0;
  /// Creates the device `index` (below the count) named `name`.
  virtual tiny_status_t createDevice(uint32_t index, const std::string &name,
                                     std::shared_ptr<Device> &outDevice) = 0;
};

/// Resolves the CUDA driver API in `library`, a dlopen handle of
/// `libraryName`, and initializes it. On failure returns null with the
/// reason in `outReason`.
std::unique_ptr<GpuDriver> loadCudaDriver(void *library,
                                          const std::string &libraryName,
                                          std::string &outReason);

/// The same for HIP.
std::unique_ptr<GpuDriver> loadHipDriver(void *library,
                                         const std::string &libraryName,
                                         std::string &outReason);

/// "NAME (error N): description", from what the driver says of `error`;
/// `name` and `description` may be null.
std::string describeDriverError(int error, const char *name,
                                const char *description);

/// The status for the nonzero `error` that driver entry point `function`
/// returned on device `deviceName`. The code follows the error (CUDA and HIP
/// share the numbers): out of memory, a rejected argument or code object,
/// a missing kernel, a missing device; anything else is INTERNAL.
tiny_status_t makeDriverStatus(const std::string &deviceName,
                               const char *function, int error,
                               const char *name, const char *description,
                               const std::string &detail = "");

/// Unloads the modules and destroys the events on one of `devices`, whatever
/// handles to them are left (for `tiny_runtime_destroy`).
void releaseGpuObjectsOn(const std::vector<std::shared_ptr<Device>> &devices);

} // namespace runtime
} // namespace tiny

#endif // TINY_RUNTIME_SRC_GPUDEVICE_H
