//===- HostSchedule.cpp - running compiled programs on the runtime ---------===//

#include "jit/HostSchedule.h"

#include "conversions/RuntimeCalls/RuntimeCalls.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "tiny/DeviceName.h"
#include "tiny/HostCalls.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"

#include <atomic>

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The program running on this thread, for the runtime calls it makes.
/// Copies and launches are issued by the program's own thread (never from
/// inside a THREAD loop), so a thread-local frame is found by the call it
/// serves.
struct HostCallFrame {
  DeviceBuffers &buffers;
  const GpuKernels &kernels;
  /// The packed entry, and the positions of the buffers on CPU devices,
  /// whose memory it addresses.
  void (*function)(void **);
  ArrayRef<unsigned> hostArguments;
  size_t numArguments;
  /// The first failure; later calls are skipped.
  std::string error;
};

thread_local HostCallFrame *currentFrame = nullptr;

/// The registered transport to other ranks (jit/RankTransport.h).
std::atomic<::tiny::RankTransport *> rankTransport{nullptr};

/// This process's rank, which the compiled code of a program across ranks
/// reads (TINY_HOST_RANK): set before each launch.
int64_t hostRank = 0;

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

/// Run by tiny_launch_cpu with the data pointers of the buffers on CPU
/// devices: calls the packed entry with every argument, those of buffers on
/// other devices null (the host code only names them by position).
void callWithHostBuffers(void **hostPointers) {
  HostCallFrame &frame = *currentFrame;
  SmallVector<void *> pointers(frame.numArguments, nullptr);
  for (auto [i, position] : llvm::enumerate(frame.hostArguments))
    pointers[position] = *static_cast<void **>(hostPointers[i]);
  SmallVector<void *> packed;
  for (void *&pointer : pointers)
    packed.push_back(&pointer);
  frame.function(packed.data());
}

} // namespace

void ::tiny::setRankTransport(::tiny::RankTransport *transport) {
  rankTransport = transport;
}

::tiny::RankTransport * ::tiny::getRankTransport() { return rankTransport; }

bool mlir::tiny::spansRanks(ArrayRef<BufferArgument> arguments) {
  return llvm::any_of(arguments, [](const BufferArgument &argument) {
    return getDeviceRank(argument.device) != 0;
  });
}

bool mlir::tiny::takeRuntimeError(tiny_status_t status, std::string &error) {
  if (!status)
    return false;
  error = tiny_status_message(status);
  tiny_status_free(status);
  return true;
}

/// Called by compiled programs for each tiny.k.copy (-convert-tiny-to-runtime).
void tiny_host_copy(int64_t dst, int64_t dstOffset, int64_t src,
                               int64_t srcOffset, int64_t bytes) {
  HostCallFrame *frame = currentFrame;
  if (!frame || !frame->error.empty())
    return;
  if (failed(frame->buffers.copy(dst, dstOffset, src, srcOffset, bytes,
                                 frame->error)))
    frame->error = "copy failed: " + frame->error;
}

/// Called by compiled programs for each GPU kernel launch
/// (-convert-gpu-launch-to-runtime).
void tiny_host_launch(int64_t launch, int64_t gridX, int64_t gridY,
                                 int64_t gridZ, int64_t blockX, int64_t blockY,
                                 int64_t blockZ, int64_t sharedBytes) {
  HostCallFrame *frame = currentFrame;
  if (!frame || !frame->error.empty())
    return;
  int64_t sizes[] = {gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes};
  for (auto [i, size] : llvm::enumerate(sizes)) {
    // Every grid and block size is at least 1; shared memory may be 0.
    int64_t least = i < 6 ? 1 : 0;
    if (size < least || size > UINT32_MAX) {
      frame->error = "launch " + std::to_string(launch) + " failed: " +
                     (i < 3 ? "grid" : i < 6 ? "block" : "shared memory") +
                     " size " + std::to_string(size) + " is out of range";
      return;
    }
  }
  tiny_launch_dims_t dims = {{static_cast<uint32_t>(gridX),
                              static_cast<uint32_t>(gridY),
                              static_cast<uint32_t>(gridZ)},
                             {static_cast<uint32_t>(blockX),
                              static_cast<uint32_t>(blockY),
                              static_cast<uint32_t>(blockZ)},
                             static_cast<uint32_t>(sharedBytes)};
  (void)frame->buffers.launchKernel(frame->kernels, launch, dims,
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
    tiny_dtype_t dtype = type ? getRuntimeDtype(type.getElementType()) : 0;
    if (!dtype || !type.hasStaticShape())
      return func.emitOpError("argument ")
             << i << " is not a flat buffer of a runtime dtype";
    auto buffer =
        func.getArgAttrOfType<BufferAttr>(i, BufferAttr::getArgAttrName());
    if (!buffer)
      return func.emitOpError("argument ")
             << i << " has no " << BufferAttr::getArgAttrName()
             << " attribute to say which buffer it binds";
    BufferArgument argument;
    argument.role = buffer.getRole();
    argument.binding = buffer.getIndex();
    argument.device = buffer.getDeviceName().str();
    argument.dtype = dtype;
    argument.numElements = type.getNumElements();
    arguments.push_back(argument);
  }
  return arguments;
}

bool mlir::tiny::needsRuntime(ArrayRef<BufferArgument> arguments) {
  return llvm::any_of(arguments, [](const BufferArgument &argument) {
    return argument.role == BufferRole::Scratch ||
           argument.device != "CPU";
  });
}

/// The caller's buffer `argument` binds, or null for a scratch buffer. Fails
/// when the caller gave no buffer for its binding.
static FailureOr<tiny_buffer_t> getBoundBuffer(const BufferArgument &argument,
                                               ArrayRef<tiny_buffer_t> inputs,
                                               ArrayRef<tiny_buffer_t> outputs,
                                               std::string &error) {
  if (argument.role == BufferRole::Scratch)
    return tiny_buffer_t(nullptr);
  bool isParam = argument.role == BufferRole::Param;
  ArrayRef<tiny_buffer_t> given = isParam ? inputs : outputs;
  if (argument.binding < 0 ||
      argument.binding >= static_cast<int64_t>(given.size())) {
    error = std::string("the program binds ") + (isParam ? "input" : "output") +
            " " + std::to_string(argument.binding) + " but " +
            std::to_string(given.size()) + " were given";
    return failure();
  }
  return given[argument.binding];
}

/// Allocates each argument on its device, or, where `bound` holds a buffer
/// for it, retains that buffer (which the caller has checked).
/// A device of another rank gets no buffer here (its rank allocates it).
static LogicalResult
addBuffers(tiny_runtime_t runtime, ArrayRef<BufferArgument> arguments,
           ArrayRef<tiny_buffer_t> inputs, ArrayRef<tiny_buffer_t> outputs,
           bool bound, SmallVectorImpl<tiny_buffer_t> &buffers,
           SmallVectorImpl<tiny_device_t> &devices,
           SmallVectorImpl<bool> &onHost, SmallVectorImpl<int> &ranks,
           int localRank, int numRanks, std::string &error) {
  for (const BufferArgument &argument : arguments) {
    std::optional<::tiny::DeviceName> name =
        ::tiny::parseDeviceName(argument.device);
    int rank = name ? static_cast<int>(name->rank) : 0;
    if (rank >= numRanks) {
      error = "device '" + argument.device + "' belongs to MPI rank " +
              std::to_string(rank) + ", but " +
              (numRanks == 1
                   ? std::string("this process runs alone: run the program "
                                 "under mpirun with at least ") +
                         std::to_string(rank + 1) + " ranks"
                   : "the job has " + std::to_string(numRanks) + " ranks");
      return failure();
    }
    if (rank != localRank) {
      buffers.push_back(nullptr);
      devices.push_back(nullptr);
      onHost.push_back(false);
      ranks.push_back(rank);
      continue;
    }
    // The runtime knows its own devices by their names without "@R".
    std::string local = name ? name->getLocalName() : argument.device;
    tiny_device_t device = nullptr;
    tiny_device_kind_t kind;
    if (takeRuntimeError(tiny_device_get(runtime, local.c_str(), &device),
                         error) ||
        takeRuntimeError(tiny_device_kind(device, &kind), error))
      return failure();
    tiny_buffer_t buffer = nullptr;
    if (bound) {
      FailureOr<tiny_buffer_t> given =
          getBoundBuffer(argument, inputs, outputs, error);
      if (failed(given))
        return failure();
      buffer = *given;
    }
    if (buffer) {
      if (takeRuntimeError(tiny_buffer_retain(buffer), error))
        return failure();
    } else if (takeRuntimeError(tiny_buffer_allocate(device, argument.dtype,
                                                     argument.numElements,
                                                     &buffer),
                                error)) {
      return failure();
    }
    buffers.push_back(buffer);
    devices.push_back(device);
    onHost.push_back(kind == TINY_DEVICE_KIND_CPU);
    ranks.push_back(rank);
  }
  return success();
}

/// The transport, rank and number of ranks a program with `arguments` runs
/// on: the registered transport's for a program across ranks, else rank 0
/// of 1.
static void getRank(ArrayRef<BufferArgument> arguments,
                    ::tiny::RankTransport *&transport, int &rank,
                    int &numRanks) {
  transport = spansRanks(arguments) ? ::tiny::getRankTransport() : nullptr;
  rank = transport ? transport->rank() : 0;
  numRanks = transport ? transport->size() : 1;
}

FailureOr<std::unique_ptr<DeviceBuffers>>
DeviceBuffers::allocate(tiny_runtime_t runtime,
                        ArrayRef<BufferArgument> arguments,
                        std::string &error) {
  std::unique_ptr<DeviceBuffers> result(new DeviceBuffers(arguments));
  int numRanks = 1;
  getRank(arguments, result->transport, result->localRank, numRanks);
  if (failed(addBuffers(runtime, arguments, {}, {}, /*bound=*/false,
                        result->buffers, result->devices, result->onHost,
                        result->ranks, result->localRank, numRanks, error)))
    return failure();
  return result;
}

FailureOr<std::unique_ptr<DeviceBuffers>>
DeviceBuffers::bind(tiny_runtime_t runtime, ArrayRef<BufferArgument> arguments,
                    ArrayRef<tiny_buffer_t> inputs,
                    ArrayRef<tiny_buffer_t> outputs, std::string &error) {
  std::unique_ptr<DeviceBuffers> result(new DeviceBuffers(arguments));
  int numRanks = 1;
  getRank(arguments, result->transport, result->localRank, numRanks);
  if (failed(addBuffers(runtime, arguments, inputs, outputs, /*bound=*/true,
                        result->buffers, result->devices, result->onHost,
                        result->ranks, result->localRank, numRanks, error)))
    return failure();
  return result;
}

DeviceBuffers::~DeviceBuffers() {
  std::string ignored;
  // `launch` leaves none pending; this is for a run cut short elsewhere.
  (void)waitForAllCopies(ignored);
  for (auto &[key, module] : modules)
    takeRuntimeError(tiny_module_unload(module), ignored);
  for (tiny_buffer_t buffer : buffers)
    if (buffer)
      takeRuntimeError(tiny_buffer_release(buffer), ignored);
}

LogicalResult DeviceBuffers::copy(int64_t dst, int64_t dstOffset, int64_t src,
                                  int64_t srcOffset, int64_t bytes,
                                  std::string &error) {
  int64_t numBuffers = buffers.size();
  if (dst < 0 || dst >= numBuffers || src < 0 || src >= numBuffers) {
    error = "copy between arguments " + std::to_string(src) + " and " +
            std::to_string(dst) + " of a program with " +
            std::to_string(numBuffers) + " buffers";
    return failure();
  }
  if (ranks[src] == ranks[dst]) {
    // Both on another rank: that rank copies.
    if (ranks[src] != localRank)
      return success();
    if (failed(waitForReceives(src, error)) ||
        failed(waitForReceives(dst, error)))
      return failure();
    return failure(
        takeRuntimeError(tiny_buffer_copy_range(buffers[dst], dstOffset,
                                                buffers[src], srcOffset, bytes),
                         error));
  }
  // Every rank counts every copy between ranks, so that the sender and the
  // receiver number the message alike.
  int tag = static_cast<int>(rankCopies++ % 4096);
  if (ranks[src] != localRank && ranks[dst] != localRank)
    return success();
  if (!transport) {
    error = "no transport to other ranks is registered";
    return failure();
  }
  if (bytes < 0) {
    error = "copy of " + std::to_string(bytes) + " bytes";
    return failure();
  }
  std::string what = "copy from '" + arguments[src].device + "' to '" +
                     arguments[dst].device + "': ";
  int peer = ranks[src] == localRank ? ranks[dst] : ranks[src];
  PendingCopy pending{0, std::vector<char>(static_cast<size_t>(bytes)), -1, 0,
                      peer, what};
  if (ranks[src] == localRank) {
    // The bytes are staged now, so the program may write the source while
    // they are on their way. One send per peer is in flight (the file
    // comment says why). Every rank takes the copies in the same order, so
    // the earliest one waited for anywhere has both halves started: this
    // cannot deadlock.
    if (failed(waitForReceives(src, error)) ||
        failed(waitForSends(peer, error)))
      return failure();
    if (takeRuntimeError(tiny_buffer_download_range(buffers[src], srcOffset,
                                                    pending.staging.data(),
                                                    bytes),
                         error))
      return failure();
    error = transport->startSend(ranks[dst], tag, pending.staging.data(), bytes,
                                 pending.id);
  } else {
    // An earlier receive into the same buffer lands first.
    if (failed(waitForReceives(dst, error)))
      return failure();
    pending.dst = dst;
    pending.dstOffset = dstOffset;
    error = transport->startReceive(ranks[src], tag, pending.staging.data(),
                                    bytes, pending.id);
  }
  if (!error.empty()) {
    error = what + error;
    return failure();
  }
  bool isReceive = pending.dst >= 0;
  pendingCopies.push_back(std::move(pending));
  // Kernels on CPU devices address their buffers directly, with no call
  // that could wait first: such a buffer gets its bytes before the copy
  // returns.
  if (isReceive && onHost[dst])
    return complete(pendingCopies.size() - 1, error);
  return success();
}

LogicalResult DeviceBuffers::complete(size_t index, std::string &error) {
  PendingCopy pending = std::move(pendingCopies[index]);
  pendingCopies.erase(pendingCopies.begin() + index);
  std::string why = transport->wait(pending.id);
  if (!why.empty()) {
    // A peer that was only slow may still deliver into the staging bytes
    // after the wait gave up (docs/mpi-transport.md): they are never freed.
    static auto *abandoned = new std::vector<std::vector<char>>;
    abandoned->push_back(std::move(pending.staging));
    error = pending.what + why;
    return failure();
  }
  if (pending.dst >= 0 &&
      takeRuntimeError(tiny_buffer_upload_range(
                           buffers[pending.dst], pending.dstOffset,
                           pending.staging.data(), pending.staging.size()),
                       error)) {
    error = pending.what + error;
    return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::waitForReceives(int64_t argument,
                                             std::string &error) {
  for (size_t i = 0; i < pendingCopies.size();) {
    if (pendingCopies[i].dst != argument) {
      ++i;
      continue;
    }
    if (failed(complete(i, error)))
      return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::waitForSends(int peer, std::string &error) {
  for (size_t i = 0; i < pendingCopies.size();) {
    if (pendingCopies[i].dst >= 0 || pendingCopies[i].peer != peer) {
      ++i;
      continue;
    }
    if (failed(complete(i, error)))
      return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::waitForAllCopies(std::string &error) {
  std::string first;
  while (!pendingCopies.empty()) {
    std::string why;
    if (failed(complete(0, why)) && first.empty())
      first = std::move(why);
  }
  if (first.empty())
    return success();
  error = std::move(first);
  return failure();
}

LogicalResult DeviceBuffers::launchKernel(const GpuKernels &kernels,
                                          int64_t id,
                                          const tiny_launch_dims_t &dims,
                                          std::string &error) {
  std::string what = "launch " + std::to_string(id);
  if (id < 0 || id >= static_cast<int64_t>(kernels.launches.size())) {
    error = what + " of a program with " +
            std::to_string(kernels.launches.size()) + " GPU launches";
    return failure();
  }
  const GpuKernels::Launch &launch = kernels.launches[id];
  what += " (kernel '" + launch.kernel + "')";
  SmallVector<tiny_kernel_arg_t> args;
  for (unsigned position : launch.arguments) {
    if (position >= buffers.size()) {
      error = what + " passes argument " + std::to_string(position) +
              " of a program with " + std::to_string(buffers.size()) +
              " buffers";
      return failure();
    }
    // The kernel may read or write it: a receive into it lands first.
    if (failed(waitForReceives(position, error))) {
      error = "copy failed: " + error;
      return failure();
    }
    tiny_kernel_arg_t arg;
    arg.kind = TINY_KERNEL_ARG_BUFFER;
    arg.value.buffer = buffers[position];
    args.push_back(arg);
  }
  if (args.empty() || launch.image >= kernels.images.size()) {
    error = what + " has no buffer or no code object";
    return failure();
  }
  // The kernel runs on the device of its buffers (the runtime checks that
  // they agree).
  tiny_device_t device = devices[launch.arguments.front()];
  if (!device) {
    error = what + " is on '" + arguments[launch.arguments.front()].device +
            "', a device of another rank";
    return failure();
  }
  tiny_module_t &module = modules[{launch.image, device}];
  const std::string &image = kernels.images[launch.image];
  if (!module &&
      takeRuntimeError(
          tiny_module_load(device, image.data(), image.size(), &module),
          error)) {
    modules.erase({launch.image, device});
    error = what + " failed: " + error;
    return failure();
  }
  if (!llvm::is_contained(launchedOn, device))
    launchedOn.push_back(device);
  if (takeRuntimeError(tiny_launch_gpu(module, launch.kernel.c_str(), &dims,
                                       args.data(), args.size()),
                       error)) {
    error = what + " failed: " + error;
    return failure();
  }
  return success();
}

/// Copies between each argument of `role` and the host pointer it binds,
/// `host[argument.binding]`, with `copy` (an upload or a download of the
/// argument's bytes).
template <typename HostPointer, typename Copy>
static LogicalResult copyEach(ArrayRef<BufferArgument> arguments,
                              ArrayRef<tiny_buffer_t> buffers,
                              BufferRole role,
                              ArrayRef<HostPointer> host, StringRef what,
                              Copy copy, std::string &error) {
  for (auto [argument, buffer] : llvm::zip(arguments, buffers)) {
    // A null buffer is on a device of another rank, which copies it.
    if (argument.role != role || !buffer)
      continue;
    if (argument.binding < 0 ||
        argument.binding >= static_cast<int64_t>(host.size())) {
      error = ("the program binds " + what + " " +
               std::to_string(argument.binding) + " but " +
               std::to_string(host.size()) + " were given")
                  .str();
      return failure();
    }
    size_t bytes = argument.numElements * tiny_dtype_size(argument.dtype);
    if (takeRuntimeError(copy(buffer, host[argument.binding], bytes), error))
      return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::upload(ArrayRef<const void *> inputs,
                                    std::string &error) {
  return copyEach(arguments, buffers, BufferRole::Param, inputs,
                  "input", tiny_buffer_upload, error);
}

LogicalResult DeviceBuffers::launch(void (*function)(void **),
                                    const GpuKernels &kernels,
                                    std::string &error) {
  SmallVector<unsigned> hostArguments;
  SmallVector<tiny_buffer_t> hostBuffers;
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    if (!onHost[i])
      continue;
    hostArguments.push_back(i);
    hostBuffers.push_back(buffer);
  }
  HostCallFrame frame{*this,         kernels, function, hostArguments,
                      buffers.size(), {}};
  launchedOn.clear();
  rankCopies = 0;
  hostRank = localRank;
  tiny_status_t status;
  {
    ScopedFrame scope(frame);
    status = tiny_launch_cpu(callWithHostBuffers, hostBuffers.data(),
                             hostBuffers.size());
  }
  // Every copy between ranks completes before the program returns, after a
  // failure too: their staging bytes go with it.
  std::string copyError;
  if (failed(waitForAllCopies(copyError)) && frame.error.empty())
    frame.error = "copy failed: " + copyError;
  if (takeRuntimeError(status, error))
    return failure();
  // A kernel that faults says so when its device is waited for.
  for (tiny_device_t device : launchedOn) {
    std::string failure;
    if (takeRuntimeError(tiny_device_synchronize(device), failure) &&
        frame.error.empty())
      frame.error = "a GPU kernel failed: " + failure;
  }
  if (!frame.error.empty()) {
    error = std::move(frame.error);
    return failure();
  }
  return success();
}

LogicalResult DeviceBuffers::download(ArrayRef<void *> outputs,
                                      std::string &error) {
  return copyEach(arguments, buffers, BufferRole::Output, outputs,
                  "output", tiny_buffer_download, error);
}

LogicalResult mlir::tiny::runOnRuntime(tiny_runtime_t runtime,
                                       void (*function)(void **),
                                       const GpuKernels &kernels,
                                       ArrayRef<BufferArgument> arguments,
                                       ArrayRef<const void *> inputs,
                                       ArrayRef<void *> outputs,
                                       std::string &error) {
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      DeviceBuffers::allocate(runtime, arguments, error);
  if (failed(buffers) || failed((*buffers)->upload(inputs, error)) ||
      failed((*buffers)->launch(function, kernels, error)) ||
      failed((*buffers)->download(outputs, error)))
    return failure();
  return success();
}

llvm::orc::SymbolMap
mlir::tiny::getHostCallSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  symbols[interner(TINY_HOST_COPY)] = {
      llvm::orc::ExecutorAddr::fromPtr(&tiny_host_copy),
      llvm::JITSymbolFlags::Exported};
  symbols[interner(TINY_HOST_LAUNCH)] = {
      llvm::orc::ExecutorAddr::fromPtr(&tiny_host_launch),
      llvm::JITSymbolFlags::Exported};
  symbols[interner(TINY_HOST_RANK)] = {
      llvm::orc::ExecutorAddr::fromPtr(&hostRank),
      llvm::JITSymbolFlags::Exported};
  return symbols;
}
