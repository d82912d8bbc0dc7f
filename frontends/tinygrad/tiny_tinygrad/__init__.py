"""tinygrad as a frontend of tiny.

    import tiny_tinygrad            # or: import tiny.tinygrad
    tiny_tinygrad.realize(a, b)     # compute tinygrad Tensors with tiny
    tiny_tinygrad.enable()          # every Tensor.realize() goes through tiny
    print(tiny_tinygrad.export(a).text)   # the tiny.function of a's graph

Modules: export (UOp graph -> tiny IR text), realize (compile, run, write
back), enable (the Tensor.realize hook), dtypes (dtype and constant
spelling).
"""

from .dtypes import ExportError
from .enable import disable, enable, enabled
from .export import Exported, export
from .realize import compile_text, realize, stats

__all__ = ["ExportError", "Exported", "compile_text", "disable", "enable",
           "enabled", "export", "realize", "stats"]
