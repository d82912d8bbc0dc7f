"""tiny.schedule: the kernels a program compiles to, without running it.

    import tiny.schedule
    tiny.schedule.kernels(open("prog.mlir").read())
    # {'scale_add': ['E_6']}

The C API's compiled program (tiny_program_t) does not say how many
kernels it launches. This module runs the JIT's tensor-level stage, the
registered `tiny-to-kernels` pipeline (pipelines/Pipelines.h), on the
parsed module through MLIR's C API, then reads the `tiny.k.kernel` ops per
function, as `-tiny-print-schedule` prints them.
"""

import ctypes

from . import TinyError
from .ir import _C, _Handle, _IRContext, _Operation, _StringRef, _ref, _str

__all__ = ["TO_KERNELS", "kernels"]

TO_KERNELS = "tiny-to-kernels"


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
    from .ir import _Attribute, _Context, _Identifier, _Module
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


def kernels(source, pipeline=TO_KERNELS):
    """{function name: [kernel names in order]} of the program `source`
    (IR text) after `pipeline` (by default the JIT's passes up to
    rangeify). Raises TinyError with tiny's diagnostics when the text does
    not parse or a pass fails."""
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
        schedule, current = {}, [None]

        def visit(op, _):
            name = _str(_C.mlirIdentifierStr(_C.mlirOperationGetName(op)))
            if name == "func.func":
                current[0] = _string_attribute(op, "sym_name")
                schedule.setdefault(current[0], [])
            elif name == "tiny.k.kernel":
                schedule.setdefault(current[0], []).append(
                    _string_attribute(op, "name"))
            return _ADVANCE

        _C.mlirOperationWalk(operation, _WALK_CALLBACK(visit), None,
                             _PRE_ORDER)
        return schedule
    finally:
        _C.mlirPassManagerDestroy(manager)
        _C.mlirModuleDestroy(module)
