//===- HostSchedule.h - running compiled programs on the runtime -*- C++
//-*-===//
//
// A compiled program's buffers are its arguments. Run on the tiny runtime,
// each is allocated on its device first (params uploaded), the program runs
// with their memory, and the outputs are downloaded; copies between devices
// inside the program call back into the runtime (tiny_host_copy), which
// finds the buffers by argument position. That makes every allocation and
// every byte moved visible in the devices' counters. Kernels on CPU devices
// run in place on the buffers' memory; kernels on GPU devices are launched
// through the runtime too (tiny_host_launch), which loads each code object
// once per device and passes the kernel its buffers by argument position.
//
// A program whose devices live on several MPI ranks ("KIND:N@R",
// docs/device-names.md) runs SPMD: each rank allocates, uploads and
// downloads the buffers of its own devices only, its compiled code runs the
// kernels of those devices only (each kernel is guarded by a test of
// `tiny_host_rank`, see `guardKernelsByRank` in Executable.cpp), and a copy
// between devices of two ranks is a send and a receive through the
// registered RankTransport (jit/RankTransport.h). Those start without
// waiting: a send is staged in host memory and waited for when the program
// ends, or before the next send to the same rank starts (one send in flight
// per peer: with several large sends outstanding to one rank, Open MPI
// delivered each at 0.3 GB/s; bench-mpi-program's naive allreduce over 2
// ranks of 2 CPU devices, 4 MiB per shard, 87-99 ms -> 11.7 ms); a receive
// into a buffer the compiled code never addresses itself (a GPU device's) is
// waited for before the next copy, launch or download that touches that
// buffer, so kernels that do not need it run meanwhile; a receive into a CPU
// device's buffer, which kernels read in place without a call first, is
// waited for before its copy returns.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_HOSTSCHEDULE_H
#define TINY_JIT_HOSTSCHEDULE_H

#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/GpuKernels.h"
#include "jit/RankTransport.h"
#include "tiny/runtime.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <map>
#include <string>
#include <vector>

namespace mlir {
namespace tiny {

/// One argument of a compiled program: a flat buffer and what it is for.
struct BufferArgument {
  /// What the caller gives for it: an input, an output, or nothing (a
  /// scratch buffer the runtime allocates).
  BufferRole role;
  /// Which of the caller's buffers it binds: for a param, its slot (which
  /// `Executable` renumbers to the slot's position among the program's
  /// declared params, the index of the caller's input); for an output, the
  /// result's index; for a scratch buffer, its number. Canonicalization may
  /// drop params the program never reads, so a param's position among the
  /// arguments is not its input's.
  int64_t binding;
  /// The device the runtime allocates it on ("CPU" unless the program spans
  /// several devices and says otherwise).
  std::string device;
  tiny_dtype_t dtype;
  int64_t numElements;
};

/// True when the program names a device of a rank other than 0: it runs
/// SPMD, one rank per process, with a RankTransport registered.
bool spansRanks(ArrayRef<BufferArgument> arguments);

/// Reads the buffer arguments of the kernel-level function `func` made by
/// -tiny-rangeify (each argument's `#tiny.buffer` and memref type). Fails,
/// with a diagnostic, on an argument without one.
FailureOr<SmallVector<BufferArgument>> getBufferArguments(Operation *func);

/// True when running the program needs the runtime: it has buffers only the
/// runtime allocates, or buffers on devices other than the host.
bool needsRuntime(ArrayRef<BufferArgument> arguments);

/// A program's buffers, allocated on their devices, for running it once or
/// many times: upload the params, launch, download the outputs.
class DeviceBuffers {
public:
  /// Allocates every argument on its device; on failure `error` says why
  /// (an unknown device, a memory limit) and nothing stays allocated.
  static FailureOr<std::unique_ptr<DeviceBuffers>>
  allocate(tiny_runtime_t runtime, ArrayRef<BufferArgument> arguments,
           std::string &error);
  /// Binds the caller's runtime buffers instead: each param argument to
  /// `inputs[binding]` and each output to `outputs[binding]`, which the
  /// program then reads and writes in place (each is retained while these
  /// buffers live); scratch buffers are allocated. The caller has checked
  /// that each bound buffer is on its argument's device of `runtime` with
  /// its dtype and element count (see `Executable::runOnBuffers`).
  static FailureOr<std::unique_ptr<DeviceBuffers>>
  bind(tiny_runtime_t runtime, ArrayRef<BufferArgument> arguments,
       ArrayRef<tiny_buffer_t> inputs, ArrayRef<tiny_buffer_t> outputs,
       std::string &error);
  ~DeviceBuffers();
  DeviceBuffers(const DeviceBuffers &) = delete;
  DeviceBuffers &operator=(const DeviceBuffers &) = delete;

  /// Uploads each param argument's bytes from `inputs[binding]`; inputs no
  /// argument binds (params the program does not read) are skipped.
  LogicalResult upload(ArrayRef<const void *> inputs, std::string &error);
  /// Calls the packed entry `function` on the buffers; its copies between
  /// devices go through the runtime, and so do its launches of `kernels`,
  /// whose failures (a module the driver rejects, a kernel that faults)
  /// are reported here once the devices have finished. Every copy between
  /// ranks it started is waited for before it returns, failed or not.
  LogicalResult launch(void (*function)(void **), const GpuKernels &kernels,
                       std::string &error);
  /// Downloads each output argument into `outputs[binding]`. Outputs on
  /// devices of other ranks are left alone: their rank holds them.
  LogicalResult download(ArrayRef<void *> outputs, std::string &error);

  /// What tiny_host_copy does for the running program: copies `bytes` from
  /// argument `src` at byte `srcOffset` to argument `dst` at `dstOffset`.
  /// Between devices of two ranks, the source's rank starts a send and the
  /// destination's a receive (waited for as the file comment says); a rank
  /// that owns neither does nothing. Waits first for pending receives into
  /// either buffer of this rank.
  LogicalResult copy(int64_t dst, int64_t dstOffset, int64_t src,
                     int64_t srcOffset, int64_t bytes, std::string &error);
  /// What tiny_host_launch does: queues launch `id` of `kernels` with
  /// `dims` on the device of its buffers, loading its code object there
  /// first unless these buffers' launches did already.
  LogicalResult launchKernel(const GpuKernels &kernels, int64_t id,
                             const tiny_launch_dims_t &dims,
                             std::string &error);
  /// Waits for the receives from other ranks into argument `argument` that
  /// are still pending, and puts their bytes in place. On failure `error`
  /// names the copy and why it failed.
  LogicalResult waitForReceives(int64_t argument, std::string &error);
  /// Waits for every send and receive still pending, in the order they
  /// started (each at most the transport's timeout); `error` gets the first
  /// failure's.
  LogicalResult waitForAllCopies(std::string &error);
  /// The number of copies between ranks started and not yet waited for.
  size_t numPendingCopies() const { return pendingCopies.size(); }

private:
  /// A copy between ranks started and not yet waited for.
  struct PendingCopy {
    ::tiny::RankTransport::RequestId id;
    /// The host bytes it sends, or receives into; they stay here (and so
    /// alive) until the request completes.
    std::vector<char> staging;
    /// For a receive, the argument and byte offset its bytes go to once
    /// they arrived; -1 for a send.
    int64_t dst;
    int64_t dstOffset;
    /// The rank it sends to or receives from.
    int peer;
    /// Names the copy in an error: "copy from 'A' to 'B': ".
    std::string what;
  };
  /// Waits for `pendingCopies[index]` and removes it.
  LogicalResult complete(size_t index, std::string &error);
  /// Waits for the sends to rank `peer` still pending.
  LogicalResult waitForSends(int peer, std::string &error);

  DeviceBuffers(ArrayRef<BufferArgument> arguments)
      : arguments(arguments.begin(), arguments.end()) {}

  SmallVector<BufferArgument> arguments;
  SmallVector<tiny_buffer_t> buffers;
  /// The device of each buffer, and whether it is a CPU device (whose
  /// memory the host function may address).
  SmallVector<tiny_device_t> devices;
  SmallVector<bool> onHost;
  /// The rank owning each buffer's device; buffers of other ranks than
  /// `localRank` are null here.
  SmallVector<int> ranks;
  int localRank = 0;
  /// The transport to other ranks, for a program across ranks.
  ::tiny::RankTransport *transport = nullptr;
  /// Copies between ranks in the current launch, which number their
  /// messages: every rank runs every copy call, in the same order.
  unsigned rankCopies = 0;
  /// Copies between ranks started and not yet waited for, in start order.
  std::vector<PendingCopy> pendingCopies;
  /// Code objects loaded so far, by image index and device.
  std::map<std::pair<unsigned, tiny_device_t>, tiny_module_t> modules;
  /// The devices kernels were queued on during the current launch.
  SmallVector<tiny_device_t> launchedOn;
};

/// Runs the packed entry `function` on `runtime`: allocates every argument
/// on its device, uploads `inputs` (see `DeviceBuffers::upload`), calls the
/// program (which launches `kernels`), then downloads each output into
/// `outputs` (see `DeviceBuffers::download`) and releases every
/// buffer. On failure `error` says what failed (an unknown device, a
/// missing GPU driver, a memory limit, a failed copy or launch).
LogicalResult runOnRuntime(tiny_runtime_t runtime, void (*function)(void **),
                           const GpuKernels &kernels,
                           ArrayRef<BufferArgument> arguments,
                           ArrayRef<const void *> inputs,
                           ArrayRef<void *> outputs, std::string &error);

/// Moves the message of a failed runtime call into `error` and frees the
/// status; returns false, leaving `error` alone, when the call succeeded.
bool takeRuntimeError(tiny_status_t status, std::string &error);

/// The runtime entry points compiled host schedules call, for the JIT.
llvm::orc::SymbolMap getHostCallSymbols(llvm::orc::MangleAndInterner interner);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_HOSTSCHEDULE_H
