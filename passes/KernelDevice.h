//===- KernelDevice.h - which kernels run on a GPU (moved) ------*- C++ -*-===//
//
// The helpers moved to dialects/tiny/Utils/KernelDevice.h, where the
// conversions and the JIT take them from. This header stays only for the
// passes that still include it by its old name; it goes once they include
// the new one.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_KERNELDEVICE_H
#define TINY_PASSES_KERNELDEVICE_H

#include "dialects/tiny/Utils/KernelDevice.h"

#endif // TINY_PASSES_KERNELDEVICE_H
