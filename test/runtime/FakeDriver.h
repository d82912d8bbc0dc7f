/*===- FakeDriver.h - Controls of the stand-in GPU driver ---------*- C -*-===*\
|*                                                                            *|
|* FakeDriver.c exports the CUDA driver API and HIP entry points the runtime *|
|* uses, backed by host memory, and these `fake_` functions to set it up and *|
|* inspect it. A test reaches them with dlsym on the same library the        *|
|* runtime loads (FakeDriverControl.h), so both see one state.               *|
|*                                                                            *|
|* The fake is stricter than a real driver where a runtime bug would        *|
|* otherwise go unseen: device addresses are not host addresses, every      *|
|* address must fall inside a live allocation, new memory holds 0xab bytes  *|
|* (not zeros), copies between overlapping ranges fail, a CUDA call without *|
|* a current context fails, and a kernel launches only from its module's    *|
|* device.                                                                    *|
|*                                                                            *|
|* Kernels. A module is text holding `.entry NAME` lines (PTX does); its     *|
|* kernels are those names. Launching one runs it at once over all          *|
|* T = grid x block threads, thread t of T:                                  *|
|*   axpy_f32(float *x, float *y, float a, int64 n): y[t] = a * x[t] + y[t]  *|
|*   scale_f64(double *x, double s, int32 n):       x[t] = x[t] * s          *|
|* for t < n; any other kernel does nothing. A pointer argument whose n     *|
|* elements are not in one allocation of the launching device makes the     *|
|* launch fail with an illegal address, reported (once) by the next call    *|
|* that waits for the device, as a real fault is. Each launch advances the  *|
|* device's clock, which events read, by FAKE_LAUNCH_MILLISECONDS.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_TEST_RUNTIME_FAKEDRIVER_H
#define TINY_TEST_RUNTIME_FAKEDRIVER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Which of the two APIs a control is about.
enum { FAKE_CUDA = 0, FAKE_HIP = 1 };

#define FAKE_MAX_DEVICES 8
/// The clock time one launch takes.
#define FAKE_LAUNCH_MILLISECONDS 0.25f

/// The most kernel parameters a launch record keeps.
#define FAKE_MAX_LAUNCH_ARGS 16

/// What the last launch was given.
struct fake_launch {
  char kernel[64];
  int api;
  int device;
  unsigned grid[3];
  unsigned block[3];
  unsigned shared_memory_bytes;
  /// The kernel's parameters, as many as its `.entry` line declares `.param`
  /// entries (up to FAKE_MAX_LAUNCH_ARGS); a `.u64` one (a pointer) is kept
  /// as the device address passed, any other as 0.
  int num_args;
  unsigned long long args[FAKE_MAX_LAUNCH_ARGS];
};

/// Frees everything and restores the defaults: 2 CUDA and 2 HIP devices of
/// 1 MiB each, no injected errors, zero call counts.
void fake_reset(void);
/// Sets how many devices `api` reports (at most FAKE_MAX_DEVICES).
void fake_set_device_count(int api, int count);
/// Sets each device's memory; allocations past it fail as out of memory.
void fake_set_device_memory(size_t bytes);
/// Makes `function` return `error` from its call after the next `skip`
/// calls on, until the next reset.
void fake_fail(const char *function, int error, int skip);
/// How often `function` was called since the last reset.
int fake_call_count(const char *function);
/// Live allocations of `api`, and their bytes on one of its devices.
int fake_live_allocations(int api);
size_t fake_live_bytes(int api, int device);
/// Loaded modules and live events, of both APIs.
int fake_live_modules(void);
int fake_live_events(void);
/// References to CUDA device `device`'s primary context.
int fake_context_references(int device);
/// The depth of the calling thread's CUDA context stack.
int fake_context_depth(void);
/// The calling thread's current HIP device.
int fake_current_hip_device(void);
/// How many launches ran since the last reset, and the last one.
int fake_launch_count(void);
void fake_last_launch(struct fake_launch *out);
/// The bytes of the live allocation of `api` device `device` that starts at
/// `address`, or 0 when there is none.
size_t fake_allocation_bytes(int api, int device, unsigned long long address);
/// Copies `bytes` of device memory at `address` into `out`; returns 0, or
/// -1 when they are not inside one live allocation of that device.
int fake_read(int api, int device, unsigned long long address, void *out,
              size_t bytes);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TINY_TEST_RUNTIME_FAKEDRIVER_H */
