#!/usr/bin/env bash
# check_links.py on a small repository of its own: it must flag exactly the
# broken links (a missing file, a path above the repository, an absolute
# path, an unknown anchor) and pass the good ones (files, folders, anchors,
# URLs, and links inside code, which are not links).
set -euo pipefail
checker="$1"
repo="${TEST_TMPDIR:-$(mktemp -d)}/repo"
mkdir -p "$repo/docs"
touch "$repo/WORKSPACE" "$repo/docs/present.txt"
cat > "$repo/docs/good.md" <<'MD'
# A page

## Second `heading`, with punctuation!

## Second `heading`, with punctuation!

[file](present.txt), [folder](../docs), [self](#a-page),
[other](../README.md#the-readme), [repeat](#second-heading-with-punctuation-1),
[web](https://example.com/x.md), [mail](mailto:someone@example.com),
`[in code](missing.md)`.

[defined]: present.txt

```
[fenced](missing.md)
```

    [indented code](missing.md)
MD
cat > "$repo/README.md" <<'MD'
# The README

See [the docs](docs/good.md) and [missing](docs/missing.md),
[above](../outside.md), [absolute](/etc/hosts) and
[bad anchor](docs/good.md#no-such-heading).
MD
status=0
output=$("$checker" "$repo/README.md" "$repo/docs/good.md") || status=$?
echo "$output"
expected='README.md:3: docs/missing.md: no such file in the repository
README.md:4: ../outside.md: outside the repository
README.md:4: /etc/hosts: an absolute path, outside the repository
README.md:5: docs/good.md#no-such-heading: no heading with anchor #no-such-heading in docs/good.md
13 links in 2 pages, 4 broken'
if [ "$status" -ne 1 ] || [ "$output" != "$expected" ]; then
  echo "FAILED: expected exit status 1 and:"
  echo "$expected"
  exit 1
fi
echo "PASSED"
