//===- Threefry.h - Threefry-2x32 random bits on scalars --------*- C++ -*-===//
//
// tinygrad's THREEFRY: the Threefry-2x32 block cipher with 20 rounds
// (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011),
// keyed by a 64-bit key, applied to a 64-bit counter. Each 64-bit value is
// two 32-bit words, the low word first; the result packs the two output
// words the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_THREEFRY_H
#define TINY_PASSES_THREEFRY_H

#include "mlir/IR/Builders.h"

namespace mlir::tiny {

/// Emits Threefry-2x32-20 of the i64 scalars `counter` and `key` with arith
/// ops: an i64 of random bits.
Value createThreefry2x32(OpBuilder &builder, Location loc, Value counter,
                         Value key);

} // namespace mlir::tiny

#endif // TINY_PASSES_THREEFRY_H
