//===- Buffer.h - Buffers of the tiny runtime -------------------*- C++ -*-===//
//
// A buffer is one allocation on one device. The C API names buffers by
// checked handles: an index into a process-wide slot table and the slot's
// generation, which changes when the buffer is freed, so a stale handle
// never resolves (not even after its slot is reused). The table holds the
// API's reference count; the storage itself is a shared_ptr, so a buffer
// released while another thread copies into it lives until that copy ends.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_RUNTIME_SRC_BUFFER_H
#define TINY_RUNTIME_SRC_BUFFER_H

#include "Device.h"

#include <memory>
#include <string>
#include <vector>

namespace tiny {
namespace runtime {

/// The object behind a `tiny_buffer_t`.
class Buffer {
public:
  Buffer(std::shared_ptr<Device> device, tiny_dtype_t dtype,
         size_t elementCount, size_t byteSize, void *memory)
      : device(std::move(device)), dtype(dtype), elementCount(elementCount),
        byteSize(byteSize), memory(memory) {}
  ~Buffer() { device->deallocate(memory, byteSize); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  Device &getDevice() const { return *device; }
  const std::shared_ptr<Device> &getDeviceRef() const { return device; }
  tiny_dtype_t getDtype() const { return dtype; }
  size_t getElementCount() const { return elementCount; }
  size_t getByteSize() const { return byteSize; }
  /// The back end's handle of the allocation.
  void *getMemory() const { return memory; }
  /// The data pointer, for buffers in host memory; null otherwise.
  char *getHostData() const {
    return device->isHostMemory() ? static_cast<char *>(memory) : nullptr;
  }

private:
  const std::shared_ptr<Device> device;
  const tiny_dtype_t dtype;
  const size_t elementCount;
  const size_t byteSize;
  void *const memory;
};

/// Gives `buffer` a handle with one reference.
tiny_buffer_t registerBuffer(std::shared_ptr<Buffer> buffer);

/// Resolves a buffer handle, or returns an error naming `role` ("buffer",
/// "dst buffer", "buffer 2", ...).
tiny_status_t lookupBuffer(tiny_buffer_t handle, const std::string &role,
                           std::shared_ptr<Buffer> &outBuffer);

/// Frees every buffer on one of `devices`, whatever its reference count.
void releaseBuffersOn(const std::vector<std::shared_ptr<Device>> &devices);

/// Checks that [offset, offset + bytes) lies within `buffer`.
tiny_status_t checkRange(const Buffer &buffer, const std::string &role,
                         size_t offset, size_t bytes);

} // namespace runtime
} // namespace tiny

#endif // TINY_RUNTIME_SRC_BUFFER_H
