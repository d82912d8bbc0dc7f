//===- VectorMath.cpp - vector math library calls for CPU code ------------===//

#include "jit/VectorMath.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/CodeGen/ReplaceWithVeclib.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdlib>
#include <mutex>
#include <vector>

using namespace mlir::tiny;
using llvm::StringRef;

namespace {
/// glibc's vector math library, as its ABI version names it, or
/// $TINY_LIBMVEC.
std::string getLibraryPath() {
  const char *path = std::getenv("TINY_LIBMVEC");
  return path ? path : "libmvec.so.1";
}

/// A function of the vector math library that an LLVM intrinsic computes:
/// the intrinsic's name (without its type suffix), the library's scalar
/// name for f64 (f32 appends "f"), and its number of arguments.
struct MathFunction {
  const char *intrinsic;
  const char *name;
  unsigned numArgs;
};

/// The intrinsics LLVM 22 has for libmvec's functions. glibc 2.35 and later
/// (Debian 12 has 2.36) define each in all three variants below.
constexpr MathFunction kFunctions[] = {
    {"exp", "exp", 1},   {"exp2", "exp2", 1},   {"exp10", "exp10", 1},
    {"log", "log", 1},   {"log2", "log2", 1},   {"log10", "log10", 1},
    {"sin", "sin", 1},   {"cos", "cos", 1},     {"tan", "tan", 1},
    {"asin", "asin", 1}, {"acos", "acos", 1},   {"atan", "atan", 1},
    {"sinh", "sinh", 1}, {"cosh", "cosh", 1},   {"tanh", "tanh", 1},
    {"pow", "pow", 2},   {"atan2", "atan2", 2},
};

/// A variant of the library (x86-64's vector function ABI): its ISA letter,
/// the CPU feature it needs, and the bits of its vectors.
struct Variant {
  char isa;
  const char *feature;
  unsigned bits;
};

constexpr Variant kVariants[] = {
    {'b', "+sse2", 128}, {'d', "+avx2", 256}, {'e', "+avx512f", 512}};

struct Library {
  bool loaded = false;
  std::string error;
  /// $TINY_VECTOR_MATH is 0: compiled code does not call the library.
  bool disabled = false;
};

const Library &getLibrary() {
  static Library library;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *setting = std::getenv("TINY_VECTOR_MATH");
    library.disabled = setting && StringRef(setting) == "0";
    std::string path = getLibraryPath();
    llvm::sys::DynamicLibrary handle =
        llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(),
                                                       &library.error);
    library.loaded = handle.isValid();
    if (library.loaded)
      library.error.clear();
    else
      library.error = "cannot load " + path + ": " + library.error;
  });
  return library;
}

/// The library's functions for the variants `machine`'s CPU has, as the
/// names of the scalar intrinsics they vectorize.
std::vector<llvm::VecDesc> getMappings(const llvm::TargetMachine &machine) {
  // The names live as long as the process: VecDesc holds references. Each
  // is kept once, however many kernels are compiled.
  static llvm::BumpPtrAllocator allocator;
  static llvm::UniqueStringSaver saver(allocator);
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  const llvm::MCSubtargetInfo *subtarget = machine.getMCSubtargetInfo();
  std::vector<llvm::VecDesc> mappings;
  for (const Variant &variant : kVariants) {
    if (!subtarget->checkFeatures(variant.feature))
      continue;
    for (const MathFunction &function : kFunctions) {
      for (bool isF32 : {true, false}) {
        unsigned lanes = variant.bits / (isF32 ? 32 : 64);
        std::string args(function.numArgs, 'v');
        std::string suffix = isF32 ? "f" : "";
        StringRef scalar =
            saver.save(std::string("llvm.") + function.intrinsic +
                       (isF32 ? ".f32" : ".f64"));
        StringRef vector = saver.save(std::string("_ZGV") + variant.isa + "N" +
                                      std::to_string(lanes) + args + "_" +
                                      function.name + suffix);
        StringRef abi =
            saver.save("_ZGV_LLVM_N" + std::to_string(lanes) + args);
        mappings.emplace_back(scalar, vector,
                              llvm::ElementCount::getFixed(lanes),
                              /*Masked=*/false, abi, std::nullopt);
      }
    }
  }
  return mappings;
}
} // namespace

bool mlir::tiny::loadVectorMathLibrary(std::string &error) {
  const Library &library = getLibrary();
  error = library.error;
  return library.loaded;
}

bool mlir::tiny::usesVectorMathLibrary() {
  const Library &library = getLibrary();
  return library.loaded && !library.disabled;
}

void mlir::tiny::useVectorMathLibrary(llvm::Module &module,
                                      llvm::TargetMachine &machine) {
  if (!machine.getTargetTriple().isX86() ||
      !machine.getTargetTriple().isArch64Bit() || !usesVectorMathLibrary())
    return;
  llvm::TargetLibraryInfoImpl libraryInfo(machine.getTargetTriple());
  libraryInfo.addVectorizableFunctions(getMappings(machine));
  llvm::FunctionAnalysisManager analyses;
  analyses.registerPass(
      [&] { return llvm::TargetLibraryAnalysis(libraryInfo); });
  analyses.registerPass([] { return llvm::PassInstrumentationAnalysis(); });
  // The pass declares the library's functions in the module as it goes.
  llvm::SmallVector<llvm::Function *> functions;
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      functions.push_back(&function);
  llvm::ReplaceWithVeclib replace;
  for (llvm::Function *function : functions)
    (void)replace.run(*function, analyses);
}
