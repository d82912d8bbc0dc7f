#!/usr/bin/env bash
# GPU check, for a session that has the NVIDIA device machine (written for one
# H200, sm_90). That machine has a driver and CUDA but no network, Bazel or
# LLVM 22, so everything comes prebuilt in .gpu-bundle (scripts/gpu-bundle.sh,
# run first on the CPU machine). One device call:
#
#   scripts/gpu-bundle.sh                                  (here)
#   run(command="bash scripts/gpu-check.sh $OUT", carry=[".gpu-bundle"],
#       timeout_s=540)                                     (device tool)
#
# Steps (all run even when one fails; a summary ends the output; five logs
# go to OUT_DIR, default /tmp/tiny-gpu-check):
#   1. the machine (nvidia-smi) and the bundle unpacked to /tmp;
#   2. the runtime on the real driver: RealGpuTest (a PTX kernel, buffers,
#      copies, events), which must run, not skip;
#   3. the execution tests (test/lit/Execution) with the bundle's lit,
#      FileCheck, tiny-opt and tiny-run, first as they are (CPU), then with every
#      program moved to the GPU: `tiny-run` is then a wrapper that rewrites
#      the device "CPU" (and "CPU:0") to "CUDA" before running the program,
#      so kernels compile to PTX (sm_90 unless GPU_CHECK_CHIP says otherwise)
#      and run on the GPU against the same expected values. Virtual devices
#      CPU:1, CPU:2... stay CPU devices, so multi-device tests become CPU/GPU
#      mixes. Expected to differ on the GPU for reasons other than wrong
#      numbers: tests that print device names or per-device byte counts
#      (constants, copy-accounting, collectives, repeat, device-names),
#      tests of error messages that quote the program file (the wrapper
#      runs a rewritten copy: errors-gpu-device, errors-unsupported) or that
#      the GPU path words differently (sizes), custom-function (host
#      functions run on the CPU only, and are refused on CUDA), load-stage (moving a local-memory load
#      to CUDA makes it an invalid program), and pow (0.5 ** 0.5 prints
#      0.7071067, one ulp from the CPU's correctly rounded 0.70710677:
#      pow is exp2(y * log2(x)) on both, and the GPU's exp2 and log2 round
#      differently from the CPU's).
#      The check fails on any other test failing on CUDA;
#   4. scripts/gpu_bench.py: add, sum and matmul on CUDA timed with
#      tiny-run --repeat, results checked against numpy, and the same work
#      through PyTorch (a device-to-device copy, cuBLAS sgemm) in the same
#      run as the reference.
#
# Without a GPU, step 2 fails and step 3's CUDA pass fails at every run
# ("device 'CUDA' not available"). GPU_CHECK_DRIVER=/path/lib.so makes
# tiny-run load that library as the driver. The fake driver
# (//test/runtime:libfakedriver.so) tries the plumbing here; it runs no PTX,
# so the CUDA pass then fails on values.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
bundle="$root/.gpu-bundle"
out="${1:-/tmp/tiny-gpu-check}"
tools=/tmp/tiny-gpu-tools
summary=()
status=0
note() { summary+=("$1"); echo "== $1"; }
fail() { note "FAIL: $1"; status=1; }

if [ ! -f "$bundle/tiny-run.xz" ]; then
  echo "gpu-check: no $bundle/tiny-run.xz: run scripts/gpu-bundle.sh on the" \
    "CPU machine first and carry .gpu-bundle" >&2
  exit 1
fi
mkdir -p "$out"

# 1. The machine and the tools.
{
  nvidia-smi || echo "nvidia-smi not found"
  ldconfig -p | grep -E "libcuda\.so" || echo "libcuda.so not in the loader cache"
} >"$out/machine.log" 2>&1
head -20 "$out/machine.log"
rm -rf "$tools"
mkdir -p "$tools/bin" "$tools/lib"
unxz() { python3 -c 'import lzma, shutil, sys
shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$1" "$2"; }
for tool in tiny-run tiny-opt; do
  unxz "$bundle/$tool.xz" "$tools/bin/$tool"
done
cp "$bundle"/bin/* "$tools/bin/"
for lib in "$bundle"/lib/*; do
  case "$lib" in
  *.xz) unxz "$lib" "$tools/lib/$(basename "$lib" .xz)" ;;
  *) cp "$lib" "$tools/lib/" ;;
  esac
done
chmod +x "$tools"/bin/*
export LD_LIBRARY_PATH="$tools/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export TINY_LIBOMP="$tools/lib/libomp.so"
if "$tools/bin/tiny-run" examples/scale_add.mlir -i 1,2,3,4,5,6; then
  note "bundle: tiny-run runs"
else
  fail "bundle: tiny-run does not run here"
fi

# 2. The runtime on the real driver. A skipped test means no driver or no
# device was found: that is a failure here.
"$tools/bin/RealGpuTest" >"$out/real-gpu-test.log" 2>&1
real=$?
if [ "$real" -ne 0 ]; then
  fail "RealGpuTest (see real-gpu-test.log)"
elif grep -qE "SKIPPED \] RealGpuTest\.Cuda" "$out/real-gpu-test.log"; then
  fail "RealGpuTest skipped CUDA tests: no CUDA driver or device (see real-gpu-test.log)"
else
  # An NVIDIA machine has no HIP device: the HIP tests skip there.
  note "RealGpuTest: CUDA tests passed ($(grep -c "OK \] RealGpuTest.Cuda" \
    "$out/real-gpu-test.log") run; HIP ones skipped: $(grep -cE \
    "SKIPPED \] RealGpuTest.Hip.* \(" "$out/real-gpu-test.log"))"
fi

# 3. The execution tests on the CPU, then on the GPU.
export FILECHECK_OPTS="--enable-var-scope"
run_lit() { # NAME TINY_RUN_DIR
  local name="$1"
  TEST_TMPDIR="/tmp/tiny-lit-$name" python3 -c 'import sys
sys.path.insert(0, sys.argv.pop(1))
from lit.main import main
main()' "$bundle/lit" -v --path "$2" --path "$tools/bin" \
    "$root/test/lit/Execution" >"$out/lit-$name.log" 2>&1
  local rc=$?
  # "(3 of 25)" is the order tests finished in: not part of the name.
  grep -E "^(FAIL|PASS|XFAIL|UNSUPPORTED):" "$out/lit-$name.log" |
    sed -E 's/ \([0-9]+ of [0-9]+\)$//' | sort >"/tmp/tiny-lit-$name.results"
  return "$rc"
}

if run_lit cpu "$tools/bin"; then
  note "execution tests on the CPU: all passed"
else
  fail "execution tests on the CPU (see lit-cpu.log)"
fi

wrapper=/tmp/tiny-gpu-wrapper
mkdir -p "$wrapper"
cat >"$wrapper/tiny-run" <<EOF
#!/usr/bin/env bash
# tiny-run with the program's CPU device moved to CUDA (scripts/gpu-check.sh).
args=()
for arg in "\$@"; do
  if [[ "\$arg" == *.mlir && -f "\$arg" ]]; then
    moved="\$(mktemp --suffix=.mlir)"
    sed -e 's/"CPU"/"CUDA"/g' -e 's/"CPU:0"/"CUDA:0"/g' "\$arg" >"\$moved"
    arg="\$moved"
  fi
  args+=("\$arg")
done
extra=()
[ -n "${GPU_CHECK_DRIVER:-}" ] && extra+=(--gpu-driver="${GPU_CHECK_DRIVER:-}")
[ -n "${GPU_CHECK_CHIP:-}" ] && extra+=(--gpu-chip="${GPU_CHECK_CHIP:-}")
exec "$tools/bin/tiny-run" "\${extra[@]}" "\${args[@]}"
EOF
chmod +x "$wrapper/tiny-run"

run_lit cuda "$wrapper"
grep "^PASS" /tmp/tiny-lit-cpu.results | sed 's/^PASS: //' | sort >/tmp/tiny-cpu-pass
grep "^FAIL" /tmp/tiny-lit-cuda.results | sed 's/^FAIL: //' | sort >/tmp/tiny-cuda-fail
comm -12 /tmp/tiny-cpu-pass /tmp/tiny-cuda-fail >/tmp/tiny-cpu-pass-cuda-fail
note "passing on the CPU but failing on CUDA: $(wc -l </tmp/tiny-cpu-pass-cuda-fail) tests"
sed 's/^/    /' /tmp/tiny-cpu-pass-cuda-fail
# The tests this script's header says differ on CUDA for reasons other
# than wrong numbers; any other failure on CUDA fails the check.
expected_on_cuda="constants copy-accounting collectives custom-function
device-names errors-gpu-device errors-unsupported load-stage pow repeat sizes"
for name in $expected_on_cuda; do
  echo "tiny :: Execution/$name.mlir"
done | sort >/tmp/tiny-cuda-expected
comm -23 /tmp/tiny-cuda-fail /tmp/tiny-cuda-expected >/tmp/tiny-cuda-unexpected
if [ -s /tmp/tiny-cuda-unexpected ]; then
  fail "failing on CUDA, not among the expected differences: $(wc -l \
    </tmp/tiny-cuda-unexpected) tests (see lit-cuda.log)"
  sed 's/^/    /' /tmp/tiny-cuda-unexpected
else
  note "execution tests on CUDA: no failure beyond the expected differences"
fi

# 4. Kernels on the GPU against PyTorch's.
bench_args=(--tiny-run "$tools/bin/tiny-run" --device CUDA)
[ -n "${GPU_CHECK_DRIVER:-}" ] && bench_args+=(--gpu-driver "$GPU_CHECK_DRIVER")
if timeout 240 python3 scripts/gpu_bench.py "${bench_args[@]}" \
  >"$out/bench.log" 2>&1; then
  note "gpu_bench.py: results checked"
else
  fail "gpu_bench.py (see bench.log)"
fi
sed 's/^/    /' "$out/bench.log"

echo
echo "== summary (logs in $out)"
printf '%s\n' "${summary[@]}"
exit "$status"
