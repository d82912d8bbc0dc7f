#!/usr/bin/env bash
# Renders a program's tiny-viz page and takes a picture of it in headless
# Chromium, as test/lit/Tools/tiny-viz-chromium.mlir renders it:
#
#   scripts/tiny-viz-screenshot.sh prog.mlir prog.png [tiny-viz options...]
#
# Writes prog.png (1200 pixels wide, the top 4000 of the page) and leaves
# the page beside it as prog.html.
set -euo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: $0 PROGRAM.mlir OUT.png [tiny-viz options...]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
program="$1"
png="$2"
shift 2
viz="$root/bazel-bin/tools/tiny-viz/tiny-viz"
[ -x "$viz" ] || (cd "$root" && bazel build //tools/tiny-viz)
page="${png%.png}.html"
"$viz" "$program" -o "$page" "$@"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --user-data-dir="$profile" \
  --hide-scrollbars --window-size=1200,4000 \
  --screenshot="$(realpath "$png")" "file://$(realpath "$page")" 2>/dev/null
echo "wrote $png and $page"
