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
    `KIND` or `KIND:N`: KIND is upper-case letters, digits and `_`, starting
    with a letter; N is a device index without leading zeros
    (tiny/DeviceName.h parses names for the dialect, the passes and the
    runtime). The attribute is the encoding of a tensor-level value's type.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr">:$names);
  let assemblyFormat = "`<` $names `>`";
  let genVerifyDecl = 1;
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

#endif // TINY_ATTRS_TD
