//===- HostTensor.h - tensors in host memory --------------------*- C++ -*-===//
//
// The values a program takes and returns when it runs on the host: a dtype,
// a shape and the row-major bytes. Parsing from text and printing are here
// so every tool reads and writes values the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_HOSTTENSOR_H
#define TINY_JIT_HOSTTENSOR_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tiny {

/// A tensor in host memory: `dtype` is a tiny dtype (i1, i8..i64, ui8..ui64,
/// f16, bf16, f32, f64); `data` holds the elements row-major, one byte per
/// i1.
struct HostTensor {
  Type dtype;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> data;

  /// A zero-filled tensor, for a shape known to fit in memory (see
  /// `allocate` for one that comes from user input).
  static HostTensor zeros(Type dtype, llvm::ArrayRef<int64_t> shape);
  /// A zero-filled tensor; fails, saying why, when its byte size overflows
  /// or exceeds the host's physical memory, instead of aborting in the
  /// allocator.
  static llvm::FailureOr<HostTensor>
  allocate(Type dtype, llvm::ArrayRef<int64_t> shape, std::string &error);

  int64_t getNumElements() const;
  /// The element at a flat index, widened to double (exact up to 2^53).
  double getAsDouble(int64_t index) const;
};

/// The byte size of a row-major tensor of `dtype` and `shape`, or
/// std::nullopt when the element count or the byte size overflows int64_t.
std::optional<int64_t> getStorageBytes(Type dtype,
                                       llvm::ArrayRef<int64_t> shape);

/// The host's physical memory in bytes, the most any allocation may take.
uint64_t getHostMemoryBytes();

/// Parses numbers separated by commas or spaces ("1, 2.5, -3", "[1 2 3]";
/// brackets are ignored) into a tensor of `dtype` and `shape`; fails with a
/// message when the count, the syntax or the range is wrong.
llvm::FailureOr<HostTensor> parseHostTensor(llvm::StringRef text, Type dtype,
                                            llvm::ArrayRef<int64_t> shape,
                                            std::string &error);

/// Converts `tensor` to `dtype` element by element as numpy's astype does
/// (C's conversions): floats round to the nearest (to an infinity beyond the
/// range), floats truncate toward zero into integers, integers keep their
/// low bits, and a value is true when not zero (NaN too). Fails, naming the
/// element, on a float that no integer of `dtype` holds (NaN, infinite or
/// out of range), whose conversion C leaves undefined.
llvm::FailureOr<HostTensor> castHostTensor(const HostTensor &tensor, Type dtype,
                                           std::string &error);

/// Prints nested brackets in the manner of numpy, e.g. `[[1, 2], [3, 4]]`.
/// Floats print in the shortest form that reads back exactly, booleans as
/// `true`/`false`. Unless `full`, a tensor of more than 1000 elements prints
/// summarized in numpy's layout (np.array2string with separator ", "): the
/// first and last 3 entries of each axis longer than 6, with `...` between,
/// each element right-aligned to the widest shown, and the entries of every
/// axis but the innermost on lines of their own.
void printHostTensor(llvm::raw_ostream &os, const HostTensor &tensor,
                     bool full = false);

} // namespace mlir::tiny

#endif // TINY_JIT_HOSTTENSOR_H
