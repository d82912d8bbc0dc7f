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
# Where OpenMP's runtime is when the tools run without the LLVM installation
# (scripts/gpu-check.sh): lit hands tests a clean environment otherwise.
if os.environ.get("TINY_LIBOMP"):
  config.environment["TINY_LIBOMP"] = os.environ["TINY_LIBOMP"]
# The Python helpers of the tests run from the source tree (runfiles link
# to it): they must not write bytecode caches there.
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"
# NVIDIA's assembler, where the CUDA toolkit is installed: tests marked
# `REQUIRES: ptxas` check that the PTX tiny emits assembles.
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
if os.access(ptxas, os.X_OK):
  config.available_features.add("ptxas")
  config.substitutions.append(("%ptxas", ptxas))
# Headless Chromium, which renders tiny-viz's pages in its tests
# (`REQUIRES: chromium`; scripts/install-deps.sh installs it).
chromium = shutil.which("chromium")
if chromium:
  config.available_features.add("chromium")
  config.substitutions.append(("%chromium", chromium))
# What compiling HIP kernels takes beyond LLVM, found where tiny looks
# (conversions/GPUToBinary/ROCmToolchain.h): tests marked `REQUIRES: rocm-device-libs`
# compile kernels that call the ROCm device libraries (exp2, log2, sin);
# `REQUIRES: lld-22` ones link HIP code objects. scripts/install-deps.sh
# installs both (Debian's rocm-device-libs and lld-22).
_rocm_folders = [os.environ[name] for name in
                 ("ROCM_PATH", "ROCM_ROOT", "ROCM_HOME") if os.environ.get(name)]
_rocm_folders += ["/opt/rocm", "/usr/lib/x86_64-linux-gnu",
                  "/usr/lib/aarch64-linux-gnu"]
if any(all(os.path.isfile(os.path.join(folder, "amdgcn", "bitcode", library))
           for library in ("ocml.bc", "ockl.bc"))
       for folder in _rocm_folders):
  config.available_features.add("rocm-device-libs")
_lld_candidates = [os.path.join(folder, "llvm", "bin", "ld.lld")
                   for folder in _rocm_folders]
_lld_candidates += ["/usr/lib/llvm-22/bin/ld.lld", shutil.which("ld.lld-22")]
if any(path and os.access(path, os.X_OK) for path in _lld_candidates):
  config.available_features.add("lld-22")
# The host's AVX512_BF16 (with AVX512VL), as /proc/cpuinfo lists it: tests
# marked `REQUIRES: avx512bf16` check that the CPU pipeline uses vdpbf16ps,
# which it does only there.
try:
  with open("/proc/cpuinfo") as _cpuinfo:
    _flags = next((line.split(":", 1)[1].split() for line in _cpuinfo
                   if line.startswith("flags")), [])
except OSError:
  _flags = []
# %bf16_pair_order: the order in which a bf16 matmul's tiles add their
# products there (Execution/matmul-bf16-order.mlir).
if "avx512_bf16" in _flags and "avx512vl" in _flags:
  config.available_features.add("avx512bf16")
  config.substitutions.append(("%bf16_pair_order", "pairs-swapped"))
else:
  config.substitutions.append(("%bf16_pair_order", "in-order"))
# The Python that runs lit (Debian's /usr/bin/python3, with python3-numpy):
# a `python3` earlier on the PATH (pyenv, a virtualenv) may lack numpy.
import sys
config.substitutions.append(("%python", sys.executable))
# tinygrad's pinned source ($TINYGRAD_PATH, or shared/tinygrad next to the
# checkout this file is in or next to a folder above it): tests marked
# `REQUIRES: tinygrad` compare with tinygrad, `%tinygrad` naming the folder.
def _find_tinygrad():
  def is_tinygrad(folder):
    return os.path.isfile(os.path.join(folder, "tinygrad", "uop",
                                       "__init__.py"))
  if os.environ.get("TINYGRAD_PATH"):
    return os.environ["TINYGRAD_PATH"]
  folder = os.path.dirname(os.path.realpath(__file__))
  while os.path.dirname(folder) != folder:
    folder = os.path.dirname(folder)
    candidate = os.path.join(folder, "shared", "tinygrad")
    if is_tinygrad(candidate):
      return candidate
  return None
_tinygrad = _find_tinygrad()
if _tinygrad:
  config.available_features.add("tinygrad")
  config.substitutions.append(("%tinygrad", _tinygrad))

# tiny as a plugin of upstream mlir-opt (//tools/tiny-plugin), found in the
# folders lit's --path names.
for folder in lit_config.path:
  plugin = os.path.join(folder, "libTinyPlugin.so")
  if os.path.exists(plugin):
    config.substitutions.append(("%tiny_plugin", plugin))
    break

# The library of host functions the tests of tiny.custom_function load
# (test/lit:libtest_host_functions.so), found the same way.
for folder in lit_config.path:
  library = os.path.join(folder, "libtest_host_functions.so")
  if os.path.exists(library):
    config.substitutions.append(("%host_functions", library))
    break
