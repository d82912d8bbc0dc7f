//===- DeviceName.h - tinygrad's device names -------------------*- C++ -*-===//
//
// The one parser of device names, shared by the dialect (`#tiny.device`),
// the passes and the runtime, so that they agree on what a name is: "KIND"
// or "KIND:N", where "KIND" and "KIND:0" name one device, as in tinygrad
// (`Device.canonicalize`). The dialect holds the canonical spelling
// (getCanonicalName) and the runtime looks devices up by it
// (docs/semantics.md, "Device names"). C++17, no dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DEVICENAME_H
#define TINY_DEVICENAME_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tiny {

/// A device name split into its kind and index.
struct DeviceName {
  /// Upper-case letters, digits and '_', starting with a letter: "CPU",
  /// "CUDA", "HIP", or any kind tinygrad names ("DISK", "NV", ...).
  std::string kind;
  /// The device's index within its kind; 0 when the name has none.
  uint32_t index = 0;

  /// "KIND" for index 0, "KIND:N" otherwise: tinygrad's canonical name.
  std::string getCanonicalName() const;
};

/// Parses "KIND" or "KIND:N" (N decimal, no leading zeros, at most nine
/// digits); std::nullopt for anything else.
std::optional<DeviceName> parseDeviceName(std::string_view name);

} // namespace tiny

#endif // TINY_DEVICENAME_H
