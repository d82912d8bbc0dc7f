"""tiny.ir: build tiny programs op by op from Python, without IR text.

    import numpy as np, tiny

    with tiny.ir.Function("f") as f:
        x = f.param(0, np.float32, 6)
        y = x.reshape(2, 3) * 2.0 + 1.0
        f.ret(y)
    scale_add = f.compile()          # a tiny.Program
    print(f)                         # the module's IR text

Every op is created through MLIR's C API (mlir-c/IR.h) with its result
type inferred by tiny's own type inference and then verified by tiny's
verifiers, so a bad shape, dtype or device raises TinyError at the line
that built the op, with tiny's diagnostic (located at that Python line).
Nothing here re-implements a shape rule.

A Value wraps one op result. Python operators map to tiny's elementwise
ops (`+ - * / // % ** & | ^ << >> < <= > >= == !=`, unary `-` and `~`),
and every tiny op has a method named after it (`x.exp2()`,
`x.reshape(2, 3)`, `c.where(a, b)`, `x.reduce("max", 1)`, ...; `or_`,
`and_`, `not_` where the name is a Python keyword). A Python scalar or a
numpy array next to a Value becomes a constant of that Value's dtype and
device; binary ops broadcast as tiny's do (right-aligned, axes equal or 1).

Strings name dtypes as MLIR spells them ("f32", "i8", "ui8", "bf16");
anything else is read as a numpy dtype (np.float32, bool).
"""

import ctypes
import itertools
import operator
import sys

import numpy as np

from . import Program, TinyError, _check, _lib

__all__ = ["Function", "Value", "stack", "where"]

# ---------------------------------------------------------------------------
# MLIR's C API through ctypes
# ---------------------------------------------------------------------------


class _Handle(ctypes.Structure):
    """An opaque MLIR C API handle: a struct holding one pointer."""
    _fields_ = [("ptr", ctypes.c_void_p)]

    def __bool__(self):
        return bool(self.ptr)


class _Context(_Handle):
    pass


class _Location(_Handle):
    pass


class _Module(_Handle):
    pass


class _Operation(_Handle):
    pass


class _Region(_Handle):
    pass


class _Block(_Handle):
    pass


class _MlirValue(_Handle):
    pass


class _Type(_Handle):
    pass


class _Attribute(_Handle):
    pass


class _Identifier(_Handle):
    pass


class _DialectHandle(_Handle):
    pass


class _DialectRegistry(_Handle):
    pass


class _Diagnostic(_Handle):
    pass


class _PrintingFlags(_Handle):
    pass


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


class _NamedAttribute(ctypes.Structure):
    _fields_ = [("name", _Identifier), ("attribute", _Attribute)]


class _OperationState(ctypes.Structure):
    _fields_ = [
        ("name", _StringRef), ("location", _Location),
        ("nResults", ctypes.c_ssize_t), ("results", ctypes.c_void_p),
        ("nOperands", ctypes.c_ssize_t), ("operands", ctypes.c_void_p),
        ("nRegions", ctypes.c_ssize_t), ("regions", ctypes.c_void_p),
        ("nSuccessors", ctypes.c_ssize_t), ("successors", ctypes.c_void_p),
        ("nAttributes", ctypes.c_ssize_t), ("attributes", ctypes.c_void_p),
        ("enableResultTypeInference", ctypes.c_bool),
    ]


_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
# The handler returns MlirLogicalResult, a struct of one int8_t. ctypes
# callbacks cannot return structs; a one-byte struct comes back in the same
# register as an int8_t on the ABIs tiny runs on (x86-64 SysV, AArch64).
_DIAGNOSTIC_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int8, _Diagnostic,
                                       ctypes.c_void_p)


def _bind():
    """Declares the signatures of the C API functions this module calls."""
    p, i64, size = ctypes.c_void_p, ctypes.c_int64, ctypes.c_size_t
    intptr, b = ctypes.c_ssize_t, ctypes.c_bool
    state = ctypes.POINTER(_OperationState)
    signatures = {
        "mlirContextCreate": (_Context, []),
        "mlirContextDestroy": (None, [_Context]),
        "mlirGetDialectHandle__tiny__": (_DialectHandle, []),
        "mlirDialectRegistryCreate": (_DialectRegistry, []),
        "mlirDialectRegistryDestroy": (None, [_DialectRegistry]),
        "tinyRegisterProgramDialects": (None, [_DialectRegistry]),
        "mlirContextAppendDialectRegistry": (None, [_Context,
                                                     _DialectRegistry]),
        "mlirDialectHandleLoadDialect": (_Handle, [_DialectHandle,
                                                   _Context]),
        "mlirContextAttachDiagnosticHandler": (ctypes.c_uint64, [
            _Context, _DIAGNOSTIC_HANDLER, p, p]),
        "mlirDiagnosticPrint": (None, [_Diagnostic, _STRING_CALLBACK, p]),
        "mlirDiagnosticGetLocation": (_Location, [_Diagnostic]),
        "mlirDiagnosticGetSeverity": (ctypes.c_int, [_Diagnostic]),
        "mlirDiagnosticGetNumNotes": (intptr, [_Diagnostic]),
        "mlirDiagnosticGetNote": (_Diagnostic, [_Diagnostic, intptr]),
        "mlirLocationFileLineColGet": (_Location, [
            _Context, _StringRef, ctypes.c_uint, ctypes.c_uint]),
        "mlirLocationUnknownGet": (_Location, [_Context]),
        "mlirLocationIsAFileLineColRange": (b, [_Location]),
        "mlirLocationFileLineColRangeGetFilename": (_Identifier, [
            _Location]),
        "mlirLocationFileLineColRangeGetStartLine": (ctypes.c_int, [
            _Location]),
        "mlirLocationFileLineColRangeGetStartColumn": (ctypes.c_int, [
            _Location]),
        "mlirLocationPrint": (None, [_Location, _STRING_CALLBACK, p]),
        "mlirIdentifierGet": (_Identifier, [_Context, _StringRef]),
        "mlirIdentifierStr": (_StringRef, [_Identifier]),
        "mlirModuleCreateEmpty": (_Module, [_Location]),
        "mlirModuleDestroy": (None, [_Module]),
        "mlirModuleGetBody": (_Block, [_Module]),
        "mlirModuleGetOperation": (_Operation, [_Module]),
        "mlirRegionCreate": (_Region, []),
        "mlirRegionDestroy": (None, [_Region]),
        "mlirRegionAppendOwnedBlock": (None, [_Region, _Block]),
        "mlirBlockCreate": (_Block, [intptr, p, p]),
        "mlirBlockAppendOwnedOperation": (None, [_Block, _Operation]),
        "mlirOperationStateGet": (_OperationState, [_StringRef, _Location]),
        "mlirOperationStateAddOperands": (None, [
            state, intptr, ctypes.POINTER(_MlirValue)]),
        "mlirOperationStateAddAttributes": (None, [
            state, intptr, ctypes.POINTER(_NamedAttribute)]),
        "mlirOperationStateAddOwnedRegions": (None, [
            state, intptr, ctypes.POINTER(_Region)]),
        "mlirOperationStateEnableResultTypeInference": (None, [state]),
        "mlirOperationCreate": (_Operation, [state]),
        "mlirOperationDestroy": (None, [_Operation]),
        "mlirOperationVerify": (b, [_Operation]),
        "mlirOperationGetResult": (_MlirValue, [_Operation, intptr]),
        "mlirOperationPrint": (None, [_Operation, _STRING_CALLBACK, p]),
        "mlirOperationPrintWithFlags": (None, [
            _Operation, _PrintingFlags, _STRING_CALLBACK, p]),
        "mlirOpPrintingFlagsCreate": (_PrintingFlags, []),
        "mlirOpPrintingFlagsDestroy": (None, [_PrintingFlags]),
        "mlirOpPrintingFlagsPrintGenericOpForm": (None, [_PrintingFlags]),
        "mlirValueGetType": (_Type, [_MlirValue]),
        "mlirTypeParseGet": (_Type, [_Context, _StringRef]),
        "mlirTypePrint": (None, [_Type, _STRING_CALLBACK, p]),
        "mlirTypeIsAFloat": (b, [_Type]),
        "mlirTypeIsAInteger": (b, [_Type]),
        "mlirIntegerTypeGet": (_Type, [_Context, ctypes.c_uint]),
        "mlirIntegerTypeGetWidth": (ctypes.c_uint, [_Type]),
        "mlirIntegerTypeIsUnsigned": (b, [_Type]),
        "mlirShapedTypeGetElementType": (_Type, [_Type]),
        "mlirShapedTypeGetRank": (i64, [_Type]),
        "mlirShapedTypeGetDimSize": (i64, [_Type, intptr]),
        "mlirShapedTypeHasRank": (b, [_Type]),
        "mlirRankedTensorTypeGetEncoding": (_Attribute, [_Type]),
        "mlirNamedAttributeGet": (_NamedAttribute, [_Identifier,
                                                    _Attribute]),
        "mlirStringAttrGet": (_Attribute, [_Context, _StringRef]),
        "mlirTypeAttrGet": (_Attribute, [_Type]),
        "mlirIntegerAttrGet": (_Attribute, [_Type, i64]),
        "mlirFloatAttrDoubleGet": (_Attribute, [_Context, _Type,
                                                ctypes.c_double]),
        "mlirDenseI64ArrayGet": (_Attribute, [
            _Context, intptr, ctypes.POINTER(i64)]),
        "mlirDenseElementsAttrSplatGet": (_Attribute, [_Type, _Attribute]),
        "mlirDenseElementsAttrBoolSplatGet": (_Attribute, [_Type, b]),
        "mlirDenseElementsAttrRawBufferGet": (_Attribute, [_Type, size, p]),
        "mlirDenseElementsAttrGet": (_Attribute, [
            _Type, intptr, ctypes.POINTER(_Attribute)]),
        "mlirDenseElementsAttrBoolGet": (_Attribute, [
            _Type, intptr, ctypes.POINTER(ctypes.c_int)]),
        "tinyDeviceAttrGet": (_Attribute, [
            _Context, intptr, ctypes.POINTER(_StringRef)]),
        "tinyDeviceAttrGetNumNames": (intptr, [_Attribute]),
        "tinyDeviceAttrGetName": (_StringRef, [_Attribute, intptr]),
        "tinyTensorTypeGet": (_Type, [intptr, ctypes.POINTER(i64), _Type,
                                      _Attribute]),
        "tinyReduceKindAttrGet": (_Attribute, [_Context, _StringRef]),
        "tinyAddrSpaceAttrGet": (_Attribute, [_Context, _StringRef]),
        "tinyProgramCompileModule": (p, [_Module, _StringRef,
                                         ctypes.POINTER(p)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(_lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return _lib


_C = _bind()


def _ref(data):
    """An MlirStringRef to `data` (bytes), which the caller keeps alive."""
    return _StringRef(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p),
                      len(data))


def _str(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length \
        else ""


def _print(function, *args):
    """The text a C API printer (`function(*args, callback, userData)`)
    writes."""
    chunks = []

    def append(ref, _):
        if ref.length:
            chunks.append(ctypes.string_at(ref.data, ref.length))

    function(*args, _STRING_CALLBACK(append), None)
    return b"".join(chunks).decode(errors="replace")


# ---------------------------------------------------------------------------
# Contexts and diagnostics
# ---------------------------------------------------------------------------

_SEVERITIES = {0: "error", 1: "warning", 2: "note", 3: "remark"}


def _location_text(location):
    if _C.mlirLocationIsAFileLineColRange(location):
        return "%s:%d:%d" % (
            _str(_C.mlirIdentifierStr(
                _C.mlirLocationFileLineColRangeGetFilename(location))),
            _C.mlirLocationFileLineColRangeGetStartLine(location),
            _C.mlirLocationFileLineColRangeGetStartColumn(location))
    text = _print(_C.mlirLocationPrint, location)
    return "" if text == "loc(unknown)" else text


def _format_diagnostic(diagnostic):
    """`file:line:col: error: message`, then its notes, one a line. The
    note "see current operation: ..." that MLIR attaches to a verifier
    error is left out: the location already names the Python line that
    built the op, and the op printed alone shows no operand names."""
    where = _location_text(_C.mlirDiagnosticGetLocation(diagnostic))
    message = _print(_C.mlirDiagnosticPrint, diagnostic)
    lines = ["%s%s: %s" % (
        where + ": " if where else "",
        _SEVERITIES.get(_C.mlirDiagnosticGetSeverity(diagnostic), "error"),
        message)]
    for i in range(_C.mlirDiagnosticGetNumNotes(diagnostic)):
        note = _format_diagnostic(_C.mlirDiagnosticGetNote(diagnostic, i))
        if "note: see current operation:" not in note:
            lines.append(note)
    return "\n".join(lines)


def _diagnostic_handler(messages):
    """A C diagnostic handler that appends each diagnostic's text to
    `messages` (a closure, not a method: the context must not be part of a
    reference cycle, so that it is destroyed as soon as it is unused)."""

    def handle(diagnostic, _):
        messages.append(_format_diagnostic(diagnostic))
        return 1  # success: handled, not printed to stderr

    return _DIAGNOSTIC_HANDLER(handle)


class _IRContext:
    """One MLIRContext with tiny loaded, the other dialects of a program and
    of tiny's passes registered (the arith ops of a custom kernel's body;
    func, scf, ... after the passes: each is loaded when first parsed or
    written), and a handler collecting its diagnostics. Functions, their
    values and the programs compiled from them hold it: it is destroyed
    after the last of them."""

    def __init__(self):
        self.handle = _C.mlirContextCreate()
        registry = _C.mlirDialectRegistryCreate()
        _C.tinyRegisterProgramDialects(registry)
        _C.mlirContextAppendDialectRegistry(self.handle, registry)
        _C.mlirDialectRegistryDestroy(registry)
        _C.mlirDialectHandleLoadDialect(_C.mlirGetDialectHandle__tiny__(),
                                        self.handle)
        self.diagnostics = []
        self._handler = _diagnostic_handler(self.diagnostics)
        _C.mlirContextAttachDiagnosticHandler(self.handle, self._handler,
                                              None, None)
        self._identifiers = {}
        self._locations = {}

    def __del__(self):
        handle, self.handle = getattr(self, "handle", None), None
        if handle and _C is not None:
            _C.mlirContextDestroy(handle)

    def error(self, what):
        """A TinyError with the diagnostics collected since the last
        `diagnostics.clear()`, headed by `what` when there are none."""
        message = "\n".join(self.diagnostics) or what
        self.diagnostics.clear()
        return TinyError("INVALID_ARGUMENT", message)

    def identifier(self, name):
        ident = self._identifiers.get(name)
        if ident is None:
            data = name.encode()
            ident = self._identifiers[name] = _C.mlirIdentifierGet(
                self.handle, _ref(data))
        return ident

    def location(self):
        """The location of the code that called into this module: the
        first frame outside it, as `file:line:column`."""
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename == _THIS_FILE:
            frame = frame.f_back
        if frame is None:
            return _C.mlirLocationUnknownGet(self.handle)
        line, column = frame.f_lineno, 0
        positions = getattr(frame.f_code, "co_positions", None)
        if positions is not None and frame.f_lasti >= 0:
            # One entry per 2-byte code unit: (line, end line, column,
            # end column), the column 0-based.
            position = next(itertools.islice(positions(),
                                             frame.f_lasti // 2, None), None)
            if position and position[0] == line and position[2] is not None:
                column = position[2] + 1
        key = (frame.f_code.co_filename, line, column)
        location = self._locations.get(key)
        if location is None:
            data = key[0].encode()
            location = self._locations[key] = _C.mlirLocationFileLineColGet(
                self.handle, _ref(data), line, column)
        return location

    def parse_type(self, text):
        data = text.encode()
        self.diagnostics.clear()
        parsed = _C.mlirTypeParseGet(self.handle, _ref(data))
        if not parsed:
            raise self.error("cannot parse the type %r" % text)
        return parsed

    def device(self, names):
        """`#tiny.device<...>` for a name or a sequence of names."""
        names = [names] if isinstance(names, str) else list(names)
        data = [name.encode() for name in names]
        refs = (_StringRef * max(len(data), 1))(*[_ref(d) for d in data])
        self.diagnostics.clear()
        device = _C.tinyDeviceAttrGet(self.handle, len(data), refs)
        if not device:
            raise self.error("bad device %r" % (names,))
        return device


_THIS_FILE = _IRContext.location.__code__.co_filename

# ---------------------------------------------------------------------------
# Dtypes and constants
# ---------------------------------------------------------------------------

# numpy dtype -> the MLIR spelling of the tinygrad dtype.
_MLIR_DTYPES = {
    np.dtype(np.bool_): "i1", np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16", np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64", np.dtype(np.uint8): "ui8",
    np.dtype(np.uint16): "ui16", np.dtype(np.uint32): "ui32",
    np.dtype(np.uint64): "ui64", np.dtype(np.float16): "f16",
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
}
_NUMPY_DTYPES = {name: dtype for dtype, name in _MLIR_DTYPES.items()}


def _numpy_dtype(element):
    """The numpy dtype of an MLIR element type, or None (bf16, f8...)."""
    return _NUMPY_DTYPES.get(_print(_C.mlirTypePrint, element))


def _default_dtype(value):
    """The dtype of a constant given without one: a numpy value's own, else
    tinygrad's defaults (float32, int32, bool)."""
    if isinstance(value, (np.ndarray, np.generic)):
        return value.dtype
    array = np.asarray(value)
    if array.dtype.kind == "f":
        return np.dtype(np.float32)
    if array.dtype.kind in "iu":
        return np.dtype(np.int32)
    return array.dtype


def _element_values(value, element, numpy_dtype):
    """`value` as a numpy array of what `element` (an MLIR type) holds:
    float64 for a float type numpy lacks. Raises TypeError where the
    conversion would change a value (2.5 or 300 to ui8, 2 to i1)."""
    array = np.asarray(value)
    if array.dtype.kind not in "biuf":
        raise TypeError("cannot make a tiny constant of %r" % (value,))
    if numpy_dtype is None:
        if not _C.mlirTypeIsAFloat(element):
            raise TypeError("no numpy dtype holds %s" %
                            _print(_C.mlirTypePrint, element))
        return array.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        converted = array.astype(numpy_dtype)
    if numpy_dtype.kind != "f" and not np.array_equal(converted, array):
        raise TypeError("%r is not exactly representable as %s" %
                        (value, _MLIR_DTYPES[numpy_dtype]))
    return converted


def _int_list(args, what):
    """Accepts f(1, 2), f((1, 2)) and f([1, 2]) alike."""
    if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
        args = tuple(args[0])
    try:
        values = [operator.index(a) for a in args]
    except TypeError:
        raise TypeError("%s must be integers, got %r" % (what, args)) \
            from None
    for v in values:
        if not -2**63 <= v < 2**63:
            raise ValueError("%s: %d does not fit in 64 bits" % (what, v))
    return values


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------


def _binary_method(op, summary):
    def method(self, other):
        return self._fn._elementwise(op, self, other)
    method.__name__ = method.__qualname__ = _METHOD_NAMES.get(op, op)
    method.__doc__ = "tiny.%s: %s." % (op, summary)
    return method


def _operator(op, reflected=False):
    """A Python operator: `x op y`, or (`reflected`) `y op x` for a
    non-Value y on the left."""
    if reflected:
        return lambda self, other: self._fn._elementwise(op, other, self)
    return lambda self, other: self._fn._elementwise(op, self, other)


def _unary_method(op, summary):
    def method(self):
        return self._fn._create(op, [self])
    method.__name__ = method.__qualname__ = _METHOD_NAMES.get(op, op)
    method.__doc__ = "tiny.%s: %s." % (op, summary)
    return method


# Methods named after ops whose names are Python keywords.
_METHOD_NAMES = {"or": "or_", "and": "and_", "not": "not_"}

_BINARY_OPS = {
    "add": "x + y (integers wrap around)", "sub": "x - y",
    "mul": "x * y", "fdiv": "float division",
    "cdiv": "integer division truncating toward zero (C)",
    "cmod": "remainder with the dividend's sign (C)",
    "floordiv": "integer division rounding down (Python)",
    "floormod": "remainder with the divisor's sign (Python)",
    "max": "elementwise maximum", "pow": "x ** y",
    "xor": "bitwise exclusive or", "or": "bitwise or",
    "and": "bitwise and", "shl": "shift left",
    "shr": "shift right (arithmetic for signed, logical for unsigned)",
    "threefry": "Threefry-2x32 random bits of a counter and a key",
    "cmplt": "x < y", "cmple": "x <= y", "cmpgt": "x > y",
    "cmpge": "x >= y", "cmpeq": "x == y", "cmpne": "x != y",
}

_UNARY_OPS = {
    "exp2": "2 raised to each element", "log2": "base-2 logarithm",
    "sin": "sine (radians)", "sqrt": "square root",
    "reciprocal": "1 / x", "trunc": "round toward zero",
    "neg": "negation", "not": "logical not of an i1 tensor",
    "contiguous": "realize the value in its own buffer",
    "contiguous_backward": "realize the gradient flowing back here",
    "detach": "stop gradients through this value",
}


class Value:
    """One tensor value of a Function under construction. Values of one
    Function combine; a value of another Function is refused."""

    __slots__ = ("_fn", "_value", "_type")
    # numpy scalars and arrays defer to Value's reflected operators.
    __array_ufunc__ = None

    def __init__(self, fn, value):
        self._fn = fn
        self._value = value
        self._type = _C.mlirValueGetType(value)

    # Properties ------------------------------------------------------------

    @property
    def type(self):
        """The MLIR type, as text: `tensor<2x3xf32, #tiny.device<"CPU">>`."""
        return _print(_C.mlirTypePrint, self._type)

    @property
    def shape(self):
        """The shape, as tiny inferred it: a tuple of ints."""
        return tuple(_C.mlirShapedTypeGetDimSize(self._type, i)
                     for i in range(_C.mlirShapedTypeGetRank(self._type)))

    @property
    def ndim(self):
        """The rank."""
        return _C.mlirShapedTypeGetRank(self._type)

    @property
    def dtype(self):
        """The numpy dtype, or the MLIR name ("bf16") where numpy has
        none."""
        element = self._element
        return (_numpy_dtype(element) or
                _print(_C.mlirTypePrint, element))

    @property
    def device(self):
        """The device name, or a tuple of names for a multi-device
        value."""
        device = self._device
        names = tuple(_str(_C.tinyDeviceAttrGetName(device, i))
                      for i in range(_C.tinyDeviceAttrGetNumNames(device)))
        return names[0] if len(names) == 1 else names

    @property
    def _element(self):
        return _C.mlirShapedTypeGetElementType(self._type)

    @property
    def _device(self):
        return _C.mlirRankedTensorTypeGetEncoding(self._type)

    def __repr__(self):
        return "Value(%s)" % self.type

    def __bool__(self):
        raise TypeError("a tiny.ir.Value has no truth value: it is computed "
                        "when the program runs")

    __hash__ = object.__hash__

    # Elementwise ops ---------------------------------------------------------

    def where(self, if_true, if_false):
        """tiny.where with this i1 value as the condition."""
        return where(self, if_true, if_false)

    def mulacc(self, b, c):
        """tiny.mulacc: self * b + c."""
        return self._fn._elementwise("mulacc", self, b, c)

    def cast(self, dtype):
        """tiny.cast: convert each element to `dtype`."""
        return self._fn._create("cast", [self], {
            "dtype": _C.mlirTypeAttrGet(self._fn._dtype(dtype))})

    def bitcast(self, dtype):
        """tiny.bitcast: reinterpret the bytes as `dtype` (the last axis
        rescales with the element size)."""
        return self._fn._create("bitcast", [self], {
            "dtype": _C.mlirTypeAttrGet(self._fn._dtype(dtype))})

    __add__ = _operator("add")
    __radd__ = _operator("add", reflected=True)
    __sub__ = _operator("sub")
    __rsub__ = _operator("sub", reflected=True)
    __mul__ = _operator("mul")
    __rmul__ = _operator("mul", reflected=True)
    __truediv__ = _operator("fdiv")
    __rtruediv__ = _operator("fdiv", reflected=True)
    __floordiv__ = _operator("floordiv")
    __rfloordiv__ = _operator("floordiv", reflected=True)
    __mod__ = _operator("floormod")
    __rmod__ = _operator("floormod", reflected=True)
    __pow__ = _operator("pow")
    __rpow__ = _operator("pow", reflected=True)
    __and__ = _operator("and")
    __rand__ = _operator("and", reflected=True)
    __or__ = _operator("or")
    __ror__ = _operator("or", reflected=True)
    __xor__ = _operator("xor")
    __rxor__ = _operator("xor", reflected=True)
    __lshift__ = _operator("shl")
    __rlshift__ = _operator("shl", reflected=True)
    __rshift__ = _operator("shr")
    __rrshift__ = _operator("shr", reflected=True)
    __lt__ = _operator("cmplt")
    __le__ = _operator("cmple")
    __gt__ = _operator("cmpgt")
    __ge__ = _operator("cmpge")
    __eq__ = _operator("cmpeq")
    __ne__ = _operator("cmpne")
    __neg__ = _unary_method("neg", _UNARY_OPS["neg"])
    __invert__ = _unary_method("not", _UNARY_OPS["not"])

    def __matmul__(self, other):
        return self.matmul(other)

    # Movement ops ------------------------------------------------------------

    def reshape(self, *shape):
        """tiny.reshape: the same elements in a new shape."""
        return self._fn._create("reshape", [self], {
            "shape": self._fn._i64_array(_int_list(shape, "shape"))})

    def permute(self, *order):
        """tiny.permute: result axis i is axis `order[i]`."""
        return self._fn._create("permute", [self], {
            "order": self._fn._i64_array(_int_list(order, "order"))})

    def expand(self, *shape):
        """tiny.expand: broadcast axes of length 1 to `shape`."""
        return self._fn._create("expand", [self], {
            "shape": self._fn._i64_array(_int_list(shape, "shape"))})

    def pad(self, low, high):
        """tiny.pad: `low[i]` zeros before and `high[i]` after axis i."""
        return self._fn._create("pad", [self], {
            "low": self._fn._i64_array(_int_list((low,), "low")),
            "high": self._fn._i64_array(_int_list((high,), "high"))})

    def shrink(self, starts, ends):
        """tiny.shrink: the range [starts[i], ends[i]) of each axis."""
        return self._fn._create("shrink", [self], {
            "starts": self._fn._i64_array(_int_list((starts,), "starts")),
            "ends": self._fn._i64_array(_int_list((ends,), "ends"))})

    def flip(self, *axes):
        """tiny.flip: reverse the listed axes."""
        return self._fn._create("flip", [self], {
            "axes": self._fn._i64_array(_int_list(axes, "axes"))})

    def index(self, *indices):
        """tiny.index: gather along the leading axes with integer index
        Values."""
        return self._fn._create("index", [self] + list(indices))

    def to(self, device, shard=None):
        """tiny.copy to a device name or a tuple of names (with `shard` k:
        split along axis k, one part per device)."""
        attributes = {"device": self._fn._context.device(device)}
        if shard is not None:
            attributes["shard"] = self._fn._i64(shard)
        return self._fn._create("copy", [self], attributes)

    # Reduce ops --------------------------------------------------------------

    def reduce(self, kind, *axes):
        """tiny.reduce with `kind` "add", "max" or "mul" over `axes` (all
        axes when none are given); reduced axes keep length 1."""
        axes = _int_list(axes, "axes") if axes else list(range(self.ndim))
        data = str(kind).encode()
        attribute = _C.tinyReduceKindAttrGet(self._fn._context.handle,
                                             _ref(data))
        if not attribute:
            raise ValueError("unknown reduce kind %r: expected add, max or "
                             "mul" % (kind,))
        return self._fn._create("reduce", [self], {
            "kind": attribute, "axes": self._fn._i64_array(axes)})

    def sum(self, *axes):
        """reduce("add", *axes)."""
        return self.reduce("add", *axes)

    def prod(self, *axes):
        """reduce("mul", *axes)."""
        return self.reduce("mul", *axes)

    def amax(self, *axes):
        """reduce("max", *axes) (`max` is the elementwise maximum)."""
        return self.reduce("max", *axes)

    def matmul(self, other):
        """The matrix product of two 2-D values, as tinygrad writes it:
        (m, k, 1) * (1, k, n), expanded to (m, k, n), summed over k."""
        other = self._fn._own(other)
        if self.ndim != 2 or other.ndim != 2:
            raise ValueError("matmul takes 2-D values, got shapes %s and %s"
                             % (self.shape, other.shape))
        (m, k), n = self.shape, other.shape[1]
        a = self.reshape(m, k, 1).expand(m, k, n)
        b = other.reshape(1, other.shape[0], n).expand(m, k, n)
        return (a * b).sum(1).reshape(m, n)


for _op, _summary in _BINARY_OPS.items():
    setattr(Value, _METHOD_NAMES.get(_op, _op), _binary_method(_op, _summary))
for _op, _summary in _UNARY_OPS.items():
    setattr(Value, _METHOD_NAMES.get(_op, _op), _unary_method(_op, _summary))
del _op, _summary


def where(condition, if_true, if_false):
    """tiny.where: `if_true` where the i1 `condition` holds, else
    `if_false`. Scalars take the dtype of the other branch."""
    values = [v for v in (condition, if_true, if_false)
              if isinstance(v, Value)]
    if not values:
        raise TypeError("where takes at least one tiny.ir.Value")
    return values[0]._fn._where(condition, if_true, if_false)


def stack(*values):
    """tiny.stack: equally typed values along a new leading axis."""
    if len(values) == 1 and not isinstance(values[0], Value):
        values = tuple(values[0])
    if not values or not isinstance(values[0], Value):
        raise TypeError("stack takes tiny.ir.Values")
    fn = values[0]._fn
    return fn._create("stack", values)


# ---------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------


class Function:
    """A `tiny.function` built op by op: its inputs are `param`s, its result
    what `ret` returns. Use as a context manager, which checks that `ret`
    was called, or call `ret` directly. `device` is the default device of
    params and constants."""

    def __init__(self, name="f", device="CPU"):
        self.name = name
        self._context = _IRContext()
        self._device = self._context.device(device)
        self._region = _C.mlirRegionCreate()
        self._block = _C.mlirBlockCreate(0, None, None)
        _C.mlirRegionAppendOwnedBlock(self._region, self._block)
        self._module = None

    def __del__(self):
        module, self._module = getattr(self, "_module", None), None
        region, self._region = getattr(self, "_region", None), None
        if _C is None:
            return
        if module:
            _C.mlirModuleDestroy(module)
        elif region:
            _C.mlirRegionDestroy(region)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, traceback):
        if exc_type is None and self._module is None:
            raise RuntimeError("tiny.ir.Function %r ended without ret()" %
                               self.name)
        return False

    # Inputs and constants ----------------------------------------------------

    def param(self, slot, dtype, shape=(), device=None):
        """`tiny.param slot`: input `slot` of the program. `shape` is an
        int n (storage of n elements), () for a scalar, or a tuple, which
        reshapes the flat storage of its element count."""
        if isinstance(shape, (int, np.integer)):
            size, shape = operator.index(shape), None
        else:
            shape = _int_list((shape,), "shape")
            size = int(np.prod(shape, dtype=np.int64)) if shape else None
            if len(shape) <= 1:
                shape = None
        attributes = {
            "slot": self._i64(slot),
            "dtype": _C.mlirTypeAttrGet(self._dtype(dtype)),
            "device": (self._context.device(device) if device is not None
                       else self._device),
            "addrspace": _C.tinyAddrSpaceAttrGet(self._context.handle,
                                                 _ref(b"global")),
        }
        if size is not None:
            attributes["size"] = self._i64(size)
        value = self._create("param", [], attributes)
        return value.reshape(shape) if shape else value

    def const(self, value, dtype=None, shape=None, device=None):
        """A constant: a scalar (filling `shape`, default ()), or a numpy
        array (broadcast to `shape` if given). `dtype` defaults to a numpy
        value's own, else float32/int32/bool. Its elements are in the IR
        text, so large data belongs in params."""
        element = self._dtype(dtype if dtype is not None
                              else _default_dtype(value))
        device = (self._context.device(device) if device is not None
                  else self._device)
        return self._constant(value, element, device, shape)

    def _constant(self, value, element, device, shape=None):
        """One tiny.const of MLIR element type `element` on `device`: a
        splat when every element has the same bits, else dense elements."""
        numpy_dtype = _numpy_dtype(element)
        array = _element_values(value, element, numpy_dtype)
        if shape is not None:
            shape = _int_list((shape,), "shape")
            array = np.broadcast_to(array, shape)
        flat = np.ascontiguousarray(array).reshape(-1)
        dims = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
        tensor = _C.tinyTensorTypeGet(array.ndim, dims, element, device)
        if not tensor:
            raise ValueError("no tensor type of shape %s" % (array.shape,))
        # Equal bits, not equal values: 0.0 and -0.0 differ.
        bits = flat.view("u%d" % flat.itemsize)
        if flat.size == 0 or (bits == bits[0]).all():
            scalar = flat[0] if flat.size else array.dtype.type(0)
            attribute = self._splat_attribute(scalar, element, tensor)
        else:
            attribute = self._dense_attribute(flat, element, numpy_dtype,
                                              tensor)
        if not attribute:
            raise ValueError("cannot make a constant of %s" %
                             _print(_C.mlirTypePrint, tensor))
        return self._create("const", [], {"value": attribute})

    def _splat_attribute(self, scalar, element, tensor):
        """`scalar` (of `element`'s numpy dtype, or float64) filling
        `tensor`."""
        if _C.mlirTypeIsAFloat(element):
            return _C.mlirDenseElementsAttrSplatGet(
                tensor, _C.mlirFloatAttrDoubleGet(self._context.handle,
                                                  element, float(scalar)))
        if _C.mlirTypeIsAInteger(element) and \
                _C.mlirIntegerTypeGetWidth(element) == 1:
            return _C.mlirDenseElementsAttrBoolSplatGet(tensor, bool(scalar))
        # Integers as raw bytes: exact for every width and signedness.
        data = np.asarray(scalar).tobytes()
        return _C.mlirDenseElementsAttrRawBufferGet(tensor, len(data), data)

    def _dense_attribute(self, flat, element, numpy_dtype, tensor):
        """The elements of `flat` (of `numpy_dtype`, or float64 for a float
        type numpy lacks) as `tensor`'s dense elements."""
        n = flat.size
        if _C.mlirTypeIsAInteger(element) and \
                _C.mlirIntegerTypeGetWidth(element) == 1:
            return _C.mlirDenseElementsAttrBoolGet(
                tensor, n, (ctypes.c_int * n)(*flat.astype(np.int32)))
        if numpy_dtype is not None:
            # Little-endian bytes of numpy's own layout: exact.
            data = flat.tobytes()
            return _C.mlirDenseElementsAttrRawBufferGet(tensor, len(data),
                                                        data)
        # bf16 and the f8 types: each element rounded from float64 as a
        # splat's is.
        attributes = (_Attribute * n)(*[
            _C.mlirFloatAttrDoubleGet(self._context.handle, element,
                                      float(x)) for x in flat])
        return _C.mlirDenseElementsAttrGet(tensor, n, attributes)

    # Results -----------------------------------------------------------------

    def ret(self, *values):
        """Returns one value, or a tuple of several (tiny.tuple), and
        closes the function; the whole module is verified."""
        if len(values) == 1 and isinstance(values[0], (tuple, list)):
            values = tuple(values[0])
        if not values:
            raise TypeError("ret takes at least one value")
        values = [self._own(v) for v in values]
        result = values[0]
        if len(values) > 1:
            result = self._create_op("tuple", [v._value for v in values])
            result_value = _C.mlirOperationGetResult(result, 0)
        else:
            result_value = result._value
        # tiny.return verifies inside a tiny.function only: the module
        # is verified below.
        self._create_op("return", [result_value], infer=False, verify=False)
        context, location = self._context, self._context.location()
        state = _C.mlirOperationStateGet(_ref(b"tiny.function"), location)
        name = self.name.encode()
        attributes = [
            _C.mlirNamedAttributeGet(context.identifier("sym_name"),
                                     _C.mlirStringAttrGet(context.handle,
                                                          _ref(name))),
            _C.mlirNamedAttributeGet(context.identifier("result_type"),
                                     _C.mlirTypeAttrGet(_C.mlirValueGetType(
                                         result_value))),
        ]
        _C.mlirOperationStateAddAttributes(
            ctypes.byref(state), 2, (_NamedAttribute * 2)(*attributes))
        region, self._region = self._region, None
        _C.mlirOperationStateAddOwnedRegions(ctypes.byref(state), 1,
                                             ctypes.byref(region))
        function = _C.mlirOperationCreate(ctypes.byref(state))
        self._module = _C.mlirModuleCreateEmpty(location)
        _C.mlirBlockAppendOwnedOperation(_C.mlirModuleGetBody(self._module),
                                         function)
        context.diagnostics.clear()
        if not _C.mlirOperationVerify(
                _C.mlirModuleGetOperation(self._module)):
            raise context.error("the function does not verify")

    def compile(self):
        """Compiles the returned function: a tiny.Program."""
        module = self._returned_module()
        handle = ctypes.c_void_p()
        name = self.name.encode()
        _check(_C.tinyProgramCompileModule(module, _ref(name),
                                           ctypes.byref(handle)))
        return Program(handle, owner=self._context)

    def module_text(self, generic=False):
        """The module's IR, in tiny's custom form or (`generic`) MLIR's
        generic form; `tiny.compile` reads either."""
        operation = _C.mlirModuleGetOperation(self._returned_module())
        if not generic:
            return _print(_C.mlirOperationPrint, operation)
        flags = _C.mlirOpPrintingFlagsCreate()
        try:
            _C.mlirOpPrintingFlagsPrintGenericOpForm(flags)
            return _print(_C.mlirOperationPrintWithFlags, operation, flags)
        finally:
            _C.mlirOpPrintingFlagsDestroy(flags)

    def __str__(self):
        """The module's IR once returned (module_text()), else repr()."""
        return self.module_text() if self._module is not None else \
            repr(self)

    def __repr__(self):
        return "<tiny.ir.Function %r (%s)>" % (
            self.name, "returned" if self._module is not None else "open")

    def _returned_module(self):
        if self._module is None:
            raise RuntimeError("tiny.ir.Function %r has not returned yet: "
                               "call ret()" % self.name)
        return self._module

    # Building ops ------------------------------------------------------------

    def _own(self, value):
        if not isinstance(value, Value):
            raise TypeError("expected a tiny.ir.Value, got %r" % (value,))
        if value._fn is not self:
            raise ValueError("a value of function %r used in function %r" %
                             (value._fn.name, self.name))
        return value

    def _operand(self, value, like):
        """`value` as a Value: itself, or a constant with the dtype and
        device of the Value `like`."""
        if isinstance(value, Value):
            return self._own(value)
        return self._constant(value, like._element, like._device)

    def _elementwise(self, op, *operands):
        """An elementwise op; its scalar and array operands become constants
        of the first Value operand's dtype and device."""
        like = next(v for v in operands if isinstance(v, Value))
        return self._create(op, [self._operand(v, like) for v in operands])

    def _where(self, condition, if_true, if_false):
        """tiny.where: a scalar condition is i1; scalar branches take the
        other branch's dtype, or their own default when both are
        scalars."""
        anchor = next(v for v in (condition, if_true, if_false)
                      if isinstance(v, Value))
        if not isinstance(condition, Value):
            condition = self._constant(condition, self._dtype(np.bool_),
                                       anchor._device)
        like = next((v for v in (if_true, if_false) if isinstance(v, Value)),
                    None)
        if like is None:
            like = if_true = self._constant(
                if_true, self._dtype(_default_dtype(if_true)),
                anchor._device)
        return self._create("where", [self._own(condition),
                                      self._operand(if_true, like),
                                      self._operand(if_false, like)])

    def _create(self, op, operands, attributes=None):
        """Appends `tiny.<op>` with inferred result type, verified."""
        operation = self._create_op(
            op, [self._own(v)._value for v in operands], attributes)
        return Value(self, _C.mlirOperationGetResult(operation, 0))

    def _create_op(self, op, operands, attributes=None, infer=True,
                   verify=True):
        """Appends `tiny.<op>` of MlirValue `operands`, its result types
        inferred (`infer`) and the op verified (`verify`); a failure
        removes the op and raises TinyError with the diagnostics."""
        if self._module is not None:
            raise RuntimeError("tiny.ir.Function %r has returned: it takes "
                               "no more ops" % self.name)
        context = self._context
        name = ("tiny." + op).encode()
        state = _C.mlirOperationStateGet(_ref(name), context.location())
        if operands:
            _C.mlirOperationStateAddOperands(
                ctypes.byref(state), len(operands),
                (_MlirValue * len(operands))(*operands))
        if attributes:
            named = [_C.mlirNamedAttributeGet(context.identifier(k), a)
                     for k, a in attributes.items()]
            _C.mlirOperationStateAddAttributes(
                ctypes.byref(state), len(named),
                (_NamedAttribute * len(named))(*named))
        if infer:
            _C.mlirOperationStateEnableResultTypeInference(
                ctypes.byref(state))
        context.diagnostics.clear()
        operation = _C.mlirOperationCreate(ctypes.byref(state))
        if not operation:
            raise context.error("cannot build tiny.%s" % op)
        _C.mlirBlockAppendOwnedOperation(self._block, operation)
        if verify and not _C.mlirOperationVerify(operation):
            _C.mlirOperationDestroy(operation)
            raise context.error("tiny.%s does not verify" % op)
        return operation

    def _dtype(self, dtype):
        """An MLIR element type: a string is MLIR's spelling ("f32",
        "ui8", "bf16"), anything else a numpy dtype (np.float32, bool)."""
        if not isinstance(dtype, str):
            name = _MLIR_DTYPES.get(np.dtype(dtype))
            if name is None:
                raise TypeError("tiny has no dtype for numpy's %s" %
                                np.dtype(dtype))
            dtype = name
        return self._context.parse_type(dtype)

    def _i64(self, value):
        value = operator.index(value)
        if not -2**63 <= value < 2**63:
            raise ValueError("%d does not fit in 64 bits" % value)
        return _C.mlirIntegerAttrGet(
            _C.mlirIntegerTypeGet(self._context.handle, 64), value)

    def _i64_array(self, values):
        return _C.mlirDenseI64ArrayGet(
            self._context.handle, len(values),
            (ctypes.c_int64 * max(len(values), 1))(*values))

