//===- Compiler.cpp - Compile and run tiny programs from C ----------------===//
//
// The C API of tiny-c/Compiler.h over mlir::tiny::Executable: each program
// owns the MLIRContext its signature's types live in; the machine code is
// shared through the Executable's process-wide cache.
//
//===----------------------------------------------------------------------===//

#include "capi/lib/Program.h"
#include "conversions/RuntimeCalls/RuntimeCalls.h"

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "jit/Executable.h"
#include "runtime/src/Status.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <deque>
#include <memory>
#include <vector>

using namespace mlir;
using namespace mlir::tiny;
using ::tiny::runtime::guard;
using ::tiny::runtime::makeStatus;
using mlir::tiny::capi::compileProgram;
using mlir::tiny::capi::describeProgram;
using mlir::tiny::capi::invalid;

namespace {

/// Describes a tensor of `type`; fails for a rank or dtype the C API cannot
/// describe.
LogicalResult describe(tiny_program_s &program, int64_t slot,
                       RankedTensorType type, tiny_tensor_info_t &info,
                       std::string &error) {
  info = {};
  info.slot = slot;
  info.dtype = getRuntimeDtype(type.getElementType());
  info.rank = type.getRank();
  if (!info.dtype || info.rank > TINY_MAX_RANK) {
    llvm::raw_string_ostream(error)
        << "the C API cannot describe a tensor of type " << type;
    return failure();
  }
  llvm::copy(type.getShape(), info.shape);
  info.num_elements = type.getNumElements();
  info.num_bytes = info.num_elements * tiny_dtype_size(info.dtype);
  program.devices.push_back(getRuntimeDeviceName(type));
  info.device = program.devices.back().c_str();
  return success();
}

/// A context for a program's own module and signature.
std::unique_ptr<MLIRContext> createProgramContext() {
  DialectRegistry registry;
  registerProgramDialects(registry);
  return std::make_unique<MLIRContext>(registry,
                                       MLIRContext::Threading::DISABLED);
}

tiny_status_t compile(const char *source, size_t length, const char *name,
                      const char *entry, tiny_program_t *out_program,
                      const CompileOptions &options = {}) {
  if (!out_program || (!source && length))
    return invalid("tiny_program_compile: a NULL argument");
  auto program = std::make_unique<tiny_program_s>();
  program->context = createProgramContext();
  MLIRContext &context = *program->context;
  context.printOpOnDiagnostic(false);

  // Every diagnostic, with its location, goes into the status's message.
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(StringRef(source, length),
                                           name ? name : "<source>"),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return invalid(diagnostics);
  return compileProgram(program, *module,
                        entry ? StringRef(entry) : StringRef(), diagnostics,
                        out_program, StringRef(source, length), options);
}

/// Checks that `count` buffers were given for `infos` and that each holds
/// its tensor's bytes.
tiny_status_t checkBuffers(const char *what,
                           const std::vector<tiny_tensor_info_t> &infos,
                           void *const *buffers, const size_t *bytes,
                           size_t count) {
  if (count != infos.size())
    return invalid("tiny_program_run: expected " +
                   std::to_string(infos.size()) + " " + what + "s, got " +
                   std::to_string(count));
  if (count && (!buffers || !bytes))
    return invalid(std::string("tiny_program_run: NULL ") + what +
                   " buffers or byte counts");
  for (size_t i = 0; i < count; ++i) {
    if (bytes[i] != infos[i].num_bytes)
      return invalid("tiny_program_run: " + std::string(what) + " " +
                     std::to_string(i) + " has " + std::to_string(bytes[i]) +
                     " bytes, expected " + std::to_string(infos[i].num_bytes));
    if (!buffers[i] && bytes[i])
      return invalid("tiny_program_run: " + std::string(what) + " " +
                     std::to_string(i) + " is NULL");
  }
  return nullptr;
}

} // namespace

tiny_status_t mlir::tiny::capi::invalid(const std::string &message) {
  return makeStatus(TINY_STATUS_INVALID_ARGUMENT, message);
}

tiny_status_t mlir::tiny::capi::compileProgram(
    std::unique_ptr<tiny_program_s> &program, ModuleOp module, StringRef entry,
    const std::string &diagnostics, tiny_program_t *out_program,
    StringRef source, const CompileOptions &options) {
  std::string error;
  FunctionOp function =
      findEntryFunction(module, entry, "name the entry", error);
  if (!function)
    return invalid(error);
  FailureOr<std::shared_ptr<Executable>> executable =
      Executable::compile(module, function.getSymName(), options);
  if (failed(executable))
    return invalid(diagnostics.empty() ? "cannot compile @" +
                                             function.getSymName().str()
                                       : diagnostics);
  program->executable = *executable;
  // Printing a large program costs as much as parsing it: the text it was
  // parsed from serves as well.
  if (!source.empty())
    program->source = source.str();
  else
    llvm::raw_string_ostream(program->source) << module;
  program->entry = function.getSymName().str();
  program->beam = options.beam;
  program->cpuSchedule = options.cpuSchedule;
  return describeProgram(program, out_program);
}

tiny_status_t mlir::tiny::capi::describeProgram(
    std::unique_ptr<tiny_program_s> &program, tiny_program_t *out_program) {
  std::string error;
  for (const ProgramParam &param : program->executable->getParams()) {
    program->inputs.emplace_back();
    if (failed(describe(*program, param.slot, param.type,
                        program->inputs.back(), error)))
      return invalid(error);
  }
  for (auto [i, type] :
       llvm::enumerate(program->executable->getResultTypes())) {
    program->outputs.emplace_back();
    if (failed(describe(*program, i, type, program->outputs.back(), error)))
      return invalid(error);
  }
  *out_program = program.release();
  return nullptr;
}

tiny_status_t tiny_program_compile(const char *source, size_t length,
                                   const char *name, const char *entry,
                                   tiny_program_t *out_program) {
  return guard(
      [&] { return compile(source, length, name, entry, out_program); });
}

tiny_status_t tiny_program_compile_with_options(
    const char *source, size_t length, const char *name, const char *entry,
    const tiny_compile_options_t *options, tiny_program_t *out_program) {
  return guard([&]() -> tiny_status_t {
    CompileOptions compileOptions;
    if (options) {
      if (options->beam > 64)
        return invalid("tiny_program_compile_with_options: beam width " +
                       std::to_string(options->beam) + " is more than 64");
      compileOptions.beam = options->beam;
      if (options->cpu_schedule)
        compileOptions.cpuSchedule = options->cpu_schedule;
    }
    return compile(source, length, name, entry, out_program, compileOptions);
  });
}

tiny_status_t tiny_program_load_artifact(const char *path,
                                         tiny_program_t *out_program) {
  return guard([&]() -> tiny_status_t {
    if (!path || !out_program)
      return invalid("tiny_program_load_artifact: a NULL argument");
    auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!file)
      return makeStatus(TINY_STATUS_NOT_FOUND,
                        std::string("tiny_program_load_artifact: cannot read ") +
                            path + ": " + file.getError().message());
    auto program = std::make_unique<tiny_program_s>();
    program->context = createProgramContext();
    std::string error;
    FailureOr<std::shared_ptr<Executable>> executable = Executable::load(
        program->context.get(), (*file)->getBuffer(), path, error);
    if (failed(executable))
      return invalid(error);
    program->executable = *executable;
    return describeProgram(program, out_program);
  });
}

tiny_status_t tiny_program_save_artifact(tiny_program_t program,
                                         const char *path) {
  return guard([&]() -> tiny_status_t {
    if (!program || !path)
      return invalid("tiny_program_save_artifact: a NULL argument");
    std::string error;
    std::shared_ptr<Executable> executable = program->executable;
    // A compiled program's object code is made when it is saved: the
    // program is compiled again, as one module keeping its object code.
    std::unique_ptr<MLIRContext> context;
    if (!executable->hasObjectCode() && !program->source.empty()) {
      context = createProgramContext();
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(program->source, context.get());
      CompileOptions options;
      options.keepObjectCode = true;
      options.beam = program->beam;
      options.cpuSchedule = program->cpuSchedule;
      FailureOr<std::shared_ptr<Executable>> recompiled =
          module ? Executable::compile(*module, program->entry, options)
                 : FailureOr<std::shared_ptr<Executable>>(failure());
      if (failed(recompiled))
        return makeStatus(TINY_STATUS_INTERNAL,
                          "tiny_program_save_artifact: cannot compile @" +
                              program->entry + " again for its object code");
      executable = *recompiled;
    }
    if (failed(executable->writeArtifact(path, error)))
      return makeStatus(TINY_STATUS_UNAVAILABLE,
                        "tiny_program_save_artifact: " + error);
    return nullptr;
  });
}

void tiny_program_release(tiny_program_t program) { delete program; }

size_t tiny_program_num_inputs(tiny_program_t program) {
  return program ? program->inputs.size() : 0;
}

size_t tiny_program_num_outputs(tiny_program_t program) {
  return program ? program->outputs.size() : 0;
}

static tiny_status_t getInfo(const char *function, tiny_program_t program,
                             bool input, size_t index,
                             tiny_tensor_info_t *out_info) {
  return guard([&]() -> tiny_status_t {
    if (!program || !out_info)
      return invalid(std::string(function) + ": a NULL argument");
    const std::vector<tiny_tensor_info_t> &infos =
        input ? program->inputs : program->outputs;
    if (index >= infos.size())
      return makeStatus(TINY_STATUS_OUT_OF_RANGE,
                        std::string(function) + ": index " +
                            std::to_string(index) + " of " +
                            std::to_string(infos.size()));
    *out_info = infos[index];
    return nullptr;
  });
}

tiny_status_t tiny_program_input_info(tiny_program_t program, size_t index,
                                      tiny_tensor_info_t *out_info) {
  return getInfo("tiny_program_input_info", program, true, index, out_info);
}

tiny_status_t tiny_program_output_info(tiny_program_t program, size_t index,
                                       tiny_tensor_info_t *out_info) {
  return getInfo("tiny_program_output_info", program, false, index, out_info);
}

int64_t tiny_program_num_launches(tiny_program_t program) {
  if (!program)
    return -1;
  std::optional<ArrayRef<ProgramLaunch>> launches =
      program->executable->getLaunches();
  return launches ? static_cast<int64_t>(launches->size()) : -1;
}

tiny_status_t tiny_program_launch_info(tiny_program_t program, size_t index,
                                       tiny_launch_info_t *out_info) {
  return guard([&]() -> tiny_status_t {
    if (!program || !out_info)
      return invalid("tiny_program_launch_info: a NULL argument");
    std::optional<ArrayRef<ProgramLaunch>> launches =
        program->executable->getLaunches();
    size_t count = launches ? launches->size() : 0;
    if (index >= count)
      return makeStatus(TINY_STATUS_OUT_OF_RANGE,
                        "tiny_program_launch_info: index " +
                            std::to_string(index) + " of " +
                            std::to_string(count));
    const ProgramLaunch &launch = (*launches)[index];
    *out_info = {launch.isCopy ? 1 : 0, launch.name.c_str(), launch.flops,
                 launch.bytes};
    return nullptr;
  });
}

tiny_status_t tiny_program_run(tiny_program_t program, void *const *inputs,
                               const size_t *input_bytes, size_t num_inputs,
                               void *const *outputs,
                               const size_t *output_bytes,
                               size_t num_outputs) {
  return guard([&]() -> tiny_status_t {
    if (!program)
      return invalid("tiny_program_run: a NULL program");
    if (tiny_status_t status = checkBuffers("input", program->inputs, inputs,
                                            input_bytes, num_inputs))
      return status;
    if (tiny_status_t status = checkBuffers("output", program->outputs,
                                            outputs, output_bytes, num_outputs))
      return status;
    // A buffer of no bytes may be NULL; the program never addresses it.
    static char empty;
    SmallVector<void *> in, out;
    for (size_t i = 0; i < num_inputs; ++i)
      in.push_back(inputs[i] ? inputs[i] : &empty);
    for (size_t i = 0; i < num_outputs; ++i)
      out.push_back(outputs[i] ? outputs[i] : &empty);
    std::string error;
    if (failed(program->executable->execute(in, out, error)))
      return makeStatus(TINY_STATUS_INTERNAL, error);
    return nullptr;
  });
}

/// `status` with `prefix` before its message, same code.
static tiny_status_t withPrefix(const std::string &prefix,
                                tiny_status_t status) {
  tiny_status_t result = makeStatus(tiny_status_code(status),
                                    prefix + tiny_status_message(status));
  tiny_status_free(status);
  return result;
}

tiny_status_t tiny_program_run_buffers(tiny_program_t program,
                                       tiny_runtime_t runtime,
                                       const tiny_buffer_t *inputs,
                                       size_t num_inputs,
                                       const tiny_buffer_t *outputs,
                                       size_t num_outputs) {
  return guard([&]() -> tiny_status_t {
    if (!program || !runtime || (num_inputs && !inputs) ||
        (num_outputs && !outputs))
      return invalid("tiny_program_run_buffers: a NULL argument");
    tiny_status_t status = program->executable->runOnBuffers(
        runtime, ArrayRef(inputs, num_inputs), ArrayRef(outputs, num_outputs));
    return status ? withPrefix("tiny_program_run_buffers: ", status)
                  : nullptr;
  });
}

size_t tiny_program_num_compilations(void) {
  return Executable::getNumCompilations();
}
