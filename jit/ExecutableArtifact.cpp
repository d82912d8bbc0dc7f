//===- ExecutableArtifact.cpp - programs saved and loaded -----------------===//
//
// An Executable as an artifact (jit/Artifact.h): what it writes, and an
// Executable made from one without compiling.
//
//===----------------------------------------------------------------------===//

#include "jit/CompiledCode.h"
#include "jit/HostFunctions.h"

#include "mlir/AsmParser/AsmParser.h"

#include <chrono>

using namespace mlir;
using namespace mlir::tiny;

ArtifactContents Executable::getArtifactContents() const {
  ArtifactContents contents;
  contents.entry = entry;
  auto print = [](Type type) {
    std::string text;
    llvm::raw_string_ostream(text) << type;
    return text;
  };
  for (const ProgramParam &param : params)
    contents.params.push_back({param.slot, print(param.type)});
  for (RankedTensorType type : resultTypes)
    contents.resultTypes.push_back(print(type));
  contents.arguments = code->arguments;
  contents.temporaryBytes = code->temporaryBytes;
  contents.kernels = code->kernels;
  contents.hostFunctions = code->hostFunctions;
  contents.objectCode = code->objectCode;
  return contents;
}

LogicalResult Executable::writeArtifact(StringRef path,
                                        std::string &error) const {
  if (code->objectCode.empty()) {
    error = "@" + entry +
            " was compiled without keeping its object code "
            "(CompileOptions::keepObjectCode)";
    return failure();
  }
  return writeArtifactFile(path, getArtifactContents(), error);
}

FailureOr<std::shared_ptr<Executable>> Executable::load(MLIRContext *context,
                                                        StringRef bytes,
                                                        StringRef name,
                                                        std::string &error) {
  auto start = std::chrono::steady_clock::now();
  FailureOr<ArtifactContents> contents = readArtifact(bytes, name, error);
  if (failed(contents))
    return failure();
  // Refused now rather than when the program calls the function: the
  // program would have run up to the call.
  for (const ArtifactContents::HostFunction &function :
       contents->hostFunctions) {
    if (isHostFunctionRegistered(function.name))
      continue;
    error = name.str() + " calls host function '" + function.name + "'";
    if (!function.library.empty())
      error += " (of " + function.library + " when it was compiled)";
    error += ", which is not registered: register it with "
             "mlir::tiny::registerHostFunction (tiny-run: load its library "
             "with --host-functions=lib.so)";
    return failure();
  }
  std::shared_ptr<Executable> program(new Executable());
  program->entry = contents->entry;
  auto parseTensorType = [&](StringRef text) -> RankedTensorType {
    size_t numRead = 0;
    auto type =
        dyn_cast_or_null<RankedTensorType>(parseType(text, context, &numRead));
    if (!type || numRead != text.size())
      error = name.str() + " holds a type this tiny cannot read: " + text.str();
    return numRead == text.size() ? type : RankedTensorType();
  };
  for (const ArtifactContents::Param &param : contents->params) {
    RankedTensorType type = parseTensorType(param.type);
    if (!type)
      return failure();
    program->params.push_back({param.slot, type});
  }
  for (const std::string &text : contents->resultTypes) {
    RankedTensorType type = parseTensorType(text);
    if (!type)
      return failure();
    program->resultTypes.push_back(type);
  }
  FailureOr<std::shared_ptr<CompiledCode>> code =
      linkCompiledCode(std::move(*contents), error);
  if (failed(code)) {
    error = name.str() + ": " + error;
    return failure();
  }
  program->code = std::move(*code);
  program->code->fromArtifact = true;
  program->code->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return program;
}
