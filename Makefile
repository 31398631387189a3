# wordle-cli developer commands. `make help` lists them.
PYTHON ?= python3

.PHONY: help install test test-gpu check-gpu bench bench-gpu bench-solver bench-tree bench-rank bench-rank-exact bench-infer bench-games lint clean

help:
	@echo "install       pip install -e '.[test]' (what the README and CI do)"
	@echo "test          run the test suite (GPU tests skip without a GPU)"
	@echo "test-gpu      run only the GPU tests (needs an NVIDIA GPU and '.[gpu]')"
	@echo "bench         CPU speed figures for score and prune (medians of 5)"
	@echo "bench-gpu     GPU speed figures (needs an NVIDIA GPU; BENCH_GPU_ARGS='--variant ...')"
	@echo "check-gpu     everything a GPU machine should run: backends, test-gpu, bench-gpu"
	@echo "bench-solver  speed of solve/simulate (and doddle, if installed)"
	@echo "bench-tree    speed and peak memory of tree build/verify (salet proofs)"
	@echo "bench-rank    tree rank --cutoff 7951: the ten best openers, then 200 random ones (5-10 min on 2 cores)"
	@echo "bench-rank-exact  tree rank --exact on 300 random openers (seed 0) for an hour: CPU per opener, extrapolated; resume time"
	@echo "bench-infer   how many shared grids wordle infer needs (simulated crowds, a few minutes)"
	@echo "bench-games   speed of multi-board simulate and Absurdle proofs"
	@echo "lint          ruff (if installed) and a byte-compile of every module"

install:
	$(PYTHON) -m pip install -e '.[test]'

test:
	$(PYTHON) -m pytest -q

test-gpu:
	$(PYTHON) -m pytest -q -m gpu

bench:
	$(PYTHON) benchmarks/bench_score.py

bench-gpu:
	$(PYTHON) benchmarks/bench_gpu.py $(BENCH_GPU_ARGS)

# One command for a machine with a GPU: what the backend sees, every GPU test
# (compute-sanitizer ones included where it is installed), then the figures.
check-gpu:
	$(PYTHON) -m wordle_cli backends
	$(PYTHON) -m pytest -q -rs -m gpu
	$(PYTHON) benchmarks/bench_gpu.py $(BENCH_GPU_ARGS)

bench-solver:
	$(PYTHON) benchmarks/bench_solver.py

bench-tree:
	$(PYTHON) benchmarks/bench_tree.py

bench-rank:
	$(PYTHON) benchmarks/bench_rank.py

bench-rank-exact:
	$(PYTHON) benchmarks/bench_rank.py --exact --sample 300 --seed 0 --budget 3600
	$(PYTHON) benchmarks/bench_rank.py --resume

bench-infer:
	$(PYTHON) benchmarks/bench_infer.py

bench-games:
	$(PYTHON) benchmarks/bench_games.py

lint:
	$(PYTHON) -m compileall -q wordle_cli tests benchmarks
	@if $(PYTHON) -m ruff --version >/dev/null 2>&1; then $(PYTHON) -m ruff check wordle_cli tests benchmarks; else echo "ruff not installed: skipped (pip install ruff)"; fi

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
