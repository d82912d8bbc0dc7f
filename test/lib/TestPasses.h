//===- TestPasses.h - tiny's test passes ------------------------*- C++ -*-===//
//
// Passes that exercise tiny's interfaces for lit tests; tiny-opt registers
// them. They are not part of any pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TEST_LIB_TESTPASSES_H
#define TINY_TEST_LIB_TESTPASSES_H

namespace mlir::tiny {

/// Registers -tiny-test-movement-index-map.
void registerTinyTestPasses();

} // namespace mlir::tiny

#endif // TINY_TEST_LIB_TESTPASSES_H
