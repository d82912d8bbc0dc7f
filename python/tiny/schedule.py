"""tiny.schedule: the kernels a program compiles to, without running it.

    import tiny.schedule
    tiny.schedule.kernels(open("prog.mlir").read())
    # {'scale_add': ['E_6']}

The C API's compiled program (tiny_program_t) does not say how many
kernels it launches. This module runs the JIT's tensor-level stage, the
registered `tiny-to-kernels` pipeline (pipelines/Pipelines.h), on the
parsed module through MLIR's C API, then reads the `tiny.k.kernel` ops per
function, as `-tiny-print-schedule` prints them. `launches` also reads
the static work estimates -tiny-outline-kernels puts on each kernel, and
the copies between devices the host schedule runs.
"""

import collections
import ctypes

from . import TinyError
from .ir import _C, _Handle, _IRContext, _Operation, _StringRef, _ref, _str

__all__ = ["TO_KERNELS", "Launch", "kernels", "launches"]

TO_KERNELS = "tiny-to-kernels"

# The JIT's CPU stage starts with -tiny-outline-kernels, which puts the
# estimates on each kernel; the passes after it do not add or drop kernels.
_OUTLINED = TO_KERNELS + ",tiny-outline-kernels"

Launch = collections.namedtuple("Launch", "kind name flops bytes")
Launch.__doc__ = """One launch of a compiled program: `kind` "kernel" (`name`
its name; `flops` and `bytes` its static estimates, see
-tiny-outline-kernels) or "copy" (a copy between devices, tiny.k.copy:
`name` None, `flops` 0, `bytes` the bytes it moves)."""


class _PassManager(_Handle):
    pass


class _OpPassManager(_Handle):
    pass


class _LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
_WALK_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, _Operation, ctypes.c_void_p)
_PRE_ORDER, _ADVANCE = 0, 0


def _bind():
    from .ir import _Attribute, _Context, _Identifier, _Module, _Type
    from .ir import _MlirValue as _Value
    p = ctypes.c_void_p
    signatures = {
        "tinyRegisterPasses": (None, []),
        "mlirModuleCreateParse": (_Module, [_Context, _StringRef]),
        "mlirPassManagerCreateOnOperation": (_PassManager, [
            _Context, _StringRef]),
        "mlirPassManagerDestroy": (None, [_PassManager]),
        "mlirPassManagerGetAsOpPassManager": (_OpPassManager, [
            _PassManager]),
        "mlirOpPassManagerAddPipeline": (_LogicalResult, [
            _OpPassManager, _StringRef, _STRING_CALLBACK, p]),
        "mlirPassManagerRunOnOp": (_LogicalResult, [_PassManager,
                                                    _Operation]),
        "mlirOperationWalk": (None, [_Operation, _WALK_CALLBACK, p,
                                     ctypes.c_int]),
        "mlirOperationGetName": (_Identifier, [_Operation]),
        "mlirOperationGetAttributeByName": (_Attribute, [_Operation,
                                                         _StringRef]),
        "mlirStringAttrGetValue": (_StringRef, [_Attribute]),
        "mlirIntegerAttrGetValueInt": (ctypes.c_int64, [_Attribute]),
        "mlirFlatSymbolRefAttrGetValue": (_StringRef, [_Attribute]),
        "mlirOperationGetOperand": (_Value, [_Operation, ctypes.c_ssize_t]),
        "mlirValueGetType": (_Type, [_Value]),
        "mlirShapedTypeGetElementType": (_Type, [_Type]),
        "mlirTypeIsAInteger": (ctypes.c_bool, [_Type]),
        "mlirIntegerTypeGetWidth": (ctypes.c_uint, [_Type]),
        "mlirTypeIsAFloat": (ctypes.c_bool, [_Type]),
        "mlirFloatTypeGetWidth": (ctypes.c_uint, [_Type]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(_C, name)
        function.restype = restype
        function.argtypes = argtypes
    _C.tinyRegisterPasses()


_bind()


def _string_attribute(operation, name):
    data = name.encode()
    attribute = _C.mlirOperationGetAttributeByName(operation, _ref(data))
    return _str(_C.mlirStringAttrGetValue(attribute)) if attribute else None


def _integer_attribute(operation, name):
    data = name.encode()
    attribute = _C.mlirOperationGetAttributeByName(operation, _ref(data))
    return _C.mlirIntegerAttrGetValueInt(attribute) if attribute else 0


def _element_bytes(value):
    """The bytes of one element of buffer `value` (an i1 takes a byte)."""
    element = _C.mlirShapedTypeGetElementType(_C.mlirValueGetType(value))
    if _C.mlirTypeIsAInteger(element):
        bits = _C.mlirIntegerTypeGetWidth(element)
    elif _C.mlirTypeIsAFloat(element):
        bits = _C.mlirFloatTypeGetWidth(element)
    else:
        raise TinyError("INVALID_ARGUMENT", "a copy of a buffer of neither "
                        "integers nor floats")
    return (bits + 7) // 8


def _walk(source, pipeline, visit):
    """Runs `pipeline` on the program `source` (IR text) and calls
    `visit(operation, name)` on each op of the result, in pre-order."""
    context = _IRContext()
    data = source.encode() if isinstance(source, str) else bytes(source)
    module = _C.mlirModuleCreateParse(context.handle, _ref(data))
    if not module:
        raise context.error("cannot parse the program")
    operation = _C.mlirModuleGetOperation(module)
    anchor = b"builtin.module"
    manager = _C.mlirPassManagerCreateOnOperation(context.handle,
                                                  _ref(anchor))
    try:
        errors = []

        def on_error(ref, _):
            errors.append(_str(ref))

        text = pipeline.encode()
        added = _C.mlirOpPassManagerAddPipeline(
            _C.mlirPassManagerGetAsOpPassManager(manager), _ref(text),
            _STRING_CALLBACK(on_error), None)
        if not added.value:
            raise TinyError("INVALID_ARGUMENT", "bad pipeline %r: %s" %
                            (pipeline, "".join(errors)))
        if not _C.mlirPassManagerRunOnOp(manager, operation).value:
            raise context.error("the pipeline failed")

        def on_op(op, _):
            visit(op, _str(_C.mlirIdentifierStr(_C.mlirOperationGetName(op))))
            return _ADVANCE

        _C.mlirOperationWalk(operation, _WALK_CALLBACK(on_op), None,
                             _PRE_ORDER)
    finally:
        _C.mlirPassManagerDestroy(manager)
        _C.mlirModuleDestroy(module)


def kernels(source, pipeline=TO_KERNELS):
    """{function name: [kernel names in order]} of the program `source`
    (IR text) after `pipeline` (by default the JIT's passes up to
    rangeify). Raises TinyError with tiny's diagnostics when the text does
    not parse or a pass fails."""
    schedule, current = {}, [None]

    def visit(op, name):
        if name == "func.func":
            current[0] = _string_attribute(op, "sym_name")
            schedule.setdefault(current[0], [])
        elif name == "tiny.k.kernel":
            schedule.setdefault(current[0], []).append(
                _string_attribute(op, "name"))

    _walk(source, pipeline, visit)
    return schedule


def launches(source):
    """{function name: [Launch in order]} of the program `source` (IR
    text): the kernels and copies between devices its compiled code runs
    per call, as the JIT compiles it up to -tiny-outline-kernels. Raises
    TinyError as `kernels` does."""
    # Each kernel is a function of its own now, which its host function
    # calls; the kernel functions follow the host functions in the module.
    hosts, work = {}, {}
    current = [None]

    def visit(op, name):
        if name == "func.func":
            symbol = _string_attribute(op, "sym_name")
            if _C.mlirOperationGetAttributeByName(op, _ref(b"tiny.kernel")):
                work[symbol] = (_integer_attribute(op, "tiny.flops"),
                                _integer_attribute(op, "tiny.bytes"))
            else:
                current[0] = symbol
                hosts[symbol] = []
        elif name == "func.call":
            data = b"callee"
            callee = _C.mlirOperationGetAttributeByName(op, _ref(data))
            hosts[current[0]].append(
                _str(_C.mlirFlatSymbolRefAttrGetValue(callee)))
        elif name == "tiny.k.copy":
            count = _integer_attribute(op, "count")
            size = _element_bytes(_C.mlirOperationGetOperand(op, 0))
            hosts[current[0]].append(Launch("copy", None, 0, count * size))

    _walk(source, _OUTLINED, visit)
    schedule = {}
    for host, steps in hosts.items():
        schedule[host] = [
            Launch("kernel", s, *work[s]) if isinstance(s, str) else s
            for s in steps if not isinstance(s, str) or s in work]
    return schedule
