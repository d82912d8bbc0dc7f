#!/usr/bin/env bash
# Installs the Debian 12 packages tiny builds and tests with; does nothing
# when they are all present.
set -euo pipefail

packages=(
  bazel-bootstrap
  g++
  # tiny-viz lays out program graphs with Graphviz's dot; its test renders
  # the page in headless Chromium.
  chromium
  graphviz
  libgtest-dev
  libmlir-22-dev
  libomp-22-dev
  libopenblas-dev
  # bench-conv's reference: oneDNN's convolution (//bench/kernels:OneDnn).
  libdnnl-dev
  # ld.lld of LLVM 22 links HIP kernels into code objects.
  lld-22
  llvm-22-dev
  llvm-22-tools
  mlir-22-tools
  # The runtime's transport across processes (//runtime/mpi) and its tests,
  # which run mpirun on local ranks.
  openmpi-bin
  libopenmpi-dev
  python3
  python3-hypothesis
  python3-numpy
  python3-pytest
  python3-torch
  # The ROCm device libraries HIP kernels' math (exp2, log2, sin) links.
  rocm-device-libs
)

missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$pkg")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
