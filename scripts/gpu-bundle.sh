#!/usr/bin/env bash
# Packs what scripts/gpu-check.sh needs on the GPU machine into .gpu-bundle/
# (git ignores it), run here, on a machine like CI's, before the GPU run.
#
# The GPU machine has a driver and a CUDA toolkit but no network, no Bazel
# and no LLVM 22, so nothing is built or installed there. The bundle holds:
#   tiny-run.xz       tiny-run relinked from Bazel's own objects against the
#                     static LLVM/MLIR archives (libstdc++ and zstd static
#                     too): it needs only libc; stripped and xz-compressed
#                     (about 23 MiB)
#   bin/              FileCheck and not (lit's tools; they need libz3 and
#                     libzstd, in lib/), RealGpuTest, and the host-function
#                     library of the custom-function tests
#   lib/              libz3, libzstd, libomp (THREAD loops, $TINY_LIBOMP) and
#                     the runtime's shared library that RealGpuTest links
#   lit/              LLVM's lit (pure Python)
# The device tool's working tree limit is 64 MiB: the script prints the
# bundle's size. Carry it with the run: carry=[".gpu-bundle"].
#
#   scripts/gpu-bundle.sh && du -sh .gpu-bundle
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
bundle="$root/.gpu-bundle"
llvm=/usr/lib/llvm-22

scripts/install-deps.sh
# The static link takes zstd from its archive.
if [ ! -f /usr/lib/x86_64-linux-gnu/libzstd.a ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
    --no-install-recommends libzstd-dev
fi

bazel build //tools/tiny-run //tools/tiny-opt //test/runtime:RealGpuTest \
  //test/lit:libtest_host_functions.so
execroot="$(bazel info execution_root)"

rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Relinks TOOL (tools/TOOL/TOOL) from Bazel's own link line, with the shared
# LLVM and MLIR (and their rpaths) replaced by every static archive in one
# group: the linker takes what the objects reach. Checks that the result
# runs without them, then packs it as TOOL.xz.
relink_static() {
  local tool="$1"
  local params="$root/bazel-bin/tools/$tool/$tool-2.params"
  if [ ! -f "$params" ]; then
    echo "gpu-bundle: no link parameters at $params (Bazel's layout changed?)" >&2
    exit 1
  fi
  local skip_next=0
  {
    echo "-o"
    echo "$work/$tool"
    while IFS= read -r arg; do
      if [ "$skip_next" -eq 1 ]; then
        skip_next=0
        continue
      fi
      case "$arg" in
      -o) skip_next=1 ;;
      -lMLIR | -lLLVM | -lstdc++ | -Wl,-rpath,* | -L* | "") ;;
      *) echo "$arg" ;;
      esac
    done <"$params"
    echo "-Wl,--start-group"
    ls "$llvm"/lib/libMLIR*.a "$llvm"/lib/libLLVM*.a
    echo "-Wl,--end-group"
    printf '%s\n' -static-libstdc++ -static-libgcc -l:libzstd.a -l:libz.a \
      -ldl -lpthread -lm
  } >"$work/$tool.params"
  (cd "$execroot" && g++ "@$work/$tool.params")
  strip "$work/$tool"
  if grep -qE "libMLIR|libLLVM|libstdc\+\+" <<<"$(ldd "$work/$tool")"; then
    echo "gpu-bundle: the relinked $tool still needs a shared LLVM or libstdc++" >&2
    exit 1
  fi
  xz -T2 -6 -c "$work/$tool" >"$bundle/$tool.xz"
}
relink_static tiny-run
relink_static tiny-opt
"$work/tiny-run" examples/scale_add.mlir -i 1,2,3,4,5,6 >/dev/null
"$work/tiny-opt" examples/scale_add.mlir -tiny-to-nvvm -o /dev/null

cp "$llvm/bin/FileCheck" "$llvm/bin/not" "$bundle/bin/"
cp -r "$llvm/utils/lit" "$bundle/lit"
find "$bundle/lit" -name __pycache__ -prune -exec rm -rf {} +
cp "$root/bazel-bin/test/runtime/RealGpuTest" "$bundle/bin/"
# The host functions of the tiny.custom_function tests (lit finds it on
# its --path).
cp "$root/bazel-bin/test/lit/libtest_host_functions.so" "$bundle/bin/"
# The shared libraries those binaries name, as they resolve here (the C
# library and its kin are the GPU machine's own).
for binary in "$llvm/bin/FileCheck" "$llvm/bin/not" \
  "$root/bazel-bin/test/runtime/RealGpuTest"; do
  ldd "$binary" | awk '$3 ~ /^\// {print $3}'
done | sort -u | grep -vE '/lib(c|m|dl|pthread|rt|gcc_s|stdc\+\+)\.so' |
  while read -r lib; do cp -L "$lib" "$bundle/lib/"; done
cp -L "$llvm/lib/libomp.so" "$bundle/lib/libomp.so"
chmod -R u+w "$bundle"
# FileCheck and not name libz3 but use none of its symbols (nm -D): an empty
# library of that name stands in for its 23 MB.
if grep -qi "z3" <<<"$(nm -D "$llvm/bin/FileCheck" "$llvm/bin/not")"; then
  echo "gpu-bundle: FileCheck or not uses libz3 symbols; carry the real one" >&2
  exit 1
fi
rm -f "$bundle/lib/libz3.so.4"
echo "" | gcc -shared -x c - -Wl,-soname,libz3.so.4 -o "$bundle/lib/libz3.so.4"

echo "gpu-bundle: $(du -sh "$bundle" | cut -f1) in $bundle:"
(cd "$bundle" && find . -type f | sort | xargs ls -la | awk '{print "  " $5, $9}')
