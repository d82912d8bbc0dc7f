//===- ScheduleActions.h - edits of a kernel's ranges ----------*- C++ -*-===//
//
// The actions a schedule is made of, as edits of a kernel's ranges that a
// heuristic (-tiny-cpu-schedule) or a search over schedules applies. Each
// action has a check, which says whether the action keeps the kernel's
// results and changes nothing, and an apply, which fails without changing
// anything where the check does; a search can check several and compare the
// kernels they give.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_SCHEDULEACTIONS_H
#define TINY_PASSES_SCHEDULEACTIONS_H

#include "dialects/tiny/IR/TinyKernelOps.h"

namespace mlir::tiny {

/// The unit attribute of a `tiny.k.kernel` whose ranges a search chose
/// (jit/KernelSearch.h): -tiny-cpu-schedule keeps it as it is, LOOP and
/// REDUCE ranges included.
constexpr StringLiteral kScheduledAttrName = "tiny.scheduled";

/// The load of the accumulator update `store` ends, when it is one: the
/// only other user of `store`'s address, ungated, earlier in its block.
/// Null otherwise (the address is not a k.index, or its users are others).
k::LoadOp getAccumulatorLoad(k::StoreOp store);

/// Whether each thread runs the nest of `range` once: every range around it
/// is a THREAD range or has a bound of 1 (a GEMV, whose columns the THREAD
/// range splits; before any THREAD range is set, a nest that runs once).
bool runsOncePerThread(k::RangeOp range);

/// Whether unrollReduce(`reduce`, `factor`) applies.
bool canUnrollReduce(k::RangeOp reduce, int64_t factor);

/// UNROLLs the REDUCE range `reduce` of a reduction-outside nest, the form
/// -tiny-rangeify gives a matmul, by `factor`:
///
///   reduce %k < K {
///     loop %n < N {
///       acc(i) = load p(i)          (p(i) independent of %k)
///       store p(i), combine(acc(i), src(i, %k, %n))
///     }
///   }
///
/// becomes
///
///   reduce %kb < K / factor {
///     loop %n < N {
///       acc(i) = load p(i)
///       s = unroll %u < factor iter_args(x(i) = acc(i)) {
///         end combine(x(i), src(i, %kb * factor + %u, %n))
///       }
///       store p(i), s(i)
///     }
///   }
///
/// so each accumulator is loaded and stored once per `factor` reduced
/// indices; -tiny-expand-upcast copies the UNROLL range's body per index.
/// It applies when `factor` > 1 divides the constant bound of `reduce`,
/// which carries nothing and whose body is pure ops independent of %k and
/// last the LOOP range of the columns, carrying nothing, of a constant
/// bound. Each store in the loop's body updates an accumulator: it stores,
/// ungated, a value computed from %k or the accumulators at a one-index
/// address independent of %k that only one earlier ungated load reads. No
/// other op in the body writes memory or reads the accumulators' buffers.
/// The accumulators' addresses are the column plus values from outside the
/// loop, those of one buffer at least N apart: the columns update disjoint
/// elements, so moving the reduced indices inside the column loop keeps the
/// order in which each element combines them.
LogicalResult unrollReduce(k::RangeOp reduce, int64_t factor);

/// Whether threadColumns(`reduce`, `count`) applies.
bool canThreadColumns(k::RangeOp reduce, int64_t count);

/// Spreads the columns of a reduction-outside nest over `count` THREAD
/// iterations, each a block of consecutive columns over all the reduced
/// indices (the threads of a GEMV, whose output ranges run once):
///
///   reduce %k < K {
///     loop %j < N { (the body, at %j) }
///   }
///
/// becomes
///
///   thread %t < count {
///     reduce %k < K {
///       loop %c < N / count { (the body, at %j = %t * (N / count) + %c) }
///     }
///   }
///
/// It applies to the nests unrollReduce applies to (for some factor), whose
/// columns update disjoint accumulators at addresses independent of the
/// reduced index, reading nothing another column writes: each block of
/// columns then combines its accumulators' reduced indices in their order,
/// on its own. `count` > 1 must divide the constant bound N.
LogicalResult threadColumns(k::RangeOp reduce, int64_t count);

/// Whether upcastLoop(`loop`, `factor`) applies.
bool canUpcastLoop(k::RangeOp loop, int64_t factor);

/// UPCASTs `factor` consecutive iterations of the LOOP range `loop`, whose
/// body computes output elements in ranges nested inside it:
///
///   loop %i < N { (the body, at %i) }
///
/// becomes
///
///   loop %o < N / factor {
///     upcast %u < factor { (the body, at %i = %o * factor + %u) }
///   }
///
/// (or `loop` itself UPCAST, when `factor` is its bound), which
/// -tiny-expand-upcast materializes by jamming the `factor` copies of the
/// body through its ranges: a load that does not depend on %i is then
/// loaded once for all of them (tinygrad's UPCAST of an output axis). Two
/// forms of body qualify:
///
///  - each element reduced inside it (the form -tiny-rangeify gives a reduce
///    that reads its source contiguously, or a small one):
///
///      loop %i < N {
///        r = reduce %k < K iter_args(acc = init) { ... end combine(...) }
///        store p(%i), f(r)
///      }
///
///    the expansion carries the `factor` elements' accumulators through one
///    reduction;
///  - rows of a reduction-outside nest (the form -tiny-rangeify gives a
///    matmul), each row initialized, accumulated over the reduced indices
///    and finished in its own elements of the output:
///
///      loop %i < M {
///        loop %j < N { store out(%i, %j), 0 }
///        reduce %k < K { loop %j < N { out(%i, %j) += src(%i, %k, %j) } }
///        loop %j < N { store out(%i, %j), f(out(%i, %j)) }
///      }
///
///    the expansion computes `factor` rows in each column loop (the register
///    tile's rows of -tiny-optimize).
///
/// It applies when `factor` > 1 divides the constant bound of `loop`, which
/// carries nothing and whose body holds ranges and no other region, and the
/// iterations are independent: the body writes memory only by ungated
/// k.stores, and a buffer it writes is either never loaded in the body or
/// accessed, by every load and store, at `c * %i` plus the same values from
/// outside `loop` plus an offset, in ranges of the body, that spans fewer
/// than |c| elements: each iteration reads and writes its own elements.
LogicalResult upcastLoop(k::RangeOp loop, int64_t factor);

/// Whether splitLoop(`loop`, `count`) applies.
bool canSplitLoop(k::RangeOp loop, int64_t count);

/// Splits the LOOP range `loop`, which carries nothing, at iteration
/// `count`: `loop` keeps its first `count` iterations and a range after it,
/// returned, runs the others (the tail a schedule upcasts on its own when
/// the upcast factor does not divide the bound):
///
///   loop %i < N { (body) }
///
/// becomes
///
///   loop %i < count { (body) }
///   loop %t < N - count { (body, at %i = count + %t) }
///
/// The iterations run in the same order. It applies when
/// 0 < `count` < the constant bound of `loop`.
FailureOr<k::RangeOp> splitLoop(k::RangeOp loop, int64_t count);

/// UPCASTs the LOOP range `rows` of constant bound `factor` (> 1) rows at a
/// time when upcastLoop(`rows`, its bound) applies (its iterations are
/// independent); does nothing otherwise. With fewer than 2 * `factor` rows,
/// or when `splitTail` is false, the rows are upcast by the most factor,
/// halving from `factor`, that divides them and leaves two iterations at
/// least. Otherwise the rows `factor` does not divide are split off after
/// them (splitLoop) and upcast whole, and the range of that tail is
/// returned: a tail of one row stays a LOOP range, which the caller may
/// mark. Returns null when no tail was split off.
k::RangeOp upcastRowBlocks(k::RangeOp rows, int64_t factor, bool splitTail);

/// Whether blockReduce(`reduce`, `size`) applies.
bool canBlockReduce(k::RangeOp reduce, int64_t size);

/// Splits the REDUCE range `reduce`, which carries nothing and sits in a
/// nest of output ranges, into blocks of `size` reduced indices, and moves
/// the range of the blocks outside that nest (the cache blocking of a
/// matmul's reduced axis: each block of the source the rows read stays in
/// the cache while every row reads it):
///
///   loop %i < M {
///     (init: out(%i, ...) = 0)
///     reduce %k < K { loop %j < N { out(%i, %j) += src(%i, %k, %j) } }
///     (epilogue)
///   }
///
/// becomes
///
///   loop %i < M { (init) }
///   reduce %kb < K / size {
///     loop %i < M {
///       reduce %kk < size { (the body, at %k = %kb * size + %kk) }
///     }
///   }
///   loop %i < M { (epilogue) }
///
/// The nest is the ranges around `reduce` up to the first that is not a
/// LOOP, THREAD or UPCAST range carrying nothing (one at least); each holds
/// only pure ops besides the next, and the innermost only pure ops and ranges
/// besides `reduce`. The iterations of LOOP, THREAD and UPCAST ranges are
/// independent, so each output element still sees, in order, its
/// initialization, its reduced indices in their order and its epilogue.
/// It applies when 1 < `size` < the constant bound of `reduce`, which
/// `size` divides. Returns the range of the blocks.
FailureOr<k::RangeOp> blockReduce(k::RangeOp reduce, int64_t size);

/// A reduction-outside nest registerTile applies to, as a heuristic choosing
/// its width sees it.
struct RegisterTileNest {
  /// The bound of the LOOP range of the columns.
  int64_t numColumns;
  /// The type of the accumulators' elements (the same for all of them).
  Type accumulatorType;
  /// The accumulators each column updates (the rows UPCAST together).
  int64_t numAccumulators;
};

/// The nest registerTile tiles from the REDUCE range `reduce`, when it
/// tiles it for some width (`canRegisterTile(reduce, 1, 1)`); none otherwise.
std::optional<RegisterTileNest> matchRegisterTile(k::RangeOp reduce);

/// Whether registerTile(`reduce`, `width`, `lanes`) applies.
bool canRegisterTile(k::RangeOp reduce, int64_t width, int64_t lanes);

/// Register-tiles the reduction-outside nest from the REDUCE range `reduce`
/// (a matmul, its rows UPCAST and expanded by -tiny-expand-upcast): each
/// reduced index loads, combines and stores every accumulator of every
/// column,
///
///   reduce %k < K {
///     loop %j < N {
///       acc(u) = load out[row(u), %j]      (one per row u)
///       store out[row(u), %j], combine(acc(u), src(u, %k, %j))
///     }
///   }
///
/// becomes tiles of `width` columns whose rows x `width` accumulators are
/// carried through the reduce ranges as vectors, loaded before them and
/// stored after them:
///
///   loop %t < N / width {
///     init(u) = vector.load out[row(u), %t * width]
///     res = reduce %k < K iter_args(acc(u) = init(u)) {
///       end combine(acc(u), src(u, %k, %t * width + [0, 1, ... width - 1]))
///     }
///     vector.store res(u), out[row(u), %t * width]
///   }
///
/// The columns the tiles leave over get tiles of `lanes` columns, then the
/// rest one tile of a vector of their count, narrower than a register
/// (LLVM widens it to one). Inside the reduce ranges a column-contiguous source
/// is one vector load, one that does not depend on the column a scalar load
/// broadcast, a padded read (the column index select(ult(s, n), s, c) plus
/// offsets) a masked load, a column stride of 2 to 4 a masked load of every
/// stride-th element, other column-dependent indices a gather. Each
/// accumulator combines its reduced elements in the original order, so the
/// results are unchanged.
///
/// It applies when 1 <= `width` <= N and either 1 <= `lanes` <= `width`
/// with `lanes` dividing `width`, or `width` is N and below `lanes` (one
/// tile of all the columns), and the nest qualifies: `reduce` and the REDUCE
/// ranges nested in it, up to the LOOP range of the columns of a constant
/// bound, carry nothing and hold only pure ops besides the next range; the
/// column loop holds no region; each store in it updates an accumulator
/// (ungated, of a byte-sized element, at a one-index address independent of the
/// reduced indices, contiguous in the column, that only one earlier ungated
/// load reads), all of one type, those of one buffer at least N apart; nothing
/// else in the nest writes memory or reads the accumulators' buffers; every
/// other op of the column loop is a load or an elementwise, vectorizable op
/// on scalars, and every column-dependent index is in the last place.
LogicalResult registerTile(k::RangeOp reduce, int64_t width, int64_t lanes);

/// Whether packOperand(`blocks`, `columnBlock`) applies.
bool canPackOperand(k::RangeOp blocks, int64_t columnBlock);

/// Packs, per cache block of a matmul's reduced axis, the block of the
/// source whose elements depend on both the reduced index and the column
/// (a matmul's B) into a contiguous scratch buffer the nest then reads:
/// `blocks` is the REDUCE range of the blocks blockReduce makes,
///
///   reduce %kb < K / S {
///     (rows: LOOP, THREAD or UPCAST ranges) {
///       reduce %kk < S {
///         loop %j < N {
///           unroll %u < U { ... load src(%kb * S + %kk, %u, %j) ... }
///         }
///       }
///     }
///   }
///
/// becomes, with `columnBlock` C (N itself: no column blocks)
///
///   %p = memref.alloc() : memref<S * U * P x T>   (at the kernel's start)
///   reduce %kb < K / S {
///     loop %jb < N / C {
///       loop %kk < S { loop %u < U { loop %c < C {
///         store %p[(%kk * U + %u) * P + %c], load src(%kb * S + %kk, %u,
///                                                     %jb * C + %c)
///       } } }
///       (rows) {
///         reduce %kk < S {
///           loop %c < C {
///             unroll %u < U { ... load %p[(%kk * U + %u) * P + %c] ... }
///           }
///         }
///       }
///     }
///   }
///   memref.dealloc %p                             (at the kernel's end)
///
/// The row stride P of the packed block is C rounded up to an odd number of
/// cache lines, so consecutive rows of a block start in consecutive cache
/// sets rather than in a few (as a source's rows near a multiple of 4 KiB
/// apart do), and a row starts on a cache line; with column blocks the block
/// is C columns wide. The copy's outer range is
/// THREAD when the rows have one. Each packed load reads the element the
/// source load read, and each accumulator still combines its reduced
/// indices in their order, so the results are bit-identical.
///
/// It applies when `blocks` and the REDUCE range %kk carry nothing and have
/// constant bounds, the rows are LOOP, THREAD or UPCAST ranges carrying
/// nothing (one at least), each body holding only pure ops besides the next
/// range, %kk's body only pure ops besides the column LOOP range, last, of a
/// constant bound N that `columnBlock` divides. The column loop's body holds
/// only pure ops, loads, UNROLL ranges and accumulator updates: ungated
/// stores at the column plus values from outside %kk, each loaded by one
/// earlier load (getAccumulatorLoad), so a column's iterations touch only
/// its own accumulators and moving blocks of columns outside the rows and
/// %kk keeps each one's order. The loads packed are the ungated loads of a
/// buffer nothing in `blocks` writes whose address depends on the column
/// and on %kk, computed by pure ops from the column, %kk, the UNROLL ranges
/// around the load and values from outside the rows (one such load at
/// least).
LogicalResult packOperand(k::RangeOp blocks, int64_t columnBlock);

/// Moves the threads of a blocked nest outside the range of its blocks
/// (passes/HoistThreads.cpp says why): `blocks`, a REDUCE range of the
/// kernel's body carrying nothing, whose body holds, through LOOP ranges
/// carrying nothing and pure ops, one THREAD range of R rows and THREAD
/// ranges that write only scratch buffers (packOperand's copies),
///
///   reduce %kb < B {
///     thread %c < S { (copy into %p[...]) }
///     thread %r < R { (rows at %r) }
///   }
///
/// becomes, with `numThreads` T, shares of C = ceil(R / T) rows and
/// T' = ceil(R / C) threads,
///
///   thread %t < T' {
///     reduce %kb < B {
///       loop %c < S { (copy into %p[%t * P + ...]) }
///       loop %i < min(C, R - %t * C) { (rows at %t * C + %i) }
///     }
///   }
///
/// A THREAD range of R rows carrying nothing right before `blocks` (the
/// rows' initialization) or right after it (their epilogue) moves inside
/// the threads too, as a LOOP range over the thread's share, before or after
/// the blocks: the nest forks its threads once.
///
/// Each scratch buffer, of P elements, grows to T' * P, a share per thread,
/// and every index into it inside `blocks` moves to the thread's share: a
/// thread reads only the blocks it copied itself. It applies when T >= 2,
/// R >= 2, every scratch buffer is a one-dimensional static memref.alloc
/// of the kernel's body used only by k.index ops inside `blocks` and its
/// dealloc, and the rows' iterations are independent over all the blocks,
/// not only within one, and in the nests before and after: a row writes
/// nothing another row reads or writes, in any of them. blockReduce's nests
/// are so (the THREAD range of the rows was outside the whole reduction,
/// its initialization and its epilogue), and -tiny-cpu-schedule hoists only
/// those. Each row still sees its initialization, its blocks in order and
/// its epilogue, so the results are bit-identical.
LogicalResult hoistThreads(k::RangeOp blocks, int64_t numThreads);

/// Erases the pure ops of `root`'s regions whose results nothing uses (the
/// index arithmetic an action leaves behind when it rewrites addresses).
void eraseUnusedPureOps(Operation *root);

} // namespace mlir::tiny

#endif // TINY_PASSES_SCHEDULEACTIONS_H
