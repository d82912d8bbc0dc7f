//===- TinyAttrs.td - tiny attributes -----------------------*- tablegen -*-===//

#ifndef TINY_ATTRS_TD
#define TINY_ATTRS_TD

include "TinyDialect.td"
include "TinyEnums.td"
include "mlir/IR/AttrTypeBase.td"

def Tiny_DeviceAttr : AttrDef<Tiny_Dialect, "Device"> {
  let mnemonic = "device";
  let summary = "the device, or tuple of devices, a value lives on";
  let description = [{
    One device name (`#tiny.device<"CPU">`) or, for a multi-device value,
    a tuple of distinct names (`#tiny.device<"CPU:0", "CPU:1">`). A name is
    `KIND` or `KIND:N`, optionally followed by `@R`: KIND is upper-case
    letters, digits and `_`, starting with a letter; N is a device index and
    R an MPI rank, both without leading zeros (tiny/DeviceName.h parses
    names for the dialect, the passes and the runtime). `"CUDA:1@2"` is
    device CUDA:1 of rank 2; a name without `@R` is rank 0's, so a program
    that names no rank runs in one process (docs/device-names.md).
    `KIND:0` and `KIND` name one device, as in tinygrad, and so do `NAME@0`
    and `NAME`: the attribute holds the canonical spelling (`KIND`, no
    `@0`), whatever it was built or parsed from, so `#tiny.device<"CPU:0@0">`
    is `#tiny.device<"CPU">`. The attribute is the encoding of a
    tensor-level value's type.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr">:$names);
  let assemblyFormat = "`<` $names `>`";
  let genVerifyDecl = 1;
  // The one builder, which the parser calls too, stores canonical names.
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<::mlir::StringAttr>":$names), [{
      ::llvm::SmallVector<::mlir::StringAttr> canonical = ::llvm::map_to_vector(
          names, ::mlir::tiny::getCanonicalDeviceName);
      return $_get($_ctxt, ::llvm::ArrayRef<::mlir::StringAttr>(canonical));
    }]>
  ];
  let extraClassDeclaration = [{
    /// True for a tuple of devices (a multi-device value).
    bool isMulti() const { return getNames().size() > 1; }
    /// Number of devices: the shard count of a multi-device value.
    size_t getNumDevices() const { return getNames().size(); }
    /// Device `index` of the tuple, as a single-device attribute.
    DeviceAttr getDeviceAt(size_t index) const {
      return DeviceAttr::get(getContext(), getNames().slice(index, 1));
    }
  }];
}

def Tiny_BufferAttr : AttrDef<Tiny_Dialect, "Buffer"> {
  let mnemonic = "buffer";
  let summary = "the caller's buffer a function argument binds, and its device";
  let description = [{
    -tiny-rangeify makes every buffer of a program an argument of the
    kernel-level function and marks it with this attribute under the name
    `tiny.buffer`; the JIT reads it to bind the caller's buffers and to
    allocate the others on their devices.

    - `#tiny.buffer<param 0>`: the input of param slot 0;
    - `#tiny.buffer<output 1>`: the function's result 1 (of a tuple);
    - `#tiny.buffer<scratch 2 on "CUDA:1">`: temporary 2, which the runtime
      allocates on device `CUDA:1` before the run.

    Without `on`, the buffer lives on the host (`"CPU"`). The device is
    held in its canonical spelling, as in `#tiny.device`. The dialect
    verifies the attribute where it is used: only on a function's
    arguments, at most one argument per role and index, and on a flat,
    statically shaped memref while the argument is one.

    ```mlir
    func.func @f(%x: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>},
                 %y: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0>})
    ```
  }];
  let parameters = (ins
    EnumParameter<Tiny_BufferRole>:$role,
    "int64_t":$index,
    OptionalParameter<"::mlir::StringAttr">:$device
  );
  let assemblyFormat = "`<` $role $index (`on` $device^)? `>`";
  let genVerifyDecl = 1;
  // The one builder, which the parser calls too, stores the canonical name.
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::mlir::tiny::BufferRole":$role, "int64_t":$index,
                     "::mlir::StringAttr":$device), [{
      return $_get($_ctxt, role, index,
                   ::mlir::tiny::getCanonicalDeviceName(device));
    }]>
  ];
  let extraClassDeclaration = [{
    /// The argument attribute's name: `tiny.buffer`.
    static ::llvm::StringRef getArgAttrName() { return "tiny.buffer"; }
    /// The device the buffer lives on: "CPU" when the attribute names none.
    ::llvm::StringRef getDeviceName() const {
      return getDevice() ? getDevice().getValue() : "CPU";
    }
  }];
}

#endif // TINY_ATTRS_TD
