# wordle-cli developer commands. `make help` lists them.
PYTHON ?= python3

.PHONY: help install test test-all test-gpu test-browser pictures bench-pictures check-gpu bench bench-gpu bench-solver bench-tree bench-rank bench-rank-exact bench-rank-nyt bench-infer bench-games bench-reference bench-ab bench-work bench-review bench-chance bench-prior bench-play-prior data data-opener lint clean

help:
	@echo "install       pip install -e '.[test]' (what the README's test line and CI do)"
	@echo "test          run the test suite on every core (GPU tests skip without a GPU; not the slow ones)"
	@echo "test-all      the test suite with the slow full-size checks (what CI leaves out)"
	@echo "test-gpu      run only the GPU tests (needs an NVIDIA GPU and '.[gpu]')"
	@echo "test-browser  install Debian's chromium (apt-get, if missing) and run the browser tests"
	@echo "pictures      regenerate docs/images/ with the tool itself (needs '.[plot]' and chromium)"
	@echo "bench-pictures  size of the HTML explorer for full trees and how fast Chromium opens it"
	@echo "bench         CPU speed figures for score and prune (medians of 5)"
	@echo "bench-gpu     GPU speed figures (needs an NVIDIA GPU; BENCH_GPU_ARGS='--variant ...')"
	@echo "check-gpu     everything a GPU machine should run: backends, test-gpu, bench-gpu"
	@echo "bench-solver  speed of solve/simulate (and doddle, if installed)"
	@echo "bench-tree    speed and peak memory of tree build/verify (salet proofs)"
	@echo "bench-rank    tree rank --cutoff 7951: the ten best openers, then 200 random ones (5-10 min on 2 cores)"
	@echo "bench-rank-exact  tree rank --exact on 300 random openers (seed 0) for an hour: CPU per opener, extrapolated; resume time"
	@echo "bench-rank-nyt  tree rank --exact --game nyt, normal and --hard, on 20 random openers, checked against the reference's tables (REFERENCE=DIR)"
	@echo "bench-infer   how many shared grids wordle infer needs (simulated crowds, a few minutes)"
	@echo "bench-games   speed of multi-board simulate, Absurdle proofs and Fibble simulate"
	@echo "bench-reference  exact search vs the C++ reference (REFERENCE=DIR: a checkout of alex1770/wordle)"
	@echo "bench-ab      the exact search A/B against another checkout (BASELINE=DIR, a git worktree): CPU, trees byte for byte"
	@echo "bench-work    the search's work per CPU second, which sizes a unit of the budgets (run it alone)"
	@echo "bench-compile  a new user's wait: the README's install in a fresh venv (kernels built), each command's first run and a repeat (BENCH_COMPILE_ARGS=--jit: also with no kernels built)"
	@echo "bench-review  wordle review of a 4-turn game per opener: first time and repeated (medians)"
	@echo "bench-chance  the best-chance search where the guess limit binds: letter families, roate's classes in hard mode"
	@echo "bench-prior   the nyt prior's log-loss day by day on the last 180 days, vs uniform and two-factor; its calibration plot"
	@echo "bench-play-prior  the default solve under each of the last 180 days' prior: mean guesses vs uniform and proven optimal, CPU per game"
	@echo "data          remake the package's data tables (wordle_cli/data/*.json; the opening book takes an hour)"
	@echo "data-opener   remake wordle_cli/data/prior_openers.json alone: the best opener under the shipped nyt prior"
	@echo "lint          a byte-compile of every module and ruff (installed from the dev extra if missing)"

install:
	$(PYTHON) -m pip install -e '.[test]'

test:
	$(PYTHON) -m pytest -q

test-all:
	$(PYTHON) -m pytest -q -m "slow or not slow"

test-gpu:
	$(PYTHON) -m pytest -q -m gpu

# The browser tests skip themselves without Chromium; this installs Debian's
# (about 80 s and 350 MB on a fresh machine) and runs them.
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)
test-browser:
	@if [ -z "$(CHROMIUM)" ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
		else sudo apt-get update && sudo apt-get install -y chromium; fi; \
	fi
	$(PYTHON) -m pytest -q -rs -m browser

# docs/images/, drawn by the tool itself: the salet tree's explorer as headless
# Chromium shows it (with the path to one answer opened by the page's #fragment),
# and the same tree's histogram chart.
pictures:
	mkdir -p docs/images
	$(PYTHON) -m wordle_cli tree build --game wordle --first salet -q --format html -o docs/images/salet.html \
		--plot docs/images/salet-histogram.png >/dev/null
	$(CHROMIUM) --headless $$([ "$$(id -u)" = 0 ] && echo --no-sandbox) --disable-gpu --hide-scrollbars \
		--window-size=960,1000 --screenshot=docs/images/tree-explorer.png "file://$(CURDIR)/docs/images/salet.html#$(PICTURES_ANSWER)"
	rm -f docs/images/salet.html

PICTURES_ANSWER ?= prior

bench-pictures:
	$(PYTHON) benchmarks/bench_pictures.py

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

bench-reference:
	$(PYTHON) benchmarks/bench_reference.py $(if $(REFERENCE),--reference $(REFERENCE)) $(BENCH_REFERENCE_ARGS)

# Salet, tarse and four more openers, both games' lists; BASELINE=DIR is a worktree of the commit to compare with.
bench-ab:
	$(PYTHON) benchmarks/bench_ab.py --baseline $(BASELINE) --game wordle --openers salet,crane,thirl,dearn $(BENCH_AB_ARGS)
	$(PYTHON) benchmarks/bench_ab.py --baseline $(BASELINE) --game nyt --openers tarse,diked $(BENCH_AB_ARGS)

# Search work per CPU second on a mix of searches: what a unit of --budget/--move-budget is sized by (docs/speed.md).
bench-work:
	$(PYTHON) benchmarks/bench_work.py

bench-rank-exact:
	$(PYTHON) benchmarks/bench_rank.py --exact --sample 300 --seed 0 --budget 3600
	$(PYTHON) benchmarks/bench_rank.py --resume

# Today's lists: every total of a random sample of openers (seed 0) against the reference solver's
# published tables, normal and hard mode (hard: `Infinity` is our `infeasible`). The tables are the
# reference's files, never shipped: REFERENCE=DIR, a checkout of alex1770/wordle. RANK_SAMPLE=N openers.
RANK_SAMPLE ?= 20
bench-rank-nyt:
	@test -n "$(REFERENCE)" || { echo "usage: make bench-rank-nyt REFERENCE=DIR (a checkout of alex1770/wordle: results_*_nyt20230701)"; exit 2; }
	$(PYTHON) benchmarks/bench_rank.py --exact --game nyt --sample $(RANK_SAMPLE) --seed 0 --budget 0 \
		--check-against $(REFERENCE)/results_easy_nyt20230701
	$(PYTHON) benchmarks/bench_rank.py --exact --game nyt --hard --sample $(RANK_SAMPLE) --seed 0 --budget 0 \
		--check-against $(REFERENCE)/results_hard_nyt20230701

bench-infer:
	$(PYTHON) benchmarks/bench_infer.py

bench-games:
	$(PYTHON) benchmarks/bench_games.py

.PHONY: bench-compile
bench-compile:
	$(PYTHON) benchmarks/bench_compile.py $(BENCH_COMPILE_ARGS)

bench-review:
	$(PYTHON) benchmarks/bench_review.py

bench-chance:
	$(PYTHON) benchmarks/bench_chance.py

# The NYT prior (docs/prior.md): rolling-origin log-loss over the last 180 days of the
# shipped history (and the 180 before, on which the model was chosen), the time of one
# call, and docs/images/prior-calibration.png (needs matplotlib).
bench-prior:
	$(PYTHON) benchmarks/bench_prior.py --validation

bench-play-prior:
	$(PYTHON) benchmarks/bench_play_prior.py $(BENCH_PLAY_PRIOR_ARGS)

# ruff comes from the dev extra (pyproject.toml), installed here when missing.
# The package's data tables (wordle_cli/data/*.json), each made by its program for today's lists:
# the openings and known-best openers (seconds), then the review's opening book (about an hour on 2 cores),
# then the best opener under the nyt prior of the day after the shipped history (data-opener alone: see docs/prior.md).
data:
	$(PYTHON) -m wordle_cli.solver.recompute_openings
	$(PYTHON) -m wordle_cli.reviewer.recompute_book
	$(PYTHON) -m wordle_cli.trees.recompute_opener

data-opener:
	$(PYTHON) -m wordle_cli.trees.recompute_opener

lint:
	$(PYTHON) -m compileall -q wordle_cli tests benchmarks
	@$(PYTHON) -m ruff --version >/dev/null 2>&1 || $(PYTHON) -m pip install -q -e '.[dev]'
	$(PYTHON) -m ruff check wordle_cli tests benchmarks

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
