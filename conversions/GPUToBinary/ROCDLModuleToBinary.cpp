//===- ROCDLModuleToBinary.cpp - compile ROCDL kernel modules to objects ---===//
//
// MLIR's -gpu-module-to-binary looks for the ROCm device libraries and
// ld.lld inside one ROCm installation ($ROCM_PATH, else /opt/rocm), so on a
// machine with Debian's packages instead it fails on the first kernel that
// calls exp2 ("amdgcn/bitcode does not exist") or needs linking ("lld
// invocation failed"), after printing the whole kernel module. This pass
// does the same job for #rocdl targets with the folders found by
// ROCmToolchain.h, and says in one line what is missing and how to get it.
//
//===----------------------------------------------------------------------===//

#include "conversions/GPUToBinary/GPUKernelDump.h"
#include "conversions/GPUToBinary/GPUModuleToBinary.h"
#include "conversions/GPUToBinary/ROCmToolchain.h"
#include "conversions/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVM/ROCDL/Utils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYROCDLMODULETOBINARY
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;

/// The first function `kernels` declares and leaves to the ROCm device
/// libraries (ocml's math, ockl's helpers), or null.
static LLVM::LLVMFuncOp findDeviceLibraryCall(gpu::GPUModuleOp kernels) {
  for (auto function : kernels.getOps<LLVM::LLVMFuncOp>())
    if (function.isExternal() &&
        (function.getName().starts_with("__ocml_") ||
         function.getName().starts_with("__ockl_")))
      return function;
  return nullptr;
}

/// Runs `lld` on `object`, an AMDGPU relocatable object, making the shared
/// code object the HIP driver loads. Every symbol must be defined: a call
/// left unresolved would otherwise only fail when the driver loads it.
static FailureOr<SmallVector<char, 0>>
linkCodeObject(ArrayRef<char> object, StringRef lld, gpu::GPUModuleOp kernels) {
  Location loc = kernels.getLoc();
  auto fail = [&](const Twine &why) {
    emitError(loc) << "cannot link kernel module @" << kernels.getName()
                   << ": " << why;
    return failure();
  };
  SmallString<128> input, output, messages;
  int inputFD = -1;
  if (llvm::sys::fs::createTemporaryFile("tiny-kernel", "o", inputFD, input) ||
      llvm::sys::fs::createTemporaryFile("tiny-kernel", "hsaco", output) ||
      llvm::sys::fs::createTemporaryFile("tiny-kernel", "txt", messages))
    return fail("cannot create its temporary files");
  llvm::FileRemover removeInput(input), removeOutput(output),
      removeMessages(messages);
  {
    llvm::raw_fd_ostream os(inputFD, /*shouldClose=*/true);
    os << StringRef(object.data(), object.size());
  }
  std::optional<StringRef> redirects[] = {std::nullopt, std::nullopt,
                                          StringRef(messages)};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(
      lld, {lld, "-shared", "--no-undefined", input, "-o", output},
      /*Env=*/std::nullopt, redirects, /*SecondsToWait=*/0,
      /*MemoryLimit=*/0, &error);
  if (status != 0) {
    // ld.lld's first message says what went wrong (an undefined symbol).
    auto text = llvm::MemoryBuffer::getFile(messages);
    StringRef first =
        text ? (*text)->getBuffer().split('\n').first.trim() : StringRef();
    return fail(lld + " failed: " +
                (!first.empty() ? first : StringRef(error)));
  }
  auto code = llvm::MemoryBuffer::getFile(output, /*IsText=*/false);
  if (!code)
    return fail("cannot read " + output + ": " + code.getError().message());
  StringRef bytes = (*code)->getBuffer();
  return SmallVector<char, 0>(bytes.begin(), bytes.end());
}

namespace {
/// What #rocdl.target's serializeToObject runs (MLIR's AMDGPU serializer),
/// which in LLVM 22 hands gpu::TargetOptions' LLVM IR callbacks nothing:
/// this one also keeps the LLVM IR it optimized in `dump`, when given.
class AMDGCNSerializer : public ROCDL::SerializeGPUModuleBase {
public:
  AMDGCNSerializer(gpu::GPUModuleOp kernels, ROCDL::ROCDLTargetAttr target,
                   const gpu::TargetOptions &options,
                   tiny::GPUKernelDump *dump)
      : SerializeGPUModuleBase(*kernels, target, options), options(options),
        dump(dump) {}

protected:
  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) override {
    if (dump)
      dump->keepLLVMIR(llvmModule);
    return moduleToObjectImpl(options, llvmModule);
  }

private:
  gpu::TargetOptions options;
  tiny::GPUKernelDump *dump;
};

struct TinyROCDLModuleToBinaryPass
    : public tiny::impl::TinyROCDLModuleToBinaryBase<
          TinyROCDLModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> kernelModules(
        module.getOps<gpu::GPUModuleOp>());
    if (kernelModules.empty())
      return;
    if (format != "isa" && format != "bin") {
      emitError(module.getLoc())
          << "format is isa or bin, not '" << format << "'";
      return signalPassFailure();
    }
    std::string rocm = tiny::findROCmDeviceLibraries(rocmPath);
    for (gpu::GPUModuleOp kernels : kernelModules)
      if (failed(checkTargets(kernels)) ||
          failed(checkDeviceLibraries(kernels, rocm)))
        return signalPassFailure();
    std::string linker;
    if (format == "bin" && (linker = findLinker(rocm)).empty())
      return signalPassFailure();

    std::optional<SymbolTable> symbols;
    auto getSymbols = [&]() -> SymbolTable * {
      if (!symbols)
        symbols.emplace(module);
      return &*symbols;
    };
    gpu::TargetOptions isaOptions(rocm, {}, {}, {},
                                  gpu::CompilationTarget::Assembly,
                                  getSymbols);
    gpu::TargetOptions binOptions(rocm, {}, {}, {},
                                  gpu::CompilationTarget::Binary, getSymbols);
    for (gpu::GPUModuleOp kernels : kernelModules) {
      tiny::GPUKernelDump dump;
      SmallVector<Attribute> objects;
      for (Attribute target : kernels.getTargetsAttr()) {
        FailureOr<Attribute> object =
            compile(kernels, target, linker, isaOptions, binOptions,
                    dumpDir.empty() ? nullptr : &dump);
        if (failed(object))
          return signalPassFailure();
        objects.push_back(*object);
      }
      // One file per kernel module: of several targets, the last one's.
      if (!dumpDir.empty() &&
          failed(tiny::writeGPUKernelDump(kernels, dumpDir, dump, "s")))
        return signalPassFailure();
      tiny::replaceWithBinary(kernels, objects);
    }
  }

  /// Fails unless `kernels` has targets, each a #rocdl.target that can
  /// serialize it.
  LogicalResult checkTargets(gpu::GPUModuleOp kernels) {
    return tiny::checkKernelTargets(
        kernels,
        [](Attribute target) { return isa<ROCDL::ROCDLTargetAttr>(target); },
        "-tiny-rocdl-module-to-binary", "ROCDL");
  }

  /// Fails, saying what to install, when `kernels` calls the device
  /// libraries and `rocm` does not hold them.
  LogicalResult checkDeviceLibraries(gpu::GPUModuleOp kernels,
                                     StringRef rocm) {
    LLVM::LLVMFuncOp call = findDeviceLibraryCall(kernels);
    if (!call || (!rocm.empty() && tiny::hasROCmDeviceLibraries(rocm)))
      return success();
    std::string searched =
        rocm.empty() ? llvm::join(tiny::getROCmSearchPaths(), ", ")
                     : rocm.str();
    // At the declaration's location, the op that needs it, and without
    // the op printed: the kernel module is no help to the reader.
    emitError(call.getLoc())
        << "kernel module @" << kernels.getName() << " calls "
        << call.getName()
        << " of the ROCm device libraries, which are not in " << searched
        << " (amdgcn/bitcode/ocml.bc): install Debian's rocm-device-libs or "
           "set ROCM_PATH to a ROCm installation";
    return failure();
  }

  /// The ld.lld to link with: `lld` when given, else the first found.
  std::string findLinker(StringRef rocm) {
    if (!lld.empty()) {
      if (llvm::sys::fs::can_execute(lld))
        return lld;
      emitError(getOperation().getLoc())
          << "cannot link HIP kernels: ld.lld '" << lld << "' does not exist";
      return "";
    }
    std::string found = tiny::findLLD(rocm);
    if (found.empty())
      emitError(getOperation().getLoc())
          << "cannot link HIP kernels: no ld.lld of LLVM " << LLVM_VERSION_MAJOR
          << " (looked for " << llvm::join(tiny::getLLDCandidates(rocm), ", ")
          << "): install Debian's lld-" << LLVM_VERSION_MAJOR
          << " or set ROCM_PATH to a ROCm installation";
    return found;
  }

  /// Compiles `kernels` for `target` to an AMDGCN assembly object, or with
  /// `linker` to a code object. With `dump`, keeps the optimized LLVM IR
  /// and the assembly there.
  FailureOr<Attribute> compile(gpu::GPUModuleOp kernels, Attribute target,
                               StringRef linker,
                               const gpu::TargetOptions &isaOptions,
                               const gpu::TargetOptions &binOptions,
                               tiny::GPUKernelDump *dump) {
    auto rocdl = cast<ROCDL::ROCDLTargetAttr>(target);
    auto serializer = cast<gpu::TargetAttrInterface>(target);
    AMDGCNSerializer toISA(kernels, rocdl, isaOptions, dump);
    toISA.init();
    std::optional<SmallVector<char, 0>> isa = toISA.run();
    if (!isa)
      return failure();
    if (dump)
      dump->assembly.assign(isa->begin(), isa->end());
    if (format == "isa")
      return serializer.createObject(kernels, *isa, isaOptions);
    auto emitAt = [&] { return emitError(kernels.getLoc()); };
    FailureOr<SmallVector<char, 0>> object =
        ROCDL::assembleIsa(StringRef(isa->data(), isa->size()),
                           rocdl.getTriple(), rocdl.getChip(),
                           rocdl.getFeatures(), emitAt);
    if (failed(object))
      return failure();
    FailureOr<SmallVector<char, 0>> code =
        linkCodeObject(*object, linker, kernels);
    if (failed(code))
      return failure();
    // Binary objects carry the kernels' metadata read from the code object,
    // as -gpu-module-to-binary's do.
    return serializer.createObject(kernels, *code, binOptions);
  }
};
} // namespace
