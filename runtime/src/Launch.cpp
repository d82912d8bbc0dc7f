//===- Launch.cpp - Launching compiled CPU kernels ------------------------===//
//
// Compiled CPU kernels use the JIT's packed calling convention (see
// jit/Executable.cpp, `Executable::invoke`): one `void **` whose i-th entry
// points to the i-th argument, here a buffer's data pointer.
//
//===----------------------------------------------------------------------===//

#include "Buffer.h"
#include "Runtime.h"
#include "Status.h"

#include <vector>

using namespace tiny::runtime;

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
