#!/usr/bin/env bash
# Smoke run of bench-kernels: small sizes, result checks on.
exec "$1" --quick
