//===- Status.h - Statuses of the tiny runtime ------------------*- C++ -*-===//
//
// The C API's `tiny_status_t` and the helpers the implementation builds
// statuses with. Every C entry point runs its body through `guard`, so no C++
// exception (std::bad_alloc from a std::string, say) crosses the C boundary.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_RUNTIME_SRC_STATUS_H
#define TINY_RUNTIME_SRC_STATUS_H

#include "tiny/runtime.h"

#include <new>
#include <string>

/// An error status. Statuses the runtime cannot allocate (out of memory while
/// reporting an error) are shared static objects that `tiny_status_free`
/// leaves alone.
struct tiny_status_s {
  tiny_status_code_t code;
  std::string message;
  bool isStatic = false;
};

namespace tiny {
namespace runtime {

/// A new error status with `code` and `message`. Never returns NULL: when
/// the status itself cannot be allocated, returns a static out-of-memory one.
tiny_status_t makeStatus(tiny_status_code_t code, std::string message) noexcept;

/// The static status for memory exhausted while building a status.
tiny_status_t getOutOfMemoryStatus() noexcept;

/// The static status for an exception the runtime did not expect.
tiny_status_t getInternalErrorStatus() noexcept;

/// `'name'`: a name quoted for a message.
std::string quote(const std::string &name);

/// Runs `body`, which returns a `tiny_status_t`, turning any exception into
/// a status.
template <typename Body> tiny_status_t guard(Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return getOutOfMemoryStatus();
  } catch (...) {
    return getInternalErrorStatus();
  }
}

} // namespace runtime
} // namespace tiny

#endif // TINY_RUNTIME_SRC_STATUS_H
