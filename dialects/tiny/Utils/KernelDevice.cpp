//===- KernelDevice.cpp - where kernels run -------------------------------===//

#include "dialects/tiny/Utils/KernelDevice.h"

#include "dialects/tiny/IR/TinyDialect.h"
#include "tiny/DeviceName.h"

std::string mlir::tiny::getDeviceKind(StringRef device) {
  std::optional<::tiny::DeviceName> parsed =
      ::tiny::parseDeviceName(device.str());
  return parsed ? parsed->kind : std::string();
}

unsigned mlir::tiny::getDeviceRank(StringRef device) {
  std::optional<::tiny::DeviceName> parsed =
      ::tiny::parseDeviceName(device.str());
  return parsed ? parsed->rank : 0;
}

bool mlir::tiny::isGpuDeviceName(StringRef device) {
  std::string kind = getDeviceKind(device);
  return kind == "CUDA" || kind == "HIP";
}

bool mlir::tiny::isOnHost(Type type) {
  DeviceAttr device = getDevice(type);
  return !device ||
         (!device.isMulti() && !isGpuDeviceName(device.getNames().front()));
}

bool mlir::tiny::isOnOneGpu(Type type) {
  DeviceAttr device = getDevice(type);
  return device && !device.isMulti() &&
         isGpuDeviceName(device.getNames().front());
}
