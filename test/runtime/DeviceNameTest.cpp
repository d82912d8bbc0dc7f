//===- DeviceNameTest.cpp - the shared device-name parser -----------------===//

#include "tiny/DeviceName.h"

#include <gtest/gtest.h>

namespace {

TEST(DeviceNameTest, KindAndIndex) {
  std::optional<tiny::DeviceName> name = tiny::parseDeviceName("CUDA:12");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->kind, "CUDA");
  EXPECT_EQ(name->index, 12u);
  EXPECT_EQ(name->getCanonicalName(), "CUDA:12");
}

TEST(DeviceNameTest, IndexZeroIsTheKindAlone) {
  for (const char *spelling : {"CPU", "CPU:0"}) {
    std::optional<tiny::DeviceName> name = tiny::parseDeviceName(spelling);
    ASSERT_TRUE(name) << spelling;
    EXPECT_EQ(name->index, 0u);
    EXPECT_EQ(name->getCanonicalName(), "CPU");
  }
}

TEST(DeviceNameTest, AnyUpperCaseKind) {
  std::optional<tiny::DeviceName> name = tiny::parseDeviceName("DISK_2:999999999");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->kind, "DISK_2");
  EXPECT_EQ(name->index, 999999999u);
}

TEST(DeviceNameTest, RejectsMalformedNames) {
  for (const char *bad : {"", "cpu", "CPU:", ":0", "CPU:x", "CPU-0", "CPU:0:1",
                          "CPU:01", "CPU:1234567890", "2CPU", "CPU :1"})
    EXPECT_FALSE(tiny::parseDeviceName(bad)) << '"' << bad << '"';
}

TEST(DeviceNameTest, RankSuffix) {
  std::optional<tiny::DeviceName> name = tiny::parseDeviceName("CUDA:3@12");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->kind, "CUDA");
  EXPECT_EQ(name->index, 3u);
  EXPECT_EQ(name->rank, 12u);
  EXPECT_EQ(name->getCanonicalName(), "CUDA:3@12");
  EXPECT_EQ(name->getLocalName(), "CUDA:3");

  name = tiny::parseDeviceName("CPU@1");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->index, 0u);
  EXPECT_EQ(name->rank, 1u);
  EXPECT_EQ(name->getCanonicalName(), "CPU@1");
  EXPECT_EQ(name->getLocalName(), "CPU");
}

TEST(DeviceNameTest, RankZeroIsTheNameAlone) {
  // A name without a rank is rank 0's, so "@0" (like ":0") adds nothing.
  for (const char *spelling : {"CPU:2", "CPU:2@0"}) {
    std::optional<tiny::DeviceName> name = tiny::parseDeviceName(spelling);
    ASSERT_TRUE(name) << spelling;
    EXPECT_EQ(name->rank, 0u);
    EXPECT_EQ(name->getCanonicalName(), "CPU:2");
  }
  std::optional<tiny::DeviceName> name = tiny::parseDeviceName("CPU:0@0");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->getCanonicalName(), "CPU");
}

TEST(DeviceNameTest, RejectsMalformedRanks) {
  for (const char *bad :
       {"CPU@", "@1", "CPU@x", "CPU@01", "CPU@1234567890", "CPU@1@2", "CPU@1:2",
        "CPU:@1", "CPU:1@", "CPU@-1", "CPU@ 1", "cpu@1"})
    EXPECT_FALSE(tiny::parseDeviceName(bad)) << '"' << bad << '"';
}

} // namespace
