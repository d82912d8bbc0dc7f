// A function in which CSE removes the second of two equal adds, so that
// every value after it is renumbered (tiny-viz-renumbered.mlir).
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %1 : i32
  %3 = arith.subi %2, %a : i32
  %4 = arith.xori %3, %0 : i32
  return %4 : i32
}
