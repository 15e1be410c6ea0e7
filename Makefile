# tensorwarp: C kernels -> one SIMD WebAssembly module + a thin ESM wrapper.
#   make          build wasm/tensorwarp.{mjs,wasm} and wasm/enums.js
#   make test     everything CI checks (deps, build, native sanitizer tests, fuzzers 30 s each and
#                 15 s each in their 32-bit build, node tests)
#   make demo     build and serve demo/ on http://127.0.0.1:8080/
#   make bench    tensorwarp beside the peers, one process per run, medians and ratios
#                 (then bench/image.mjs and bench/augment.mjs: the image and augmentation workloads, Node and Chromium)
#   make fuzz     every libFuzzer harness (tests/fuzz) for FUZZ_SECONDS each, FUZZ_JOBS at once,
#                 built for this machine and again as wasm32 sees the C (32-bit size_t)

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

# The colour ops reproduce torchvision's float32 arithmetic operation by
# operation (src/color/color.h): clang must not fuse a*b + c behind our back
# (wasm has no FMA today, x86-64 and relaxed SIMD may), in any build.
CONTRACT_FLAGS = $(if $(findstring src/color/,$<),-ffp-contract=off)
# Colour code that runs a few hundred times a call (tables, SLEEF's exp/pow,
# kernel weights) is built for size: -O3 unrolled it into 20 kB of wasm.
# So is the code that validates and plans once a call (the operator entries,
# their argument checks and plans): -O3 inlines and unrolls it for nothing.
# gaussian_blur's kernels too: the scalar ones run in tests only; the SIMD
# ones unroll what pays by a pragma (color-blur-wasmsimd.c), and -O3's
# other unrolling added 1.7 kB for no speed.
SIZE_OPTIMISED = src/color/color-lut.c src/color/color-math.c src/color/color-blur.c src/color/color.c \
  src/color/color-blur-scalar.c src/color/color-blur-wasmsimd.c \
  src/gridsample/gridsample.c src/avgpool/avgpool.c src/avgpool/avgpool-prepare.c src/warp/warp-check.c \
  src/warp/warp.c src/warp/warp-plan.c src/image/resize-checks.c src/image/convert.c
SIZE_FLAGS = $(if $(filter $(SIZE_OPTIMISED),$<),-Os)
# The colour chain kernel's loop is specialised by hand (channels, with or without a hue step); -O3 also
# unswitches it on each flag and unrolls it (+1.6 kB of wasm for no speed), -O2 does not.
O2_OPTIMISED = src/color/color-chain-wasmsimd.c
SIZE_FLAGS += $(if $(filter $(O2_OPTIMISED),$<),-O2)

EMCC_CFLAGS := -std=c11 -O3 -msimd128 -mbulk-memory -mnontrapping-fptoint $(WARNINGS)
EMCC_LDFLAGS := -O3 -msimd128 -mbulk-memory --no-entry \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createTensorwarpModule \
  -sENVIRONMENT=web,worker -sFILESYSTEM=0 -sWASM_BIGINT=1 \
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sINITIAL_MEMORY=16MB -sTOTAL_STACK=1MB \
  -sEXPORTED_FUNCTIONS=_malloc,_free -sEXPORTED_RUNTIME_METHODS=stackSave,stackRestore,stackAlloc \
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 -sASSERTIONS=0

NATIVE_CFLAGS := -std=c11 -O1 -g -fno-omit-frame-pointer $(WARNINGS) \
  -fsanitize=address,undefined -fno-sanitize-recover=all -Isrc

# libFuzzer harnesses (tests/fuzz/fuzz_*.c), one per entry family, with ASan
# and UBSan. The library objects are compiled once with the sanitizers and
# coverage (fuzzer-no-link) and linked into every harness.
# Each harness is built twice: for this machine (build/fuzz) and as wasm32
# sees the C (build/fuzz32: -m32, so size_t, pointers and ptrdiff_t have 32
# bits and a byte count that wraps in wasm wraps here too; SSE float math,
# since x87's excess precision would make the scalar kernels disagree with
# the SIMD ones, and with wasm). FUZZ_DIR and FUZZ_ARCH select the build.
FUZZ_CC       ?= clang-14
FUZZ_SECONDS  ?= 120
FUZZ_JOBS     ?= 2
FUZZ_TEST_SECONDS := 30
FUZZ32_TEST_SECONDS := 15
FUZZ_DIR      ?= build/fuzz
FUZZ_ARCH     ?=
FUZZ32        := FUZZ_DIR=build/fuzz32 FUZZ_ARCH="-m32 -msse2 -mfpmath=sse"
FUZZ_CFLAGS   := -std=c11 -O1 -g -fno-omit-frame-pointer $(WARNINGS) $(FUZZ_ARCH) \
  -fsanitize=address,undefined -fno-sanitize-recover=all -Isrc
FUZZ_NAMES    := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS     := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_NAMES))
FUZZ_OBJECTS  := $(patsubst src/%.c,$(FUZZ_DIR)/obj/%.o,$(SOURCES))
FUZZ_SEEDS    := build/fuzz/seeds
# -timeout: one input may take at most this long (a slower one is a finding);
# -max_len: seeds carry up to 4 KB of tensor data after their header.
FUZZ_RUN_FLAGS := -timeout=30 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1

.PHONY: all test test-deps test-native test-js test-fuzz fuzz fuzz-build fuzz-replay fuzz-runs demo bench clean
all: wasm/tensorwarp.mjs wasm/enums.js

build/wasm/%.o: src/%.c $(HEADERS) Makefile
	@mkdir -p $(dir $@)
	$(EMCC) $(EMCC_CFLAGS) $(SCALAR_FLAGS) $(CONTRACT_FLAGS) $(SIZE_FLAGS) -Isrc -c $< -o $@

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
	$(CC_NATIVE) $(NATIVE_CFLAGS) $(CONTRACT_FLAGS) -c $< -o $@

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

$(FUZZ_DIR)/obj/%.o: src/%.c $(HEADERS) Makefile
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(CONTRACT_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_OBJECTS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_OBJECTS) -lm -o $@

# Seeds from ../shared/conformance, regenerated on every run (nothing large is committed).
$(FUZZ_SEEDS): FORCE
	node tests/fuzz/seeds.mjs $@

fuzz-build: $(FUZZ_BINS) $(FUZZ_SEEDS)

# Every committed reproducer (tests/fuzz/regressions/<harness>/) and every seed, once.
fuzz-replay: fuzz-build
	@set -e; for h in $(FUZZ_NAMES); do \
	  inputs="$$(find tests/fuzz/regressions/$$h $(FUZZ_SEEDS)/$$h -type f 2>/dev/null | sort)"; \
	  [ -n "$$inputs" ] || continue; \
	  echo "== $(FUZZ_DIR)/fuzz_$$h: replaying $$(echo "$$inputs" | wc -l) inputs (reproducers and seeds)"; \
	  $(FUZZ_DIR)/fuzz_$$h $$inputs > $(FUZZ_DIR)/replay-$$h.log 2>&1 || { tail -40 $(FUZZ_DIR)/replay-$$h.log; exit 1; }; \
	done

# One harness for FUZZ_SECONDS, growing $(FUZZ_DIR)/corpus/<harness> from the
# seeds; a crash keeps its input in $(FUZZ_DIR)/crashes/ and fails the target.
fuzz-run-%: $(FUZZ_DIR)/fuzz_% $(FUZZ_SEEDS)
	@mkdir -p $(FUZZ_DIR)/corpus/$* $(FUZZ_SEEDS)/$* $(FUZZ_DIR)/crashes
	@$(FUZZ_DIR)/fuzz_$* $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_DIR)/crashes/$*- \
	  $(FUZZ_DIR)/corpus/$* $(FUZZ_SEEDS)/$* > $(FUZZ_DIR)/$*.log 2>&1 \
	  || { tail -60 $(FUZZ_DIR)/$*.log; echo "$(FUZZ_DIR)/fuzz_$*: FAILED, input kept in $(FUZZ_DIR)/crashes/"; exit 1; }
	@echo "$(FUZZ_DIR)/fuzz_$*: $$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' $(FUZZ_DIR)/$*.log)," \
	  "$$(grep -o 'cov: [0-9]*' $(FUZZ_DIR)/$*.log | tail -1), corpus $$(ls $(FUZZ_DIR)/corpus/$* | wc -l) inputs"

fuzz-runs: $(patsubst %,fuzz-run-%,$(FUZZ_NAMES))

fuzz: fuzz-replay
	$(MAKE) -j$(FUZZ_JOBS) fuzz-runs
	$(MAKE) $(FUZZ32) fuzz-replay
	$(MAKE) -j$(FUZZ_JOBS) $(FUZZ32) fuzz-runs

test-fuzz: fuzz-replay
	$(MAKE) -j2 FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) fuzz-runs
	$(MAKE) -j2 $(FUZZ32) fuzz-replay
	$(MAKE) -j2 $(FUZZ32) FUZZ_SECONDS=$(FUZZ32_TEST_SECONDS) fuzz-runs

FORCE:
.SECONDARY: $(FUZZ_OBJECTS)

test: test-deps
	$(MAKE) all
	$(MAKE) -j2 test-native
	$(MAKE) test-fuzz
	$(MAKE) test-js

demo: all
	node demo/serve.mjs

bench: all node_modules/.package-lock.json
	node bench/run.mjs $(BENCH_ARGS)
	node bench/image.mjs
	node bench/augment.mjs

clean:
	rm -rf build wasm/tensorwarp.mjs wasm/tensorwarp.wasm wasm/enums.js
