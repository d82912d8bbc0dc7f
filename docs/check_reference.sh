#!/usr/bin/env bash
# Checks that each checked-in reference page (docs/reference/*.md) is what
# the build generates from ODS now.
#
#   check_reference.sh CHECKED_IN GENERATED [CHECKED_IN GENERATED ...]
#
# Prints a diff for each page that differs and how to refresh them.
set -uo pipefail
if [ $# -eq 0 ] || [ $(($# % 2)) -ne 0 ]; then
  echo "usage: $0 CHECKED_IN GENERATED [CHECKED_IN GENERATED ...]" >&2
  exit 2
fi
stale=0
while [ $# -gt 0 ]; do
  page="$1" generated="$2"
  shift 2
  if diff -u "$page" "$generated"; then
    echo "up to date: $page"
  else
    echo "STALE: $page differs from what the build generates (diff above)"
    stale=1
  fi
done
if [ "$stale" -ne 0 ]; then
  echo "Refresh the pages with: scripts/update-docs.sh"
fi
exit "$stale"
