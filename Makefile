# tensorwarp: C kernels -> one SIMD WebAssembly module + a thin ESM wrapper.
#   make          build wasm/tensorwarp.{mjs,wasm} and wasm/enums.js
#   make test     everything CI checks (deps, build, native sanitizer tests, node tests)
#   make demo     build and serve demo/ on http://127.0.0.1:8080/
#   make bench    tensorwarp beside the peers, one process per run, medians and ratios

# Debian's emcc runs its JS tools with node; with NodeSource's node it needs
# Debian's module path or every optimised link fails ("Cannot find module 'acorn'").
export NODE_PATH := /usr/share/nodejs

EMCC      ?= emcc
CC_NATIVE ?= cc
WARNINGS  := -Wall -Wextra -Werror
SOURCES   := $(shell find src -name '*.c' | sort)
HEADERS   := $(shell find src -name '*.h' -o -name '*.inc' | sort)
OBJECTS   := $(patsubst src/%.c,build/wasm/%.o,$(SOURCES))
C_TESTS   := $(patsubst tests/c/%.c,build/native/%,$(wildcard tests/c/test_*.c))
NATIVE_OBJECTS := $(patsubst src/%.c,build/native/obj/%.o,$(SOURCES))

# The scalar kernels are the readable reference the SIMD kernels are tested
# against; clang must not auto-vectorise them behind our back. (This applies to
# the wasm objects; the native sanitizer build is -O1, where vectorisation
# does not matter.)
SCALAR_FLAGS = $(if $(findstring -scalar,$<),-fno-vectorize -fno-slp-vectorize)

EMCC_CFLAGS := -std=c11 -O3 -msimd128 -mbulk-memory -mnontrapping-fptoint $(WARNINGS)
EMCC_LDFLAGS := -O3 -msimd128 -mbulk-memory --no-entry \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createTensorwarpModule \
  -sENVIRONMENT=web,worker -sFILESYSTEM=0 -sWASM_BIGINT=1 \
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sINITIAL_MEMORY=16MB -sTOTAL_STACK=1MB \
  -sEXPORTED_FUNCTIONS=_malloc,_free -sEXPORTED_RUNTIME_METHODS=stackSave,stackRestore,stackAlloc \
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 -sASSERTIONS=0

NATIVE_CFLAGS := -std=c11 -O1 -g -fno-omit-frame-pointer $(WARNINGS) \
  -fsanitize=address,undefined -fno-sanitize-recover=all -Isrc

.PHONY: all test test-deps test-native test-js demo bench clean
all: wasm/tensorwarp.mjs wasm/enums.js

build/wasm/%.o: src/%.c $(HEADERS) Makefile
	@mkdir -p $(dir $@)
	$(EMCC) $(EMCC_CFLAGS) $(SCALAR_FLAGS) -Isrc -c $< -o $@

wasm/tensorwarp.mjs: $(OBJECTS)
	@mkdir -p $(dir $@)
	$(EMCC) $(EMCC_LDFLAGS) $(OBJECTS) -o $@

wasm/enums.js: $(HEADERS) tools/gen-enums.mjs
	@mkdir -p $(dir $@)
	node tools/gen-enums.mjs $(HEADERS) > $@.tmp && mv $@.tmp $@

# The library is compiled once for all native tests (each test used to
# recompile every source under the sanitizers).
.SECONDARY: $(NATIVE_OBJECTS)
build/native/obj/%.o: src/%.c $(HEADERS) Makefile
	@mkdir -p $(dir $@)
	$(CC_NATIVE) $(NATIVE_CFLAGS) -c $< -o $@

build/native/%: tests/c/%.c $(NATIVE_OBJECTS) $(wildcard tests/c/*.h)
	@mkdir -p $(dir $@)
	$(CC_NATIVE) $(NATIVE_CFLAGS) -Itests/c $< $(NATIVE_OBJECTS) -lm -o $@

test-deps:
	@sh tools/ensure-deps.sh

test-native: $(C_TESTS)
	@set -e; for t in $(C_TESTS); do echo "== $$t"; $$t; done

test-js: all node_modules/.package-lock.json
	node --test tests/

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

test: test-deps
	$(MAKE) all
	$(MAKE) -j2 test-native
	$(MAKE) test-js

demo: all
	node demo/serve.mjs

bench: all node_modules/.package-lock.json
	node bench/run.mjs $(BENCH_ARGS)

clean:
	rm -rf build wasm/tensorwarp.mjs wasm/tensorwarp.wasm wasm/enums.js
