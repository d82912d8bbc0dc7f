//===- Scratch.h - Scratch memory kept across collectives -------*- C++ -*-===//
//
// Host memory the collectives receive and combine into, kept from one
// collective to the next: fresh pages cost a page fault each, which
// dominated large allreduces.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_MPI_SRC_SCRATCH_H
#define TINY_MPI_SRC_SCRATCH_H

#include <cstddef>
#include <memory>
#include <vector>

namespace tiny {
namespace mpi {
namespace detail {

/// Numbered slots of scratch memory, each grown on demand and never shrunk.
class Scratch {
public:
  explicit Scratch(size_t slots) : pool(slots), poolBytes(slots) {}

  /// At least `bytes` bytes in `slot`; what the slot held is lost when it
  /// grows. Throws std::bad_alloc, which the entry points turn into a status.
  char *buffer(size_t slot, size_t bytes) {
    if (poolBytes[slot] < bytes) {
      pool[slot].reset(); // Not both at once.
      poolBytes[slot] = 0;
      pool[slot].reset(new char[bytes]);
      poolBytes[slot] = bytes;
    }
    return pool[slot].get();
  }

  /// Slots 0 .. shards - 1, `bytes` each.
  std::vector<char *> buffers(size_t shards, size_t bytes) {
    std::vector<char *> result;
    for (size_t s = 0; s < shards; ++s)
      result.push_back(buffer(s, bytes));
    return result;
  }

  /// Gives up every slot without freeing it: a slow peer may still write
  /// into the scratch of a failed collective.
  void leak() {
    for (std::unique_ptr<char[]> &slot : pool)
      (void)slot.release();
  }

private:
  std::vector<std::unique_ptr<char[]>> pool;
  std::vector<size_t> poolBytes;
};

} // namespace detail
} // namespace mpi
} // namespace tiny

#endif // TINY_MPI_SRC_SCRATCH_H
