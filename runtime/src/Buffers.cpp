//===- Buffers.cpp - Buffers and their checked handles --------------------===//
//
// The process-wide slot table behind `tiny_buffer_t`, buffer allocation,
// reference counting and the buffer queries of the C API.
//
//===----------------------------------------------------------------------===//

#include "Buffer.h"
#include "Runtime.h"
#include "Status.h"

#include <cinttypes>
#include <cstdio>
#include <unordered_set>
#include <vector>

using namespace tiny::runtime;

static_assert(sizeof(void *) == sizeof(uint64_t),
              "buffer handles encode 64 bits in a pointer-sized value");

//===----------------------------------------------------------------------===//
// Handle table
//===----------------------------------------------------------------------===//

namespace {
/// One slot: a live buffer with its API reference count, or a free slot.
/// The generation counts the buffers the slot has held, so a handle from an
/// earlier one no longer matches.
struct Slot {
  uint32_t generation = 1;
  uint32_t refCount = 0;
  std::shared_ptr<Buffer> buffer;
};

/// A handle's value: the generation in the high 32 bits, the slot index
/// plus one in the low 32 bits (so no handle is NULL).
struct HandleTable {
  std::mutex mutex;
  std::vector<Slot> slots;
  std::vector<uint32_t> freeSlots;

  static uint64_t encode(uint32_t index, uint32_t generation) {
    return (static_cast<uint64_t>(generation) << 32) | (uint64_t(index) + 1);
  }

  /// The slot of a live handle, or null. Needs the mutex.
  Slot *find(tiny_buffer_t handle) {
    uint64_t value = reinterpret_cast<uintptr_t>(handle);
    uint64_t low = value & 0xffffffffu;
    if (low == 0 || low > slots.size())
      return nullptr;
    Slot &slot = slots[low - 1];
    if (!slot.buffer || slot.generation != (value >> 32))
      return nullptr;
    return &slot;
  }

  /// Empties `slot` and makes it reusable, returning its buffer so that the
  /// caller drops it outside the lock. Needs the mutex.
  std::shared_ptr<Buffer> clear(Slot &slot) {
    std::shared_ptr<Buffer> buffer = std::move(slot.buffer);
    slot.refCount = 0;
    // A slot whose generation would wrap is retired, never reused, so no
    // handle can ever match a later buffer.
    if (++slot.generation != UINT32_MAX)
      freeSlots.push_back(static_cast<uint32_t>(&slot - slots.data()));
    return buffer;
  }
};

/// Never destroyed: buffers released during exit still find it.
HandleTable &getHandleTable() {
  static HandleTable *table = new HandleTable();
  return *table;
}

std::string formatHandle(tiny_buffer_t handle) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%016" PRIx64,
                static_cast<uint64_t>(reinterpret_cast<uintptr_t>(handle)));
  return text;
}
} // namespace

tiny_buffer_t tiny::runtime::registerBuffer(std::shared_ptr<Buffer> buffer) {
  HandleTable &table = getHandleTable();
  std::lock_guard<std::mutex> lock(table.mutex);
  uint32_t index;
  if (!table.freeSlots.empty()) {
    index = table.freeSlots.back();
    table.freeSlots.pop_back();
  } else {
    if (table.slots.size() >= UINT32_MAX - 1)
      throw std::bad_alloc();
    index = static_cast<uint32_t>(table.slots.size());
    table.slots.emplace_back();
  }
  Slot &slot = table.slots[index];
  slot.buffer = std::move(buffer);
  slot.refCount = 1;
  return reinterpret_cast<tiny_buffer_t>(
      static_cast<uintptr_t>(HandleTable::encode(index, slot.generation)));
}

tiny_status_t tiny::runtime::lookupBuffer(tiny_buffer_t handle,
                                          const std::string &role,
                                          std::shared_ptr<Buffer> &outBuffer) {
  if (!handle)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, role + " is NULL");
  HandleTable &table = getHandleTable();
  std::lock_guard<std::mutex> lock(table.mutex);
  if (Slot *slot = table.find(handle)) {
    outBuffer = slot->buffer;
    return nullptr;
  }
  return makeStatus(TINY_STATUS_INVALID_HANDLE,
                    role + " (handle " + formatHandle(handle) +
                        ") is not a live buffer: it was released, its "
                        "runtime was destroyed, or it was never allocated");
}

void tiny::runtime::releaseBuffersOn(
    const std::vector<std::shared_ptr<Device>> &devices) {
  std::unordered_set<const Device *> doomed;
  for (const std::shared_ptr<Device> &device : devices)
    doomed.insert(device.get());
  std::vector<std::shared_ptr<Buffer>> released;
  HandleTable &table = getHandleTable();
  {
    std::lock_guard<std::mutex> lock(table.mutex);
    for (Slot &slot : table.slots)
      if (slot.buffer && doomed.count(&slot.buffer->getDevice()))
        released.push_back(table.clear(slot));
  }
  // The buffers free their memory here, outside the table's lock.
}

tiny_status_t tiny::runtime::checkRange(const Buffer &buffer,
                                        const std::string &role, size_t offset,
                                        size_t bytes) {
  size_t size = buffer.getByteSize();
  if (offset > size || bytes > size - offset)
    return makeStatus(TINY_STATUS_OUT_OF_RANGE,
                      role + ": bytes [" + std::to_string(offset) + ", " +
                          std::to_string(offset) + " + " +
                          std::to_string(bytes) + ") pass the end of a " +
                          std::to_string(size) + "-byte buffer");
  return nullptr;
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

namespace {
tiny_status_t makeNullOutput(const char *function) {
  return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                    std::string(function) + ": the output pointer is NULL");
}

/// Runs `query` on the buffer behind `handle`, for the one-value queries.
template <typename T, typename Query>
tiny_status_t queryBuffer(const char *function, tiny_buffer_t handle, T *out,
                          Query query) {
  return guard([&]() -> tiny_status_t {
    if (!out)
      return makeNullOutput(function);
    std::shared_ptr<Buffer> buffer;
    if (tiny_status_t status = lookupBuffer(handle, "buffer", buffer))
      return status;
    *out = query(*buffer);
    return nullptr;
  });
}
} // namespace

tiny_status_t tiny_buffer_allocate(tiny_device_t device, tiny_dtype_t dtype,
                                   size_t element_count,
                                   tiny_buffer_t *out_buffer) {
  return guard([&]() -> tiny_status_t {
    if (!out_buffer)
      return makeNullOutput("tiny_buffer_allocate");
    std::shared_ptr<Device> object;
    if (tiny_status_t status = lookupDevice(device, "device", object))
      return status;
    size_t elementSize = tiny_dtype_size(dtype);
    if (elementSize == 0)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_buffer_allocate: unknown dtype " +
                            std::to_string(dtype));
    if (element_count > SIZE_MAX / elementSize)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        "tiny_buffer_allocate: " +
                            std::to_string(element_count) + " elements of " +
                            tiny_dtype_name(dtype) + " overflow a byte size");
    size_t bytes = element_count * elementSize;

    void *memory = nullptr;
    if (tiny_status_t status = object->allocate(bytes, &memory))
      return status;
    // From here the Buffer owns the memory (and frees it if a later step
    // throws).
    std::shared_ptr<Buffer> buffer;
    try {
      buffer =
          std::make_shared<Buffer>(object, dtype, element_count, bytes, memory);
    } catch (...) {
      object->deallocate(memory, bytes);
      throw;
    }
    *out_buffer = registerBuffer(std::move(buffer));
    return nullptr;
  });
}

tiny_status_t tiny_buffer_retain(tiny_buffer_t buffer) {
  return guard([&]() -> tiny_status_t {
    HandleTable &table = getHandleTable();
    {
      std::lock_guard<std::mutex> lock(table.mutex);
      if (Slot *slot = table.find(buffer)) {
        if (slot->refCount == UINT32_MAX)
          return makeStatus(TINY_STATUS_OUT_OF_RANGE,
                            "tiny_buffer_retain: the reference count is at "
                            "its maximum");
        ++slot->refCount;
        return nullptr;
      }
    }
    std::shared_ptr<Buffer> unused;
    return lookupBuffer(buffer, "tiny_buffer_retain: buffer", unused);
  });
}

tiny_status_t tiny_buffer_release(tiny_buffer_t buffer) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Buffer> released;
    HandleTable &table = getHandleTable();
    {
      std::lock_guard<std::mutex> lock(table.mutex);
      if (Slot *slot = table.find(buffer)) {
        if (--slot->refCount == 0)
          released = table.clear(*slot);
        return nullptr;
      }
    }
    std::shared_ptr<Buffer> unused;
    return lookupBuffer(buffer, "tiny_buffer_release: buffer", unused);
  });
}

tiny_status_t tiny_buffer_ref_count(tiny_buffer_t buffer, uint32_t *out_count) {
  return guard([&]() -> tiny_status_t {
    if (!out_count)
      return makeNullOutput("tiny_buffer_ref_count");
    HandleTable &table = getHandleTable();
    {
      std::lock_guard<std::mutex> lock(table.mutex);
      if (Slot *slot = table.find(buffer)) {
        *out_count = slot->refCount;
        return nullptr;
      }
    }
    std::shared_ptr<Buffer> unused;
    return lookupBuffer(buffer, "buffer", unused);
  });
}

tiny_status_t tiny_buffer_byte_size(tiny_buffer_t buffer, size_t *out_bytes) {
  return queryBuffer("tiny_buffer_byte_size", buffer, out_bytes,
                     [](const Buffer &b) { return b.getByteSize(); });
}

tiny_status_t tiny_buffer_element_count(tiny_buffer_t buffer,
                                        size_t *out_count) {
  return queryBuffer("tiny_buffer_element_count", buffer, out_count,
                     [](const Buffer &b) { return b.getElementCount(); });
}

tiny_status_t tiny_buffer_dtype(tiny_buffer_t buffer, tiny_dtype_t *out_dtype) {
  return queryBuffer("tiny_buffer_dtype", buffer, out_dtype,
                     [](const Buffer &b) { return b.getDtype(); });
}

tiny_status_t tiny_buffer_device(tiny_buffer_t buffer,
                                 tiny_device_t *out_device) {
  return queryBuffer("tiny_buffer_device", buffer, out_device,
                     [](const Buffer &b) { return wrap(&b.getDevice()); });
}
