"""Compares one conformance run with its expected-failures file.

    compare_expected.py NAME RESULTS EXPECTED [--reference]

RESULTS is the file tiny_pytest_plugin.py wrote; EXPECTED lists the tests
that are known to fail (format below). Prints exactly one summary line,
`NAME: P passed, F failed, S skipped`, and before it every difference:

  NEW FAILURE      a test failed (or crashed) that EXPECTED does not list;
  UNEXPECTED PASS  a listed test passed: the cause is gone, drop the line;
  UNKNOWN ENTRY    a listed test id that the test file does not have
                   (checked only when the whole file ran, not one shard).

A listed test that was skipped is reported as a note: it says nothing either
way. Exits 1 when there is any difference, 2 when the run itself is broken
(no test collected, a test that never finished).

EXPECTED format: `#` starts a comment. A group heading is a line
`## [SCOPE] TITLE`, where SCOPE says which runs the group's tests fail in:
[both] through tiny and on tinygrad's own backend (the --reference run),
[tiny] only through tiny, [reference] only on tinygrad's own backend. Every other non-empty line is
`TEST_ID  REASON`: the test id is the pytest node id without its file
(`TestOps::test_abs`), the reason one line of prose.
"""

import argparse
import re
import sys

_HEADING = re.compile(r"^##\s*\[(both|tiny|reference)\]\s*(\S.*)$")


class ExpectedError(Exception):
    """A malformed expected-failures file."""


def read_expected(path):
    """Returns {test id: (scope, group title, reason)}."""
    entries = {}
    scope = title = None
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            where = f"{path}:{number}"
            if line.startswith("##"):
                match = _HEADING.match(line)
                if not match:
                    raise ExpectedError(f"{where}: a heading is '## [both|tiny|reference] TITLE'")
                scope, title = match.groups()
                continue
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            if len(parts) < 2:
                raise ExpectedError(f"{where}: '{parts[0]}' has no reason after it")
            if scope is None:
                raise ExpectedError(f"{where}: entry before the first '## [..]' heading")
            if parts[0] in entries:
                raise ExpectedError(f"{where}: '{parts[0]}' is listed twice")
            entries[parts[0]] = (scope, title, parts[1])
    return entries


def short_id(nodeid):
    """`test/backend/test_ops.py::TestOps::test_abs` -> `TestOps::test_abs`."""
    return nodeid.split("::", 1)[1] if "::" in nodeid else nodeid


def read_results(path):
    """Returns (collected ids in order, {id: (outcome, message)}, unfinished
    id, realizes through tiny or None when tiny was off)."""
    collected, outcomes, started, realizes = [], {}, None, None
    with open(path) as f:
        for line in f:
            kind, nodeid, message = (line.rstrip("\n").split("\t") + [""])[:3]
            test = short_id(nodeid)
            if kind == "tiny":
                count = int(message.split()[0].removeprefix("realizes="))
                realizes = (realizes or 0) + count
            elif kind == "collected":
                collected.append(test)
            elif kind == "start":
                started = test
            else:
                outcomes[test] = (kind, message)
                if test == started:
                    started = None
    return collected, outcomes, started, realizes


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("name")
    parser.add_argument("results")
    parser.add_argument("expected")
    parser.add_argument("--reference", action="store_true",
                        help="the run was on tinygrad's own backend: [both] and [reference] entries apply")
    parser.add_argument("--whole", action="store_true",
                        help="the run covered the whole file: check for unknown entries")
    args = parser.parse_args(argv)

    try:
        expected = read_expected(args.expected)
    except (OSError, ExpectedError) as error:
        print(f"error: {error}")
        return 2
    try:
        collected, outcomes, unfinished, realizes = read_results(args.results)
    except OSError as error:
        print(f"error: no results: {error}")
        return 2
    run = "reference" if args.reference else "tiny"
    applies = {test for test, (scope, _, _) in expected.items()
               if scope in ("both", run)}

    counts = {"passed": 0, "failed": 0, "skipped": 0}
    new_failures, unexpected_passes, listed_skips, missing = [], [], [], []
    for test in collected:
        outcome, message = outcomes.get(test, ("missing", ""))
        if outcome == "missing":
            missing.append(test)
            continue
        counts["failed" if outcome == "crashed" else outcome] += 1
        if outcome in ("failed", "crashed") and test not in applies:
            new_failures.append((test, outcome, message))
        elif outcome == "passed" and test in applies:
            unexpected_passes.append((test, expected[test][2]))
        elif outcome == "skipped" and test in applies:
            listed_skips.append((test, message))
    unknown = sorted(set(expected) - set(collected)) if args.whole else []

    for test, outcome, message in new_failures:
        print(f"NEW FAILURE: {test} ({outcome}): {message}")
    for test, reason in unexpected_passes:
        print(f"UNEXPECTED PASS: {test} (listed: {reason})")
    for test in unknown:
        print(f"UNKNOWN ENTRY: {test} is listed in {args.expected} but not in the test file")
    for test, message in listed_skips:
        print(f"note: listed test {test} was skipped: {message}")
    for test in missing:
        print(f"BROKEN RUN: {test} was collected but has no outcome")
    if not collected:
        print("BROKEN RUN: no test was collected")
    # A crashed session writes no count, so only a run with passes can tell.
    not_tiny = (not args.reference and counts["passed"] > 0 and not realizes)
    if not_tiny:
        print("BROKEN RUN: tests passed but no realize went through tiny")
    print(f"{args.name}: {counts['passed']} passed, {counts['failed']} failed, "
          f"{counts['skipped']} skipped")
    if missing or not collected or unfinished or not_tiny:
        return 2
    return 1 if new_failures or unexpected_passes or unknown else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
