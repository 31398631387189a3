// CUDA kernels of the wordle-cli `cuda` backend (see backends/cuda.py).
//
// Words arrive packed one per 64-bit integer: byte i is the symbol code
// (1..255) of position i, bytes past WORD_LENGTH are 0 (encoding.pack). All
// comparisons run on the two 32-bit halves with bytewise SIMD intrinsics
// (__vcmpeq4, __vcmpgeu4, __vcmpleu4), four positions at a time.
//
// A feedback is the base-3 code of docs/spec.md §2 (absent 0, contained 1,
// exact 2, first position most significant).
//
// score_strict: blocks of BLOCK_ANSWERS x BLOCK_GUESSES threads (32 x 32);
//   threadIdx.y picks a guess, threadIdx.x walks the answers in tiles of
//   BLOCK_ANSWERS. Each guess owns a histogram of feedback codes in shared
//   memory; no guesses x answers matrix ever exists. The histograms of a block
//   must fit the 48 KiB of static shared memory, so a block holds
//   GUESSES_PER_BLOCK guesses (the largest divisor of BLOCK_GUESSES that fits)
//   and ROWS_PER_GUESS = BLOCK_GUESSES / GUESSES_PER_BLOCK rows of threads
//   share each guess's answers:
//
//     L  codes  guesses/block  shared histograms
//     1      3        32           384 B
//     5    243        32        31 104 B
//     6    729        16        46 656 B
//     7   2187         4        34 992 B
//     8   6561         1        26 244 B
//
// score_loose: one block of FLAT_THREADS threads per guess. The block
//   histograms the guess's feedbacks r, lists the codes present, then gives
//   each present r to one thread, which counts m_r, the answers the original's
//   loose check keeps for (guess, r), by brute force over the answers. The
//   answers are staged in shared memory LOOSE_TILE at a time as "profiles":
//   the positions where the word matches the guess and, for each guess
//   position, how often the word holds that position's letter. Shared memory
//   is 6 bytes per code (histogram + present list) plus 9 per tiled answer:
//   6 KiB at L = 5, 43 KiB at L = 8.
//
// Both reductions to per-guess sums are done by one thread per guess that
// walks the histogram in ascending code order: integer sums are 64-bit, and
// the c*log2(c) terms are added with plain round-to-nearest double additions
// in that order, exactly as the CPU backend does, so both give the same bits.
//
// Python prefixes this file with #defines for the constants below; the
// defaults only let `nvcc --ptx kernels.cu` check it standalone.

#ifndef WORD_LENGTH
#define WORD_LENGTH 5
#endif
#ifndef BLOCK_GUESSES
#define BLOCK_GUESSES 32
#endif
#ifndef BLOCK_ANSWERS
#define BLOCK_ANSWERS 32
#endif
#ifndef HIST_SHARED_BYTES
#define HIST_SHARED_BYTES 49152
#endif
#ifndef FLAT_THREADS
#define FLAT_THREADS 256  // block size of the one-dimensional kernels
#endif
#ifndef LOOSE_TILE
#define LOOSE_TILE 512
#endif
#ifndef STRICT_MIN_BLOCKS
#define STRICT_MIN_BLOCKS 1  // score_strict blocks per multiprocessor the registers must allow
#endif

typedef unsigned long long u64;

__host__ __device__ constexpr int pow3(int n) { return n == 0 ? 1 : 3 * pow3(n - 1); }

#ifndef NUM_CODES
#define NUM_CODES pow3(WORD_LENGTH)
#endif

// Largest divisor of BLOCK_GUESSES, at most d, whose histograms fit.
__host__ __device__ constexpr int fitting_guesses(int d)
{
    return d <= 1 ? 1
         : (BLOCK_GUESSES % d == 0 && d * NUM_CODES * 4 <= HIST_SHARED_BYTES) ? d
         : fitting_guesses(d - 1);
}

#ifndef GUESSES_PER_BLOCK
#define GUESSES_PER_BLOCK fitting_guesses(BLOCK_GUESSES)
#endif
#define ROWS_PER_GUESS (BLOCK_GUESSES / GUESSES_PER_BLOCK)
#define STRICT_THREADS (BLOCK_GUESSES * BLOCK_ANSWERS)

static_assert(WORD_LENGTH >= 1 && WORD_LENGTH <= 8, "a packed word holds 1..8 symbols");
static_assert(NUM_CODES == pow3(WORD_LENGTH), "NUM_CODES must be 3^WORD_LENGTH");
static_assert(BLOCK_GUESSES % GUESSES_PER_BLOCK == 0, "guesses must split the block's rows evenly");
static_assert(GUESSES_PER_BLOCK * NUM_CODES * 4 <= HIST_SHARED_BYTES, "histograms exceed shared memory");
static_assert(STRICT_THREADS <= 1024 && FLAT_THREADS <= 1024, "at most 1024 threads per block");
static_assert(LOOSE_TILE >= 1, "LOOSE_TILE must be positive");
static_assert(STRICT_MIN_BLOCKS >= 1, "STRICT_MIN_BLOCKS must be positive");
static_assert(NUM_CODES * 6 + LOOSE_TILE * 9 + 64 <= HIST_SHARED_BYTES, "score_loose exceeds the shared-memory budget");

// ------------------------------------------------------------ packed words

// 0xFF in every byte where x and y hold the same symbol. When WORD_LENGTH
// <= 4 the upper half is padding and reported as "different", which no
// caller looks at.
__device__ __forceinline__ u64 bytes_equal(u64 x, u64 y)
{
    const unsigned lo = __vcmpeq4((unsigned)x, (unsigned)y);
#if WORD_LENGTH > 4
    const unsigned hi = __vcmpeq4((unsigned)(x >> 32), (unsigned)(y >> 32));
#else
    const unsigned hi = 0u;
#endif
    return ((u64)hi << 32) | lo;
}

// True when every byte of x lies within [lo, hi] (unsigned, bytewise).
__device__ __forceinline__ bool bytes_within(u64 x, u64 lo, u64 hi)
{
    const unsigned ok_lo = __vcmpgeu4((unsigned)x, (unsigned)lo) & __vcmpleu4((unsigned)x, (unsigned)hi);
#if WORD_LENGTH > 4
    const unsigned ok_hi = __vcmpgeu4((unsigned)(x >> 32), (unsigned)(lo >> 32))
                         & __vcmpleu4((unsigned)(x >> 32), (unsigned)(hi >> 32));
#else
    const unsigned ok_hi = 0xFFFFFFFFu;
#endif
    return (ok_lo & ok_hi) == 0xFFFFFFFFu;
}

__device__ __forceinline__ unsigned symbol_at(u64 word, int i) { return (unsigned)(word >> (8 * i)) & 0xFFu; }

// The symbol in all eight bytes, to compare against a whole word at once.
__device__ __forceinline__ u64 broadcast(unsigned symbol) { return (u64)symbol * 0x0101010101010101ull; }

// Mask of bytes 0..i-1.
__device__ __forceinline__ u64 bytes_before(int i) { return i >= 8 ? ~0ull : (1ull << (8 * i)) - 1; }

// ------------------------------------------------------------ feedback

// Feedback code of guess for answer (docs/spec.md §2). A non-exact guess
// position is contained iff fewer earlier non-exact guess positions hold its
// letter than the answer has non-exact copies of it: left to right, each such
// copy justifies one contained tile. Popcounts count 8 bits per byte.
__device__ __forceinline__ int feedback_code(u64 guess, u64 answer)
{
    const u64 exact = bytes_equal(guess, answer);
    const u64 open = ~exact;  // positions that are not exact, in both words
    int code = 0;
#pragma unroll
    for (int i = 0; i < WORD_LENGTH; ++i) {
        const u64 letter = broadcast(symbol_at(guess, i));
        const int copies = __popcll(bytes_equal(answer, letter) & open);
        const int used = __popcll(bytes_equal(guess, letter) & open & bytes_before(i));
        const int digit = ((exact >> (8 * i)) & 1) ? 2 : (used < copies ? 1 : 0);
        code = 3 * code + digit;
    }
    return code;
}

// ------------------------------------------------------------ loose check

// What the loose check needs to know about one word, for one guess: which
// positions equal the guess's, and (byte j) how many copies of the guess's
// letter at position j the whole word holds.
struct Profile {
    u64 counts;
    unsigned exact;
};

__device__ __forceinline__ Profile word_profile(u64 guess, u64 word)
{
    const u64 equal = bytes_equal(guess, word);
    Profile p;
    p.counts = 0;
    p.exact = 0;
#pragma unroll
    for (int j = 0; j < WORD_LENGTH; ++j) {
        p.exact |= (unsigned)((equal >> (8 * j)) & 1) << j;
        const unsigned n = __popcll(bytes_equal(word, broadcast(symbol_at(guess, j)))) >> 3;
        p.counts |= (u64)n << (8 * j);
    }
    return p;
}

// The loose check for feedback r, restated on whole-word letter counts.
// A word passes iff it matches the guess on every exact position of r and,
// for every guess position j holding a letter c that stands somewhere at a
// non-exact position of r, lo_c <= k_c <= hi_c, where k_c counts c on the
// word's non-exact positions. Once the exact positions match, k_c is the
// word's total count of c minus the exact tiles of c, so both bounds are
// shifted by that number and compared with Profile.counts. Positions without
// a constraint get the bounds [0, 255].
struct LooseRule {
    unsigned exact;
    u64 lo;
    u64 hi;
};

__device__ __forceinline__ LooseRule loose_rule(u64 guess, int code)
{
    int tile[WORD_LENGTH];
#pragma unroll
    for (int i = WORD_LENGTH - 1; i >= 0; --i) {
        tile[i] = code % 3;
        code /= 3;
    }
    LooseRule rule;
    rule.exact = 0;
    rule.lo = 0;
    rule.hi = ~0ull;
#pragma unroll
    for (int j = 0; j < WORD_LENGTH; ++j) {
        if (tile[j] == 2) {
            rule.exact |= 1u << j;
            continue;
        }
        const unsigned letter = symbol_at(guess, j);
        unsigned contained = 0, exact = 0;
        bool absent = false;
#pragma unroll
        for (int i = 0; i < WORD_LENGTH; ++i) {
            if (symbol_at(guess, i) != letter) continue;
            contained += tile[i] == 1;
            exact += tile[i] == 2;
            absent = absent || tile[i] == 0;
        }
        const u64 lo = contained + exact;
        const u64 hi = absent ? lo : 0xFFull;
        rule.lo |= lo << (8 * j);
        rule.hi = (rule.hi & ~(0xFFull << (8 * j))) | (hi << (8 * j));
    }
    return rule;
}

__device__ __forceinline__ bool loose_allows(const LooseRule& rule, u64 counts, unsigned exact)
{
    return (exact & rule.exact) == rule.exact && bytes_within(counts, rule.lo, rule.hi);
}

// ------------------------------------------------------------ reductions

// Sum of table[n] over the histogram's nonzero bins, in ascending code order,
// one rounded double addition at a time (never contracted or reassociated),
// so that it equals the CPU backend's sum bit for bit.
__device__ double clog2c_sum(const unsigned* hist, const double* __restrict__ table)
{
    double sum = 0.0;
    for (int c = 0; c < NUM_CODES; ++c) {
        if (hist[c] != 0) sum = __dadd_rn(sum, table[hist[c]]);
    }
    return sum;
}

// Strict rule: every answer of a class of size n leaves n answers.
__device__ void strict_sums(const unsigned* hist, const double* __restrict__ table, int g,
                            long long* sum_n, long long* sum_n2, long long* max_n, double* sum_clog2c)
{
    u64 s1 = 0, s2 = 0, most = 0;
    for (int c = 0; c < NUM_CODES; ++c) {
        const u64 n = hist[c];
        s1 += n * n;
        s2 += n * n * n;
        most = n > most ? n : most;
    }
    sum_n[g] = (long long)s1;
    sum_n2[g] = (long long)s2;
    max_n[g] = (long long)most;
    sum_clog2c[g] = clog2c_sum(hist, table);
}

// ------------------------------------------------------------ kernels

// Launch: grid ceil(n_guesses / GUESSES_PER_BLOCK), block (BLOCK_ANSWERS, BLOCK_GUESSES).
extern "C" __global__ void __launch_bounds__(STRICT_THREADS, STRICT_MIN_BLOCKS) score_strict(const u64* __restrict__ guesses, int n_guesses,
                                        const u64* __restrict__ answers, int n_answers,
                                        const double* __restrict__ table,
                                        long long* sum_n, long long* sum_n2, long long* max_n,
                                        double* sum_clog2c)
{
    __shared__ unsigned hist[GUESSES_PER_BLOCK * NUM_CODES];
    const int tid = threadIdx.y * BLOCK_ANSWERS + threadIdx.x;
    for (int k = tid; k < GUESSES_PER_BLOCK * NUM_CODES; k += STRICT_THREADS) hist[k] = 0;
    __syncthreads();

    const int local = threadIdx.y / ROWS_PER_GUESS;
    const int row = threadIdx.y % ROWS_PER_GUESS;
    const int g = blockIdx.x * GUESSES_PER_BLOCK + local;
    unsigned* my_hist = hist + local * NUM_CODES;
    if (g < n_guesses) {
        const u64 guess = guesses[g];
        for (int a = row * BLOCK_ANSWERS + threadIdx.x; a < n_answers; a += ROWS_PER_GUESS * BLOCK_ANSWERS)
            atomicAdd(&my_hist[feedback_code(guess, answers[a])], 1u);
    }
    __syncthreads();

    if (g < n_guesses && row == 0 && threadIdx.x == 0)
        strict_sums(my_hist, table, g, sum_n, sum_n2, max_n, sum_clog2c);
}

// Launch: grid n_guesses, block FLAT_THREADS (one-dimensional).
extern "C" __global__ void __launch_bounds__(FLAT_THREADS) score_loose(const u64* __restrict__ guesses, int n_guesses,
                                       const u64* __restrict__ answers, int n_answers,
                                       const double* __restrict__ table,
                                       long long* sum_n, long long* sum_n2, long long* max_n,
                                       double* sum_clog2c)
{
    __shared__ unsigned hist[NUM_CODES];
    __shared__ unsigned short present[NUM_CODES];
    __shared__ u64 tile_counts[LOOSE_TILE];
    __shared__ unsigned char tile_exact[LOOSE_TILE];
    __shared__ unsigned n_present;
    __shared__ u64 acc_n, acc_n2, acc_max;

    const int tid = threadIdx.x;
    const int g = blockIdx.x;
    if (g >= n_guesses) return;  // uniform across the block
    const u64 guess = guesses[g];

    for (int c = tid; c < NUM_CODES; c += FLAT_THREADS) hist[c] = 0;
    if (tid == 0) {
        n_present = 0;
        acc_n = acc_n2 = acc_max = 0;
    }
    __syncthreads();
    for (int a = tid; a < n_answers; a += FLAT_THREADS) atomicAdd(&hist[feedback_code(guess, answers[a])], 1u);
    __syncthreads();
    // The list's order is arbitrary; only integer sums depend on it.
    for (int c = tid; c < NUM_CODES; c += FLAT_THREADS)
        if (hist[c] != 0) present[atomicAdd(&n_present, 1u)] = (unsigned short)c;
    __syncthreads();

    const int n_codes = (int)n_present;
    for (int base = 0; base < n_codes; base += FLAT_THREADS) {  // uniform loop: barriers inside
        const int p = base + tid;
        const bool active = p < n_codes;
        const int r = active ? present[p] : 0;
        const LooseRule rule = loose_rule(guess, r);
        const u64 weight = active ? hist[r] : 0;
        unsigned m = 0;
        for (int start = 0; start < n_answers; start += LOOSE_TILE) {
            const int n = min(LOOSE_TILE, n_answers - start);
            __syncthreads();  // the previous tile has been read
            for (int k = tid; k < n; k += FLAT_THREADS) {
                const Profile prof = word_profile(guess, answers[start + k]);
                tile_counts[k] = prof.counts;
                tile_exact[k] = (unsigned char)prof.exact;
            }
            __syncthreads();
            if (active)
                for (int k = 0; k < n; ++k) m += loose_allows(rule, tile_counts[k], tile_exact[k]);
        }
        if (active) {
            atomicAdd(&acc_n, weight * m);
            atomicAdd(&acc_n2, weight * m * m);
            atomicMax(&acc_max, (u64)m);
        }
    }
    __syncthreads();

    if (tid == 0) {
        sum_n[g] = (long long)acc_n;
        sum_n2[g] = (long long)acc_n2;
        max_n[g] = (long long)acc_max;
        sum_clog2c[g] = clog2c_sum(hist, table);
    }
}

// Launch: blocks of FLAT_THREADS, any grid; a grid-stride loop covers the words.
extern "C" __global__ void __launch_bounds__(FLAT_THREADS) feedback_codes(u64 guess, const u64* __restrict__ words, int n_words, int* codes)
{
    for (int w = blockIdx.x * blockDim.x + threadIdx.x; w < n_words; w += gridDim.x * blockDim.x)
        codes[w] = feedback_code(guess, words[w]);
}

extern "C" __global__ void __launch_bounds__(FLAT_THREADS) consistent_strict(u64 guess, int code, const u64* __restrict__ words, int n_words, bool* out)
{
    for (int w = blockIdx.x * blockDim.x + threadIdx.x; w < n_words; w += gridDim.x * blockDim.x)
        out[w] = feedback_code(guess, words[w]) == code;
}

extern "C" __global__ void __launch_bounds__(FLAT_THREADS) consistent_loose(u64 guess, int code, const u64* __restrict__ words, int n_words, bool* out)
{
    const LooseRule rule = loose_rule(guess, code);
    for (int w = blockIdx.x * blockDim.x + threadIdx.x; w < n_words; w += gridDim.x * blockDim.x) {
        const Profile prof = word_profile(guess, words[w]);
        out[w] = loose_allows(rule, prof.counts, prof.exact);
    }
}
