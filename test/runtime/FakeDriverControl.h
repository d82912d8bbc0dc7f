//===- FakeDriverControl.h - The fake GPU driver, seen from a test -*- C++ -*-//
//
// Finds libfakedriver.so (FakeDriver.c) in the test's runfiles and opens
// it, so that a test reaches the `fake_` controls of the very library the
// runtime loads with dlopen: the same path gives the same loaded object.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TEST_RUNTIME_FAKEDRIVERCONTROL_H
#define TINY_TEST_RUNTIME_FAKEDRIVERCONTROL_H

#include "FakeDriver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace tiny {
namespace test {

/// The fake driver's path and controls.
struct FakeDriver {
  std::string path;
  /// The dlopen handle, for the fake's driver entry points themselves.
  void *library = nullptr;
#define TINY_FAKE_CONTROLS(X)                                                  \
  X(fake_reset)                                                                \
  X(fake_set_device_count)                                                     \
  X(fake_set_device_memory)                                                    \
  X(fake_fail)                                                                 \
  X(fake_call_count)                                                           \
  X(fake_live_allocations)                                                     \
  X(fake_live_bytes)                                                           \
  X(fake_live_modules)                                                         \
  X(fake_live_events)                                                          \
  X(fake_context_references)                                                   \
  X(fake_context_depth)                                                        \
  X(fake_current_hip_device)                                                   \
  X(fake_launch_count)                                                         \
  X(fake_last_launch)                                                          \
  X(fake_allocation_bytes)                                                     \
  X(fake_read)
#define TINY_DECLARE_CONTROL(name) decltype(&::name) name = nullptr;
  TINY_FAKE_CONTROLS(TINY_DECLARE_CONTROL)
#undef TINY_DECLARE_CONTROL

  /// The process's one instance; throws if the library cannot be opened.
  static const FakeDriver &get() {
    static const FakeDriver driver = open();
    return driver;
  }

private:
  static FakeDriver open() {
    FakeDriver driver;
    const char *root = std::getenv("TEST_SRCDIR");
    const char *workspace = std::getenv("TEST_WORKSPACE");
    std::string relative = "test/runtime/libfakedriver.so";
    driver.path = root && workspace
                      ? std::string(root) + "/" + workspace + "/" + relative
                      : "./" + relative;
    // Never closed: the runtime keeps its own reference open anyway.
    void *library = dlopen(driver.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    driver.library = library;
    if (!library)
      throw std::runtime_error("cannot open " + driver.path + ": " + dlerror());
#define TINY_RESOLVE_CONTROL(name)                                             \
  driver.name = reinterpret_cast<decltype(&::name)>(dlsym(library, #name));    \
  if (!driver.name)                                                            \
    throw std::runtime_error(driver.path + " lacks " #name);
    TINY_FAKE_CONTROLS(TINY_RESOLVE_CONTROL)
#undef TINY_RESOLVE_CONTROL
    return driver;
  }
#undef TINY_FAKE_CONTROLS
};

/// The fake driver's controls.
inline const FakeDriver &fake() { return FakeDriver::get(); }

} // namespace test
} // namespace tiny

#endif // TINY_TEST_RUNTIME_FAKEDRIVERCONTROL_H
