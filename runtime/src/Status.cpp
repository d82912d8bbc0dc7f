//===- Status.cpp - Statuses of the tiny runtime --------------------------===//

#include "Status.h"

using namespace tiny::runtime;

namespace {
/// A status that lives for the whole process; never deleted, so it stays
/// valid for statuses freed during exit.
tiny_status_t makeStaticStatus(tiny_status_code_t code, const char *message) {
  auto *status = new tiny_status_s{code, message};
  status->isStatic = true;
  return status;
}
} // namespace

tiny_status_t tiny::runtime::getOutOfMemoryStatus() noexcept {
  static tiny_status_t status = makeStaticStatus(
      TINY_STATUS_OUT_OF_MEMORY, "out of host memory while reporting an error");
  return status;
}

tiny_status_t tiny::runtime::getInternalErrorStatus() noexcept {
  static tiny_status_t status = makeStaticStatus(
      TINY_STATUS_INTERNAL, "internal error: unexpected exception");
  return status;
}

tiny_status_t tiny::runtime::makeStatus(tiny_status_code_t code,
                                        std::string message) noexcept {
  try {
    return new tiny_status_s{code, std::move(message)};
  } catch (...) {
    return getOutOfMemoryStatus();
  }
}

std::string tiny::runtime::quote(const std::string &name) {
  return "'" + name + "'";
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

tiny_status_code_t tiny_status_code(tiny_status_t status) {
  return status ? status->code : tiny_status_code_t(TINY_STATUS_OK);
}

const char *tiny_status_message(tiny_status_t status) {
  return status ? status->message.c_str() : "";
}

void tiny_status_free(tiny_status_t status) {
  if (status && !status->isStatic)
    delete status;
}

const char *tiny_status_code_name(tiny_status_code_t code) {
  switch (code) {
  case TINY_STATUS_OK:
    return "OK";
  case TINY_STATUS_INVALID_ARGUMENT:
    return "INVALID_ARGUMENT";
  case TINY_STATUS_NOT_FOUND:
    return "NOT_FOUND";
  case TINY_STATUS_UNAVAILABLE:
    return "UNAVAILABLE";
  case TINY_STATUS_OUT_OF_MEMORY:
    return "OUT_OF_MEMORY";
  case TINY_STATUS_OUT_OF_RANGE:
    return "OUT_OF_RANGE";
  case TINY_STATUS_INVALID_HANDLE:
    return "INVALID_HANDLE";
  case TINY_STATUS_FAILED_PRECONDITION:
    return "FAILED_PRECONDITION";
  case TINY_STATUS_UNIMPLEMENTED:
    return "UNIMPLEMENTED";
  case TINY_STATUS_INTERNAL:
    return "INTERNAL";
  }
  return "UNKNOWN";
}
