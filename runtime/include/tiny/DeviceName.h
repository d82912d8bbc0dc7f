//===- DeviceName.h - tinygrad's device names -------------------*- C++ -*-===//
//
// The one parser of device names, shared by the dialect (`#tiny.device`),
// the passes and the runtime, so that they agree on what a name is:
// "KIND", "KIND:N", and either followed by "@R", the device of MPI rank R
// (docs/device-names.md). "KIND" and "KIND:0" name one device, as in
// tinygrad (`Device.canonicalize`), and so do a name and the same name
// followed by "@0": without a rank a name is rank 0's. The dialect holds the
// canonical spelling (getCanonicalName) and the runtime looks devices up by
// it (docs/semantics.md, "Device names"). C++17, no dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DEVICENAME_H
#define TINY_DEVICENAME_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tiny {

/// A device name split into its kind, index and rank.
struct DeviceName {
  /// Upper-case letters, digits and '_', starting with a letter: "CPU",
  /// "CUDA", "HIP", or any kind tinygrad names ("DISK", "NV", ...).
  std::string kind;
  /// The device's index within its kind on its rank; 0 when the name has
  /// none.
  uint32_t index = 0;
  /// The MPI rank (process) that owns the device; 0 when the name has none,
  /// which is also the rank of a program that runs in one process.
  uint32_t rank = 0;

  /// "KIND" for index 0, "KIND:N" otherwise (tinygrad's canonical name),
  /// then "@R" unless the rank is 0.
  std::string getCanonicalName() const;
  /// The canonical name of the device on its own rank, without "@R": the
  /// name the runtime of rank `rank` knows it by.
  std::string getLocalName() const;
};

/// Parses "KIND", "KIND:N", "KIND@R" or "KIND:N@R" (N and R decimal, no
/// leading zeros, at most nine digits); std::nullopt for anything else.
std::optional<DeviceName> parseDeviceName(std::string_view name);

} // namespace tiny

#endif // TINY_DEVICENAME_H
