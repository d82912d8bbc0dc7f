//===- Npy.cpp - read and write numpy .npy files ---------------------------===//

#include "jit/Npy.h"

#include "dialects/tiny/IR/TinyDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::tiny;

static constexpr char kMagic[] = "\x93NUMPY";

/// The numpy type string of a dtype, e.g. "<f4"; empty when numpy has none.
static std::string getDescr(Type dtype) {
  if (dtype.isInteger(1))
    return "|b1";
  int64_t size = getDTypeByteSize(dtype);
  char order = size == 1 ? '|' : '<';
  if (isa<IntegerType>(dtype))
    return std::string{order, dtype.isUnsignedInteger() ? 'u' : 'i'} +
           std::to_string(size);
  if (dtype.isF16() || dtype.isF32() || dtype.isF64())
    return std::string{order, 'f'} + std::to_string(size);
  return "";
}

static Type parseDescr(MLIRContext *context, StringRef descr) {
  Builder b(context);
  if (descr == "|b1")
    return b.getI1Type();
  if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '|'))
    return {};
  unsigned size;
  if (descr.drop_front(2).getAsInteger(10, size))
    return {};
  switch (descr[1]) {
  case 'i':
    return b.getIntegerType(size * 8);
  case 'u':
    return b.getIntegerType(size * 8, /*isSigned=*/false);
  case 'f':
    return size == 2 ? b.getF16Type()
           : size == 4 ? b.getF32Type()
           : size == 8 ? Type(b.getF64Type())
                       : Type();
  }
  return {};
}

/// The text after `'key':` in a header dict, trimmed.
static StringRef findValue(StringRef header, StringRef key) {
  size_t pos = header.find(("'" + key + "'").str());
  if (pos == StringRef::npos)
    return {};
  StringRef rest = header.drop_front(pos + key.size() + 2).ltrim();
  return rest.consume_front(":") ? rest.ltrim() : StringRef();
}

FailureOr<HostTensor> mlir::tiny::readNpy(MLIRContext *context, StringRef path,
                                          std::string &error) {
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file) {
    error = "cannot read '" + path.str() + "': " + file.getError().message();
    return failure();
  }
  StringRef bytes = (*file)->getBuffer();
  if (!bytes.starts_with(StringRef(kMagic, 6)) || bytes.size() < 10) {
    error = "'" + path.str() + "' is not a .npy file";
    return failure();
  }
  uint8_t major = bytes[6];
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
    headerStart = 10;
  } else {
    if (bytes.size() < 12) {
      error = "'" + path.str() + "' is truncated";
      return failure();
    }
    headerLen = uint32_t(uint8_t(bytes[8])) | (uint32_t(uint8_t(bytes[9])) << 8) |
                (uint32_t(uint8_t(bytes[10])) << 16) |
                (uint32_t(uint8_t(bytes[11])) << 24);
    headerStart = 12;
  }
  if (headerStart + headerLen > bytes.size()) {
    error = "'" + path.str() + "' is truncated";
    return failure();
  }
  StringRef header = bytes.substr(headerStart, headerLen);

  StringRef descr = findValue(header, "descr");
  descr = descr.substr(1, descr.find('\'', 1) - 1);
  Type dtype = parseDescr(context, descr);
  if (!dtype) {
    error = "'" + path.str() + "' has dtype '" + descr.str() +
            "', which tiny does not read (little-endian bool, int, uint and "
            "float only)";
    return failure();
  }
  if (findValue(header, "fortran_order").starts_with("True")) {
    error = "'" + path.str() + "' is in Fortran order; write it C-ordered";
    return failure();
  }
  StringRef shapeText = findValue(header, "shape");
  shapeText = shapeText.substr(1, shapeText.find(')') - 1);
  SmallVector<StringRef> dims;
  shapeText.split(dims, ',', -1, /*KeepEmpty=*/false);
  SmallVector<int64_t> shape;
  for (StringRef dim : dims) {
    int64_t value;
    if (dim.trim().empty())
      continue;
    if (dim.trim().getAsInteger(10, value) || value < 0) {
      error = "'" + path.str() + "' has a malformed shape";
      return failure();
    }
    shape.push_back(value);
  }
  // The header's size is checked against the file before anything is
  // allocated: a shape whose byte size overflows, or that the file does not
  // hold, is an error, never an allocation of what the header claims.
  std::optional<int64_t> dataBytes = getStorageBytes(dtype, shape);
  if (!dataBytes) {
    error = "'" + path.str() + "' has shape " + formatShape(shape) +
            ", whose byte size overflows";
    return failure();
  }
  StringRef payload = bytes.drop_front(headerStart + headerLen);
  if (static_cast<uint64_t>(payload.size()) !=
      static_cast<uint64_t>(*dataBytes)) {
    error = "'" + path.str() + "' holds " + std::to_string(payload.size()) +
            " bytes of data but its header says " +
            std::to_string(*dataBytes);
    return failure();
  }
  HostTensor tensor = HostTensor::zeros(dtype, shape);
  std::memcpy(tensor.data.data(), payload.data(), payload.size());
  return tensor;
}

LogicalResult mlir::tiny::writeNpy(StringRef path, const HostTensor &tensor,
                                   std::string &error) {
  std::string descr = getDescr(tensor.dtype);
  if (descr.empty()) {
    error = "numpy has no dtype for this tensor's elements";
    return failure();
  }
  std::string shape;
  for (int64_t dim : tensor.shape)
    shape += (shape.empty() ? "" : ", ") + std::to_string(dim);
  if (tensor.shape.size() == 1)
    shape += ",";
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': (" + shape + ")";
  header += ", }";
  // The data starts at a multiple of 64 bytes; the header ends in '\n'.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write '" + path.str() + "': " + ec.message();
    return failure();
  }
  os.write(kMagic, 6);
  os << char(1) << char(0) << char(header.size() & 0xff)
     << char(header.size() >> 8) << header;
  os.write(reinterpret_cast<const char *>(tensor.data.data()),
           tensor.data.size());
  return success();
}
