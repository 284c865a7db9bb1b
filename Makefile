# thunderc: `make run` and `make test` set everything up on a fresh Debian machine.
BUILD     ?= build
ASAN_BUILD ?= build-asan
JOBS      ?= $(shell nproc)
SAMPLE    ?= samples/llama_tiny.json
PACKAGES  := cmake ninja-build g++ ccache pkg-config libcli11-dev nlohmann-json3-dev libspdlog-dev \
             libfmt-dev libtorch-dev doctest-dev robin-map-dev libxxhash-dev libmimalloc-dev rapidjson-dev python3 \
             python3-torch python3-jsonschema time
SUDO      := $(if $(filter 0,$(shell id -u)),,sudo)
CMAKE_GEN  = $(if $(shell command -v ninja),-G Ninja,)

.PHONY: deps configure build run test bench pgo format asan fuzz clean

deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(CMAKE_GEN)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

run: deps build
	$(BUILD)/thunderc validate $(SAMPLE)
	$(BUILD)/thunderc compile $(SAMPLE) -o out/$(notdir $(basename $(SAMPLE)))
	@for f in prologue computation epilogue; do \
	  echo "==> out/$(notdir $(basename $(SAMPLE)))/$$f.py"; cat out/$(notdir $(basename $(SAMPLE)))/$$f.py; done

# Every test, then the core's tests again under AddressSanitizer + UBSan (the runtime and the
# ATen comparisons are left out there: libtorch itself is not built with sanitizers).
ASAN_TESTS ?= unit|traces|injection|outputs
test: deps build
	cd $(BUILD) && ctest --output-on-failure
	$(MAKE) --no-print-directory asan


bench: deps build
	@ls bench/*.sh >/dev/null 2>&1 && for b in bench/*.sh; do bash $$b $(BUILD); done || echo "no benchmarks yet"

# A profile-guided, link-time optimised build of the executable in $(PGO_BUILD): built
# instrumented, trained by compiling the samples and two generated models, rebuilt with the
# profiles, then checked against the golden traces. About 21% fewer instructions per compile
# than the default build (bench/README.md).
PGO_BUILD ?= build-pgo
pgo: deps
	cmake -S . -B $(PGO_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON \
	  -DTHUNDERC_PGO=generate
	cmake --build $(PGO_BUILD) -j $(JOBS) --target thunderc
	rm -rf $(PGO_BUILD)/pgo-profile $(PGO_BUILD)/pgo-train && mkdir -p $(PGO_BUILD)/pgo-train
	python3 bench/gen_graphs.py llama --layers 32 -o $(PGO_BUILD)/pgo-train/llama32.json
	python3 bench/gen_graphs.py mlp --layers 8 -o $(PGO_BUILD)/pgo-train/mlp8.json
	for g in samples/*.json $(PGO_BUILD)/pgo-train/*.json; do \
	  $(PGO_BUILD)/thunderc compile $$g -o $(PGO_BUILD)/pgo-train/out >/dev/null || exit 1; done
	cmake -S . -B $(PGO_BUILD) -DTHUNDERC_PGO=use
	cmake --build $(PGO_BUILD) -j $(JOBS) --target thunderc
	@for g in samples/*.json tests/graphs/traces/*.json; do n=$$(basename $$g .json); \
	  $(PGO_BUILD)/thunderc compile $$g -o $(PGO_BUILD)/pgo-train/golden/$$n >/dev/null && \
	  diff -r -x thunderc_support.py tests/golden/$$n $(PGO_BUILD)/pgo-train/golden/$$n || exit 1; done
	@echo "$(PGO_BUILD)/thunderc: traces equal to tests/golden/"

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

asan: deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_GEN) -DTHUNDERC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target thunderc unit_tests
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -R '^($(ASAN_TESTS))$$'

# Fuzzes the whole pipeline for FUZZ_SECONDS (default 60) from samples/ and the test graphs;
# findings land in $(FUZZ_BUILD)/findings/ (add each as a case under tests/errors/ once fixed).
# FUZZ_LIMIT replaces the time limit: .ci/run gives "-runs=20000 -seed=1", the same inputs each run.
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_LIMIT   ?= -max_total_time=$(FUZZ_SECONDS)
fuzz: deps
	@dpkg-query -W -f='$${Status}\n' clang libclang-rt-14-dev 2>/dev/null | grep -c '^install ok installed' | grep -q 2 || \
	  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq clang libclang-rt-14-dev; }
	cmake -S . -B $(FUZZ_BUILD) $(CMAKE_GEN) -DCMAKE_CXX_COMPILER=clang++ -DTHUNDERC_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_compile
	mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/findings
	cp samples/*.json tests/graphs/*.json tests/graphs/traces/*.json tests/graphs/so/*.json tests/errors/*.json \
	  $(FUZZ_BUILD)/corpus/
	$(FUZZ_BUILD)/fuzz_compile $(FUZZ_BUILD)/corpus -dict=tests/fuzz/graph.dict -max_len=65536 \
	  $(FUZZ_LIMIT) -timeout=10 -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_BUILD)/findings/ -print_final_stats=1

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
