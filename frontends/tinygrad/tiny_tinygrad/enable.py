"""Route every Tensor.realize() of the process through tiny.

tinygrad realizes through `Tensor.realize` everywhere: explicitly, and
implicitly in .numpy(), .tolist(), .item(), .data() and the like (they
realize a contiguous copy first). enable() replaces that method; disable()
puts tinygrad's back. With `fallback=True` a graph tiny cannot export is
realized by tinygrad itself (counted in `fallbacks`); by default the
ExportError is raised.

The environment variable TINY_TINYGRAD=1 does the same without code
changes: frontends/tinygrad/sitecustomize.py, found through PYTHONPATH,
calls enable() once tinygrad is imported (TINY_TINYGRAD=fallback turns on
the fallback).

TinyJit: while a TinyJit captures, realize records each compiled program as
a CALL (realize.TinyCall) in the jit's captured list instead of running it;
tinygrad's run_linear runs those CALLs (now and on every replay, with the
call's input buffers) through a rule enable() adds to tinygrad's pm_exec.
The rule stays after disable(), so captured jits keep working; so does the
name DEBUG>=2 prints for such a call (TinyCall.display_name), and so do
GlobalCounters: the run counts what tiny launched (realize.Cost), not
what tinygrad's track_stats would take such a call for.
"""

from .dtypes import ExportError
from .realize import exec_tiny, realize

__all__ = ["enable", "disable", "enabled", "fallbacks"]

_original = None
_fallback = False
fallbacks = []


def _tiny_realize(self, *lst, do_update_stats=True):
    try:
        realize(self, *lst, update_stats=do_update_stats)
    except ExportError as e:
        if not _fallback:
            raise
        fallbacks.append(str(e))
        _original(self, *lst, do_update_stats=do_update_stats)
    return self


def _install_exec_rule():
    """Adds the rule running a TinyCall's CALL to tinygrad's pm_exec (the
    patterns run_linear dispatches on), once."""
    import tinygrad.engine.realize as engine
    from tinygrad.helpers import GlobalCounters
    from tinygrad.uop.ops import Ops, PatternMatcher, UPat
    if getattr(engine.pm_exec, "_tiny_tinygrad", False):
        return
    rule = PatternMatcher([
        (UPat(Ops.CALL, src=(UPat(Ops.CUSTOM_FUNCTION, arg="tiny",
                                  name="ast"),),
              name="call", allow_any_len=True), exec_tiny),
    ])
    engine.pm_exec = engine.pm_exec + rule
    engine.pm_exec._tiny_tinygrad = True
    # DEBUG>=2 and PROFILE name each call run_linear runs; tinygrad's
    # get_call_name raises on a call it does not know.
    named = engine.get_call_name

    def get_call_name(call, bufs, var_vals=None):
        ast = call.src[0]
        if ast.op is Ops.CUSTOM_FUNCTION and ast.arg == "tiny":
            return call.arg.aux.display_name
        return named(call, bufs, var_vals)
    engine.get_call_name = get_call_name
    # TinyCall.run counted the run in GlobalCounters already; tinygrad's
    # track_stats takes a call for one kernel per device of its first
    # buffer, with no estimates. What it adds is taken back; its DEBUG>=2
    # line still prints.
    tracked = engine.track_stats

    def track_stats(ctx, call, st, ets):
        ast = call.src[0]
        if ast.op is not Ops.CUSTOM_FUNCTION or ast.arg != "tiny":
            return tracked(ctx, call, st, ets)
        counters = (GlobalCounters.kernel_count, GlobalCounters.global_ops,
                    GlobalCounters.global_mem, GlobalCounters.time_sum_s)
        tracked(ctx, call, st, ets)
        (GlobalCounters.kernel_count, GlobalCounters.global_ops,
         GlobalCounters.global_mem, GlobalCounters.time_sum_s) = counters
    engine.track_stats = track_stats


def enable(fallback=False):
    """Makes Tensor.realize run on tiny."""
    global _original, _fallback
    from tinygrad.tensor import Tensor
    _install_exec_rule()
    _fallback = fallback
    if _original is None:
        _original = Tensor.realize
        _tiny_realize.__doc__ = _original.__doc__
        Tensor.realize = _tiny_realize


def disable():
    """Puts tinygrad's own Tensor.realize back."""
    global _original
    from tinygrad.tensor import Tensor
    if _original is not None:
        Tensor.realize = _original
        _original = None


def enabled():
    return _original is not None
