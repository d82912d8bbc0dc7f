//===- Dtypes.cpp - Element types -----------------------------------------===//

#include "tiny/runtime.h"

namespace {
struct DtypeInfo {
  const char *name;
  size_t size;
};

/// Indexed by `tiny_dtype_e`; entry 0 is no dtype.
constexpr DtypeInfo kDtypes[] = {
    {nullptr, 0}, {"bool", 1}, {"i8", 1},       {"i16", 2},
    {"i32", 4},   {"i64", 8},  {"u8", 1},       {"u16", 2},
    {"u32", 4},   {"u64", 8},  {"f16", 2},      {"bf16", 2},
    {"f32", 4},   {"f64", 8},  {"f8E4M3FN", 1}, {"f8E5M2", 1},
    {"f8E4M3FNUZ", 1}, {"f8E5M2FNUZ", 1},
};
static_assert(sizeof(kDtypes) / sizeof(kDtypes[0]) ==
                  TINY_DTYPE_F8E5M2FNUZ + 1,
              "one entry per dtype");

const DtypeInfo &getInfo(tiny_dtype_t dtype) {
  return dtype < sizeof(kDtypes) / sizeof(kDtypes[0]) ? kDtypes[dtype]
                                                      : kDtypes[0];
}
} // namespace

size_t tiny_dtype_size(tiny_dtype_t dtype) { return getInfo(dtype).size; }

const char *tiny_dtype_name(tiny_dtype_t dtype) { return getInfo(dtype).name; }
