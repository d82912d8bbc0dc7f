//===- Combine.cpp - Combining elements of a dtype with an op -------------===//
//
// Elements are read and written through memcpy, so the shards need no
// particular alignment.
//
//===----------------------------------------------------------------------===//

#include "Combine.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

using namespace tiny::mpi;

namespace {

template <typename T> T loadAt(const char *base, size_t i) {
  T value;
  std::memcpy(&value, base + i * sizeof(T), sizeof(T));
  return value;
}

template <typename T> void storeAt(char *base, size_t i, T value) {
  std::memcpy(base + i * sizeof(T), &value, sizeof(T));
}

/// Integers wrap, as the compiled kernels' integer arithmetic does; the
/// arithmetic runs unsigned so that signed overflow is defined.
template <typename T, typename U>
void combineIntegers(ReduceOp op, char *dst, const char *lhs, const char *rhs,
                     size_t count) {
  for (size_t i = 0; i < count; ++i) {
    T a = loadAt<T>(lhs, i), b = loadAt<T>(rhs, i);
    T result;
    if (op == ReduceOp::Add)
      result = static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    else if (op == ReduceOp::Mul)
      result = static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
    else
      result = std::max(a, b);
    storeAt<T>(dst, i, result);
  }
}

/// max propagates NaN, as tinygrad's MAX does.
template <typename T>
void combineFloats(ReduceOp op, char *dst, const char *lhs, const char *rhs,
                   size_t count) {
  for (size_t i = 0; i < count; ++i) {
    T a = loadAt<T>(lhs, i), b = loadAt<T>(rhs, i);
    T result;
    if (op == ReduceOp::Add)
      result = a + b;
    else if (op == ReduceOp::Mul)
      result = a * b;
    else
      result = std::isnan(a) || std::isnan(b)
                   ? std::numeric_limits<T>::quiet_NaN()
                   : std::max(a, b);
    storeAt<T>(dst, i, result);
  }
}

/// bool: add and max are or, mul is and.
void combineBools(ReduceOp op, char *dst, const char *lhs, const char *rhs,
                  size_t count) {
  for (size_t i = 0; i < count; ++i) {
    bool a = lhs[i] != 0, b = rhs[i] != 0;
    dst[i] = static_cast<char>(op == ReduceOp::Mul ? (a && b) : (a || b));
  }
}

} // namespace

bool tiny::mpi::detail::canCombine(tiny_dtype_t dtype) {
  switch (dtype) {
  case TINY_DTYPE_BOOL:
  case TINY_DTYPE_I8:
  case TINY_DTYPE_I16:
  case TINY_DTYPE_I32:
  case TINY_DTYPE_I64:
  case TINY_DTYPE_U8:
  case TINY_DTYPE_U16:
  case TINY_DTYPE_U32:
  case TINY_DTYPE_U64:
  case TINY_DTYPE_F32:
  case TINY_DTYPE_F64:
    return true;
  default:
    return false;
  }
}

void tiny::mpi::detail::combine(tiny_dtype_t dtype, ReduceOp op, char *dst,
                                const char *lhs, const char *rhs,
                                size_t count) {
  switch (dtype) {
  case TINY_DTYPE_BOOL:
    return combineBools(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I8:
    return combineIntegers<int8_t, uint8_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I16:
    return combineIntegers<int16_t, uint16_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I32:
    return combineIntegers<int32_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_I64:
    return combineIntegers<int64_t, uint64_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U8:
    return combineIntegers<uint8_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U16:
    return combineIntegers<uint16_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U32:
    return combineIntegers<uint32_t, uint32_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_U64:
    return combineIntegers<uint64_t, uint64_t>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_F32:
    return combineFloats<float>(op, dst, lhs, rhs, count);
  case TINY_DTYPE_F64:
    return combineFloats<double>(op, dst, lhs, rhs, count);
  default:
    return;
  }
}

const char *tiny::mpi::detail::opName(ReduceOp op) {
  switch (op) {
  case ReduceOp::Add:
    return "add";
  case ReduceOp::Max:
    return "max";
  case ReduceOp::Mul:
    return "mul";
  }
  return "?";
}
