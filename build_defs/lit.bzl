"""One sh_test per lit test file, each running the system lit."""

def tiny_lit_tests(name, srcs, tools, data = [], extra_data = {}, sizes = {}):
    """Declares one test per `.mlir` file in srcs.

    Args:
      name: name of a test_suite that groups all generated tests.
      srcs: the lit test files.
      tools: binaries the tests call by name (put on lit's PATH).
      data: extra files the tests read (lit.cfg.py, inputs).
      extra_data: files only some tests read, by test file (say, the other
        tests' programs, for a test that compiles them all).
      sizes: Bazel test sizes by test file, for tests that need longer than
        a small test's timeout (default: small).
    """
    tests = []
    for src in srcs:
        test_name = src.replace("/", "_").replace(".", "_")
        native.sh_test(
            name = test_name,
            srcs = ["//build_defs:lit_runner.sh"],
            args = ["$(location %s)" % src] +
                   ["$(location %s)" % t for t in tools],
            data = [src] + tools + data + extra_data.get(src, []),
            size = sizes.get(src, "small"),
        )
        tests.append(test_name)
    native.test_suite(name = name, tests = tests)
