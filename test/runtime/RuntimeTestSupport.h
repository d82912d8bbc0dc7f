//===- RuntimeTestSupport.h - Helpers for the runtime's tests ---*- C++ -*-===//
//
// A fixture owning one runtime, and checks that read and free statuses, so
// each test states the code and the words of the message it expects.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TEST_RUNTIME_RUNTIMETESTSUPPORT_H
#define TINY_TEST_RUNTIME_RUNTIMETESTSUPPORT_H

#include "tiny/runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tiny {
namespace test {

/// A status's code and message, after the status was freed.
struct Error {
  tiny_status_code_t code;
  std::string message;
};

/// Reads and frees `status`.
inline Error takeError(tiny_status_t status) {
  Error error{tiny_status_code(status), tiny_status_message(status)};
  tiny_status_free(status);
  return error;
}

/// Success, or a failure showing the status's code and message.
inline ::testing::AssertionResult isOk(tiny_status_t status) {
  Error error = takeError(status);
  if (error.code == TINY_STATUS_OK)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << tiny_status_code_name(error.code) << ": " << error.message;
}

/// An error with `code` whose message contains each of `words`.
inline ::testing::AssertionResult
isError(tiny_status_t status, tiny_status_code_t code,
        const std::vector<std::string> &words = {}) {
  Error error = takeError(status);
  if (error.code != code)
    return ::testing::AssertionFailure()
           << "expected " << tiny_status_code_name(code) << ", got "
           << tiny_status_code_name(error.code) << ": '" << error.message
           << "'";
  for (const std::string &word : words)
    if (error.message.find(word) == std::string::npos)
      return ::testing::AssertionFailure()
             << "message '" << error.message << "' lacks '" << word << "'";
  return ::testing::AssertionSuccess() << error.message;
}

/// A test with a fresh runtime, destroyed (and checked) at the end.
class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(isOk(tiny_runtime_create(&runtime))); }
  void TearDown() override {
    if (runtime) {
      EXPECT_TRUE(isOk(tiny_runtime_destroy(runtime)));
    }
  }

  tiny_device_t getDevice(const char *name) {
    tiny_device_t device = nullptr;
    EXPECT_TRUE(isOk(tiny_device_get(runtime, name, &device))) << name;
    return device;
  }

  tiny_buffer_t allocate(tiny_device_t device, tiny_dtype_t dtype,
                         size_t count) {
    tiny_buffer_t buffer = nullptr;
    EXPECT_TRUE(isOk(tiny_buffer_allocate(device, dtype, count, &buffer)));
    return buffer;
  }

  tiny_device_stats_t getStats(tiny_device_t device) {
    tiny_device_stats_t stats = {};
    EXPECT_TRUE(isOk(tiny_device_stats(device, &stats)));
    return stats;
  }

  template <typename T>
  void upload(tiny_buffer_t buffer, const std::vector<T> &values) {
    EXPECT_TRUE(isOk(
        tiny_buffer_upload(buffer, values.data(), values.size() * sizeof(T))));
  }

  template <typename T> std::vector<T> download(tiny_buffer_t buffer) {
    size_t bytes = 0;
    EXPECT_TRUE(isOk(tiny_buffer_byte_size(buffer, &bytes)));
    std::vector<T> values(bytes / sizeof(T));
    EXPECT_TRUE(isOk(tiny_buffer_download(buffer, values.data(), bytes)));
    return values;
  }

  void release(tiny_buffer_t buffer) {
    EXPECT_TRUE(isOk(tiny_buffer_release(buffer)));
  }

  tiny_runtime_t runtime = nullptr;
};

} // namespace test
} // namespace tiny

#endif // TINY_TEST_RUNTIME_RUNTIMETESTSUPPORT_H
