//===- DeviceName.cpp - tinygrad's device names ---------------------------===//

#include "tiny/DeviceName.h"

using namespace tiny;

static bool isUpper(char c) { return c >= 'A' && c <= 'Z'; }
static bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string DeviceName::getLocalName() const {
  return index == 0 ? kind : kind + ":" + std::to_string(index);
}

std::string DeviceName::getCanonicalName() const {
  std::string local = getLocalName();
  return rank == 0 ? local : local + "@" + std::to_string(rank);
}

/// Parses a number of at most nine decimal digits without leading zeros
/// (nine digits fit in 32 bits; "CPU:01" is not a name).
static std::optional<uint32_t> parseNumber(std::string_view digits) {
  if (digits.empty() || digits.size() > 9 ||
      (digits.size() > 1 && digits.front() == '0'))
    return std::nullopt;
  uint32_t value = 0;
  for (char c : digits) {
    if (!isDigit(c))
      return std::nullopt;
    value = value * 10 + static_cast<uint32_t>(c - '0');
  }
  return value;
}

std::optional<DeviceName> tiny::parseDeviceName(std::string_view name) {
  DeviceName parsed;
  size_t at = name.find('@');
  if (at != std::string_view::npos) {
    std::optional<uint32_t> rank = parseNumber(name.substr(at + 1));
    if (!rank)
      return std::nullopt;
    parsed.rank = *rank;
    name = name.substr(0, at);
  }
  size_t colon = name.find(':');
  std::string_view kind = name.substr(0, colon);
  if (kind.empty() || !isUpper(kind.front()))
    return std::nullopt;
  for (char c : kind)
    if (!isUpper(c) && !isDigit(c) && c != '_')
      return std::nullopt;
  parsed.kind = std::string(kind);
  if (colon == std::string_view::npos)
    return parsed;
  std::optional<uint32_t> index = parseNumber(name.substr(colon + 1));
  if (!index)
    return std::nullopt;
  parsed.index = *index;
  return parsed;
}
