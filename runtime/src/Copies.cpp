//===- Copies.cpp - Uploads, downloads and copies between devices ---------===//
//
// Every byte moved in or out of a buffer goes through here, so that each
// device counts the bytes copied in and out the same way. A copy between two
// buffers takes the most direct path there is: a memmove when both are in
// host memory, the device's own copy within one device, a peer copy when the
// destination's back end has one, and otherwise a transfer staged through a
// host buffer. Arguments are checked before anything is written, so a failed
// call leaves both buffers and the counters as they were.
//
//===----------------------------------------------------------------------===//

#include "Buffer.h"
#include "Runtime.h"
#include "Status.h"

#include <algorithm>
#include <cstring>
#include <memory>

using namespace tiny::runtime;

namespace {
/// The largest host staging buffer of one copy; larger copies go in chunks.
constexpr size_t kStagingChunkBytes = size_t(8) << 20;

/// Device -> device through host memory.
tiny_status_t copyStaged(Buffer &dst, size_t dstOffset, Buffer &src,
                         size_t srcOffset, size_t bytes) {
  size_t chunk = std::min(bytes, kStagingChunkBytes);
  std::unique_ptr<char[]> staging(new (std::nothrow) char[chunk]);
  if (!staging)
    return makeStatus(TINY_STATUS_OUT_OF_MEMORY,
                      "copy from " + quote(src.getDevice().getName()) + " to " +
                          quote(dst.getDevice().getName()) +
                          ": no host memory for a " + std::to_string(chunk) +
                          "-byte staging buffer");
  for (size_t done = 0; done < bytes; done += chunk) {
    size_t step = std::min(chunk, bytes - done);
    if (tiny_status_t status = src.getDevice().copyOut(
            src.getMemory(), srcOffset + done, staging.get(), step))
      return status;
    if (tiny_status_t status = dst.getDevice().copyIn(
            dst.getMemory(), dstOffset + done, staging.get(), step))
      return status;
  }
  return nullptr;
}

/// Copies checked byte ranges between two buffers and counts them.
tiny_status_t copyBytes(Buffer &dst, size_t dstOffset, Buffer &src,
                        size_t srcOffset, size_t bytes) {
  Device &dstDevice = dst.getDevice();
  Device &srcDevice = src.getDevice();
  tiny_status_t status = nullptr;
  if (bytes == 0) {
    // Nothing to move; the (zero) counts below still apply.
  } else if (dstDevice.isHostMemory() && srcDevice.isHostMemory()) {
    // Host memory of any two CPU devices, or one buffer with itself.
    std::memmove(dst.getHostData() + dstOffset, src.getHostData() + srcOffset,
                 bytes);
  } else if (&dstDevice == &srcDevice) {
    status = dstDevice.copyWithin(dst.getMemory(), dstOffset, src.getMemory(),
                                  srcOffset, bytes);
  } else if (dstDevice.copyFromPeer(dst.getMemory(), dstOffset, srcDevice,
                                    src.getMemory(), srcOffset, bytes,
                                    &status)) {
    // The peer path ran; `status` is its result.
  } else if (srcDevice.isHostMemory()) {
    status = dstDevice.copyIn(dst.getMemory(), dstOffset,
                              src.getHostData() + srcOffset, bytes);
  } else if (dstDevice.isHostMemory()) {
    status = srcDevice.copyOut(src.getMemory(), srcOffset,
                               dst.getHostData() + dstOffset, bytes);
  } else {
    status = copyStaged(dst, dstOffset, src, srcOffset, bytes);
  }
  if (status)
    return status;
  srcDevice.countCopiedOut(bytes);
  dstDevice.countCopiedIn(bytes);
  return nullptr;
}

tiny_status_t checkHostPointer(const char *function, const void *data,
                               size_t bytes) {
  if (!data && bytes != 0)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": the host pointer is NULL");
  return nullptr;
}

tiny_status_t checkWholeBuffer(const char *function, const Buffer &buffer,
                               size_t bytes) {
  if (bytes != buffer.getByteSize())
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": " + std::to_string(bytes) +
                          " bytes given for a " +
                          std::to_string(buffer.getByteSize()) +
                          "-byte buffer");
  return nullptr;
}

std::string describe(const Buffer &buffer) {
  return std::to_string(buffer.getElementCount()) + " x " +
         tiny_dtype_name(buffer.getDtype()) + " (" +
         std::to_string(buffer.getByteSize()) + " bytes) on " +
         quote(buffer.getDevice().getName());
}

/// Looks up the buffer of a host copy and checks the host pointer and the
/// byte range (the whole buffer, or `bytes` from `offset`).
tiny_status_t checkHostCopy(const char *function, tiny_buffer_t handle,
                            size_t offset, const void *data, size_t bytes,
                            bool whole, std::shared_ptr<Buffer> &buffer) {
  if (tiny_status_t status =
          lookupBuffer(handle, std::string(function) + ": buffer", buffer))
    return status;
  if (tiny_status_t status = checkHostPointer(function, data, bytes))
    return status;
  return whole ? checkWholeBuffer(function, *buffer, bytes)
               : checkRange(*buffer, function, offset, bytes);
}

tiny_status_t upload(const char *function, tiny_buffer_t handle, size_t offset,
                     const void *data, size_t bytes, bool whole) {
  std::shared_ptr<Buffer> buffer;
  if (tiny_status_t status =
          checkHostCopy(function, handle, offset, data, bytes, whole, buffer))
    return status;
  Device &device = buffer->getDevice();
  if (bytes != 0)
    if (tiny_status_t status =
            device.copyIn(buffer->getMemory(), offset, data, bytes))
      return status;
  device.countCopiedIn(bytes);
  return nullptr;
}

tiny_status_t download(const char *function, tiny_buffer_t handle,
                       size_t offset, void *data, size_t bytes, bool whole) {
  std::shared_ptr<Buffer> buffer;
  if (tiny_status_t status =
          checkHostCopy(function, handle, offset, data, bytes, whole, buffer))
    return status;
  Device &device = buffer->getDevice();
  if (bytes != 0)
    if (tiny_status_t status =
            device.copyOut(buffer->getMemory(), offset, data, bytes))
      return status;
  device.countCopiedOut(bytes);
  return nullptr;
}
} // namespace

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

tiny_status_t tiny_buffer_upload(tiny_buffer_t buffer, const void *data,
                                 size_t bytes) {
  return guard([&] {
    return upload("tiny_buffer_upload", buffer, 0, data, bytes, true);
  });
}

tiny_status_t tiny_buffer_upload_range(tiny_buffer_t buffer, size_t offset,
                                       const void *data, size_t bytes) {
  return guard([&] {
    return upload("tiny_buffer_upload_range", buffer, offset, data, bytes,
                  false);
  });
}

tiny_status_t tiny_buffer_download(tiny_buffer_t buffer, void *data,
                                   size_t bytes) {
  return guard([&] {
    return download("tiny_buffer_download", buffer, 0, data, bytes, true);
  });
}

tiny_status_t tiny_buffer_download_range(tiny_buffer_t buffer, size_t offset,
                                         void *data, size_t bytes) {
  return guard([&] {
    return download("tiny_buffer_download_range", buffer, offset, data, bytes,
                    false);
  });
}

tiny_status_t tiny_buffer_copy(tiny_buffer_t dst, tiny_buffer_t src) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Buffer> dstBuffer, srcBuffer;
    if (tiny_status_t status =
            lookupBuffer(dst, "tiny_buffer_copy: dst buffer", dstBuffer))
      return status;
    if (tiny_status_t status =
            lookupBuffer(src, "tiny_buffer_copy: src buffer", srcBuffer))
      return status;
    if (dstBuffer->getDtype() != srcBuffer->getDtype() ||
        dstBuffer->getElementCount() != srcBuffer->getElementCount())
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        std::string("tiny_buffer_copy: ") +
                            (dstBuffer->getDtype() != srcBuffer->getDtype()
                                 ? "dtypes"
                                 : "sizes") +
                            " differ: dst is " + describe(*dstBuffer) +
                            ", src is " + describe(*srcBuffer));
    return copyBytes(*dstBuffer, 0, *srcBuffer, 0, dstBuffer->getByteSize());
  });
}

tiny_status_t tiny_buffer_copy_range(tiny_buffer_t dst, size_t dst_offset,
                                     tiny_buffer_t src, size_t src_offset,
                                     size_t bytes) {
  return guard([&]() -> tiny_status_t {
    std::shared_ptr<Buffer> dstBuffer, srcBuffer;
    if (tiny_status_t status =
            lookupBuffer(dst, "tiny_buffer_copy_range: dst buffer", dstBuffer))
      return status;
    if (tiny_status_t status =
            lookupBuffer(src, "tiny_buffer_copy_range: src buffer", srcBuffer))
      return status;
    if (tiny_status_t status = checkRange(
            *dstBuffer, "tiny_buffer_copy_range: dst", dst_offset, bytes))
      return status;
    if (tiny_status_t status = checkRange(
            *srcBuffer, "tiny_buffer_copy_range: src", src_offset, bytes))
      return status;
    return copyBytes(*dstBuffer, dst_offset, *srcBuffer, src_offset, bytes);
  });
}
