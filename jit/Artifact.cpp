//===- Artifact.cpp - compiled programs as files --------------------------===//

#include "jit/Artifact.h"
#include "jit/TinyAbiId.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <unistd.h>

using namespace mlir;
using namespace mlir::tiny;

/// The magic number: 0x7f, which starts no MLIR text (nor bytecode, "ML"),
/// then a name a person reading the bytes recognizes.
static constexpr StringLiteral kMagic("\x7fTINYART");
/// Bumped when what an artifact holds, or how it is laid out, changes.
static constexpr uint32_t kFormatVersion = 2;
/// The magic, version and length, before the producer.
static constexpr size_t kHeaderBytes = 8 + 4 + 8;

namespace {
/// What made an artifact's object code, and what it was made for: one
/// field per reason it may not run here.
struct Producer {
  std::string abi, llvm, triple, cpu, features;

  /// This process.
  static Producer current() {
    Producer producer;
    producer.abi = "tiny ABI " TINY_ABI_ID;
    producer.llvm = "LLVM " LLVM_VERSION_STRING;
    producer.triple = llvm::sys::getProcessTriple();
    producer.cpu = "CPU " + llvm::sys::getHostCPUName().str();
    // Sorted, so the same CPU always gives the same text.
    SmallVector<std::string> features;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      features.push_back((feature.second ? "+" : "-") + feature.first().str());
    llvm::sort(features);
    producer.features = llvm::join(features, ",");
    return producer;
  }

  /// Says how an artifact made by `this` differs from what `here` runs,
  /// or "" when it runs here.
  std::string describeMismatch(const Producer &here) const {
    for (auto [built, running] :
         {std::pair(&abi, &here.abi), std::pair(&llvm, &here.llvm),
          std::pair(&triple, &here.triple), std::pair(&cpu, &here.cpu)})
      if (*built != *running)
        return *built + ", this is " + *running;
    if (features == here.features)
      return "";
    // The first feature the two CPUs disagree on, rather than both lists.
    SmallVector<StringRef> builtFeatures, runningFeatures;
    StringRef(features).split(builtFeatures, ',');
    StringRef(here.features).split(runningFeatures, ',');
    for (StringRef feature : builtFeatures)
      if (!llvm::is_contained(runningFeatures, feature))
        return "a CPU with " + feature.str() + ", this one has not";
    for (StringRef feature : runningFeatures)
      if (!llvm::is_contained(builtFeatures, feature))
        return "a CPU without " + feature.str() + ", this one has it";
    return "a CPU with features " + features + ", this one has " +
           here.features;
  }
};

/// Appends an artifact's fields to a string.
class Writer {
public:
  explicit Writer(std::string &bytes) : os(bytes) {}
  void u32(uint32_t value) { llvm::support::endian::write<uint32_t>(os, value, llvm::endianness::little); }
  void u64(uint64_t value) { llvm::support::endian::write<uint64_t>(os, value, llvm::endianness::little); }
  void raw(StringRef text) { os << text; }
  void string(StringRef text) {
    u64(text.size());
    raw(text);
  }

private:
  llvm::raw_string_ostream os;
};

/// Reads an artifact's fields, each checked against the bytes left: a
/// field past the end fails instead of reading beyond it.
class Reader {
public:
  explicit Reader(StringRef bytes) : bytes(bytes) {}
  bool u32(uint32_t &value) { return fixed(value); }
  bool u64(uint64_t &value) { return fixed(value); }
  bool i64(int64_t &value) { return fixed(value); }
  bool string(std::string &text) {
    uint64_t size;
    if (!u64(size) || size > bytes.size())
      return false;
    text = bytes.take_front(size).str();
    bytes = bytes.drop_front(size);
    return true;
  }
  /// Reads a count of items of at least `minBytes` each: no more than the
  /// bytes left can hold, so a damaged count allocates nothing huge.
  bool count(uint64_t &value, size_t minBytes) {
    return u64(value) && value <= bytes.size() / minBytes;
  }
  bool atEnd() const { return bytes.empty(); }

private:
  template <typename T>
  bool fixed(T &value) {
    if (bytes.size() < sizeof(T))
      return false;
    value = llvm::support::endian::read<T>(bytes.data(),
                                           llvm::endianness::little);
    bytes = bytes.drop_front(sizeof(T));
    return true;
  }
  StringRef bytes;
};

void writeProducer(Writer &writer, const Producer &producer) {
  for (const std::string *field : {&producer.abi, &producer.llvm,
                                   &producer.triple, &producer.cpu,
                                   &producer.features})
    writer.string(*field);
}

bool readProducer(Reader &reader, Producer &producer) {
  for (std::string *field : {&producer.abi, &producer.llvm, &producer.triple,
                             &producer.cpu, &producer.features})
    if (!reader.string(*field))
      return false;
  return true;
}

void writeProgram(Writer &writer, const ArtifactContents &contents) {
  writer.string(contents.entry);
  writer.u64(contents.params.size());
  for (const ArtifactContents::Param &param : contents.params) {
    writer.u64(param.slot);
    writer.string(param.type);
  }
  writer.u64(contents.resultTypes.size());
  for (const std::string &type : contents.resultTypes)
    writer.string(type);
  writer.u64(contents.arguments.size());
  for (const BufferArgument &argument : contents.arguments) {
    writer.u32(static_cast<uint32_t>(argument.role));
    writer.u64(argument.binding);
    writer.string(argument.device);
    writer.u32(argument.dtype);
    writer.u64(argument.numElements);
  }
  writer.u64(contents.temporaryBytes);
  writer.u64(contents.kernels.images.size());
  for (const std::string &image : contents.kernels.images)
    writer.string(image);
  writer.u64(contents.kernels.launches.size());
  for (const GpuKernels::Launch &launch : contents.kernels.launches) {
    writer.u32(launch.image);
    writer.string(launch.kernel);
    writer.u64(launch.arguments.size());
    for (unsigned argument : launch.arguments)
      writer.u32(argument);
  }
  writer.u64(contents.hostFunctions.size());
  for (const ArtifactContents::HostFunction &function : contents.hostFunctions) {
    writer.string(function.name);
    writer.string(function.library);
  }
  writer.string(contents.objectCode);
}

bool readProgram(Reader &reader, ArtifactContents &contents) {
  uint64_t count;
  if (!reader.string(contents.entry) || !reader.count(count, 16))
    return false;
  contents.params.resize(count);
  for (ArtifactContents::Param &param : contents.params)
    if (!reader.i64(param.slot) || !reader.string(param.type))
      return false;
  if (!reader.count(count, 8))
    return false;
  contents.resultTypes.resize(count);
  for (std::string &type : contents.resultTypes)
    if (!reader.string(type))
      return false;
  if (!reader.count(count, 32))
    return false;
  contents.arguments.resize(count);
  for (BufferArgument &argument : contents.arguments) {
    uint32_t role, dtype;
    std::optional<BufferRole> knownRole;
    if (!reader.u32(role) || !(knownRole = symbolizeBufferRole(role)) ||
        !reader.i64(argument.binding) || !reader.string(argument.device) ||
        !reader.u32(dtype) || !reader.i64(argument.numElements))
      return false;
    argument.role = *knownRole;
    argument.dtype = dtype;
  }
  if (!reader.u64(contents.temporaryBytes) || !reader.count(count, 8))
    return false;
  contents.kernels.images.resize(count);
  for (std::string &image : contents.kernels.images)
    if (!reader.string(image))
      return false;
  if (!reader.count(count, 20))
    return false;
  contents.kernels.launches.resize(count);
  for (GpuKernels::Launch &launch : contents.kernels.launches) {
    uint32_t image;
    if (!reader.u32(image) || image >= contents.kernels.images.size() ||
        !reader.string(launch.kernel) || !reader.count(count, 4))
      return false;
    launch.image = image;
    launch.arguments.resize(count);
    for (unsigned &argument : launch.arguments) {
      uint32_t value;
      if (!reader.u32(value) || value >= contents.arguments.size())
        return false;
      argument = value;
    }
  }
  if (!reader.count(count, 16))
    return false;
  contents.hostFunctions.resize(count);
  for (ArtifactContents::HostFunction &function : contents.hostFunctions)
    if (!reader.string(function.name) || !reader.string(function.library))
      return false;
  return reader.string(contents.objectCode) && reader.atEnd();
}

uint32_t checksum(StringRef bytes) {
  return llvm::crc32(
      ArrayRef(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
}
} // namespace

bool mlir::tiny::looksLikeArtifact(StringRef bytes) {
  return bytes.starts_with(kMagic.take_front(1));
}

std::string mlir::tiny::writeArtifact(const ArtifactContents &contents) {
  std::string bytes;
  {
    Writer writer(bytes);
    writer.raw(kMagic);
    writer.u32(kFormatVersion);
    writer.u64(0); // The length, once known.
    writeProducer(writer, Producer::current());
    writeProgram(writer, contents);
  }
  uint64_t length = bytes.size() + 4;
  llvm::support::endian::write64le(&bytes[kMagic.size() + 4], length);
  std::string crc;
  Writer(crc).u32(checksum(bytes));
  return bytes + crc;
}

LogicalResult mlir::tiny::writeArtifactFile(StringRef path,
                                            const ArtifactContents &contents,
                                            std::string &error) {
  // Written under a temporary name and renamed, so a concurrent reader
  // (the disk cache's) sees a whole file or none.
  std::string temporary = (path + ".tmp" + Twine(::getpid())).str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(temporary, ec, llvm::sys::fs::OF_None);
    if (ec) {
      error = "cannot write " + path.str() + ": " + ec.message();
      return failure();
    }
    os << writeArtifact(contents);
    os.close();
    if (os.has_error()) {
      error = "cannot write " + path.str() + ": " + os.error().message();
      os.clear_error();
      (void)llvm::sys::fs::remove(temporary);
      return failure();
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    error = "cannot write " + path.str() + ": " + ec.message();
    (void)llvm::sys::fs::remove(temporary);
    return failure();
  }
  return success();
}

FailureOr<ArtifactContents>
mlir::tiny::readArtifact(StringRef bytes, StringRef name, std::string &error) {
  auto fail = [&](const Twine &why) {
    error = (name + " " + why).str();
    return failure();
  };
  if (!bytes.starts_with(kMagic))
    return fail(kMagic.starts_with(bytes)
                    ? "is truncated: it ends inside the magic number"
                    : "is not a tiny artifact (no \\x7fTINYART magic number)");
  Reader header(bytes.drop_front(kMagic.size()));
  uint32_t version;
  uint64_t length;
  if (!header.u32(version) || !header.u64(length))
    return fail("is truncated: it ends inside its header");
  if (version != kFormatVersion)
    return fail("is a tiny artifact of format " + Twine(version) +
                ", this tiny reads format " + Twine(kFormatVersion) +
                ": compile it again");
  if (bytes.size() < length)
    return fail("is truncated: " + Twine(bytes.size()) + " of its " +
                Twine(length) + " bytes");
  if (bytes.size() > length || length < kHeaderBytes + 4)
    return fail("is damaged: " + Twine(bytes.size()) +
                " bytes, its header says " + Twine(length));
  StringRef body = bytes.drop_back(4);
  uint32_t stored = 0;
  Reader(bytes.take_back(4)).u32(stored);
  if (checksum(body) != stored)
    return fail("is damaged: its checksum does not match its bytes");

  Reader reader(body.drop_front(kHeaderBytes));
  Producer producer;
  if (!readProducer(reader, producer))
    return fail("is damaged: its producer cannot be read");
  std::string mismatch = producer.describeMismatch(Producer::current());
  if (!mismatch.empty())
    return fail("was built for " + mismatch);
  ArtifactContents contents;
  if (!readProgram(reader, contents))
    return fail("is damaged: its program cannot be read");
  return contents;
}
