/*===- MpiTest.c - the C API of tiny-c/Mpi.h, on 2 ranks -----------------===*\
|*                                                                            *|
|* Plain C, linked with libtiny_c_mpi.so alone (and libmpi, for the cases    *|
|* that call MPI_Init themselves), run by mpi_test.sh on 2 ranks:            *|
|*                                                                            *|
|*   MpiTest run init   programs across the ranks, their values and bytes,   *|
|*                      and the errors around joining, in a program that     *|
|*                      called MPI_Init itself (an embedder's MPI program)   *|
|*   MpiTest run self   the same, tiny_mpi_join calling MPI_Init             *|
|*   MpiTest mismatch   ranks giving different program tags                  *|
|*   MpiTest silent     rank 1 never joins: rank 0's join times out          *|
|*                                                                            *|
|* Each rank prints "rank R: N checks, M failed" and exits 1 on a failure.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tiny-c/Mpi.h"
#include "Check.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kCount = 1024 };

/* This process's rank, for the last line. */
static int myRank = -1;

/* x goes to rank 1, which computes x * x + 1 and sends it back; rank 0
   subtracts x. */
static const char *kThereAndBack =
    "#r0 = #tiny.device<\"CPU\">\n"
    "#r1 = #tiny.device<\"CPU@1\">\n"
    "tiny.function @there_and_back -> tensor<1024xf32, #r0> {\n"
    "  %x = tiny.param 0 : f32 size 1024 on \"CPU\"\n"
    "  %c = tiny.copy %x to \"CPU@1\" : tensor<1024xf32, #r0>\n"
    "  %one = tiny.const dense<1.0> : tensor<1024xf32, #r1>\n"
    "  %m = tiny.mul %c, %c : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>\n"
    "  %a = tiny.add %m, %one : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>\n"
    "  %b = tiny.copy %a to \"CPU\" : tensor<1024xf32, #r1>\n"
    "  %r = tiny.sub %b, %x : tensor<1024xf32, #r0>, tensor<1024xf32, #r0>\n"
    "  tiny.return %r : tensor<1024xf32, #r0>\n"
    "}\n";

/* The result lives on rank 1: 2 * x there. */
static const char *kOnRank1 =
    "#r0 = #tiny.device<\"CPU\">\n"
    "#r1 = #tiny.device<\"CPU@1\">\n"
    "tiny.function @on_rank1 -> tensor<1024xf32, #r1> {\n"
    "  %x = tiny.param 0 : f32 size 1024 on \"CPU\"\n"
    "  %c = tiny.copy %x to \"CPU@1\" : tensor<1024xf32, #r0>\n"
    "  %d = tiny.add %c, %c : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>\n"
    "  tiny.return %d : tensor<1024xf32, #r1>\n"
    "}\n";

/* Runs `program` on x, into `out`, which holds `sentinel` before. */
static tiny_status_t run(tiny_program_t program, float *x, float *out,
                         float sentinel) {
  for (int i = 0; i < kCount; ++i)
    out[i] = sentinel;
  void *inputs[] = {x};
  size_t inputBytes[] = {sizeof(float) * kCount};
  void *outputs[] = {out};
  size_t outputBytes[] = {sizeof(float) * kCount};
  return tiny_program_run(program, inputs, inputBytes, 1, outputs, outputBytes,
                          1);
}

static int allEqual(const float *values, float expected) {
  for (int i = 0; i < kCount; ++i)
    if (values[i] != expected)
      return 0;
  return 1;
}

static void testRun(int initHere) {
  if (initHere)
    CHECK(MPI_Init(NULL, NULL) == MPI_SUCCESS);
  CHECK(tiny_mpi_rank(NULL) == -1);
  CHECK(tiny_mpi_size(NULL) == -1);
  tiny_mpi_options_t bad = {-1.0, 0};
  tiny_mpi_t mpi = NULL;
  EXPECT_ERROR(tiny_mpi_join(&bad, &mpi), TINY_STATUS_INVALID_ARGUMENT,
               "must not be negative");
  EXPECT_ERROR(tiny_mpi_join(NULL, NULL), TINY_STATUS_INVALID_ARGUMENT, "NULL");

  tiny_mpi_options_t options = {30.0, 0x5eed};
  EXPECT_OK(tiny_mpi_join(&options, &mpi));
  if (!mpi)
    return;
  int rank = myRank = tiny_mpi_rank(mpi);
  CHECK(tiny_mpi_size(mpi) == 2);
  CHECK(rank == 0 || rank == 1);
  tiny_mpi_t again = NULL;
  EXPECT_ERROR(tiny_mpi_join(&options, &again), TINY_STATUS_FAILED_PRECONDITION,
               "in the job already");
  CHECK(again == NULL);
  uint64_t sent = 1, received = 1;
  EXPECT_OK(tiny_mpi_bytes_with(mpi, 1 - rank, &sent, &received));
  CHECK(sent == 0 && received == 0);
  EXPECT_ERROR(tiny_mpi_bytes_with(mpi, 2, &sent, &received),
               TINY_STATUS_OUT_OF_RANGE, "rank 2 of a job of 2");
  EXPECT_ERROR(tiny_mpi_bytes_with(mpi, 0, NULL, &received),
               TINY_STATUS_INVALID_ARGUMENT, "NULL");

  /* Every rank compiles and runs both programs, with every input; x's
     values are exact in every step (multiples of 1/16 up to 8). */
  static float x[kCount], out[kCount];
  for (int i = 0; i < kCount; ++i)
    x[i] = (float)(i - 512) / 64.0f;
  tiny_program_t thereAndBack = NULL, onRank1 = NULL;
  EXPECT_OK(tiny_program_compile(kThereAndBack, strlen(kThereAndBack),
                                 "there_and_back.mlir", NULL, &thereAndBack));
  EXPECT_OK(tiny_program_compile(kOnRank1, strlen(kOnRank1), "on_rank1.mlir",
                                 NULL, &onRank1));
  if (!thereAndBack || !onRank1)
    return;

  EXPECT_OK(run(thereAndBack, x, out, -7.0f));
  if (rank == 0) {
    int exact = 1;
    for (int i = 0; i < kCount; ++i)
      exact &= out[i] == x[i] * x[i] + 1.0f - x[i];
    CHECK(exact);
  } else {
    /* The output is rank 0's: rank 1's buffer is left as it was. */
    CHECK(allEqual(out, -7.0f));
  }
  /* x there and x * x + 1 back: 4 KiB each way. */
  EXPECT_OK(tiny_mpi_bytes_with(mpi, 1 - rank, &sent, &received));
  CHECK(sent == 4096 && received == 4096);

  EXPECT_OK(run(onRank1, x, out, -7.0f));
  if (rank == 1) {
    int exact = 1;
    for (int i = 0; i < kCount; ++i)
      exact &= out[i] == 2.0f * x[i];
    CHECK(exact);
  } else {
    CHECK(allEqual(out, -7.0f));
  }
  EXPECT_OK(tiny_mpi_bytes_with(mpi, 1 - rank, &sent, &received));
  CHECK(sent == (rank == 0 ? 8192 : 4096));
  CHECK(received == (rank == 0 ? 4096 : 8192));

  /* Out of the job, a program that names rank 1 no longer runs. */
  tiny_mpi_leave(mpi);
  tiny_mpi_leave(NULL);
  EXPECT_ERROR(run(thereAndBack, x, out, -7.0f), TINY_STATUS_INTERNAL,
               "runs alone");
  tiny_program_release(thereAndBack);
  tiny_program_release(onRank1);

  /* Joining again after leaving works, and the same programs run. */
  EXPECT_OK(tiny_mpi_join(&options, &mpi));
  if (mpi) {
    tiny_program_t program = NULL;
    EXPECT_OK(tiny_program_compile(kThereAndBack, strlen(kThereAndBack),
                                   "there_and_back.mlir", NULL, &program));
    if (program) {
      EXPECT_OK(run(program, x, out, -7.0f));
      CHECK(rank != 0 || out[600] == x[600] * x[600] + 1.0f - x[600]);
      tiny_program_release(program);
    }
    tiny_mpi_leave(mpi);
  }
  if (initHere)
    CHECK(MPI_Finalize() == MPI_SUCCESS);
}

/* Each rank tags the program with its rank: the handshake fails on both. */
static void testMismatch(void) {
  CHECK(MPI_Init(NULL, NULL) == MPI_SUCCESS);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  myRank = rank;
  tiny_mpi_options_t options = {30.0, (uint64_t)rank};
  tiny_mpi_t mpi = NULL;
  EXPECT_ERROR(tiny_mpi_join(&options, &mpi), TINY_STATUS_FAILED_PRECONDITION,
               "runs program");
  CHECK(mpi == NULL);
  CHECK(MPI_Finalize() == MPI_SUCCESS);
}

/* Rank 1 is in the MPI job but never joins tiny's: rank 0 gives up after
   its 2 s, with slack for a loaded machine. */
static void testSilent(void) {
  CHECK(MPI_Init(NULL, NULL) == MPI_SUCCESS);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  myRank = rank;
  if (rank == 0) {
    tiny_mpi_options_t options = {2.0, 1};
    tiny_mpi_t mpi = NULL;
    double start = MPI_Wtime();
    EXPECT_ERROR(tiny_mpi_join(&options, &mpi), TINY_STATUS_UNAVAILABLE,
                 "no answer from rank 1 within 2 s");
    double seconds = MPI_Wtime() - start;
    CHECK(seconds >= 1.9 && seconds < 5.0);
    CHECK(mpi == NULL);
  }
}
int main(int argc, char **argv) {
  const char *test = argc > 1 ? argv[1] : "";
  if (!strcmp(test, "run") && argc > 2)
    testRun(!strcmp(argv[2], "init"));
  else if (!strcmp(test, "mismatch"))
    testMismatch();
  else if (!strcmp(test, "silent"))
    testSilent();
  else {
    fprintf(stderr, "usage: MpiTest run init|self | mismatch | silent\n");
    return 2;
  }
  printf("rank %d: ", myRank);
  int status = finishChecks();
  fflush(stdout);
  if (!strcmp(test, "silent")) {
    /* No MPI_Finalize after a failed join (it would wait for a peer that
       may be gone), and a rank that exits without it makes mpirun end the
       other: each waits until both have reported (rank 0 at the 2 s
       timeout) before it leaves. */
    sleep(8);
    _exit(status);
  }
  return status;
}
