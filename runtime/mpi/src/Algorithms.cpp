//===- Algorithms.cpp - Naming, parsing and choosing allreduce algorithms -===//
//
// The public names of `Algorithm` and the rule `Algorithm::Auto` follows;
// the algorithms themselves are in Collectives.cpp.
//
//===----------------------------------------------------------------------===//

#include "tiny/MpiTransport.h"

using namespace tiny::mpi;

const char *tiny::mpi::algorithmName(Algorithm algorithm) {
  switch (algorithm) {
  case Algorithm::Auto:
    return "auto";
  case Algorithm::Naive:
    return "naive";
  case Algorithm::Ring:
    return "ring";
  case Algorithm::AllToAll:
    return "all2all";
  case Algorithm::Hierarchical:
    return "hierarchical";
  }
  return "?";
}

Status tiny::mpi::parseAlgorithm(const std::string &name, Algorithm &out) {
  for (Algorithm algorithm :
       {Algorithm::Auto, Algorithm::Naive, Algorithm::Ring, Algorithm::AllToAll,
        Algorithm::Hierarchical})
    if (name == algorithmName(algorithm)) {
      out = algorithm;
      return {};
    }
  return Status(ErrorCode::InvalidArgument,
                "unknown allreduce algorithm '" + name +
                    "' (expected auto, naive, ring, all2all or hierarchical)");
}

Algorithm tiny::mpi::chooseAlgorithm(int ranks, int shardsPerRank,
                                     size_t elements, size_t ringThreshold,
                                     bool preferAllToAll) {
  if (ranks > 1 && shardsPerRank > 1)
    return Algorithm::Hierarchical;
  long long participants = static_cast<long long>(ranks) * shardsPerRank;
  if (participants <= 2 || elements <= ringThreshold)
    return Algorithm::Naive;
  return preferAllToAll ? Algorithm::AllToAll : Algorithm::Ring;
}
