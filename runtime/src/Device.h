//===- Device.h - The device interface of the tiny runtime ------*- C++ -*-===//
//
// A device is memory plus the ways bytes move in and out of it. Back ends
// (host memory, CUDA, HIP) implement the memory operations; the base class
// keeps each device's accounting (bytes allocated, peak, copied in and out)
// and enforces its memory limit, so every back end counts the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_RUNTIME_SRC_DEVICE_H
#define TINY_RUNTIME_SRC_DEVICE_H

#include "tiny/runtime.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace tiny {
namespace runtime {

/// One device. Implementations must be thread-safe.
class Device {
public:
  Device(tiny_device_kind_t kind, uint32_t index, std::string name)
      : kind(kind), index(index), name(std::move(name)) {}
  virtual ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  tiny_device_kind_t getKind() const { return kind; }
  uint32_t getIndex() const { return index; }
  /// The canonical name: "CPU", "CPU:1", "CUDA", "CUDA:1".
  const std::string &getName() const { return name; }

  //===--------------------------------------------------------------------===//
  // Back end interface
  //===--------------------------------------------------------------------===//

  /// True when allocations are host memory that the CPU reads and writes
  /// directly: the memory handle is then the data pointer.
  virtual bool isHostMemory() const = 0;

  /// Allocates `bytes` zero-filled bytes; `*outMemory` is the back end's
  /// handle of the allocation (non-null, also for 0 bytes).
  virtual tiny_status_t allocateMemory(size_t bytes, void **outMemory) = 0;

  /// Frees memory from `allocateMemory`.
  virtual void freeMemory(void *memory, size_t bytes) = 0;

  /// Host -> device: `bytes` bytes from `host` to `memory` at `offset`.
  virtual tiny_status_t copyIn(void *memory, size_t offset, const void *host,
                               size_t bytes) = 0;

  /// Device -> host: `bytes` bytes from `memory` at `offset` to `host`.
  virtual tiny_status_t copyOut(const void *memory, size_t offset, void *host,
                                size_t bytes) = 0;

  /// Device -> the same device; the ranges may overlap (memmove semantics).
  virtual tiny_status_t copyWithin(void *dst, size_t dstOffset, const void *src,
                                   size_t srcOffset, size_t bytes) = 0;

  /// Copies from memory of another device `source` without staging through
  /// the host, if this back end has such a path (peer access). Returns false
  /// when it has none; otherwise sets `*outStatus` to the copy's status.
  virtual bool copyFromPeer(void *dst, size_t dstOffset, Device &source,
                            const void *src, size_t srcOffset, size_t bytes,
                            tiny_status_t *outStatus) {
    return false;
  }

  //===--------------------------------------------------------------------===//
  // Accounting
  //===--------------------------------------------------------------------===//

  /// Allocates `bytes` bytes, within the memory limit, and counts them.
  tiny_status_t allocate(size_t bytes, void **outMemory);
  /// Frees an allocation of `bytes` bytes and uncounts them.
  void deallocate(void *memory, size_t bytes);

  void countCopiedIn(uint64_t bytes);
  void countCopiedOut(uint64_t bytes);

  tiny_device_stats_t getStats();
  void resetStats();
  void setLimit(uint64_t limitBytes);

private:
  const tiny_device_kind_t kind;
  const uint32_t index;
  const std::string name;

  std::mutex mutex;
  /// The counters; `stats.bytes_allocated` holds committed allocations only.
  tiny_device_stats_t stats = {0, 0, 0, 0, 0, 0, 0, TINY_DEVICE_UNLIMITED};
  /// Bytes of allocations under way: within the limit, not yet committed.
  uint64_t pendingBytes = 0;
};

/// A device in host memory: "CPU" and the virtual "CPU:N".
std::shared_ptr<Device> createCpuDevice(uint32_t index, std::string name);

/// The name of a device kind ("CPU", "CUDA", "HIP"), or null.
const char *getDeviceKindName(tiny_device_kind_t kind);

} // namespace runtime
} // namespace tiny

#endif // TINY_RUNTIME_SRC_DEVICE_H
