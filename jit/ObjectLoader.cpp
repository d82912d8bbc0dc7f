//===- ObjectLoader.cpp - compiled host code loaded without compiling -----===//

#include "jit/ObjectLoader.h"
#include "jit/VectorMath.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::tiny;

FailureOr<LoadedObject>
mlir::tiny::loadObjectCode(StringRef objectCode, StringRef entry,
                           ArrayRef<StringRef> sharedLibs,
                           ArrayRef<SymbolMapFunction> symbols,
                           std::string &error) {
  // Code compiled to call the vector math library (jit/VectorMath.h) finds
  // its functions among the process's symbols once it is loaded.
  std::string vectorMathError;
  bool vectorMath = loadVectorMathLibrary(vectorMathError);
  auto fail = [&](llvm::Error llvmError) {
    error = "cannot load the object code: " + llvm::toString(std::move(llvmError));
    // The library's functions are named by the x86-64 vector function ABI,
    // and the object's symbol table names those it calls.
    if (!vectorMath && objectCode.contains("_ZGV"))
      error +=
          " (the code calls the vector math library: " + vectorMathError + ")";
    return failure();
  };
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return fail(jit.takeError());
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return fail(process.takeError());
  main.addGenerator(std::move(*process));
  for (StringRef lib : sharedLibs) {
    auto generator = llvm::orc::DynamicLibrarySearchGenerator::Load(
        lib.str().c_str(), prefix);
    if (!generator)
      return fail(generator.takeError());
    main.addGenerator(std::move(*generator));
  }
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  for (SymbolMapFunction function : symbols)
    if (llvm::Error defineError =
            main.define(llvm::orc::absoluteSymbols(function(mangle))))
      return fail(std::move(defineError));
  if (llvm::Error addError = (*jit)->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(objectCode, "program.o")))
    return fail(std::move(addError));
  // The packed wrapper ExecutionEngine compiled for the entry.
  auto address = (*jit)->lookup(("_mlir_" + entry).str());
  if (!address)
    return fail(address.takeError());
  if (llvm::Error initError = (*jit)->initialize(main))
    return fail(std::move(initError));
  LoadedObject loaded;
  loaded.function = address->toPtr<void (*)(void **)>();
  loaded.jit = std::move(*jit);
  return loaded;
}
