//===- TinyEnums.td - tiny enumerations ---------------------*- tablegen -*-===//

#ifndef TINY_ENUMS_TD
#define TINY_ENUMS_TD

include "TinyDialect.td"
include "mlir/IR/EnumAttr.td"

def Tiny_AddrSpace : I32EnumAttr<"AddrSpace", "memory a buffer lives in", [
    I32EnumAttrCase<"Global", 0, "global">,
    I32EnumAttrCase<"Local", 1, "local">,
    I32EnumAttrCase<"Reg", 2, "reg">,
    I32EnumAttrCase<"Alu", 3, "alu">,
  ]> {
  let cppNamespace = "::mlir::tiny";
  let genSpecializedAttr = 0;
}
def Tiny_AddrSpaceAttr : EnumAttr<Tiny_Dialect, Tiny_AddrSpace, "addrspace">;

def Tiny_ReduceKind : I32EnumAttr<"ReduceKind", "combining op of a reduce", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Mul", 2, "mul">,
  ]> {
  let cppNamespace = "::mlir::tiny";
  let genSpecializedAttr = 0;
}
def Tiny_ReduceKindAttr : EnumAttr<Tiny_Dialect, Tiny_ReduceKind, "reduce_kind">;

// The role of a loop in a kernel, as tinygrad's AxisType: it decides how a
// `tiny.k.range` is scheduled (grid, threads, a serial loop, a reduction, or
// unrolled into vector lanes).
def Tiny_AxisType : I32EnumAttr<"AxisType", "role of a kernel loop", [
    I32EnumAttrCase<"Device", 0, "device">,
    I32EnumAttrCase<"Global", 1, "global">,
    I32EnumAttrCase<"Local", 2, "local">,
    I32EnumAttrCase<"Warp", 3, "warp">,
    I32EnumAttrCase<"Thread", 4, "thread">,
    I32EnumAttrCase<"Loop", 5, "loop">,
    I32EnumAttrCase<"Reduce", 6, "reduce">,
    I32EnumAttrCase<"GroupReduce", 7, "group_reduce">,
    I32EnumAttrCase<"Upcast", 8, "upcast">,
    I32EnumAttrCase<"Unroll", 9, "unroll">,
  ]> {
  let cppNamespace = "::mlir::tiny";
  let genSpecializedAttr = 0;
}
def Tiny_AxisTypeAttr : EnumAttr<Tiny_Dialect, Tiny_AxisType, "axis">;

// Which of the caller's buffers a kernel-level function argument is: an
// input (a param's slot), an output (a result's index), or a temporary the
// runtime allocates for the run.
def Tiny_BufferRole : I32EnumAttr<"BufferRole", "what a buffer argument binds", [
    I32EnumAttrCase<"Param", 0, "param">,
    I32EnumAttrCase<"Output", 1, "output">,
    I32EnumAttrCase<"Scratch", 2, "scratch">,
  ]> {
  let cppNamespace = "::mlir::tiny";
  let genSpecializedAttr = 0;
}

#endif // TINY_ENUMS_TD
