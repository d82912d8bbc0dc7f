"""Models end to end through tiny (issue 14 item 4): tinygrad's GPT-2,
ResNet-18 and a beautiful_mnist training step (workloads.py), each run
twice in this process from the same seeded weights: once by tinygrad on
its CPU backend (the reference), once with every realize going through
tiny (tiny.tinygrad.enable(), so a realize inside the model, such as
GPT-2's kv-cache write, runs on tiny too). The compared values must agree
within the tolerances workloads.py states and justifies (FORWARD_RTOL,
TRAIN_RTOL, adam_update_bound).

Needs tinygrad's source ($TINYGRAD_PATH, else /work/shared/tinygrad): the
module is skipped, saying so, without it.

    PYTHONPATH=python:frontends/tinygrad /usr/bin/python3 -m pytest -s \\
        frontends/tinygrad/tests/test_models.py
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workloads  # noqa: E402

_MISSING = workloads.tinygrad_missing()
if _MISSING:
    print("test_models.py skipped: " + _MISSING)
    pytest.skip(_MISSING, allow_module_level=True)

workloads.import_tinygrad()
import tiny.tinygrad as tiny_tinygrad  # noqa: E402
from tinygrad import Tensor  # noqa: E402

# Known failures of the exporter, each with the smallest snippet that shows
# it; strict, so a fix makes the test fail until the mark goes. None now.
_XFAIL = {}


def run_reference_and_tiny(name, seed=0):
    """The check rows of workload `name`: tinygrad's own realize, then a
    fresh build of the same weights realized through tiny."""
    build = workloads.WORKLOADS[name]
    was_enabled = tiny_tinygrad.enabled()
    tiny_tinygrad.disable()
    try:
        reference_run = build(seed)
        Tensor.realize(*reference_run.step())
        reference = workloads.values(reference_run)
        tiny_run = build(seed)
        tiny_tinygrad.enable()
        try:
            tiny_tinygrad.realize(*tiny_run.step())
        finally:
            tiny_tinygrad.disable()
        result = workloads.values(tiny_run)
    finally:
        if was_enabled:
            tiny_tinygrad.enable()
    return tiny_run.check(result, reference)


def _format(rows):
    return "\n".join("  %-28s max abs %.3g  rel %.3g  tol %s  %s" % (
        name, diff, rel, tol, "ok" if ok else "FAIL")
        for name, diff, rel, tol, ok in rows)


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.xfail(
        strict=True, reason=_XFAIL[name])) if name in _XFAIL else name
    for name in workloads.WORKLOADS])
def test_model_matches_tinygrad(name):
    rows = run_reference_and_tiny(name)
    max_abs, max_rel, ok = workloads.summary(rows)
    print("\n%s: max abs %.3g, max rel %.3g over %d tensors" % (
        name, max_abs, max_rel, len(rows)))
    bad = [row for row in rows if not row[4]]
    assert ok, "%s differs from tinygrad:\n%s" % (name, _format(bad))


def _gpt2_generate(steps=4):
    """Greedy tokens of examples/gpt2.py's Transformer.__call__: the prompt
    at start_pos 0, then one token at a time with the token and start_pos
    bound Variables (its TinyJit'd forward, the kv cache written through a
    SHRINK by start_pos)."""
    from tinygrad import Variable
    run = workloads.GPT2(seed=3)
    tokens = [5, 17, 99, 3]
    start_pos = 0
    for _ in range(steps):
        if start_pos == 0:
            given = Tensor([tokens])
        else:
            given = Variable("tokens", 0, run.vocab - 1).bind(tokens[-1])
        position = Variable("start_pos", 1 if start_pos else 0,
                            run.seq - 1).bind(start_pos)
        token = run.model(given, position).tolist()
        start_pos = len(tokens)
        tokens.append(token[0])
    return tokens


def test_gpt2_generation_with_kv_cache_matches_tinygrad():
    was_enabled = tiny_tinygrad.enabled()
    tiny_tinygrad.disable()
    try:
        reference = _gpt2_generate()
        tiny_tinygrad.enable()
        got = _gpt2_generate()
    finally:
        tiny_tinygrad.disable()
        if was_enabled:
            tiny_tinygrad.enable()
    assert got == reference
