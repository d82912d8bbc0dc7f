//===- HostSchedule.cpp - running compiled programs on the runtime ---------===//

#include "jit/HostSchedule.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The buffers of the program running on this thread, by argument position.
/// Copies are issued by the program's own thread (never from inside a
/// THREAD loop), so a thread-local frame is found by the call it serves.
struct HostCallFrame {
  ArrayRef<tiny_buffer_t> buffers;
  /// The first failure; later copies are skipped.
  std::string error;
};

thread_local HostCallFrame *currentFrame = nullptr;

/// Installs `frame` for the calls of one program run.
class ScopedFrame {
public:
  explicit ScopedFrame(HostCallFrame &frame) : saved(currentFrame) {
    currentFrame = &frame;
  }
  ~ScopedFrame() { currentFrame = saved; }

private:
  HostCallFrame *saved;
};

std::optional<tiny_dtype_t> getRuntimeDtype(Type type) {
  if (type.isF16())
    return TINY_DTYPE_F16;
  if (type.isBF16())
    return TINY_DTYPE_BF16;
  if (type.isF32())
    return TINY_DTYPE_F32;
  if (type.isF64())
    return TINY_DTYPE_F64;
  // Buffers hold signless storage types; only the size matters here.
  switch (type.isInteger() ? type.getIntOrFloatBitWidth() : 0) {
  case 1:
    return TINY_DTYPE_BOOL;
  case 8:
    return TINY_DTYPE_I8;
  case 16:
    return TINY_DTYPE_I16;
  case 32:
    return TINY_DTYPE_I32;
  case 64:
    return TINY_DTYPE_I64;
  default:
    return std::nullopt;
  }
}

} // namespace

bool mlir::tiny::takeRuntimeError(tiny_status_t status, std::string &error) {
  if (!status)
    return false;
  error = tiny_status_message(status);
  tiny_status_free(status);
  return true;
}

/// Called by compiled programs for each tiny.k.copy (-convert-tiny-to-runtime).
extern "C" void tiny_host_copy(int64_t dst, int64_t dstOffset, int64_t src,
                               int64_t srcOffset, int64_t bytes) {
  HostCallFrame *frame = currentFrame;
  if (!frame || !frame->error.empty())
    return;
  int64_t numBuffers = frame->buffers.size();
  if (dst < 0 || dst >= numBuffers || src < 0 || src >= numBuffers) {
    frame->error = "copy between arguments " + std::to_string(src) + " and " +
                   std::to_string(dst) + " of a program with " +
                   std::to_string(numBuffers) + " buffers";
    return;
  }
  takeRuntimeError(tiny_buffer_copy_range(frame->buffers[dst], dstOffset,
                                   frame->buffers[src], srcOffset, bytes),
            frame->error);
}

FailureOr<SmallVector<BufferArgument>>
mlir::tiny::getBufferArguments(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitOpError("is not a function");
  SmallVector<BufferArgument> arguments;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto type = dyn_cast<MemRefType>(func.getArgumentTypes()[i]);
    std::optional<tiny_dtype_t> dtype =
        type ? getRuntimeDtype(type.getElementType()) : std::nullopt;
    if (!dtype || !type.hasStaticShape())
      return func.emitOpError("argument ")
             << i << " is not a flat buffer of a runtime dtype";
    BufferArgument argument;
    if (func.getArgAttr(i, "tiny.slot"))
      argument.role = BufferArgument::Role::Param;
    else if (func.getArgAttr(i, "tiny.output"))
      argument.role = BufferArgument::Role::Output;
    else if (func.getArgAttr(i, "tiny.scratch"))
      argument.role = BufferArgument::Role::Scratch;
    else
      return func.emitOpError("argument ")
             << i << " is neither a param, an output nor a scratch buffer";
    auto device = func.getArgAttrOfType<StringAttr>(i, "tiny.device");
    argument.device = device ? device.str() : "CPU";
    argument.dtype = *dtype;
    argument.numElements = type.getNumElements();
    arguments.push_back(argument);
  }
  return arguments;
}

bool mlir::tiny::needsRuntime(ArrayRef<BufferArgument> arguments) {
  return llvm::any_of(arguments, [](const BufferArgument &argument) {
    return argument.role == BufferArgument::Role::Scratch ||
           argument.device != "CPU";
  });
}

FailureOr<std::unique_ptr<DeviceBuffers>>
DeviceBuffers::allocate(tiny_runtime_t runtime,
                        ArrayRef<BufferArgument> arguments,
                        std::string &error) {
  std::unique_ptr<DeviceBuffers> result(new DeviceBuffers(arguments));
  for (const BufferArgument &argument : arguments) {
    tiny_device_t device = nullptr;
    tiny_buffer_t buffer = nullptr;
    if (takeRuntimeError(tiny_device_get(runtime, argument.device.c_str(), &device),
                  error) ||
        takeRuntimeError(tiny_buffer_allocate(device, argument.dtype,
                                       argument.numElements, &buffer),
                  error))
      return failure();
    result->buffers.push_back(buffer);
  }
  return result;
}

DeviceBuffers::~DeviceBuffers() {
  for (tiny_buffer_t buffer : buffers) {
    std::string ignored;
    takeRuntimeError(tiny_buffer_release(buffer), ignored);
  }
}

/// Copies between each argument of `role`, in order, and the next of `host`
/// with `copy` (an upload or a download of the argument's bytes).
template <typename HostPointer, typename Copy>
static LogicalResult copyEach(ArrayRef<BufferArgument> arguments,
                              ArrayRef<tiny_buffer_t> buffers,
                              BufferArgument::Role role,
                              ArrayRef<HostPointer> host, StringRef what,
                              Copy copy, std::string &error) {
  size_t next = 0;
  for (auto [argument, buffer] : llvm::zip(arguments, buffers)) {
    if (argument.role != role)
      continue;
    if (next >= host.size()) {
      error = ("the program has more " + what + " than were given").str();
      return failure();
    }
    size_t bytes = argument.numElements * tiny_dtype_size(argument.dtype);
    if (takeRuntimeError(copy(buffer, host[next++], bytes), error))
      return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::upload(ArrayRef<const void *> inputs,
                                    std::string &error) {
  return copyEach(arguments, buffers, BufferArgument::Role::Param, inputs,
                  "params", tiny_buffer_upload, error);
}

LogicalResult DeviceBuffers::launch(void (*function)(void **),
                                    std::string &error) {
  HostCallFrame frame{buffers, {}};
  {
    ScopedFrame scope(frame);
    // The packed entry and a CPU kernel take the same argument list.
    if (takeRuntimeError(tiny_launch_cpu(function, buffers.data(), buffers.size()),
                  error))
      return failure();
  }
  if (!frame.error.empty()) {
    error = "copy failed: " + frame.error;
    return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::download(ArrayRef<void *> outputs,
                                      std::string &error) {
  return copyEach(arguments, buffers, BufferArgument::Role::Output, outputs,
                  "outputs", tiny_buffer_download, error);
}

LogicalResult mlir::tiny::runOnRuntime(tiny_runtime_t runtime,
                                       void (*function)(void **),
                                       ArrayRef<BufferArgument> arguments,
                                       ArrayRef<const void *> inputs,
                                       ArrayRef<void *> outputs,
                                       std::string &error) {
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      DeviceBuffers::allocate(runtime, arguments, error);
  if (failed(buffers) || failed((*buffers)->upload(inputs, error)) ||
      failed((*buffers)->launch(function, error)) ||
      failed((*buffers)->download(outputs, error)))
    return failure();
  return success();
}

llvm::orc::SymbolMap
mlir::tiny::getHostCallSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  symbols[interner("tiny_host_copy")] = {
      llvm::orc::ExecutorAddr::fromPtr(&tiny_host_copy),
      llvm::JITSymbolFlags::Exported};
  return symbols;
}
