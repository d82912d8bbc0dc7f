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

#endif // TINY_ENUMS_TD
