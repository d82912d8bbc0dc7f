//===- DeviceName.cpp - tinygrad's device names ---------------------------===//

#include "tiny/DeviceName.h"

using namespace tiny;

static bool isUpper(char c) { return c >= 'A' && c <= 'Z'; }
static bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string DeviceName::getCanonicalName() const {
  return index == 0 ? kind : kind + ":" + std::to_string(index);
}

std::optional<DeviceName> tiny::parseDeviceName(std::string_view name) {
  size_t colon = name.find(':');
  std::string_view kind = name.substr(0, colon);
  if (kind.empty() || !isUpper(kind.front()))
    return std::nullopt;
  for (char c : kind)
    if (!isUpper(c) && !isDigit(c) && c != '_')
      return std::nullopt;
  DeviceName parsed;
  parsed.kind = std::string(kind);
  if (colon == std::string_view::npos)
    return parsed;
  std::string_view digits = name.substr(colon + 1);
  // Nine digits fit in 32 bits; "CPU:01" is not a name.
  if (digits.empty() || digits.size() > 9 ||
      (digits.size() > 1 && digits.front() == '0'))
    return std::nullopt;
  for (char c : digits) {
    if (!isDigit(c))
      return std::nullopt;
    parsed.index = parsed.index * 10 + static_cast<uint32_t>(c - '0');
  }
  return parsed;
}
