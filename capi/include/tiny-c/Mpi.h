/*===- Mpi.h - Run tiny programs across the ranks of an MPI job ---*- C -*-===*\
|*                                                                            *|
|* A program whose devices live on several ranks of an MPI job ("CPU@1",     *|
|* docs/device-names.md) runs SPMD: every rank compiles and runs the same    *|
|* program, executes the kernels of its own devices, and copies between      *|
|* devices of two ranks go over MPI (docs/mpi-transport.md). From C, a rank  *|
|* joins the job with `tiny_mpi_join` before it runs such a program, and     *|
|* leaves with `tiny_mpi_leave`:                                             *|
|*                                                                            *|
|*   MPI_Init(&argc, &argv);                      (optional: see below)     *|
|*   tiny_mpi_options_t options = {30.0, tag};                               *|
|*   tiny_mpi_t mpi;                                                         *|
|*   tiny_status_t status = tiny_mpi_join(&options, &mpi);                   *|
|*   ... tiny_program_compile, tiny_program_run on every rank ...            *|
|*   tiny_mpi_leave(mpi);                                                    *|
|*                                                                            *|
|* These functions are in libtiny_c_mpi.so, which is libtiny_c.so with the   *|
|* MPI transport inside (it links Open MPI's libmpi): a program that uses    *|
|* them links libtiny_c_mpi.so instead of libtiny_c.so, not both.            *|
|*                                                                            *|
|* - MPI_Init. In a program that already called MPI_Init (or                *|
|*   MPI_Init_thread), `tiny_mpi_join` uses MPI as it finds it and never     *|
|*   finalizes it; bounding that MPI_Init, which waits for every rank        *|
|*   without a limit, is the caller's job. Otherwise `tiny_mpi_join` calls   *|
|*   MPI_Init_thread itself, and MPI_Finalize runs when the process exits;   *|
|*   if MPI_Init_thread has not returned within the timeout (a rank died     *|
|*   before joining), the process prints why and exits with status 1, since  *|
|*   MPI_Init cannot be interrupted. The job's messages use MPI_COMM_WORLD  *|
|*   with tags from 0x4000 up: the caller's own messages must use others.    *|
|* - Runs. Every rank runs the program with all its inputs (each rank       *|
|*   uploads only those on its own devices) and all its outputs: an output   *|
|*   on a device of another rank is that rank's, and this rank's buffer for  *|
|*   it is left as it was. Every rank must run the same programs in the      *|
|*   same order: the copies between ranks are matched by their order.        *|
|* - Errors. A peer that does not answer within the timeout fails the call   *|
|*   that waits for it (TINY_STATUS_UNAVAILABLE, "no answer from rank 1      *|
|*   within 30 s"), never a hang; ranks whose `program_tag`s differ fail     *|
|*   `tiny_mpi_join` on every rank (TINY_STATUS_FAILED_PRECONDITION). After  *|
|*   a failed wait the transport is broken: later copies between ranks fail  *|
|*   at once. A rank that failed should leave without MPI_Finalize (which    *|
|*   waits for every rank): `_exit` or `MPI_Abort`.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_C_MPI_H
#define TINY_C_MPI_H

#include "tiny-c/Compiler.h"

#ifdef __cplusplus
extern "C" {
#endif

/// This process's membership in an MPI job, through which the programs it
/// runs reach the devices of other ranks.
typedef struct tiny_mpi_s *tiny_mpi_t;

/// How a rank joins the job. Zero-initialized, it waits at most 60 s for a
/// peer and shakes hands with tag 0.
typedef struct tiny_mpi_options_t {
  /// The longest any wait for another rank may take, in seconds (and the
  /// bound on the MPI_Init_thread that `tiny_mpi_join` calls); 0 for 60.
  /// Must not be negative.
  double timeout_seconds;
  /// Identifies what this rank runs, e.g. a hash of the program's text:
  /// every rank must give the same tag, or joining fails on all of them.
  uint64_t program_tag;
} tiny_mpi_options_t;

/// Joins the MPI job (calling MPI_Init_thread when MPI is not initialized
/// yet), shakes hands with every rank, and makes the job the one programs of
/// this process use to reach devices of other ranks. `options` may be NULL
/// (the defaults). One membership at a time: joining again before
/// `tiny_mpi_leave` fails with TINY_STATUS_FAILED_PRECONDITION. Errors:
/// TINY_STATUS_INVALID_ARGUMENT for a NULL `out` or a negative timeout;
/// TINY_STATUS_FAILED_PRECONDITION when the ranks' tags differ;
/// TINY_STATUS_UNAVAILABLE when a rank does not answer the handshake within
/// the timeout; TINY_STATUS_INTERNAL for an error MPI reported.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_mpi_join(const tiny_mpi_options_t *options, tiny_mpi_t *out);

/// This process's rank in the job, and the number of ranks; -1 for NULL.
TINY_API int tiny_mpi_rank(tiny_mpi_t mpi);
TINY_API int tiny_mpi_size(tiny_mpi_t mpi);

/// The bytes this rank sent to and received from rank `peer` so far
/// (copies between devices of the two ranks). TINY_STATUS_OUT_OF_RANGE for
/// a peer that is not a rank of the job; TINY_STATUS_INVALID_ARGUMENT for a
/// NULL argument.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_mpi_bytes_with(
    tiny_mpi_t mpi, int peer, uint64_t *out_sent, uint64_t *out_received);

/// Stops the programs of this process from reaching other ranks (a program
/// that names one then fails to run) and releases `mpi`. MPI stays
/// initialized: MPI_Finalize runs at exit when `tiny_mpi_join` initialized
/// it, else it is the caller's. NULL is ignored.
TINY_API void tiny_mpi_leave(tiny_mpi_t mpi);

#ifdef __cplusplus
}
#endif

#endif /* TINY_C_MPI_H */
