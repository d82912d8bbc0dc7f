//===- Threefry.cpp - Threefry-2x32 random bits on scalars ----------------===//

#include "passes/Threefry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace {

/// The rotation of the second word in each round of a group of four, for
/// even and odd groups (Threefry-2x32's R_32x2 constants).
constexpr unsigned kRotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
/// Mixed into the third word of the key schedule (Skein's key parity).
constexpr uint32_t kKeyParity = 0x1BD11BDA;
/// Rounds in groups of four, with the key injected after each group.
constexpr unsigned kNumGroups = 5;

/// 32-bit word arithmetic for one Threefry evaluation.
class WordBuilder {
public:
  WordBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value constant(uint32_t value) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(value));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value bitXor(Value x, Value y) {
    return arith::XOrIOp::create(b, loc, x, y);
  }
  /// x rotated left by `bits` (0 < bits < 32).
  Value rotateLeft(Value x, unsigned bits) {
    Value high = arith::ShLIOp::create(b, loc, x, constant(bits));
    Value low = arith::ShRUIOp::create(b, loc, x, constant(32 - bits));
    return arith::OrIOp::create(b, loc, high, low);
  }
  /// The low and high words of an i64.
  std::pair<Value, Value> split(Value x) {
    Value low = arith::TruncIOp::create(b, loc, b.getI32Type(), x);
    Value shifted = arith::ShRUIOp::create(
        b, loc, x, arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32)));
    Value high = arith::TruncIOp::create(b, loc, b.getI32Type(), shifted);
    return {low, high};
  }
  /// The i64 whose low word is `low` and high word is `high`.
  Value join(Value low, Value high) {
    Value wideLow = arith::ExtUIOp::create(b, loc, b.getI64Type(), low);
    Value wideHigh = arith::ExtUIOp::create(b, loc, b.getI64Type(), high);
    Value shifted = arith::ShLIOp::create(
        b, loc, wideHigh,
        arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32)));
    return arith::OrIOp::create(b, loc, shifted, wideLow);
  }

private:
  OpBuilder &b;
  Location loc;
};

} // namespace

Value mlir::tiny::createThreefry2x32(OpBuilder &builder, Location loc,
                                     Value counter, Value key) {
  WordBuilder w(builder, loc);
  auto [x0, x1] = w.split(counter);
  auto [k0, k1] = w.split(key);
  // The key schedule: the two key words and their parity word.
  Value schedule[3] = {k0, k1, w.bitXor(w.bitXor(k0, k1), w.constant(kKeyParity))};
  Value words[2] = {w.add(x0, schedule[0]), w.add(x1, schedule[1])};
  for (unsigned group = 0; group < kNumGroups; ++group) {
    for (unsigned rotation : kRotations[group % 2]) {
      // mix: x0 += x1; x1 = rotl(x1, r) ^ x0
      words[0] = w.add(words[0], words[1]);
      words[1] = w.bitXor(w.rotateLeft(words[1], rotation), words[0]);
    }
    // Key injection s = group + 1: the schedule rotated by s, plus s.
    unsigned s = group + 1;
    words[0] = w.add(words[0], schedule[s % 3]);
    words[1] = w.add(w.add(words[1], schedule[(s + 1) % 3]), w.constant(s));
  }
  return w.join(words[0], words[1]);
}
