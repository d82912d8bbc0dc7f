//===- GPUKernelDump.cpp - a GPU kernel module's code in files -----------===//

#include "conversions/GPUToBinary/GPUKernelDump.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tiny;

void GPUKernelDump::keepLLVMIR(llvm::Module &module) {
  llvmIR.clear();
  llvm::raw_string_ostream os(llvmIR);
  module.print(os, nullptr);
}

LogicalResult mlir::tiny::writeGPUKernelDump(gpu::GPUModuleOp kernels,
                                             StringRef dir,
                                             const GPUKernelDump &dump,
                                             StringRef extension) {
  if (dump.llvmIR.empty())
    return emitError(kernels.getLoc())
           << "dump-dir: the serializer of kernel module @" << kernels.getName()
           << " gave no LLVM IR";
  if (std::error_code error = llvm::sys::fs::create_directories(dir))
    return emitError(kernels.getLoc())
           << "dump-dir: cannot create " << dir << ": " << error.message();
  for (auto [text, suffix] :
       {std::pair<StringRef, StringRef>(dump.llvmIR, "ll"),
        std::pair<StringRef, StringRef>(dump.assembly, extension)}) {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, kernels.getName() + "." + suffix);
    std::error_code error;
    llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
    if (error)
      return emitError(kernels.getLoc())
             << "dump-dir: cannot write " << path << ": " << error.message();
    os << text;
  }
  return success();
}
