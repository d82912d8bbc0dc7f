/*===- FakeDriver.c - A stand-in driver library for the GPU back ends ----===*\
|*                                                                            *|
|* Loaded with dlopen by DeviceTest through tiny_runtime_set_driver_library:  *|
|* its CUDA entry points report two working devices, its HIP ones a driver   *|
|* that finds no device, so both paths after a successful dlopen are tested  *|
|* on machines without a GPU.                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stddef.h>

#define FAKE_EXPORT __attribute__((visibility("default")))

enum { kNoDevice = 100 };

FAKE_EXPORT int cuInit(unsigned flags) { return 0; }

FAKE_EXPORT int cuDeviceGetCount(int *count) {
  *count = 2;
  return 0;
}

FAKE_EXPORT int cuGetErrorName(int error, const char **name) {
  *name = error == kNoDevice ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_UNKNOWN";
  return 0;
}

FAKE_EXPORT int hipInit(unsigned flags) { return kNoDevice; }

FAKE_EXPORT int hipGetDeviceCount(int *count) {
  *count = 0;
  return kNoDevice;
}

FAKE_EXPORT const char *hipGetErrorName(int error) {
  return error == kNoDevice ? "hipErrorNoDevice" : "hipErrorUnknown";
}
