#!/usr/bin/env bash
# Smoke run of bench-runtime: small sizes, result checks on.
exec "$1" --quick
