"""Tunables shared by the kernels, kept in one place so tests can shrink them.

Tests lower these to make tiny inputs span several chunks or blocks; nothing
else should hard-code them.
"""

#: Answers processed per pass of the CPU strict kernel (fits L1 with the masks).
CPU_ANSWER_CHUNK = 4096

#: The CPU backend scores jobs with fewer (guess, answer) pairs than this on
#: one thread: below it, waking the other threads costs more than they save
#: (the solver's decision tree makes hundreds of such small calls).
CPU_PARALLEL_MIN_PAIRS = 1_000_000

#: Candidates one block of the table-split kernels (`wordle_cli.games.split`)
#: handles together: their histograms, width x 3^L counts, should stay in L2.
SPLIT_BLOCK_CANDIDATES = 64

#: CUDA launch geometry: BLOCK_GUESSES x BLOCK_ANSWERS threads per block.
CUDA_BLOCK_GUESSES = 32
CUDA_BLOCK_ANSWERS = 32

#: Blocks of score_strict the compiler must fit on one multiprocessor at once
#: (__launch_bounds__' second argument). 2 caps registers at 32 per thread,
#: which ptxas meets at L = 5..8 without spilling (it uses 40 otherwise), so a
#: Hopper SM could hold two 1024-thread blocks instead of one. Not yet timed
#: on a GPU, so it stays 1; `bench_gpu.py --variant STRICT_MIN_BLOCKS=2`
#: times both.
CUDA_STRICT_MIN_BLOCKS = 1

#: Threads per block of the one-dimensional CUDA kernels (score_loose, feedback, consistent).
CUDA_FLAT_THREADS = 256

#: Answers the CUDA score_loose kernel stages in shared memory at a time.
CUDA_LOOSE_TILE = 512

#: Static shared memory per block that every CUDA GPU grants without opting in.
CUDA_SHARED_BYTES = 48 * 1024

#: `auto` keeps jobs with fewer (guess, answer) pairs than this on the CPU:
#: below it a GPU launch and transfer cost more than they save.
AUTO_CUDA_MIN_PAIRS = 2_000_000

#: Longest word the packed 8-byte representation can hold.
MAX_WORD_LENGTH = 8

#: Symbol codes are bytes 1..255; 0 pads packed words shorter than 8.
MAX_SYMBOLS = 255

#: Longest line (after stripping white space) a word list or a `play` turn may
#: hold: a word has at most 8 symbols and the longest turn is a word and 32
#: boards' feedbacks of 8 tiles (296 characters with single spaces), so
#: anything longer is neither, and reading stops there instead of holding an
#: endless line in memory.
MAX_LINE_LENGTH = 320

#: Bytes read from a word list at a time; memory use stays bounded by this
#: and MAX_LINE_LENGTH, whatever the size of the input.
READ_CHUNK_BYTES = 1 << 16

#: Largest file read whole (a decision tree: 0.1 MB for Wordle's 2315 answers
#: in the selby format, 0.2 MB in JSON; a rank checkpoint: 40 bytes an
#: opener); anything larger is refused rather than held in memory.
MAX_TEXT_BYTES = 16 << 20
