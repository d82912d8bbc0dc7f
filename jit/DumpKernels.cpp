//===- DumpKernels.cpp - each kernel's code in files of its own -----------===//

#include "jit/DumpKernels.h"

#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <utility>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;

/// Writes DIR/FILE with `write`.
static llvm::Error writeFile(StringRef dir, const Twine &file,
                             function_ref<void(llvm::raw_ostream &)> write) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, file);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
  if (error)
    return llvm::createStringError(error, "cannot write %s: %s", path.c_str(),
                                   error.message().c_str());
  write(os);
  return llvm::Error::success();
}

/// True when the function or assembly symbol `symbol` is the code of the
/// kernel `name`: the kernel function itself or a function OpenMP outlined
/// from it.
static bool isKernelSymbol(StringRef symbol, StringRef name) {
  return symbol == name ||
         (symbol.starts_with(name) &&
          symbol.drop_front(name.size()).starts_with("..omp_par"));
}

/// The names of the kernel modules the GPU lowering makes of the GPU
/// kernels of `module`, in walk order: each is named after its kernel
/// (ConvertTinyToGPU), and MLIR's -gpu-kernel-outlining, which walks the
/// module's functions in order, gives a name already taken the suffix _N of
/// a counter it keeps across all names (SymbolTable::insert).
static SmallVector<std::pair<k::KernelOp, std::string>>
getGpuKernelModuleNames(ModuleOp module) {
  llvm::StringSet<> taken;
  for (Operation &op : *module.getBody())
    if (auto name = op.getAttrOfType<StringAttr>(
            SymbolTable::getSymbolAttrName()))
      taken.insert(name.getValue());
  SmallVector<std::pair<k::KernelOp, std::string>> names;
  unsigned counter = 0;
  for (auto function : module.getOps<func::FuncOp>())
    function.walk([&](k::KernelOp kernel) {
      if (!isGpuKernel(kernel))
        return;
      std::string name = kernel.getName().str();
      while (!taken.insert(name).second)
        name = (kernel.getName() + "_" + Twine(counter++)).str();
      names.emplace_back(kernel, std::move(name));
    });
  return names;
}

LogicalResult mlir::tiny::dumpKernelIR(ModuleOp module, StringRef dir,
                                       SmallVectorImpl<std::string> &names) {
  if (std::error_code error = llvm::sys::fs::create_directories(dir))
    return module.emitError("--dump-dir: cannot create ")
           << dir << ": " << error.message();
  auto write = [&](StringRef name, Operation *op) -> LogicalResult {
    if (llvm::Error error =
            writeFile(dir, name + ".tiny.mlir", [&](llvm::raw_ostream &os) {
              op->print(os);
              os << "\n";
            }))
      return module.emitError("--dump-dir: ")
             << llvm::toString(std::move(error));
    return success();
  };
  // A program with GPU kernels keeps its CPU kernels in the host function
  // (D/ENTRY.*): only the GPU kernels get files of their own.
  SmallVector<std::pair<k::KernelOp, std::string>> gpuKernels =
      getGpuKernelModuleNames(module);
  for (auto &[kernel, name] : gpuKernels)
    if (failed(write(name, kernel)))
      return failure();
  if (!gpuKernels.empty())
    return success();

  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  PassManager pm(module.getContext());
  pm.addPass(createTinyOutlineKernels());
  if (failed(pm.run(*copy)))
    return failure();
  for (auto function : copy->getOps<func::FuncOp>()) {
    if (!function->hasAttr("tiny.kernel"))
      continue;
    names.push_back(function.getSymName().str());
    if (failed(write(function.getSymName(), function)))
      return failure();
  }
  return success();
}

llvm::Error mlir::tiny::dumpKernelCode(llvm::Module &module,
                                       llvm::TargetMachine &machine,
                                       StringRef entry,
                                       ArrayRef<std::string> names,
                                       StringRef dir) {
  for (StringRef name : names)
    if (llvm::Error error =
            writeFile(dir, name + ".ll", [&](llvm::raw_ostream &os) {
              for (llvm::Function &function : module)
                if (isKernelSymbol(function.getName(), name))
                  function.print(os);
            }))
      return error;
  if (llvm::Error error =
          writeFile(dir, entry + ".ll", [&](llvm::raw_ostream &os) {
            module.print(os, nullptr);
          }))
    return error;

  // Code generation changes the module it runs on: it runs on a copy.
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  SmallString<0> assembly;
  llvm::raw_svector_ostream os(assembly);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::AssemblyFile))
    return llvm::createStringError("--dump-dir: the target machine cannot "
                                   "emit assembly");
  codegen.run(*copy);
  if (llvm::Error error = writeFile(
          dir, entry + ".s", [&](llvm::raw_ostream &os) { os << assembly; }))
    return error;

  // Each function's assembly runs from its `.type SYMBOL,@function` line to
  // its `.size SYMBOL, ...` line (ELF; another object format leaves the
  // kernels' files empty, which the whole module's file still covers).
  std::vector<std::pair<std::string, std::string>> functions;
  std::string current;
  SmallVector<StringRef> lines;
  StringRef(assembly).split(lines, '\n');
  for (StringRef line : lines) {
    StringRef text = line.trim();
    if (current.empty() && text.consume_front(".type")) {
      StringRef symbol = text.trim().split(',').first;
      if (text.contains("@function")) {
        current = symbol.str();
        functions.emplace_back(current, "");
      }
    }
    if (current.empty())
      continue;
    std::string &section = functions.back().second;
    section += line.str();
    section += "\n";
    if (text.consume_front(".size") &&
        text.trim().split(',').first == current)
      current.clear();
  }
  for (StringRef name : names)
    if (llvm::Error error =
            writeFile(dir, name + ".s", [&](llvm::raw_ostream &os) {
              for (const auto &[symbol, section] : functions)
                if (isKernelSymbol(symbol, name))
                  os << section;
            }))
      return error;
  return llvm::Error::success();
}
