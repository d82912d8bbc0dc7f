//===- StatusTest.cpp - Statuses and dtypes of the runtime's C API --------===//

#include "RuntimeTestSupport.h"

#include <cstring>

using namespace tiny::test;

namespace {

TEST(StatusTest, NullIsSuccess) {
  EXPECT_EQ(tiny_status_code(nullptr), tiny_status_code_t(TINY_STATUS_OK));
  EXPECT_STREQ(tiny_status_message(nullptr), "");
  tiny_status_free(nullptr);
}

TEST(StatusTest, ErrorCarriesCodeAndMessage) {
  tiny_runtime_t runtime = nullptr;
  ASSERT_TRUE(isOk(tiny_runtime_create(&runtime)));
  tiny_device_t device = nullptr;
  tiny_status_t status = tiny_device_get(runtime, "TPU", &device);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(tiny_status_code(status),
            tiny_status_code_t(TINY_STATUS_NOT_FOUND));
  EXPECT_NE(std::strstr(tiny_status_message(status), "unknown device 'TPU'"),
            nullptr)
      << tiny_status_message(status);
  tiny_status_free(status);
  // A failed call leaves its output alone.
  EXPECT_EQ(device, nullptr);
  EXPECT_TRUE(isOk(tiny_runtime_destroy(runtime)));
}

TEST(StatusTest, CodeNames) {
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_OK), "OK");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_INVALID_ARGUMENT),
               "INVALID_ARGUMENT");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_NOT_FOUND), "NOT_FOUND");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_UNAVAILABLE), "UNAVAILABLE");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_OUT_OF_MEMORY),
               "OUT_OF_MEMORY");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_OUT_OF_RANGE), "OUT_OF_RANGE");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_INVALID_HANDLE),
               "INVALID_HANDLE");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_FAILED_PRECONDITION),
               "FAILED_PRECONDITION");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_UNIMPLEMENTED),
               "UNIMPLEMENTED");
  EXPECT_STREQ(tiny_status_code_name(TINY_STATUS_INTERNAL), "INTERNAL");
  EXPECT_STREQ(tiny_status_code_name(10), "UNKNOWN");
  EXPECT_STREQ(tiny_status_code_name(0xffffffffu), "UNKNOWN");
}

TEST(DtypeTest, SizesAndNames) {
  struct Expected {
    tiny_dtype_t dtype;
    size_t size;
    const char *name;
  } expected[] = {
      {TINY_DTYPE_BOOL, 1, "bool"},     {TINY_DTYPE_I8, 1, "i8"},
      {TINY_DTYPE_I16, 2, "i16"},       {TINY_DTYPE_I32, 4, "i32"},
      {TINY_DTYPE_I64, 8, "i64"},       {TINY_DTYPE_U8, 1, "u8"},
      {TINY_DTYPE_U16, 2, "u16"},       {TINY_DTYPE_U32, 4, "u32"},
      {TINY_DTYPE_U64, 8, "u64"},       {TINY_DTYPE_F16, 2, "f16"},
      {TINY_DTYPE_BF16, 2, "bf16"},     {TINY_DTYPE_F32, 4, "f32"},
      {TINY_DTYPE_F64, 8, "f64"},       {TINY_DTYPE_F8E4M3FN, 1, "f8E4M3FN"},
      {TINY_DTYPE_F8E5M2, 1, "f8E5M2"}, {TINY_DTYPE_F8E4M3FNUZ, 1, "f8E4M3FNUZ"},
      {TINY_DTYPE_F8E5M2FNUZ, 1, "f8E5M2FNUZ"},
  };
  for (const Expected &entry : expected) {
    EXPECT_EQ(tiny_dtype_size(entry.dtype), entry.size) << entry.name;
    EXPECT_STREQ(tiny_dtype_name(entry.dtype), entry.name);
  }
}

TEST(DtypeTest, UnknownDtypes) {
  for (tiny_dtype_t dtype : {0u, 18u, 1000u, 0xffffffffu}) {
    EXPECT_EQ(tiny_dtype_size(dtype), 0u) << dtype;
    EXPECT_EQ(tiny_dtype_name(dtype), nullptr) << dtype;
  }
}

} // namespace
