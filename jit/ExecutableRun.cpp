//===- ExecutableRun.cpp - running compiled programs ----------------------===//
//
// Executable's run entry points: on host memory (invoke, run, execute) and
// on the runtime's buffers (prepare/launch, runOnBuffers), with the checks
// of what the caller hands in.
//
//===----------------------------------------------------------------------===//

#include "jit/CompiledCode.h"
#include "jit/HostFunctions.h"

#include "conversions/RuntimeCalls/RuntimeCalls.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "runtime/src/Status.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tiny;

LogicalResult Executable::checkHostMemory(std::string &error) const {
  uint64_t bytes = code->temporaryBytes;
  for (const BufferArgument &argument : code->arguments)
    if (getDeviceKind(argument.device) == "CPU")
      bytes += argument.numElements * tiny_dtype_size(argument.dtype);
  uint64_t memory = getHostMemoryBytes();
  if (bytes <= memory)
    return success();
  error = "the program's buffers need " + std::to_string(bytes) +
          " bytes, more than the host's " + std::to_string(memory) +
          " bytes of memory";
  return failure();
}

FailureOr<std::unique_ptr<DeviceBuffers>>
Executable::prepare(tiny_runtime_t runtime, std::string &error) const {
  if (failed(checkHostMemory(error)))
    return failure();
  return DeviceBuffers::allocate(runtime, code->arguments, error);
}

LogicalResult Executable::launch(DeviceBuffers &buffers,
                                 std::string &error) const {
  HostFunctionScope hostFunctions;
  if (failed(buffers.launch(code->function, code->kernels, error)))
    return failure();
  return hostFunctions.check(error);
}

bool Executable::needsRuntime() const {
  return tiny::needsRuntime(code->arguments);
}

ArrayRef<BufferArgument> Executable::getBufferArguments() const {
  return code->arguments;
}

LogicalResult Executable::invoke(ArrayRef<void *> buffers,
                                 std::string &error) const {
  if (needsRuntime()) {
    error = "the program spans several devices: its buffers come from the "
            "runtime (use run)";
    return failure();
  }
  if (failed(checkHostMemory(error)))
    return failure();
  if (buffers.size() != params.size() + resultTypes.size()) {
    error = "expected " + std::to_string(params.size() + resultTypes.size()) +
            " buffers, got " + std::to_string(buffers.size());
    return failure();
  }
  // The compiled function takes the buffers its arguments bind, which are
  // not all of the caller's when it reads only some params.
  SmallVector<void *> pointers;
  for (const BufferArgument &argument : code->arguments) {
    int64_t index = argument.binding;
    if (argument.role == BufferRole::Output)
      index += params.size();
    pointers.push_back(buffers[index]);
  }
  SmallVector<void *> packed;
  for (void *&pointer : pointers)
    packed.push_back(&pointer);
  HostFunctionScope hostFunctions;
  code->function(packed.data());
  return hostFunctions.check(error);
}

FailureOr<SmallVector<HostTensor>>
Executable::run(ArrayRef<HostTensor> inputs, std::string &error,
                tiny_runtime_t runtime) const {
  if (inputs.size() != params.size()) {
    error = "expected " + std::to_string(params.size()) + " inputs, got " +
            std::to_string(inputs.size());
    return failure();
  }
  if (failed(checkHostMemory(error)))
    return failure();
  SmallVector<HostTensor> copies;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    RankedTensorType type = params[i].type;
    std::string slot = "input " + std::to_string(i) + " (param slot " +
                       std::to_string(params[i].slot) + ")";
    if (input.dtype != type.getElementType()) {
      std::string expected, got;
      llvm::raw_string_ostream(expected) << type.getElementType();
      llvm::raw_string_ostream(got) << input.dtype;
      error = slot + " has dtype " + got + ", expected " + expected;
      return failure();
    }
    if (input.getNumElements() != type.getNumElements()) {
      error = slot + " has " + std::to_string(input.getNumElements()) +
              " elements, expected " + std::to_string(type.getNumElements()) +
              " (shape " + formatShape(type.getShape()) + ")";
      return failure();
    }
    copies.push_back(input);
  }
  SmallVector<HostTensor> results;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    FailureOr<HostTensor> result =
        HostTensor::allocate(type.getElementType(), type.getShape(), error);
    if (failed(result)) {
      error = "result " + std::to_string(i) + ": " + error;
      return failure();
    }
    results.push_back(std::move(*result));
  }

  SmallVector<void *> inputData, outputData;
  for (HostTensor &tensor : copies)
    inputData.push_back(tensor.data.data());
  for (HostTensor &tensor : results)
    outputData.push_back(tensor.data.data());
  if (failed(execute(inputData, outputData, error, runtime)))
    return failure();
  return results;
}

LogicalResult Executable::checkCounts(size_t numInputs, size_t numOutputs,
                                      std::string &error) const {
  if (numInputs == params.size() && numOutputs == resultTypes.size())
    return success();
  error = "expected " + std::to_string(params.size()) + " inputs and " +
          std::to_string(resultTypes.size()) + " outputs, got " +
          std::to_string(numInputs) + " and " + std::to_string(numOutputs);
  return failure();
}

LogicalResult Executable::execute(ArrayRef<void *> inputs,
                                  ArrayRef<void *> outputs, std::string &error,
                                  tiny_runtime_t runtime) const {
  if (failed(checkCounts(inputs.size(), outputs.size(), error)))
    return failure();
  if (!runtime && !needsRuntime()) {
    SmallVector<void *> buffers(inputs);
    buffers.append(outputs.begin(), outputs.end());
    return invoke(buffers, error);
  }
  if (failed(checkHostMemory(error)))
    return failure();
  tiny_runtime_t ownRuntime = nullptr;
  if (!runtime) {
    if (takeRuntimeError(tiny_runtime_create(&ownRuntime), error))
      return failure();
    runtime = ownRuntime;
  }
  SmallVector<const void *> inputData(inputs.begin(), inputs.end());
  HostFunctionScope hostFunctions;
  LogicalResult ran = runOnRuntime(runtime, code->function, code->kernels,
                                   code->arguments, inputData, outputs, error);
  if (succeeded(ran))
    ran = hostFunctions.check(error);
  if (ownRuntime)
    tiny_status_free(tiny_runtime_destroy(ownRuntime));
  return ran;
}

std::string mlir::tiny::getRuntimeDeviceName(RankedTensorType type) {
  DeviceAttr device = getDevice(type);
  if (!device)
    return "CPU";
  std::string name;
  llvm::interleave(
      device.getNames(), [&](StringAttr part) { name += part.str(); },
      [&] { name += ","; });
  return name;
}

/// Checks that `buffer` can stand for a tensor of `type`: a live buffer on
/// the tensor's device of `runtime`, with its dtype and element count.
static tiny_status_t checkRuntimeBuffer(tiny_runtime_t runtime,
                                        tiny_buffer_t buffer,
                                        RankedTensorType type,
                                        const std::string &name) {
  using ::tiny::runtime::makeStatus;
  tiny_device_t device = nullptr, expected = nullptr;
  tiny_dtype_t dtype = 0;
  size_t count = 0;
  if (tiny_status_t status = tiny_buffer_device(buffer, &device))
    return status;
  if (tiny_status_t status = tiny_buffer_dtype(buffer, &dtype))
    return status;
  if (tiny_status_t status = tiny_buffer_element_count(buffer, &count))
    return status;
  std::string deviceName = getRuntimeDeviceName(type);
  if (tiny_status_t status =
          tiny_device_get(runtime, deviceName.c_str(), &expected)) {
    tiny_status_free(status);
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      name + " lives on '" + deviceName +
                          "', which this runtime has no single device for");
  }
  if (device != expected)
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      name + " must be a buffer on '" + deviceName +
                          "' of this runtime");
  tiny_dtype_t expectedDtype = getRuntimeDtype(type.getElementType());
  if (dtype != expectedDtype ||
      count != static_cast<size_t>(type.getNumElements()))
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                      name + " holds " + std::to_string(count) +
                          " elements of " + tiny_dtype_name(dtype) +
                          ", expected " +
                          std::to_string(type.getNumElements()) + " of " +
                          tiny_dtype_name(expectedDtype));
  return nullptr;
}

tiny_status_t Executable::runOnBuffers(tiny_runtime_t runtime,
                                       ArrayRef<tiny_buffer_t> inputs,
                                       ArrayRef<tiny_buffer_t> outputs) const {
  using ::tiny::runtime::makeStatus;
  std::string error;
  if (failed(checkCounts(inputs.size(), outputs.size(), error)))
    return makeStatus(TINY_STATUS_INVALID_ARGUMENT, error);
  // Every input is checked, also those of params the lowering dropped: the
  // caller's promise is to the signature, which may read them tomorrow.
  llvm::SmallPtrSet<tiny_buffer_t, 8> seen;
  auto check = [&](tiny_buffer_t buffer, RankedTensorType type,
                   const std::string &name) -> tiny_status_t {
    if (!buffer)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT, name + " is NULL");
    if (!seen.insert(buffer).second)
      return makeStatus(TINY_STATUS_INVALID_ARGUMENT,
                        name + " is a buffer given twice");
    return checkRuntimeBuffer(runtime, buffer, type, name);
  };
  for (auto [i, buffer] : llvm::enumerate(inputs))
    if (tiny_status_t status =
            check(buffer, params[i].type, "input " + std::to_string(i)))
      return status;
  for (auto [i, buffer] : llvm::enumerate(outputs))
    if (tiny_status_t status =
            check(buffer, resultTypes[i], "output " + std::to_string(i)))
      return status;
  FailureOr<std::unique_ptr<DeviceBuffers>> buffers =
      DeviceBuffers::bind(runtime, code->arguments, inputs, outputs, error);
  if (failed(buffers) || failed(launch(**buffers, error)))
    return makeStatus(TINY_STATUS_INTERNAL, error);
  return nullptr;
}
