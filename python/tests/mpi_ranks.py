"""tiny.mpi on 2 ranks of mpirun (run_mpi.sh): a program across the ranks
from Python, its values on the owning rank and zeros on the other, the
bytes between the ranks, a second join, and running after leaving. Each
rank prints "rank R: N checks, M failed" as the C API's MpiTest does."""

import numpy as np

import tiny
import tiny.mpi

THERE_AND_BACK = """
#r0 = #tiny.device<"CPU">
#r1 = #tiny.device<"CPU@1">
tiny.function @there_and_back -> tensor<1024xf32, #r0> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %c = tiny.copy %x to "CPU@1" : tensor<1024xf32, #r0>
  %one = tiny.const dense<1.0> : tensor<1024xf32, #r1>
  %m = tiny.mul %c, %c : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %a = tiny.add %m, %one : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %b = tiny.copy %a to "CPU" : tensor<1024xf32, #r1>
  %r = tiny.sub %b, %x : tensor<1024xf32, #r0>, tensor<1024xf32, #r0>
  tiny.return %r : tensor<1024xf32, #r0>
}
"""

checks = failures = 0


def check(condition, what):
    global checks, failures
    checks += 1
    if not condition:
        failures += 1
        print("check failed: %s" % what, flush=True)


def expect_error(call, code, needle):
    try:
        call()
    except tiny.TinyError as e:
        check(e.code == code and needle in str(e),
              "%s containing %r, got %s: %s" % (code, needle, e.code, e))
    else:
        check(False, "%s containing %r, got no error" % (code, needle))


# Exact in f32 at every step: multiples of 1/64 up to 8.
x = (np.arange(1024, dtype=np.float32) - 512) / 64
rank = -1
with tiny.mpi.join(timeout=30, program_tag=0x5eed) as job:
    rank = job.rank
    check(job.size == 2, "2 ranks, got %d" % job.size)
    expect_error(tiny.mpi.join, "FAILED_PRECONDITION", "in the job already")
    program = tiny.compile(THERE_AND_BACK)
    y = program(x)
    if rank == 0:
        check(np.array_equal(y, x * x + 1 - x), "x * x + 1 - x on rank 0")
    else:
        check(not y.any(), "zeros on rank 1, which does not own the result")
    check(job.bytes_with(1 - rank) == (4096, 4096),
          "4 KiB each way, got %s" % (job.bytes_with(1 - rank),))
expect_error(lambda: job.bytes_with(1 - rank), "FAILED_PRECONDITION",
             "the job was left")
expect_error(lambda: program(x), "INTERNAL", "runs alone")
print("rank %d: %d checks, %d failed" % (rank, checks, failures), flush=True)
