//===- RealGpuTest.cpp - The GPU back ends on a real driver ---------------===//
//
// The same plumbing as GpuBackendTest, on the machine's own CUDA or HIP
// driver when it has one: buffers, copies, a PTX kernel and events on a
// real device. Without a driver or a device each test is skipped, saying
// why; the fake driver covers those machines.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestSupport.h"

#include <cmath>
#include <iostream>

using namespace tiny::test;

namespace {

/// y[i] = a * x[i] + y[i] for i < n, over a one-dimensional grid.
const char kAxpyPtx[] = R"(.version 7.0
.target sm_52
.address_size 64

.visible .entry axpy_f32(.param .u64 x, .param .u64 y, .param .f32 a,
                         .param .s64 n)
{
  .reg .pred %p;
  .reg .b32 %r<5>;
  .reg .f32 %f<5>;
  .reg .b64 %rd<10>;

  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.f32 %f1, [a];
  ld.param.s64 %rd3, [n];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.u32 %r4, %r1, %r2, %r3;
  cvt.u64.u32 %rd4, %r4;
  setp.ge.s64 %p, %rd4, %rd3;
  @%p bra DONE;
  cvta.to.global.u64 %rd5, %rd1;
  cvta.to.global.u64 %rd6, %rd2;
  shl.b64 %rd7, %rd4, 2;
  add.s64 %rd8, %rd5, %rd7;
  add.s64 %rd9, %rd6, %rd7;
  ld.global.f32 %f2, [%rd8];
  ld.global.f32 %f3, [%rd9];
  fma.rn.f32 %f4, %f1, %f2, %f3;
  st.global.f32 [%rd9], %f4;
DONE:
  ret;
}
)";

class RealGpuTest : public RuntimeTest {
protected:
  /// The first device of `kind` from its default driver library, or null
  /// with the runtime's reason in `reason`.
  tiny_device_t findDevice(const char *kind, std::string &reason) {
    tiny_device_t device = nullptr;
    Error error = takeError(tiny_device_get(runtime, kind, &device));
    if (error.code != TINY_STATUS_OK) {
      reason = error.message;
      return nullptr;
    }
    return device;
  }

  /// Uploads, copies on the device and between devices, and downloads.
  void checkCopies(const char *kind, tiny_device_t device) {
    size_t count = size_t(1) << 20;
    std::vector<uint32_t> values(count);
    for (size_t i = 0; i < count; ++i)
      values[i] = uint32_t(i * 2654435761u);
    tiny_buffer_t a = allocate(device, TINY_DTYPE_U32, count);
    tiny_buffer_t b = allocate(device, TINY_DTYPE_U32, count);
    EXPECT_EQ(download<uint32_t>(b), std::vector<uint32_t>(count, 0));
    upload(a, values);
    ASSERT_TRUE(isOk(tiny_buffer_copy(b, a)));
    EXPECT_TRUE(download<uint32_t>(b) == values);

    tiny_device_t second = nullptr;
    std::string name = std::string(kind) + ":1";
    Error error = takeError(tiny_device_get(runtime, name.c_str(), &second));
    if (error.code == TINY_STATUS_OK) {
      tiny_buffer_t c = allocate(second, TINY_DTYPE_U32, count);
      ASSERT_TRUE(isOk(tiny_buffer_copy(c, b)));
      EXPECT_TRUE(download<uint32_t>(c) == values);
      release(c);
    } else {
      std::cout << "one " << kind << " device: no copy between devices ("
                << error.message << ")\n";
    }
    release(a);
    release(b);
  }
};

TEST_F(RealGpuTest, CudaBuffersAndCopies) {
  std::string reason;
  tiny_device_t device = findDevice("CUDA", reason);
  if (!device)
    GTEST_SKIP() << reason;
  checkCopies("CUDA", device);
}

TEST_F(RealGpuTest, CudaKernelAndEvents) {
  std::string reason;
  tiny_device_t device = findDevice("CUDA", reason);
  if (!device)
    GTEST_SKIP() << reason;
  tiny_module_t module = nullptr;
  ASSERT_TRUE(
      isOk(tiny_module_load(device, kAxpyPtx, sizeof(kAxpyPtx) - 1, &module)));

  int64_t count = 1000003;
  std::vector<float> xs(count), ys(count), expected(count);
  for (int64_t i = 0; i < count; ++i) {
    xs[i] = float(i % 1000) * 0.25f;
    ys[i] = 1.0f - float(i % 777);
    expected[i] = std::fma(3.0f, xs[i], ys[i]);
  }
  tiny_buffer_t x = allocate(device, TINY_DTYPE_F32, count);
  tiny_buffer_t y = allocate(device, TINY_DTYPE_F32, count);
  upload(x, xs);
  upload(y, ys);
  tiny_event_t start = nullptr, end = nullptr;
  ASSERT_TRUE(isOk(tiny_event_create(device, &start)));
  ASSERT_TRUE(isOk(tiny_event_create(device, &end)));

  tiny_kernel_arg_t args[4];
  args[0].kind = TINY_KERNEL_ARG_BUFFER;
  args[0].value.buffer = x;
  args[1].kind = TINY_KERNEL_ARG_BUFFER;
  args[1].value.buffer = y;
  args[2].kind = TINY_KERNEL_ARG_F32;
  args[2].value.f32 = 3.0f;
  args[3].kind = TINY_KERNEL_ARG_I64;
  args[3].value.i64 = count;
  uint32_t blocks = uint32_t((count + 255) / 256);
  tiny_launch_dims_t dims = {{blocks, 1, 1}, {256, 1, 1}, 0};
  ASSERT_TRUE(isOk(tiny_event_record(start)));
  ASSERT_TRUE(isOk(tiny_launch_gpu(module, "axpy_f32", &dims, args, 4)));
  ASSERT_TRUE(isOk(tiny_event_record(end)));
  ASSERT_TRUE(isOk(tiny_device_synchronize(device)));
  EXPECT_TRUE(download<float>(y) == expected);
  float milliseconds = -1;
  ASSERT_TRUE(isOk(tiny_event_elapsed_ms(start, end, &milliseconds)));
  EXPECT_GE(milliseconds, 0.0f);
  std::cout << "axpy_f32 over " << count << " floats: " << milliseconds
            << " ms\n";

  // A launch the device refuses is an error, not a crash.
  tiny_launch_dims_t tooWide = {{1, 1, 1}, {4096, 1, 1}, 0};
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "axpy_f32", &tooWide, args, 4),
                      TINY_STATUS_INVALID_ARGUMENT, {"cuLaunchKernel failed"}));
  EXPECT_TRUE(isError(tiny_launch_gpu(module, "missing", &dims, args, 4),
                      TINY_STATUS_NOT_FOUND, {"cuModuleGetFunction failed"}));
  std::string broken = ".version 7.0\n.target sm_52\n.entry oops( {";
  tiny_module_t bad = nullptr;
  EXPECT_TRUE(
      isError(tiny_module_load(device, broken.data(), broken.size(), &bad),
              TINY_STATUS_INVALID_ARGUMENT, {"cuModuleLoadDataEx failed"}));

  EXPECT_TRUE(isOk(tiny_event_destroy(start)));
  EXPECT_TRUE(isOk(tiny_event_destroy(end)));
  release(x);
  release(y);
  EXPECT_TRUE(isOk(tiny_module_unload(module)));
}

TEST_F(RealGpuTest, HipBuffersAndCopies) {
  std::string reason;
  tiny_device_t device = findDevice("HIP", reason);
  if (!device)
    GTEST_SKIP() << reason;
  checkCopies("HIP", device);
}

} // namespace
