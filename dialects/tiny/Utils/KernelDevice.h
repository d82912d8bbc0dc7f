//===- KernelDevice.h - where kernels run -----------------------*- C++ -*-===//
//
// -tiny-rangeify names the device of each kernel of a function that is not
// on the host alone. The CPU and GPU paths split kernels by that name:
// kernels on CUDA or HIP devices are compiled for the GPU, all others run
// on the host; and a program across MPI ranks runs each kernel on the rank
// its device belongs to.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DIALECTS_TINY_UTILS_KERNELDEVICE_H
#define TINY_DIALECTS_TINY_UTILS_KERNELDEVICE_H

#include "dialects/tiny/IR/TinyKernelOps.h"

#include <string>

namespace mlir {
namespace tiny {

/// The kind of a device name: "CUDA" for "CUDA:1", "CPU" for "CPU"; empty
/// for a name that does not parse (tiny/DeviceName.h parses it).
std::string getDeviceKind(StringRef device);

/// The MPI rank that owns device `device` (its "@R"; 0 without one, and for
/// a name that does not parse, which the dialect's verifiers reject).
unsigned getDeviceRank(StringRef device);

/// True for the name of a CUDA or HIP device ("CUDA", "CUDA:1", "HIP:0"),
/// as the runtime spells them.
bool isGpuDeviceName(StringRef device);

/// True when `type` is a tensor on one CUDA or HIP device (not a tuple of
/// devices).
bool isOnOneGpu(Type type);

/// True when `type` is a tensor whose kernels run on the host: no device,
/// or one device that is not a GPU.
bool isOnHost(Type type);

/// True when `kernel` names a CUDA or HIP device; a kernel that names no
/// device runs on the host.
inline bool isGpuKernel(k::KernelOp kernel) {
  std::optional<StringRef> device = kernel.getDevice();
  return device && isGpuDeviceName(*device);
}

} // namespace tiny
} // namespace mlir

#endif // TINY_DIALECTS_TINY_UTILS_KERNELDEVICE_H
