# lit configuration for tiny's tests. Run under `bazel test`, which puts
# tiny-opt and the LLVM tools on the PATH (build_defs/lit_runner.sh).
import os
import shutil

import lit.formats

config.name = "tiny"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
# Runfiles are read-only; lit's scratch files go to Bazel's test temp dir.
config.test_exec_root = os.environ.get("TEST_TMPDIR", "/tmp/tiny-lit")
config.excludes = ["Inputs"]
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
# The Python helpers of the tests run from the source tree (runfiles link
# to it): they must not write bytecode caches there.
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"
# NVIDIA's assembler, where the CUDA toolkit is installed: tests marked
# `REQUIRES: ptxas` check that the PTX tiny emits assembles.
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
if os.access(ptxas, os.X_OK):
  config.available_features.add("ptxas")
  config.substitutions.append(("%ptxas", ptxas))
# The Python that runs lit (Debian's /usr/bin/python3, with python3-numpy):
# a `python3` earlier on the PATH (pyenv, a virtualenv) may lack numpy.
import sys
config.substitutions.append(("%python", sys.executable))
# tiny as a plugin of upstream mlir-opt (//tools/tiny-plugin), found in the
# folders lit's --path names.
for folder in lit_config.path:
  plugin = os.path.join(folder, "libTinyPlugin.so")
  if os.path.exists(plugin):
    config.substitutions.append(("%tiny_plugin", plugin))
    break
