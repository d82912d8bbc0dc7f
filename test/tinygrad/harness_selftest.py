"""Tests of the conformance harness itself, without tinygrad.

The harness must turn every kind of test outcome into the right verdict: a
failure nobody listed, a listed test that now passes, a crash that kills the
process, a hang. These tests run tiny_pytest_plugin.py on a made-up test file
and compare_expected.py on its results.
"""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))

FAKE_TESTS = textwrap.dedent("""
    import os, time, unittest

    class TestFake(unittest.TestCase):
      def test_pass(self): pass
      def test_pass_listed(self): pass
      def test_fail(self): self.assertEqual(1, 2)
      def test_fail_listed(self): raise RuntimeError("known cause")
      @unittest.skip("not here")
      def test_skip(self): pass
      def test_crash(self): os._exit(139)
      def test_hang(self): time.sleep(60)
      def test_zz_after_crash(self): pass
""")

EXPECTED = textwrap.dedent("""
    # comment lines and blank lines are ignored

    ## [both] fails everywhere
    TestFake::test_fail_listed  raises on purpose
    ## [tiny] fails only through tiny
    TestFake::test_pass_listed  listed but passes
    ## [reference] fails only on tinygrad's own backend
    TestFake::test_fail  fails, but only the reference run expects it
""")


def run_plugin(tmp_path, extra=()):
    """Runs the fake tests until a session ends normally, as the script does."""
    (tmp_path / "test_fake.py").write_text(FAKE_TESTS)
    results = tmp_path / "fake.results"
    env = dict(os.environ, PYTHONPATH=HERE, PYTHONDONTWRITEBYTECODE="1")
    for _ in range(5):
        code = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "--noconftest", "-p", "tiny_pytest_plugin", "--tiny-results",
             str(results), "--tiny-test-timeout", "2", *extra,
             "--rootdir", str(tmp_path), str(tmp_path / "test_fake.py")],
            cwd=tmp_path, env=env, capture_output=True, text=True).returncode
        if code in (0, 1, 5):
            break
    return results


def outcomes(results):
    found = {}
    for line in results.read_text().splitlines():
        kind, nodeid, message = line.split("\t")
        if kind not in ("collected", "start"):
            found[nodeid.split("::", 1)[1]] = (kind, message)
    return found


def as_tiny_run(results, realizes=5):
    """Adds the count of realizes through tiny that a --tiny session writes."""
    with open(results, "a") as f:
        f.write(f"tiny\t-\trealizes={realizes} compiles=1\n")
    return results


def compare(tmp_path, results, *flags):
    expected = tmp_path / "fake.xfail"
    expected.write_text(EXPECTED)
    proc = subprocess.run(
        [sys.executable, os.path.join(HERE, "compare_expected.py"), *flags,
         "fake", str(results), str(expected)],
        capture_output=True, text=True)
    return proc.returncode, proc.stdout


def test_outcomes_including_crash_and_hang(tmp_path):
    found = outcomes(run_plugin(tmp_path))
    assert found["TestFake::test_pass"][0] == "passed"
    assert found["TestFake::test_fail"][0] == "failed"
    assert "1 != 2" in found["TestFake::test_fail"][1]
    assert found["TestFake::test_skip"] == ("skipped", "not here")
    assert found["TestFake::test_crash"][0] == "crashed"
    assert found["TestFake::test_hang"][0] == "failed"
    assert "longer than 2 s" in found["TestFake::test_hang"][1]
    # The run went on after the crash.
    assert found["TestFake::test_zz_after_crash"][0] == "passed"
    assert len(found) == 8


def test_verdicts(tmp_path):
    code, out = compare(tmp_path, as_tiny_run(run_plugin(tmp_path)), "--whole")
    lines = out.splitlines()
    assert code == 1
    assert lines[-1] == "fake: 3 passed, 4 failed, 1 skipped"
    new = sorted(l.split()[2] for l in lines if l.startswith("NEW FAILURE"))
    assert new == ["TestFake::test_crash", "TestFake::test_fail", "TestFake::test_hang"]
    unexpected = [l.split()[2] for l in lines if l.startswith("UNEXPECTED PASS")]
    assert unexpected == ["TestFake::test_pass_listed"]


def test_reference_uses_both_and_reference_groups(tmp_path):
    code, out = compare(tmp_path, run_plugin(tmp_path), "--reference")
    assert code == 1
    assert "UNEXPECTED PASS" not in out
    assert "NEW FAILURE: TestFake::test_fail_listed" not in out
    assert "NEW FAILURE: TestFake::test_fail " not in out
    assert "NEW FAILURE: TestFake::test_crash" in out


def test_shards_split_the_tests(tmp_path):
    seen = []
    for index in range(3):
        shard_dir = tmp_path / str(index)
        shard_dir.mkdir()
        found = outcomes(run_plugin(shard_dir, ["--tiny-shard", f"{index}/3"]))
        seen += list(found)
    assert sorted(seen) == sorted(set(seen)) and len(seen) == 8


def test_clean_run_passes_and_unknown_entries_fail(tmp_path):
    results = tmp_path / "clean.results"
    results.write_text(
        "collected\tt.py::TestFake::test_fail_listed\t\n"
        "start\tt.py::TestFake::test_fail_listed\t\n"
        "failed\tt.py::TestFake::test_fail_listed\tboom\n")
    as_tiny_run(results)
    code, out = compare(tmp_path, results)
    assert code == 0 and out.splitlines()[-1] == "fake: 0 passed, 1 failed, 0 skipped"
    code, out = compare(tmp_path, results, "--whole")
    assert code == 1 and "UNKNOWN ENTRY: TestFake::test_pass_listed" in out


def test_passes_without_tiny_realizes_are_a_broken_run(tmp_path):
    results = run_plugin(tmp_path)
    code, out = compare(tmp_path, results)
    assert code == 2 and "no realize went through tiny" in out
    code, out = compare(tmp_path, as_tiny_run(results, realizes=0))
    assert code == 2 and "no realize went through tiny" in out


def test_broken_run_is_not_a_pass(tmp_path):
    results = tmp_path / "empty.results"
    results.write_text("")
    code, out = compare(tmp_path, results)
    assert code == 2 and "BROKEN RUN" in out


@pytest.mark.parametrize("text", [
    "TestFake::test_a  reason before any heading\n",
    "## [both] g\nTestFake::test_a\n",
    "## [maybe] g\n",
    "## [both] g\nTestFake::test_a  x\nTestFake::test_a  y\n",
])
def test_malformed_expected_files_are_rejected(tmp_path, text):
    expected = tmp_path / "bad.xfail"
    expected.write_text(text)
    results = tmp_path / "r.results"
    results.write_text("collected\tt.py::TestFake::test_a\t\npassed\tt.py::TestFake::test_a\t\n")
    proc = subprocess.run(
        [sys.executable, os.path.join(HERE, "compare_expected.py"), "fake",
         str(results), str(expected)], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout.startswith("error:")


def run_script_in_bare_checkout(tmp_path, **env_extra):
    """The conformance script copied into a checkout with no tinygrad beside."""
    scripts = tmp_path / "checkout" / "scripts"
    scripts.mkdir(parents=True)
    script = scripts / "tinygrad-conformance.sh"
    shutil.copy(os.path.join(HERE, "..", "..", "scripts", "tinygrad-conformance.sh"), script)
    env = {k: v for k, v in os.environ.items() if k not in ("TINYGRAD_PATH", "TEST_SRCDIR")}
    env.update(env_extra)
    return subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)


def test_script_skips_without_tinygrad(tmp_path):
    proc = run_script_in_bare_checkout(tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.startswith("SKIPPED: tinygrad conformance: no tinygrad source")


def test_script_rejects_a_wrong_tinygrad_path(tmp_path):
    proc = run_script_in_bare_checkout(tmp_path, TINYGRAD_PATH=str(tmp_path / "nowhere"))
    assert proc.returncode == 2 and "holds no tinygrad source" in proc.stdout
