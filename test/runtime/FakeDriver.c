/*===- FakeDriver.c - A stand-in CUDA and HIP driver library -------------===*\
|*                                                                            *|
|* Loaded with dlopen by the runtime's tests through                         *|
|* tiny_runtime_set_driver_library, so the GPU back ends run for real on     *|
|* machines without a GPU: the CUDA driver API and HIP entry points they     *|
|* use, backed by host memory. FakeDriver.h says how the fake behaves and    *|
|* declares its controls.                                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* For strdup. */
#define _POSIX_C_SOURCE 200809L

#include "FakeDriver.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAKE_EXPORT __attribute__((visibility("default")))

/* The error numbers used here; CUDA and HIP share them. */
enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kNoDevice = 100,
  kInvalidDevice = 101,
  kInvalidImage = 200,
  kInvalidContext = 201,
  kInvalidPtx = 218,
  kInvalidHandle = 400,
  kNotFound = 500,
  kIllegalAddress = 700,
};

/* CUDA's JIT options for the error log (CUjit_option). */
enum { kJitErrorLogBuffer = 5, kJitErrorLogBufferSizeBytes = 6 };

/* hipMemcpyKind. */
enum { kHostToDevice = 1, kDeviceToHost = 2, kDeviceToDevice = 3 };

enum {
  kMaxFailures = 16,
  kMaxCounted = 64,
  kMaxContextDepth = 16,
  kMaxThreadsPerBlock = 1024,
  kMaxSharedMemoryBytes = 48 * 1024,
};

/* Device addresses start at a non-canonical x86-64 address, so the runtime
 * touching one as host memory faults at once. */
static const uint64_t kAddressBase = 0xd000000000000000ull;

/*===----------------------------------------------------------------------===*
 * State
 *===----------------------------------------------------------------------===*/

struct allocation {
  uint64_t address;
  size_t bytes;
  int api;
  int device;
  unsigned char *data;
};

struct function {
  struct module *module;
  char name[64];
  struct function *next;
};

struct module {
  int api;
  int device;
  char *text;
  struct function *functions;
  struct module *next;
};

struct event {
  int api;
  int device;
  int recorded;
  float time;
};

/* A CUDA primary context: one per device, alive while retained. */
struct context {
  int device;
  int references;
};

struct failure {
  const char *function;
  int error;
  int skip;
};

struct counted {
  const char *function;
  int count;
};

struct fake_state {
  int device_count[2];
  size_t device_memory;
  struct allocation *allocations;
  int num_allocations;
  uint64_t next_address;
  struct context contexts[FAKE_MAX_DEVICES];
  struct module *modules;
  int live_events;
  /* An illegal address a launch hit, until a call that waits reports it. */
  int pending_error[2][FAKE_MAX_DEVICES];
  float clock[2][FAKE_MAX_DEVICES];
  struct failure failures[kMaxFailures];
  int num_failures;
  struct counted counts[kMaxCounted];
  int launches;
  struct fake_launch last_launch;
};

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static struct fake_state fake;

static __thread struct context *context_stack[kMaxContextDepth];
static __thread int context_depth;
static __thread int hip_device;

/* Needs the mutex. */
static void reset_locked(void) {
  for (int i = 0; i < fake.num_allocations; ++i)
    free(fake.allocations[i].data);
  free(fake.allocations);
  while (fake.modules) {
    struct module *module = fake.modules;
    fake.modules = module->next;
    while (module->functions) {
      struct function *function = module->functions;
      module->functions = function->next;
      free(function);
    }
    free(module->text);
    free(module);
  }
  for (int i = 0; i < fake.num_failures; ++i)
    free((char *)fake.failures[i].function);
  for (int i = 0; i < kMaxCounted; ++i)
    free((char *)fake.counts[i].function);
  memset(&fake, 0, sizeof(fake));
  fake.device_count[FAKE_CUDA] = 2;
  fake.device_count[FAKE_HIP] = 2;
  fake.device_memory = (size_t)1 << 20;
  fake.next_address = kAddressBase;
  for (int i = 0; i < FAKE_MAX_DEVICES; ++i)
    fake.contexts[i].device = i;
  initialized = 1;
}

static void lock(void) {
  pthread_mutex_lock(&mutex);
  if (!initialized)
    reset_locked();
}

static int unlock(int error) {
  pthread_mutex_unlock(&mutex);
  return error;
}

/* Counts a call of `function` and returns the error injected for it, if
 * any. Needs the mutex. */
static int enter(const char *function) {
  for (int i = 0; i < kMaxCounted; ++i) {
    struct counted *counted = &fake.counts[i];
    if (!counted->function && !(counted->function = strdup(function)))
      break;
    if (strcmp(counted->function, function) == 0) {
      ++counted->count;
      break;
    }
  }
  for (int i = 0; i < fake.num_failures; ++i) {
    struct failure *failure = &fake.failures[i];
    if (strcmp(failure->function, function) != 0)
      continue;
    if (failure->skip > 0) {
      --failure->skip;
      return kSuccess;
    }
    return failure->error;
  }
  return kSuccess;
}

/* Locks, counts the call and returns an injected error. */
#define ENTER(function)                                                        \
  do {                                                                         \
    lock();                                                                    \
    int injected = enter(function);                                            \
    if (injected)                                                              \
      return unlock(injected);                                                 \
  } while (0)

/*===----------------------------------------------------------------------===*
 * Memory
 *===----------------------------------------------------------------------===*/

/* The allocation holding all of [address, address + bytes), or NULL. */
static struct allocation *find_allocation(uint64_t address, size_t bytes) {
  for (int i = 0; i < fake.num_allocations; ++i) {
    struct allocation *allocation = &fake.allocations[i];
    if (address >= allocation->address &&
        address - allocation->address <= allocation->bytes &&
        bytes <= allocation->bytes - (address - allocation->address))
      return allocation;
  }
  return NULL;
}

static unsigned char *host_of(struct allocation *allocation, uint64_t address) {
  return allocation->data + (address - allocation->address);
}

static size_t used_bytes(int api, int device) {
  size_t used = 0;
  for (int i = 0; i < fake.num_allocations; ++i)
    if (fake.allocations[i].api == api && fake.allocations[i].device == device)
      used += fake.allocations[i].bytes;
  return used;
}

static int allocate(int api, int device, size_t bytes, uint64_t *out) {
  if (bytes == 0)
    return kInvalidValue;
  if (bytes > fake.device_memory - used_bytes(api, device))
    return kOutOfMemory;
  unsigned char *data = malloc(bytes);
  struct allocation *grown = realloc(
      fake.allocations, (fake.num_allocations + 1) * sizeof(struct allocation));
  if (!data || !grown) {
    free(data);
    if (grown)
      fake.allocations = grown;
    return kOutOfMemory;
  }
  /* Not zeros: the runtime must clear new buffers itself. */
  memset(data, 0xab, bytes);
  fake.allocations = grown;
  struct allocation *allocation = &fake.allocations[fake.num_allocations++];
  allocation->address = fake.next_address;
  allocation->bytes = bytes;
  allocation->api = api;
  allocation->device = device;
  allocation->data = data;
  /* A gap after each allocation, so an overrun is outside every one. */
  fake.next_address += (bytes + 255) / 256 * 256 + 256;
  *out = allocation->address;
  return kSuccess;
}

static int deallocate(uint64_t address) {
  for (int i = 0; i < fake.num_allocations; ++i) {
    if (fake.allocations[i].address != address)
      continue;
    free(fake.allocations[i].data);
    fake.allocations[i] = fake.allocations[--fake.num_allocations];
    return kSuccess;
  }
  return kInvalidValue;
}

static int set_memory(uint64_t address, int value, size_t bytes) {
  struct allocation *allocation = find_allocation(address, bytes);
  if (!allocation)
    return kInvalidValue;
  memset(host_of(allocation, address), value, bytes);
  return kSuccess;
}

static int copy_in(uint64_t dst, const void *src, size_t bytes) {
  struct allocation *allocation = find_allocation(dst, bytes);
  if (!allocation || (!src && bytes))
    return kInvalidValue;
  memcpy(host_of(allocation, dst), src, bytes);
  return kSuccess;
}

static int copy_out(void *dst, uint64_t src, size_t bytes) {
  struct allocation *allocation = find_allocation(src, bytes);
  if (!allocation || (!dst && bytes))
    return kInvalidValue;
  memcpy(dst, host_of(allocation, src), bytes);
  return kSuccess;
}

/* Device to device; `dst_device` and `src_device` are checked when not -1. */
static int copy_between(int api, uint64_t dst, int dst_device, uint64_t src,
                        int src_device, size_t bytes) {
  struct allocation *to = find_allocation(dst, bytes);
  struct allocation *from = find_allocation(src, bytes);
  if (!to || !from || to->api != api || from->api != api)
    return kInvalidValue;
  if ((dst_device >= 0 && to->device != dst_device) ||
      (src_device >= 0 && from->device != src_device))
    return kInvalidValue;
  /* Real copies are memcpy: overlapping ranges are the caller's bug. */
  if (dst < src + bytes && src < dst + bytes)
    return kInvalidValue;
  memcpy(host_of(to, dst), host_of(from, src), bytes);
  return kSuccess;
}

/* The error a failed launch left on the device, reported once. */
static int take_pending_error(int api, int device) {
  int error = fake.pending_error[api][device];
  fake.pending_error[api][device] = kSuccess;
  return error;
}

/*===----------------------------------------------------------------------===*
 * Modules and kernels
 *===----------------------------------------------------------------------===*/

/* Whether `text` has the line `.entry NAME` (followed by '(' or a space). */
static int has_entry(const char *text, const char *name) {
  size_t length = strlen(name);
  for (const char *at = strstr(text, ".entry "); at;
       at = strstr(at + 1, ".entry ")) {
    const char *word = at + strlen(".entry ");
    while (*word == ' ')
      ++word;
    if (strncmp(word, name, length) == 0 &&
        (word[length] == '(' || word[length] == ' ' || word[length] == '\n' ||
         word[length] == 0))
      return 1;
  }
  return 0;
}

static int load_module(int api, int device, const char *text,
                       struct module **out) {
  if (!strstr(text, ".entry "))
    return api == FAKE_CUDA ? kInvalidPtx : kInvalidImage;
  struct module *module = calloc(1, sizeof(struct module));
  if (!module || !(module->text = strdup(text))) {
    free(module);
    return kOutOfMemory;
  }
  module->api = api;
  module->device = device;
  module->next = fake.modules;
  fake.modules = module;
  *out = module;
  return kSuccess;
}

static int is_live_module(struct module *module) {
  for (struct module *live = fake.modules; live; live = live->next)
    if (live == module)
      return 1;
  return 0;
}

static int unload_module(struct module *module) {
  for (struct module **link = &fake.modules; *link; link = &(*link)->next) {
    if (*link != module)
      continue;
    *link = module->next;
    while (module->functions) {
      struct function *function = module->functions;
      module->functions = function->next;
      free(function);
    }
    free(module->text);
    free(module);
    return kSuccess;
  }
  return kInvalidHandle;
}

static int get_function(struct module *module, const char *name,
                        struct function **out) {
  if (!is_live_module(module) || !name)
    return kInvalidHandle;
  if (strlen(name) >= sizeof(((struct function *)0)->name) ||
      !has_entry(module->text, name))
    return kNotFound;
  struct function *function = calloc(1, sizeof(struct function));
  if (!function)
    return kOutOfMemory;
  function->module = module;
  strcpy(function->name, name);
  function->next = module->functions;
  module->functions = function;
  *out = function;
  return kSuccess;
}

/* The host memory behind `count` elements of `size` bytes at `address` on
 * the device, or NULL. */
static void *reach(int api, int device, uint64_t address, int64_t count,
                   size_t size) {
  struct allocation *allocation =
      find_allocation(address, (size_t)count * size);
  if (!allocation || allocation->api != api || allocation->device != device)
    return NULL;
  return host_of(allocation, address);
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Records the parameters of `name` in `text` passed in `params`: each
 * `.param` up to the `)` closing its `.entry`, a `.u64` one read as an
 * address. */
static void record_args(const char *text, const char *name, void **params,
                        struct fake_launch *record) {
  record->num_args = 0;
  size_t length = strlen(name);
  const char *at = strstr(text, ".entry ");
  for (; at; at = strstr(at + 1, ".entry ")) {
    const char *word = at + strlen(".entry ");
    while (*word == ' ')
      ++word;
    if (strncmp(word, name, length) == 0 &&
        (word[length] == '(' || word[length] == ' ' || word[length] == '\n'))
      break;
  }
  const char *open = at ? strchr(at, '(') : NULL;
  const char *close = open ? strchr(open, ')') : NULL;
  if (!close)
    return;
  for (const char *param = strstr(open, ".param"); param && param < close;
       param = strstr(param + 1, ".param")) {
    if (record->num_args == FAKE_MAX_LAUNCH_ARGS)
      return;
    const char *type = param + strlen(".param");
    while (*type == ' ' || *type == '\t')
      ++type;
    int index = record->num_args++;
    record->args[index] = params && strncmp(type, ".u64", 4) == 0
                              ? *(uint64_t *)params[index]
                              : 0;
  }
}

static int launch(int api, int device, struct function *function,
                  const unsigned grid[3], const unsigned block[3],
                  unsigned shared_memory_bytes, void **params) {
  struct module *module = function->module;
  if (module->device != device || module->api != api)
    return kInvalidHandle;
  uint64_t threads_per_block = (uint64_t)block[0] * block[1] * block[2];
  uint64_t blocks = (uint64_t)grid[0] * grid[1] * grid[2];
  if (threads_per_block == 0 || blocks == 0 ||
      threads_per_block > kMaxThreadsPerBlock ||
      shared_memory_bytes > kMaxSharedMemoryBytes)
    return kInvalidValue;

  struct fake_launch *record = &fake.last_launch;
  strcpy(record->kernel, function->name);
  record->api = api;
  record->device = device;
  memcpy(record->grid, grid, sizeof(record->grid));
  memcpy(record->block, block, sizeof(record->block));
  record->shared_memory_bytes = shared_memory_bytes;
  record_args(module->text, function->name, params, record);
  ++fake.launches;
  fake.clock[api][device] += FAKE_LAUNCH_MILLISECONDS;

  int64_t threads = (int64_t)(blocks * threads_per_block);
  if (strcmp(function->name, "axpy_f32") == 0) {
    if (!params)
      return kInvalidValue;
    uint64_t x_address = *(uint64_t *)params[0];
    uint64_t y_address = *(uint64_t *)params[1];
    float a = *(float *)params[2];
    int64_t n = min64(*(int64_t *)params[3], threads);
    if (n <= 0)
      return kSuccess;
    float *x = reach(api, device, x_address, n, sizeof(float));
    float *y = reach(api, device, y_address, n, sizeof(float));
    if (!x || !y) {
      fake.pending_error[api][device] = kIllegalAddress;
      return kSuccess;
    }
    for (int64_t t = 0; t < n; ++t)
      y[t] = a * x[t] + y[t];
  } else if (strcmp(function->name, "scale_f64") == 0) {
    if (!params)
      return kInvalidValue;
    uint64_t x_address = *(uint64_t *)params[0];
    double s = *(double *)params[1];
    int64_t n = min64(*(int32_t *)params[2], threads);
    if (n <= 0)
      return kSuccess;
    double *x = reach(api, device, x_address, n, sizeof(double));
    if (!x) {
      fake.pending_error[api][device] = kIllegalAddress;
      return kSuccess;
    }
    for (int64_t t = 0; t < n; ++t)
      x[t] = x[t] * s;
  }
  return kSuccess;
}

static struct event *create_event(int api, int device) {
  struct event *event = calloc(1, sizeof(struct event));
  if (event) {
    event->api = api;
    event->device = device;
    ++fake.live_events;
  }
  return event;
}

static void destroy_event(struct event *event) {
  free(event);
  --fake.live_events;
}

static int record_event(struct event *event, int api, int device) {
  if (event->api != api || event->device != device)
    return kInvalidHandle;
  event->recorded = 1;
  event->time = fake.clock[api][device];
  return kSuccess;
}

static int elapsed_time(float *milliseconds, struct event *start,
                        struct event *end) {
  if (!start->recorded || !end->recorded || start->api != end->api ||
      start->device != end->device)
    return kInvalidHandle;
  *milliseconds = end->time - start->time;
  return kSuccess;
}

/*===----------------------------------------------------------------------===*
 * Error names
 *===----------------------------------------------------------------------===*/

struct error_words {
  int error;
  const char *cuda_name;
  const char *hip_name;
  const char *description;
};

static const struct error_words kErrorWords[] = {
    {kSuccess, "CUDA_SUCCESS", "hipSuccess", "no error"},
    {kInvalidValue, "CUDA_ERROR_INVALID_VALUE", "hipErrorInvalidValue",
     "invalid argument"},
    {kOutOfMemory, "CUDA_ERROR_OUT_OF_MEMORY", "hipErrorOutOfMemory",
     "out of memory"},
    {kNoDevice, "CUDA_ERROR_NO_DEVICE", "hipErrorNoDevice",
     "no GPU device is detected"},
    {kInvalidDevice, "CUDA_ERROR_INVALID_DEVICE", "hipErrorInvalidDevice",
     "invalid device ordinal"},
    {kInvalidImage, "CUDA_ERROR_INVALID_IMAGE", "hipErrorInvalidImage",
     "device kernel image is invalid"},
    {kInvalidContext, "CUDA_ERROR_INVALID_CONTEXT", "hipErrorInvalidContext",
     "invalid device context"},
    {kInvalidPtx, "CUDA_ERROR_INVALID_PTX", "hipErrorInvalidKernelFile",
     "a PTX JIT compilation failed"},
    {kInvalidHandle, "CUDA_ERROR_INVALID_HANDLE", "hipErrorInvalidHandle",
     "invalid resource handle"},
    {kNotFound, "CUDA_ERROR_NOT_FOUND", "hipErrorNotFound",
     "named symbol not found"},
    {kIllegalAddress, "CUDA_ERROR_ILLEGAL_ADDRESS", "hipErrorIllegalAddress",
     "an illegal memory access was encountered"},
};

static const struct error_words *find_words(int error) {
  for (size_t i = 0; i < sizeof(kErrorWords) / sizeof(kErrorWords[0]); ++i)
    if (kErrorWords[i].error == error)
      return &kErrorWords[i];
  return NULL;
}

/*===----------------------------------------------------------------------===*
 * CUDA driver API
 *===----------------------------------------------------------------------===*/

/* The device of the calling thread's current context, or -1. */
static int current_device(void) {
  if (context_depth == 0)
    return -1;
  struct context *context = context_stack[context_depth - 1];
  return context->references > 0 ? context->device : -1;
}

/* Locks, counts the call, and finds the current context's device: a CUDA
 * call without a current context fails. */
#define ENTER_CONTEXT(function, device)                                        \
  ENTER(function);                                                             \
  int device = current_device();                                               \
  (void)device;                                                                \
  if (device < 0)                                                              \
  return unlock(kInvalidContext)

FAKE_EXPORT int cuGetErrorName(int error, const char **name) {
  const struct error_words *words = find_words(error);
  *name = words ? words->cuda_name : NULL;
  return words ? kSuccess : kInvalidValue;
}

FAKE_EXPORT int cuGetErrorString(int error, const char **description) {
  const struct error_words *words = find_words(error);
  *description = words ? words->description : NULL;
  return words ? kSuccess : kInvalidValue;
}

FAKE_EXPORT int cuInit(unsigned flags) {
  ENTER("cuInit");
  return unlock(flags ? kInvalidValue : kSuccess);
}

FAKE_EXPORT int cuDeviceGetCount(int *count) {
  ENTER("cuDeviceGetCount");
  *count = fake.device_count[FAKE_CUDA];
  return unlock(kSuccess);
}

FAKE_EXPORT int cuDeviceGet(int *device, int ordinal) {
  ENTER("cuDeviceGet");
  if (ordinal < 0 || ordinal >= fake.device_count[FAKE_CUDA])
    return unlock(kInvalidDevice);
  *device = ordinal;
  return unlock(kSuccess);
}

FAKE_EXPORT int cuDevicePrimaryCtxRetain(struct context **context, int device) {
  ENTER("cuDevicePrimaryCtxRetain");
  if (device < 0 || device >= fake.device_count[FAKE_CUDA])
    return unlock(kInvalidDevice);
  ++fake.contexts[device].references;
  *context = &fake.contexts[device];
  return unlock(kSuccess);
}

FAKE_EXPORT int cuDevicePrimaryCtxRelease_v2(int device) {
  ENTER("cuDevicePrimaryCtxRelease_v2");
  if (device < 0 || device >= fake.device_count[FAKE_CUDA])
    return unlock(kInvalidDevice);
  if (fake.contexts[device].references == 0)
    return unlock(kInvalidContext);
  --fake.contexts[device].references;
  return unlock(kSuccess);
}

FAKE_EXPORT int cuCtxPushCurrent_v2(struct context *context) {
  ENTER("cuCtxPushCurrent_v2");
  if (!context || context->references == 0)
    return unlock(kInvalidContext);
  if (context_depth == kMaxContextDepth)
    return unlock(kInvalidValue);
  context_stack[context_depth++] = context;
  return unlock(kSuccess);
}

FAKE_EXPORT int cuCtxPopCurrent_v2(struct context **context) {
  ENTER("cuCtxPopCurrent_v2");
  if (context_depth == 0)
    return unlock(kInvalidContext);
  struct context *popped = context_stack[--context_depth];
  if (context)
    *context = popped;
  return unlock(kSuccess);
}

FAKE_EXPORT int cuCtxSynchronize(void) {
  ENTER_CONTEXT("cuCtxSynchronize", device);
  return unlock(take_pending_error(FAKE_CUDA, device));
}

FAKE_EXPORT int cuMemAlloc_v2(uint64_t *address, size_t bytes) {
  ENTER_CONTEXT("cuMemAlloc_v2", device);
  return unlock(allocate(FAKE_CUDA, device, bytes, address));
}

FAKE_EXPORT int cuMemFree_v2(uint64_t address) {
  ENTER_CONTEXT("cuMemFree_v2", device);
  return unlock(deallocate(address));
}

FAKE_EXPORT int cuMemsetD8_v2(uint64_t address, unsigned char value,
                              size_t bytes) {
  ENTER_CONTEXT("cuMemsetD8_v2", device);
  return unlock(set_memory(address, value, bytes));
}

FAKE_EXPORT int cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t bytes) {
  ENTER_CONTEXT("cuMemcpyHtoD_v2", device);
  return unlock(copy_in(dst, src, bytes));
}

FAKE_EXPORT int cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t bytes) {
  ENTER_CONTEXT("cuMemcpyDtoH_v2", device);
  /* Waits for the device's work, so reports its fault. */
  int error = take_pending_error(FAKE_CUDA, device);
  return unlock(error ? error : copy_out(dst, src, bytes));
}

FAKE_EXPORT int cuMemcpyDtoD_v2(uint64_t dst, uint64_t src, size_t bytes) {
  ENTER_CONTEXT("cuMemcpyDtoD_v2", device);
  return unlock(copy_between(FAKE_CUDA, dst, -1, src, -1, bytes));
}

FAKE_EXPORT int cuMemcpyPeer(uint64_t dst, struct context *dst_context,
                             uint64_t src, struct context *src_context,
                             size_t bytes) {
  ENTER("cuMemcpyPeer");
  if (!dst_context || !src_context || dst_context->references == 0 ||
      src_context->references == 0)
    return unlock(kInvalidContext);
  return unlock(copy_between(FAKE_CUDA, dst, dst_context->device, src,
                             src_context->device, bytes));
}

FAKE_EXPORT int cuModuleLoadDataEx(struct module **module, const void *image,
                                   unsigned num_options, int *options,
                                   void **values) {
  ENTER_CONTEXT("cuModuleLoadDataEx", device);
  if (!image)
    return unlock(kInvalidValue);
  int error = load_module(FAKE_CUDA, device, image, module);
  if (error == kInvalidPtx) {
    char *log = NULL;
    size_t size = 0;
    for (unsigned i = 0; i < num_options; ++i) {
      if (options[i] == kJitErrorLogBuffer)
        log = values[i];
      else if (options[i] == kJitErrorLogBufferSizeBytes)
        size = (size_t)(uintptr_t)values[i];
    }
    if (log && size)
      snprintf(log, size, "fake ptxas: the module has no .entry");
  }
  return unlock(error);
}

FAKE_EXPORT int cuModuleUnload(struct module *module) {
  ENTER_CONTEXT("cuModuleUnload", device);
  return unlock(unload_module(module));
}

FAKE_EXPORT int cuModuleGetFunction(struct function **function,
                                    struct module *module, const char *name) {
  ENTER_CONTEXT("cuModuleGetFunction", device);
  return unlock(get_function(module, name, function));
}

FAKE_EXPORT int cuLaunchKernel(struct function *function, unsigned grid_x,
                               unsigned grid_y, unsigned grid_z,
                               unsigned block_x, unsigned block_y,
                               unsigned block_z, unsigned shared_memory_bytes,
                               void *stream, void **params, void **extra) {
  ENTER_CONTEXT("cuLaunchKernel", device);
  if (!function || stream || extra)
    return unlock(kInvalidValue);
  unsigned grid[3] = {grid_x, grid_y, grid_z};
  unsigned block[3] = {block_x, block_y, block_z};
  return unlock(launch(FAKE_CUDA, device, function, grid, block,
                       shared_memory_bytes, params));
}

FAKE_EXPORT int cuEventCreate(struct event **event, unsigned flags) {
  ENTER_CONTEXT("cuEventCreate", device);
  *event = create_event(FAKE_CUDA, device);
  return unlock(*event ? kSuccess : kOutOfMemory);
}

FAKE_EXPORT int cuEventDestroy_v2(struct event *event) {
  ENTER("cuEventDestroy_v2");
  destroy_event(event);
  return unlock(kSuccess);
}

FAKE_EXPORT int cuEventRecord(struct event *event, void *stream) {
  ENTER_CONTEXT("cuEventRecord", device);
  return unlock(record_event(event, FAKE_CUDA, device));
}

FAKE_EXPORT int cuEventSynchronize(struct event *event) {
  ENTER("cuEventSynchronize");
  return unlock(take_pending_error(FAKE_CUDA, event->device));
}

FAKE_EXPORT int cuEventElapsedTime(float *milliseconds, struct event *start,
                                   struct event *end) {
  ENTER("cuEventElapsedTime");
  return unlock(elapsed_time(milliseconds, start, end));
}

/*===----------------------------------------------------------------------===*
 * HIP
 *===----------------------------------------------------------------------===*/

FAKE_EXPORT const char *hipGetErrorName(int error) {
  const struct error_words *words = find_words(error);
  return words ? words->hip_name : "hipErrorUnknown";
}

FAKE_EXPORT const char *hipGetErrorString(int error) {
  const struct error_words *words = find_words(error);
  return words ? words->description : "unknown error";
}

FAKE_EXPORT int hipInit(unsigned flags) {
  ENTER("hipInit");
  return unlock(flags ? kInvalidValue : kSuccess);
}

FAKE_EXPORT int hipGetDeviceCount(int *count) {
  ENTER("hipGetDeviceCount");
  *count = fake.device_count[FAKE_HIP];
  return unlock(*count ? kSuccess : kNoDevice);
}

FAKE_EXPORT int hipGetDevice(int *device) {
  ENTER("hipGetDevice");
  *device = hip_device;
  return unlock(kSuccess);
}

FAKE_EXPORT int hipSetDevice(int device) {
  ENTER("hipSetDevice");
  if (device < 0 || device >= fake.device_count[FAKE_HIP])
    return unlock(kInvalidDevice);
  hip_device = device;
  return unlock(kSuccess);
}

FAKE_EXPORT int hipDeviceSynchronize(void) {
  ENTER("hipDeviceSynchronize");
  return unlock(take_pending_error(FAKE_HIP, hip_device));
}

FAKE_EXPORT int hipMalloc(void **address, size_t bytes) {
  ENTER("hipMalloc");
  uint64_t allocated = 0;
  int error = allocate(FAKE_HIP, hip_device, bytes, &allocated);
  if (!error)
    *address = (void *)(uintptr_t)allocated;
  return unlock(error);
}

FAKE_EXPORT int hipFree(void *address) {
  ENTER("hipFree");
  return unlock(deallocate((uint64_t)(uintptr_t)address));
}

FAKE_EXPORT int hipMemset(void *address, int value, size_t bytes) {
  ENTER("hipMemset");
  return unlock(set_memory((uint64_t)(uintptr_t)address, value, bytes));
}

FAKE_EXPORT int hipMemcpy(void *dst, const void *src, size_t bytes, int kind) {
  ENTER("hipMemcpy");
  uint64_t to = (uint64_t)(uintptr_t)dst, from = (uint64_t)(uintptr_t)src;
  switch (kind) {
  case kHostToDevice:
    return unlock(copy_in(to, src, bytes));
  case kDeviceToHost: {
    int error = take_pending_error(FAKE_HIP, hip_device);
    return unlock(error ? error : copy_out(dst, from, bytes));
  }
  case kDeviceToDevice:
    return unlock(copy_between(FAKE_HIP, to, -1, from, -1, bytes));
  }
  return unlock(kInvalidValue);
}

FAKE_EXPORT int hipMemcpyPeer(void *dst, int dst_device, const void *src,
                              int src_device, size_t bytes) {
  ENTER("hipMemcpyPeer");
  return unlock(copy_between(FAKE_HIP, (uint64_t)(uintptr_t)dst, dst_device,
                             (uint64_t)(uintptr_t)src, src_device, bytes));
}

FAKE_EXPORT int hipModuleLoadData(struct module **module, const void *image) {
  ENTER("hipModuleLoadData");
  if (!image)
    return unlock(kInvalidValue);
  return unlock(load_module(FAKE_HIP, hip_device, image, module));
}

FAKE_EXPORT int hipModuleUnload(struct module *module) {
  ENTER("hipModuleUnload");
  return unlock(unload_module(module));
}

FAKE_EXPORT int hipModuleGetFunction(struct function **function,
                                     struct module *module, const char *name) {
  ENTER("hipModuleGetFunction");
  return unlock(get_function(module, name, function));
}

FAKE_EXPORT int hipModuleLaunchKernel(
    struct function *function, unsigned grid_x, unsigned grid_y,
    unsigned grid_z, unsigned block_x, unsigned block_y, unsigned block_z,
    unsigned shared_memory_bytes, void *stream, void **params, void **extra) {
  ENTER("hipModuleLaunchKernel");
  if (!function || stream || extra)
    return unlock(kInvalidValue);
  unsigned grid[3] = {grid_x, grid_y, grid_z};
  unsigned block[3] = {block_x, block_y, block_z};
  return unlock(launch(FAKE_HIP, hip_device, function, grid, block,
                       shared_memory_bytes, params));
}

FAKE_EXPORT int hipEventCreate(struct event **event) {
  ENTER("hipEventCreate");
  *event = create_event(FAKE_HIP, hip_device);
  return unlock(*event ? kSuccess : kOutOfMemory);
}

FAKE_EXPORT int hipEventDestroy(struct event *event) {
  ENTER("hipEventDestroy");
  destroy_event(event);
  return unlock(kSuccess);
}

FAKE_EXPORT int hipEventRecord(struct event *event, void *stream) {
  ENTER("hipEventRecord");
  return unlock(record_event(event, FAKE_HIP, hip_device));
}

FAKE_EXPORT int hipEventSynchronize(struct event *event) {
  ENTER("hipEventSynchronize");
  return unlock(take_pending_error(FAKE_HIP, event->device));
}

FAKE_EXPORT int hipEventElapsedTime(float *milliseconds, struct event *start,
                                    struct event *end) {
  ENTER("hipEventElapsedTime");
  return unlock(elapsed_time(milliseconds, start, end));
}

/*===----------------------------------------------------------------------===*
 * Controls
 *===----------------------------------------------------------------------===*/

FAKE_EXPORT void fake_reset(void) {
  pthread_mutex_lock(&mutex);
  reset_locked();
  pthread_mutex_unlock(&mutex);
}

FAKE_EXPORT void fake_set_device_count(int api, int count) {
  lock();
  fake.device_count[api] = count < FAKE_MAX_DEVICES ? count : FAKE_MAX_DEVICES;
  unlock(kSuccess);
}

FAKE_EXPORT void fake_set_device_memory(size_t bytes) {
  lock();
  fake.device_memory = bytes;
  unlock(kSuccess);
}

FAKE_EXPORT void fake_fail(const char *function, int error, int skip) {
  lock();
  if (fake.num_failures < kMaxFailures) {
    struct failure *failure = &fake.failures[fake.num_failures++];
    failure->function = strdup(function);
    failure->error = error;
    failure->skip = skip;
  }
  unlock(kSuccess);
}

FAKE_EXPORT int fake_call_count(const char *function) {
  lock();
  int count = 0;
  for (int i = 0; i < kMaxCounted && fake.counts[i].function; ++i)
    if (strcmp(fake.counts[i].function, function) == 0)
      count = fake.counts[i].count;
  return unlock(count);
}

FAKE_EXPORT int fake_live_allocations(int api) {
  lock();
  int count = 0;
  for (int i = 0; i < fake.num_allocations; ++i)
    count += fake.allocations[i].api == api;
  return unlock(count);
}

FAKE_EXPORT size_t fake_live_bytes(int api, int device) {
  lock();
  size_t bytes = used_bytes(api, device);
  unlock(kSuccess);
  return bytes;
}

FAKE_EXPORT int fake_live_modules(void) {
  lock();
  int count = 0;
  for (struct module *module = fake.modules; module; module = module->next)
    ++count;
  return unlock(count);
}

FAKE_EXPORT int fake_live_events(void) {
  lock();
  return unlock(fake.live_events);
}

FAKE_EXPORT int fake_context_references(int device) {
  lock();
  if (device < 0 || device >= FAKE_MAX_DEVICES)
    return unlock(-1);
  return unlock(fake.contexts[device].references);
}

FAKE_EXPORT int fake_context_depth(void) { return context_depth; }

FAKE_EXPORT int fake_current_hip_device(void) { return hip_device; }

FAKE_EXPORT int fake_launch_count(void) {
  lock();
  return unlock(fake.launches);
}

FAKE_EXPORT void fake_last_launch(struct fake_launch *out) {
  lock();
  *out = fake.last_launch;
  unlock(kSuccess);
}

FAKE_EXPORT size_t fake_allocation_bytes(int api, int device,
                                         unsigned long long address) {
  lock();
  struct allocation *allocation = find_allocation(address, 1);
  size_t bytes = allocation && allocation->address == address &&
                         allocation->api == api &&
                         allocation->device == device
                     ? allocation->bytes
                     : 0;
  unlock(kSuccess);
  return bytes;
}

FAKE_EXPORT int fake_read(int api, int device, unsigned long long address,
                          void *out, size_t bytes) {
  lock();
  struct allocation *allocation = find_allocation(address, bytes);
  if (!allocation || allocation->api != api || allocation->device != device)
    return unlock(-1);
  memcpy(out, host_of(allocation, address), bytes);
  return unlock(0);
}
