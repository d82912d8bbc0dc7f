//===- ArtifactTest.cpp - the file format of compiled programs ------------===//
//
// Writes artifacts (jit/Artifact.h) of made-up programs, GPU kernels
// included, and reads them back field by field; and checks that every
// truncation and every single flipped byte of one is refused with an error
// naming the file, never read as a program.
//
//===----------------------------------------------------------------------===//

#include "jit/Artifact.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// A program with every field set: two params, two results, each role of
/// buffer argument, two GPU code objects and three launches.
ArtifactContents makeContents() {
  ArtifactContents contents;
  contents.entry = "f";
  contents.params = {{0, "tensor<6xf32, #tiny.device<\"CPU\">>"},
                     {3, "tensor<f32, #tiny.device<\"CPU\">>"}};
  contents.resultTypes = {"tensor<2x3xf32, #tiny.device<\"CUDA:0\">>",
                          "tensor<1xi32, #tiny.device<\"CPU\">>"};
  contents.arguments = {{BufferRole::Param, 0, "CPU", TINY_DTYPE_F32, 6},
                        {BufferRole::Output, 0, "CUDA:0", TINY_DTYPE_F32, 6},
                        {BufferRole::Scratch, 7, "CUDA:0", TINY_DTYPE_I32, 1}};
  contents.temporaryBytes = 4096;
  contents.kernels.images = {std::string("PTX one\0with a NUL", 18),
                             "PTX two"};
  contents.kernels.launches = {{0, "E_6", {0, 1}},
                               {1, "r_2_3", {1, 2}},
                               {1, "E_1", {}}};
  // Object code holds every byte value.
  for (int i = 0; i < 512; ++i)
    contents.objectCode.push_back(static_cast<char>(i));
  return contents;
}

TEST(ArtifactTest, RoundTripsEveryField) {
  ArtifactContents written = makeContents();
  std::string error;
  FailureOr<ArtifactContents> read =
      readArtifact(writeArtifact(written), "prog.tiny", error);
  ASSERT_TRUE(succeeded(read)) << error;
  EXPECT_EQ(read->entry, written.entry);
  ASSERT_EQ(read->params.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(read->params[i].slot, written.params[i].slot);
    EXPECT_EQ(read->params[i].type, written.params[i].type);
  }
  EXPECT_EQ(read->resultTypes, written.resultTypes);
  ASSERT_EQ(read->arguments.size(), written.arguments.size());
  for (size_t i = 0; i < written.arguments.size(); ++i) {
    const BufferArgument &a = read->arguments[i], &b = written.arguments[i];
    EXPECT_EQ(a.role, b.role);
    EXPECT_EQ(a.binding, b.binding);
    EXPECT_EQ(a.device, b.device);
    EXPECT_EQ(a.dtype, b.dtype);
    EXPECT_EQ(a.numElements, b.numElements);
  }
  EXPECT_EQ(read->temporaryBytes, written.temporaryBytes);
  EXPECT_EQ(read->kernels.images, written.kernels.images);
  ASSERT_EQ(read->kernels.launches.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(read->kernels.launches[i].image,
              written.kernels.launches[i].image);
    EXPECT_EQ(read->kernels.launches[i].kernel,
              written.kernels.launches[i].kernel);
    EXPECT_EQ(read->kernels.launches[i].arguments,
              written.kernels.launches[i].arguments);
  }
  EXPECT_EQ(read->objectCode, written.objectCode);
}

TEST(ArtifactTest, RefusesEveryTruncation) {
  std::string bytes = writeArtifact(makeContents());
  for (size_t length = 0; length < bytes.size(); ++length) {
    std::string error;
    EXPECT_TRUE(failed(readArtifact(StringRef(bytes).take_front(length),
                                    "prog.tiny", error)))
        << length;
    EXPECT_TRUE(StringRef(error).starts_with("prog.tiny is ")) << error;
  }
}

TEST(ArtifactTest, RefusesEveryFlippedByte) {
  std::string bytes = writeArtifact(makeContents());
  for (size_t at = 0; at < bytes.size(); ++at) {
    std::string damaged = bytes;
    damaged[at] ^= 0x10;
    std::string error;
    EXPECT_TRUE(failed(readArtifact(damaged, "prog.tiny", error))) << at;
    EXPECT_TRUE(StringRef(error).starts_with("prog.tiny ")) << error;
  }
}

TEST(ArtifactTest, ToldFromMLIR) {
  EXPECT_TRUE(looksLikeArtifact(writeArtifact(makeContents())));
  EXPECT_FALSE(looksLikeArtifact("tiny.function @f -> tensor<f32> {"));
  EXPECT_FALSE(looksLikeArtifact("ML\xefR bytecode"));
  EXPECT_FALSE(looksLikeArtifact(""));
}

} // namespace
