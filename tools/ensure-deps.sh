#!/bin/sh
# Installs what `make test` needs on a fresh Debian 12 machine, and nothing
# when it is already there. Needs root (CI runs as root) only when installing.
set -e
missing=""
command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
[ -f /usr/include/simde/wasm/simd128.h ] || missing="$missing libsimde-dev"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
# The fuzzers (tests/fuzz): clang 14 with libFuzzer and the sanitizer runtimes.
command -v clang-14 >/dev/null 2>&1 || missing="$missing clang-14"
[ -f /usr/lib/llvm-14/lib/libFuzzer.a ] || missing="$missing libfuzzer-14-dev"
ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || missing="$missing libclang-rt-14-dev"
# ... and their 32-bit build (-m32, as wasm32 sees the C): the i386 C library
# and libstdc++ (libFuzzer is C++); the i386 runtimes come with libclang-rt-14-dev.
[ -f /usr/lib32/crt1.o ] || missing="$missing libc6-dev-i386"
ls /usr/lib/gcc/x86_64-linux-gnu/*/32/libstdc++.so >/dev/null 2>&1 || missing="$missing lib32stdc++-12-dev"
if [ -n "$missing" ]; then
  echo "installing:$missing"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
command -v node >/dev/null 2>&1 || { echo "node (>= 20) is required" >&2; exit 1; }
