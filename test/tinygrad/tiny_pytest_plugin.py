"""pytest plugin for running tinygrad's own tests through tiny.

Loaded with `-p tiny_pytest_plugin` (this folder on PYTHONPATH) by
scripts/tinygrad-conformance.sh. It has three jobs, each behind an option:

--tiny            turn tiny on (`tiny.tinygrad.enable()`) before collection,
                  so that every realize of the test session goes through tiny.
                  Without it the tests run on tinygrad's own backend (the
                  reference run).
--tiny-shard I/N  keep only every N-th collected test, starting at the I-th
                  (0-based), so that N processes (Bazel test shards) split a
                  test file between them.
--tiny-results F  record every test's outcome in F, one tab-separated line
                  `OUTCOME<TAB>NODEID<TAB>MESSAGE`, where OUTCOME is passed,
                  failed, skipped or crashed and MESSAGE is the first line of
                  the error or skip reason. Before each test a `start` line is
                  written and flushed: when the process dies in a test (a
                  crash in compiled code), the next session on the same file
                  records that test as crashed and resumes after it, rather
                  than losing the whole run.
--tiny-test-timeout S
                  fail a test that runs longer than S seconds (SIGALRM), so
                  that one hanging test fails alone instead of stalling the
                  run until the outer timeout kills everything.

The file also gets one `collected` line per test of the shard, so the
comparison with the expected failures knows which tests were meant to run,
and with --tiny a `tiny` line at the end of each session with the number of
realizes that went through tiny: a run where none did is not a tiny run.
"""

import os
import signal

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("tiny", "tiny conformance")
    group.addoption("--tiny", action="store_true", default=False,
                    help="run every realize through tiny (tiny.tinygrad.enable())")
    group.addoption("--tiny-shard", default=None, metavar="I/N",
                    help="run only the I-th of N interleaved slices of the tests")
    group.addoption("--tiny-results", default=None, metavar="FILE",
                    help="append one line per test outcome to FILE")
    group.addoption("--tiny-test-timeout", type=float, default=0.0, metavar="S",
                    help="fail a test after S seconds (0: no limit)")


def _parse_shard(text):
    try:
        index, total = (int(part) for part in text.split("/"))
    except ValueError:
        raise pytest.UsageError(f"--tiny-shard wants I/N, got {text!r}")
    if total < 1 or not 0 <= index < total:
        raise pytest.UsageError(f"--tiny-shard {text}: need 0 <= I < N")
    return index, total


def _one_line(text):
    """The first non-empty line of an error text, tabs made spaces."""
    for line in str(text).splitlines():
        line = line.strip()
        if line:
            return line.replace("\t", " ")[:400]
    return ""


def _message(report):
    """A short reason for a failed or skipped report."""
    longrepr = report.longrepr
    if longrepr is None:
        return ""
    if isinstance(longrepr, tuple):  # a skip: (path, line, reason)
        return _one_line(longrepr[2]).removeprefix("Skipped: ")
    crash = getattr(longrepr, "reprcrash", None)
    if crash is not None:
        return _one_line(crash.message)
    return _one_line(longrepr)


class _Recorder:
    """Writes outcomes to the results file as the tests finish."""

    def __init__(self, path):
        self.path = path
        self.done = set()
        self.crashed = []
        started = None
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    kind, nodeid = line.rstrip("\n").split("\t")[:2]
                    if kind == "start":
                        started = nodeid
                    elif kind in ("passed", "failed", "skipped", "crashed"):
                        self.done.add(nodeid)
                        if nodeid == started:
                            started = None
        self.file = open(path, "a")
        if started is not None:
            # The previous session died inside this test.
            self.write("crashed", started, "the test process died in this test")
            self.done.add(started)
        self.reports = {}

    def write(self, kind, nodeid, message=""):
        self.file.write(f"{kind}\t{nodeid}\t{message}\n")
        self.file.flush()

    def collected(self, items):
        # Only the first session of a run records the collection.
        if not self.done:
            for item in items:
                self.write("collected", item.nodeid)

    def start(self, nodeid):
        self.reports[nodeid] = []
        self.write("start", nodeid)

    def report(self, report):
        self.reports.setdefault(report.nodeid, []).append(report)

    def finish(self, nodeid):
        reports = self.reports.pop(nodeid, [])
        failed = [r for r in reports if r.failed]
        skipped = [r for r in reports if r.skipped]
        if failed:
            self.write("failed", nodeid, f"[{failed[0].when}] " + _message(failed[0]))
        elif skipped:
            self.write("skipped", nodeid, _message(skipped[0]))
        elif any(r.when == "call" and r.passed for r in reports):
            self.write("passed", nodeid)
        else:
            self.write("failed", nodeid, "no outcome was reported")


_tiny = None  # the module tiny.tinygrad, with --tiny


def pytest_configure(config):
    global _tiny
    if config.getoption("--tiny"):
        # Imported only here: the reference run must not need tiny at all.
        import tiny.tinygrad
        tiny.tinygrad.enable()
        if not tiny.tinygrad.enabled():
            raise pytest.UsageError("tiny.tinygrad.enable() did not take effect")
        _tiny = tiny.tinygrad
    shard = config.getoption("--tiny-shard")
    config._tiny_shard = _parse_shard(shard) if shard else None
    results = config.getoption("--tiny-results")
    global _recorder
    _recorder = _Recorder(results) if results else None


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected theirs
def pytest_collection_modifyitems(session, config, items):
    keep, drop = [], []
    shard = config._tiny_shard
    recorder = _recorder
    for position, item in enumerate(items):
        if shard is not None and position % shard[1] != shard[0]:
            drop.append(item)
        else:
            keep.append(item)
    if recorder is not None:
        recorder.collected(keep)
        resumed = [item for item in keep if item.nodeid in recorder.done]
        if resumed:
            keep = [item for item in keep if item.nodeid not in recorder.done]
            drop += resumed
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_report_header(config):
    if _tiny is not None:
        return "tiny: every Tensor.realize goes through tiny (tiny.tinygrad.enable())"
    return "tiny: off (tinygrad's own backend)"


def pytest_sessionfinish(session, exitstatus):
    if _recorder is not None and _tiny is not None:
        stats = _tiny.stats
        _recorder.write("tiny", "-", f"realizes={stats.realizes} compiles={stats.compiles}")


# The runtest hooks get no config: the recorder of the session lives here.
_recorder = None


def pytest_runtest_logstart(nodeid, location):
    if _recorder is not None:
        _recorder.start(nodeid)


def pytest_runtest_logreport(report):
    if _recorder is not None:
        _recorder.report(report)


def pytest_runtest_logfinish(nodeid, location):
    if _recorder is not None:
        _recorder.finish(nodeid)


class _TestTimeout(Exception):
    """Raised in a test that ran past --tiny-test-timeout."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    limit = item.config.getoption("--tiny-test-timeout")
    if not limit:
        yield
        return

    def expire(signum, frame):
        raise _TestTimeout(f"the test ran longer than {limit:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
