//===- Collectives.h - The allreduce algorithms -----------------*- C++ -*-===//
//
// The participants of one allreduce as this rank sees them, the transfers
// its rounds are made of, and the entry to the algorithms (Collectives.cpp).
// Arguments are checked and the handshake is done before (Allreduce.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_COLLECTIVES_H
#define TINY_MPI_SRC_COLLECTIVES_H

#include "tiny/MpiTransport.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tiny {
namespace mpi {
namespace detail {

/// A transfer of one round: `bytes` from participant `src` (at `from`,
/// when it is on this rank) to participant `dst` (at `to`, likewise).
struct Transfer {
  size_t src, dst;
  const char *from;
  char *to;
  size_t bytes;
};

/// The participants of one allreduce as this rank sees them.
struct Group {
  size_t shardsPerRank;
  size_t participants;
  std::vector<char *> data;
  const std::string *names;
  size_t count;
  size_t elementSize;
  tiny_dtype_t dtype;
  ReduceOp op;
  std::string what;

  bool isLocal(size_t participant, int rank) const {
    return participant / shardsPerRank == static_cast<size_t>(rank);
  }
  size_t localIndex(size_t participant) const {
    return participant % shardsPerRank;
  }
};

/// Allreduces `group` in place with `algorithm` (not Auto), on the rank of
/// `impl`; a failure breaks the transport. Throws std::bad_alloc when
/// scratch memory runs out.
Status runAllreduce(Transport::Impl &impl, Algorithm algorithm, Group &group);

} // namespace detail
} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_COLLECTIVES_H
