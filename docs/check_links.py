#!/usr/bin/python3
"""Checks that the relative links of Markdown pages point into the repository.

  check_links.py PAGE.md [PAGE.md ...]

A user's checkout holds the repository and nothing beside it, so a page may
link only files inside it. For every link `[text](target)`, image
`![alt](target)` and reference definition `[label]: target` outside code, a
target without a URL scheme must name a file or folder that exists inside
the repository (not above it, not an absolute path), and a `#fragment` on a
Markdown page must name one of its headings (GitHub's anchors). Prints each
broken link as PAGE:LINE: TARGET: why, and exits 1 when there is one.

The repository is the folder holding WORKSPACE above each page's real path:
under `bazel test` the pages are symlinks into the source tree, so links
are resolved where the files really are.
"""

import os
import re
import sys

_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)"
                     r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def find_root(path):
    """The folder holding WORKSPACE at or above `path`'s real location."""
    folder = os.path.dirname(os.path.realpath(path))
    while True:
        if os.path.isfile(os.path.join(folder, "WORKSPACE")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            sys.exit("check_links.py: no WORKSPACE above %s (resolved to %s)"
                     % (path, os.path.realpath(path)))
        folder = parent


def prose_lines(text):
    """(line number, line) for lines outside code blocks."""
    fence = None
    indented = False  # inside an indented code block
    blank = True  # the previous line was blank
    for number, line in enumerate(text.splitlines(), 1):
        match = _FENCE.match(line)
        if fence:
            if match and match.group(1) == fence:
                fence = None
            continue
        if match:
            fence = match.group(1)
            continue
        if not line.strip():
            blank = True
            continue
        # An indented code block starts after a blank line; a deeper
        # indented line right after text continues a paragraph or a list.
        indented = line.startswith("    ") and (indented or blank)
        blank = False
        if indented:
            continue
        yield number, line


def links(text):
    """(line number, target) for every link of a page."""
    for number, line in prose_lines(text):
        line = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for match in _INLINE.finditer(line):
            yield number, match.group(1).strip("<>")
        match = _DEFINITION.match(line)
        if match:
            yield number, match.group(1).strip("<>")


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # link text
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(path):
    """The anchors of a Markdown file's headings (repeats get -1, -2, ...)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    seen = {}
    result = set()
    for _, line in prose_lines(text):
        match = _HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else "%s-%d" % (base, count))
    return result


def check_link(page, root, target):
    """Why `target`, linked from `page`, is broken; None when it is not."""
    if _SCHEME.match(target) or target.startswith("//"):
        return None  # a URL: not a file of the repository
    path, _, fragment = target.partition("#")
    if path.startswith("/"):
        return "an absolute path, outside the repository"
    real_page = os.path.realpath(page)
    resolved = (os.path.normpath(os.path.join(os.path.dirname(real_page),
                                              path)) if path else real_page)
    if os.path.commonpath([root, resolved]) != root:
        return "outside the repository"
    if not os.path.exists(resolved):
        return "no such file in the repository"
    real = os.path.realpath(resolved)
    if os.path.commonpath([root, real]) != root:
        return "a link to %s, outside the repository" % real
    if fragment and resolved.endswith(".md"):
        if fragment.lower() not in anchors(resolved):
            return "no heading with anchor #%s in %s" % (
                fragment, os.path.relpath(resolved, root))
    return None


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    broken = checked = 0
    for page in argv[1:]:
        root = find_root(page)
        with open(page, encoding="utf-8") as f:
            text = f.read()
        name = os.path.relpath(os.path.realpath(page), root)
        for number, target in links(text):
            checked += 1
            why = check_link(page, root, target)
            if why:
                broken += 1
                print("%s:%d: %s: %s" % (name, number, target, why))
    print("%d links in %d pages, %d broken" % (checked, len(argv) - 1, broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
