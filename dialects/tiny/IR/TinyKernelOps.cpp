//===- TinyKernelOps.cpp - tiny kernel-level operations --------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tiny;

#define GET_OP_CLASSES
#include "dialects/tiny/IR/TinyKernelOps.cpp.inc"

//===----------------------------------------------------------------------===//
// k::RangeOp
//===----------------------------------------------------------------------===//

void k::RangeOp::build(OpBuilder &builder, OperationState &state, AxisType axis,
                       Value bound, ValueRange inits) {
  state.addOperands(bound);
  state.addOperands(inits);
  state.getOrAddProperties<Properties>().axis =
      AxisTypeAttr::get(builder.getContext(), axis);
  for (Value init : inits)
    state.addTypes(init.getType());
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  block->addArgument(builder.getIndexType(), state.location);
  for (Value init : inits)
    block->addArgument(init.getType(), state.location);
  if (inits.empty()) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(block);
    k::EndOp::create(builder, state.location);
  }
}

// tiny.k.range <axis> %iv < %bound [iter_args(%a = %init, ...) -> (types)]
//   <region> [attr-dict]
ParseResult k::RangeOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *context = parser.getContext();
  StringRef axisName;
  SMLoc axisLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&axisName))
    return failure();
  std::optional<AxisType> axis = symbolizeAxisType(axisName);
  if (!axis)
    return parser.emitError(axisLoc, "unknown axis type '")
           << axisName << "'";
  result.getOrAddProperties<Properties>().axis =
      AxisTypeAttr::get(context, *axis);

  SmallVector<OpAsmParser::Argument> regionArgs(1);
  OpAsmParser::UnresolvedOperand bound;
  if (parser.parseArgument(regionArgs.front()) || parser.parseLess() ||
      parser.parseOperand(bound))
    return failure();
  regionArgs.front().type = IndexType::get(context);

  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  if (succeeded(parser.parseOptionalKeyword("iter_args"))) {
    if (parser.parseAssignmentList(regionArgs, inits) ||
        parser.parseArrowTypeList(result.types))
      return failure();
    if (result.types.size() != inits.size())
      return parser.emitError(parser.getCurrentLocation(),
                              "expected as many types as iter_args");
    for (auto [arg, type] : llvm::zip(llvm::drop_begin(regionArgs),
                                      result.types))
      arg.type = type;
  }

  if (parser.resolveOperand(bound, IndexType::get(context), result.operands) ||
      parser.resolveOperands(inits, result.types, parser.getNameLoc(),
                             result.operands))
    return failure();

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  k::RangeOp::ensureTerminator(*body, parser.getBuilder(), result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void k::RangeOp::print(OpAsmPrinter &p) {
  p << " " << stringifyAxisType(getAxis()) << " " << getInductionVar()
    << " < " << getBound();
  if (!getInitArgs().empty()) {
    p << " iter_args(";
    llvm::interleaveComma(llvm::zip(getRegionIterArgs(), getInitArgs()), p,
                          [&](auto pair) {
                            p << std::get<0>(pair) << " = "
                              << std::get<1>(pair);
                          });
    p << ") -> (" << getResultTypes() << ")";
  }
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/!getInitArgs().empty());
  p.printOptionalAttrDict((*this)->getAttrs(), {getAxisAttrName()});
}

LogicalResult k::KernelOp::verify() {
  if (StringAttr device = getDeviceAttr())
    return verifyDeviceName([&] { return emitOpError(); }, device);
  return success();
}

LogicalResult k::RangeOp::verify() {
  Block &block = getBody().front();
  if (block.getNumArguments() != 1 + getInitArgs().size() ||
      !block.getArgument(0).getType().isIndex())
    return emitOpError("body must take the index and one argument per "
                       "iter_arg");
  for (auto [i, init, arg, result] :
       llvm::enumerate(getInitArgs(), getRegionIterArgs(), getResults())) {
    if (init.getType() != arg.getType() || init.getType() != result.getType())
      return emitOpError("iter_arg ")
             << i << " has type " << init.getType()
             << " but its body argument or result differs";
  }
  auto end = cast<k::EndOp>(block.getTerminator());
  if (end.getValues().getTypes() != getResultTypes())
    return end.emitOpError("yields (")
           << end.getValues().getTypes() << ") but the range carries ("
           << getResultTypes() << ")";
  return success();
}

// LoopLikeOpInterface: a range counts from 0 to its bound by 1.

SmallVector<Region *> k::RangeOp::getLoopRegions() { return {&getBody()}; }

std::optional<SmallVector<Value>> k::RangeOp::getLoopInductionVars() {
  return SmallVector<Value>{getInductionVar()};
}

std::optional<SmallVector<OpFoldResult>> k::RangeOp::getLoopLowerBounds() {
  return SmallVector<OpFoldResult>{OpBuilder(getContext()).getIndexAttr(0)};
}

std::optional<SmallVector<OpFoldResult>> k::RangeOp::getLoopUpperBounds() {
  return SmallVector<OpFoldResult>{getBound()};
}

std::optional<SmallVector<OpFoldResult>> k::RangeOp::getLoopSteps() {
  return SmallVector<OpFoldResult>{OpBuilder(getContext()).getIndexAttr(1)};
}

Block::BlockArgListType k::RangeOp::getRegionIterArgs() {
  return getBody().getArguments().drop_front();
}

MutableArrayRef<OpOperand> k::RangeOp::getInitsMutable() {
  return getInitArgsMutable();
}

std::optional<MutableArrayRef<OpOperand>>
k::RangeOp::getYieldedValuesMutable() {
  return cast<k::EndOp>(getBody().front().getTerminator()).getValuesMutable();
}

std::optional<ResultRange> k::RangeOp::getLoopResults() { return getResults(); }

void k::RangeOp::inlineAt(RewriterBase &rewriter, Value index) {
  assert(getInitArgs().empty() && "inlining a range that carries values");
  Block &body = getBody().front();
  rewriter.eraseOp(body.getTerminator());
  rewriter.inlineBlockBefore(&body, *this, ValueRange{index});
  rewriter.eraseOp(*this);
}

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

/// The address space of a buffer: its memory space when that is a
/// `#tiny.addrspace`, global otherwise.
static AddrSpace getBufferAddrSpace(MemRefType buffer) {
  if (auto space = dyn_cast_or_null<AddrSpaceAttr>(buffer.getMemorySpace()))
    return space.getValue();
  return AddrSpace::Global;
}

LogicalResult k::IndexOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  auto buffer = dyn_cast<MemRefType>(operands.front().getType());
  if (!buffer)
    return emitOptionalError(location, "expected a memref buffer");
  inferredReturnTypes.push_back(PtrType::get(
      context, buffer.getElementType(), getBufferAddrSpace(buffer)));
  return success();
}

LogicalResult k::IndexOp::verify() {
  Attribute space = getBuffer().getType().getMemorySpace();
  if (space && !isa<AddrSpaceAttr>(space))
    return emitOpError("buffer memory space must be a #tiny<addrspace ...>, "
                       "got ")
           << space;
  int64_t rank = getBuffer().getType().getRank();
  if (static_cast<int64_t>(getIndices().size()) != rank)
    return emitOpError("expected ")
           << rank << " indices for a rank-" << rank << " buffer, got "
           << getIndices().size();
  return success();
}

LogicalResult k::LoadOp::verify() {
  if (static_cast<bool>(getGate()) != static_cast<bool>(getAlt()))
    return emitOpError("a gate needs an alternative value and vice versa");
  if (getAlt() && getAlt().getType() != getType())
    return emitOpError("alternative value has type ")
           << getAlt().getType() << " but the load yields " << getType();
  return success();
}

LogicalResult k::CopyOp::verify() {
  MemRefType src = getSrc().getType(), dst = getDst().getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("copies ")
           << src.getElementType() << " elements into a buffer of "
           << dst.getElementType();
  // The attributes are non-negative (their constraints are checked first).
  int64_t count = static_cast<int64_t>(getCount());
  auto checkRange = [&](StringRef which, MemRefType type,
                        int64_t offset) -> LogicalResult {
    int64_t size = type.getNumElements();
    if (offset > size || count > size - offset)
      return emitOpError(which)
             << " range [" << offset << ", " << offset + count
             << ") passes the end of its " << size << " elements";
    return success();
  };
  if (failed(checkRange("source", src,
                        static_cast<int64_t>(getSrcOffset()))) ||
      failed(checkRange("destination", dst,
                        static_cast<int64_t>(getDstOffset()))))
    return failure();
  return success();
}

/// True when `buffer` is the flat storage of a tensor of `type`: one element
/// per element (a scalar or an empty tensor takes one) of the dtype's
/// storage type (integers are signless in memory).
static bool isFlatStorageOf(MemRefType buffer, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || buffer.getRank() != 1)
    return false;
  Type dtype = tensor.getElementType();
  if (auto integer = dyn_cast<IntegerType>(dtype))
    dtype = IntegerType::get(type.getContext(), integer.getWidth());
  return buffer.getElementType() == dtype &&
         buffer.getNumElements() ==
             std::max<int64_t>(1, tensor.getNumElements());
}

LogicalResult k::CustomFunctionOp::verify() {
  if (getName().empty())
    return emitOpError("needs a function name");
  FunctionType signature = getSignature();
  auto check = [&](StringRef what, ValueRange buffers,
                   ArrayRef<Type> types) -> LogicalResult {
    if (buffers.size() != types.size())
      return emitOpError("has ")
             << buffers.size() << " " << what << " buffers but its signature "
             << types.size();
    for (auto [i, buffer, type] : llvm::enumerate(buffers, types))
      if (!isFlatStorageOf(cast<MemRefType>(buffer.getType()), type))
        return emitOpError(what)
               << " buffer #" << i << " of type " << buffer.getType()
               << " is not the flat storage of " << type;
    return success();
  };
  return failure(failed(check("input", getInputs(), signature.getInputs())) ||
                 failed(check("output", getOutputs(), signature.getResults())));
}

LogicalResult k::AtomicAddOp::verify() {
  Type element = getPtr().getType().getElementType();
  if (!isa<FloatType>(element) &&
      !(isa<IntegerType>(element) && !element.isInteger(1)))
    return emitOpError("needs an integer or float element, got ") << element;
  return success();
}

//===----------------------------------------------------------------------===//
// GPU-level ops
//===----------------------------------------------------------------------===//

LogicalResult k::SpecialOp::verify() {
  StringRef name = getName();
  StringRef dim = name;
  if (!(dim.consume_front("gidx") || dim.consume_front("lidx") ||
        dim.consume_front("idx")) ||
      !(dim == "0" || dim == "1" || dim == "2"))
    return emitOpError("unknown special index '")
           << name << "': expected gidxN, lidxN or idxN with N in 0..2";
  return success();
}

LogicalResult k::WmmaOp::verify() {
  if (getDims().size() != 3 || llvm::any_of(getDims(), [](int64_t d) {
        return d <= 0;
      }))
    return emitOpError("dims must be three positive sizes (M, N, K)");
  if (getA().getType().getElementType() != getB().getType().getElementType())
    return emitOpError("a and b must have the same element type");
  return success();
}

LogicalResult k::CustomOp::verify() {
  // `{N}` names operand N; `{{` and `}}` are literal braces.
  StringRef code = getCode();
  for (size_t pos = 0; pos < code.size(); ++pos) {
    if (code.substr(pos).starts_with("{{") ||
        code.substr(pos).starts_with("}}")) {
      ++pos;
      continue;
    }
    if (code[pos] != '{')
      continue;
    size_t end = code.find('}', pos);
    unsigned index;
    if (end == StringRef::npos ||
        code.slice(pos + 1, end).getAsInteger(10, index))
      return emitOpError("malformed placeholder at offset ")
             << pos << ": expected {N}, or {{ for a literal brace";
    if (index >= getArgs().size())
      return emitOpError("placeholder {")
             << index << "} names a missing operand: there "
             << (getArgs().size() == 1 ? "is " : "are ") << getArgs().size()
             << (getArgs().size() == 1 ? " operand" : " operands");
    pos = end;
  }
  return success();
}
