#!/usr/bin/env bash
# GPU check, for a session that has a machine with an NVIDIA GPU (written for
# one H200, sm_90) and little device time: one run of this script.
#
#   scripts/gpu-check.sh [OUT_DIR]
#
# Steps (each logs to OUT_DIR, default /tmp/tiny-gpu-check; all steps run
# even when an earlier one fails, and a summary ends the output):
#   1. install the Debian packages (scripts/install-deps.sh) and build
#      tiny-run, tiny-opt and the GPU tests;
#   2. the runtime on the real driver: //test/runtime:RealGpuTest (a PTX
#      kernel, buffers, copies, events), which must run, not skip;
#   3. the JIT's GPU path against the fake driver (//test/unit:GpuLaunchTest)
#      as a sanity check of the build;
#   4. the CPU execution tests (test/lit/Execution) as they are, then again
#      with every program moved to the GPU: lit runs the same files with the
#      same expected values, but `tiny-run` is a wrapper that rewrites the
#      device "CPU" (and "CPU:0") to "CUDA" in the program before running it,
#      so kernels compile to PTX (sm_90 unless GPU_CHECK_CHIP says otherwise)
#      and run on the GPU, with params uploaded and results downloaded.
#      Virtual devices CPU:1, CPU:2... stay CPU devices, so multi-device tests
#      become CPU/GPU mixes. Expected to differ on the GPU for reasons other
#      than wrong numbers: tests that print device names or per-device byte
#      counts (copy-accounting, collectives) and tests of error messages that
#      quote the program file. Every other failure is worth a look: compare
#      the CPU and CUDA logs of the test;
#   5. bench/kernels on the GPU (bench-kernels --device=CUDA), after a
#      quick-size run; results are checked, timings printed.
#
# Nothing here is run by .ci/run; without a GPU, step 2 fails (its tests
# skip) and step 4's CUDA pass fails at every run ("device 'CUDA' not
# available"). GPU_CHECK_DRIVER=/path/lib.so makes tiny-run load that
# library as the driver (e.g. bazel-bin/test/runtime/libfakedriver.so, to
# try the plumbing of this script without a GPU: the fake driver runs no
# PTX, so the CUDA pass then fails on values).
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
out="${1:-/tmp/tiny-gpu-check}"
mkdir -p "$out"
summary=()
status=0
note() { summary+=("$1"); echo "== $1"; }
fail() { note "FAIL: $1"; status=1; }

echo "== machine"
(nvidia-smi || echo "nvidia-smi not found") 2>&1 | tee "$out/nvidia-smi.log"
ldconfig -p 2>/dev/null | grep -E "libcuda\.so" | tee "$out/libcuda.log" ||
  echo "libcuda.so not in the loader cache"

# 1. Dependencies and build.
if ! scripts/install-deps.sh >"$out/install-deps.log" 2>&1; then
  fail "scripts/install-deps.sh (see $out/install-deps.log)"
fi
targets=(//tools/tiny-run //tools/tiny-opt //test/runtime:RealGpuTest
  //test/unit:GpuLaunchTest //bench/kernels:bench-kernels)
if bazel build "${targets[@]}" >"$out/build.log" 2>&1; then
  note "build: ok"
else
  fail "build (see $out/build.log)"
  printf '%s\n' "${summary[@]}"
  exit 1
fi

# 2. The runtime on the real driver. A skipped test means no driver or no
# device was found: that is a failure here.
bazel test --nocache_test_results --test_output=all //test/runtime:RealGpuTest \
  >"$out/real-gpu-test.log" 2>&1
real=$?
if [ "$real" -ne 0 ]; then
  fail "RealGpuTest (see $out/real-gpu-test.log)"
elif grep -q "SKIPPED" "$out/real-gpu-test.log"; then
  fail "RealGpuTest skipped tests: no CUDA driver or device (see $out/real-gpu-test.log)"
else
  note "RealGpuTest: passed, none skipped"
fi

# 3. The JIT's GPU path on the fake driver.
if bazel test --nocache_test_results //test/unit:GpuLaunchTest \
  >"$out/gpu-launch-test.log" 2>&1; then
  note "GpuLaunchTest (fake driver): passed"
else
  fail "GpuLaunchTest (see $out/gpu-launch-test.log)"
fi

# 4. The execution tests on the CPU, then on the GPU.
lit=/usr/lib/llvm-22/bin/lit
tools="$root/bazel-bin/tools"
export FILECHECK_OPTS="--enable-var-scope"
run_lit() { # NAME PATH_DIR...
  local name="$1"
  shift
  local paths=()
  for dir in "$@"; do paths+=(--path "$dir"); done
  TEST_TMPDIR="$out/lit-$name-tmp" "$lit" -v "${paths[@]}" \
    --path "$tools/tiny-opt" --path /usr/lib/llvm-22/bin \
    "$root/test/lit/Execution" >"$out/lit-$name.log" 2>&1
  local rc=$?
  # "(3 of 25)" is the order tests finished in: not part of the name.
  grep -E "^(FAIL|PASS|XFAIL|UNSUPPORTED):" "$out/lit-$name.log" |
    sed -E 's/ \([0-9]+ of [0-9]+\)$//' | sort >"$out/lit-$name.results"
  return "$rc"
}

rm -rf "$out/lit-cpu-tmp" "$out/lit-cuda-tmp"
if run_lit cpu "$tools/tiny-run"; then
  note "execution tests on the CPU: all passed"
else
  fail "execution tests on the CPU (see $out/lit-cpu.log)"
fi

wrapper="$out/cuda-tiny-run"
mkdir -p "$wrapper"
cat >"$wrapper/tiny-run" <<EOF
#!/usr/bin/env bash
# tiny-run with the program's CPU device moved to CUDA (scripts/gpu-check.sh).
real="$tools/tiny-run/tiny-run"
args=()
for arg in "\$@"; do
  if [[ "\$arg" == *.mlir && -f "\$arg" ]]; then
    moved="\$(mktemp -p "$out" --suffix=.mlir)"
    sed -e 's/"CPU"/"CUDA"/g' -e 's/"CPU:0"/"CUDA:0"/g' "\$arg" >"\$moved"
    arg="\$moved"
  fi
  args+=("\$arg")
done
extra=()
[ -n "${GPU_CHECK_DRIVER:-}" ] && extra+=(--gpu-driver="${GPU_CHECK_DRIVER:-}")
[ -n "${GPU_CHECK_CHIP:-}" ] && extra+=(--gpu-chip="${GPU_CHECK_CHIP:-}")
exec "\$real" "\${extra[@]}" "\${args[@]}"
EOF
chmod +x "$wrapper/tiny-run"

if run_lit cuda "$wrapper"; then
  note "execution tests on CUDA: all passed"
else
  fail "execution tests on CUDA (see $out/lit-cuda.log; expected failures are listed in this script's header)"
fi
if [ -f "$out/lit-cpu.results" ] && [ -f "$out/lit-cuda.results" ]; then
  grep "^PASS" "$out/lit-cpu.results" | sed 's/^PASS: //' | sort >"$out/cpu-pass"
  grep "^FAIL" "$out/lit-cuda.results" | sed 's/^FAIL: //' | sort >"$out/cuda-fail"
  comm -12 "$out/cpu-pass" "$out/cuda-fail" >"$out/cpu-pass-cuda-fail.txt"
  note "passing on the CPU but failing on CUDA: $(wc -l <"$out/cpu-pass-cuda-fail.txt") tests (list: $out/cpu-pass-cuda-fail.txt)"
  sed 's/^/    /' "$out/cpu-pass-cuda-fail.txt"
fi

# 5. bench/kernels on the GPU (--device=CUDA): the same add, sum and matmul
# programs on device "CUDA", inputs uploaded once, each timed run one launch
# of the program (which waits for the device); results are checked first.
# The reference is a copy within the device; the matmul has no library
# reference (no cuBLAS here). The quick sizes first, as a check.
if bazel-bin/bench/kernels/bench-kernels --quick --device=CUDA \
  >"$out/bench-kernels-quick.log" 2>&1 &&
  timeout 300 bazel-bin/bench/kernels/bench-kernels --device=CUDA \
    >"$out/bench-kernels.log" 2>&1; then
  note "bench-kernels --device=CUDA: results checked (timings in $out/bench-kernels.log)"
  sed 's/^/    /' "$out/bench-kernels.log"
else
  fail "bench-kernels --device=CUDA (see $out/bench-kernels-quick.log and $out/bench-kernels.log)"
fi

echo
echo "== summary (logs in $out)"
printf '%s\n' "${summary[@]}"
exit "$status"
