// Host emulation of the CUDA built-ins that wordle_cli/backends/kernels.cu
// uses, so that g++ compiles the kernel source unchanged (see README.md).
//
// emu::launch runs a grid with one POSIX thread per CUDA thread of a block.
// The threads walk the blocks together, one block at a time, so a
// function-static array (__shared__) is exactly the current block's shared
// memory, and __syncthreads is a barrier over the block's threads. Only light
// headers are included: each word length and launch geometry is a separate
// compilation, and <thread> or <barrier> alone would double its time.
#pragma once
#include <linux/futex.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <climits>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>

struct dim3 {
    unsigned x = 1, y = 1, z = 1;
};
thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__ __restrict
#define __shared__ static
#define __launch_bounds__(...)

namespace emu {

// The barrier of a block's threads. A thread that has returned from the
// kernel no longer takes part in __syncthreads, as on the GPU; the
// next block starts once every thread has returned. One 64-bit word holds the
// counts (running threads high, arrived ones low) and changes by
// compare-and-swap; waiting threads sleep on a futex.
class BlockBarrier {
  public:
    explicit BlockBarrier(unsigned threads) : threads_(threads), counts_(pack(threads, 0)) {}

    void sync()
    {
        const unsigned phase = __atomic_load_n(&phase_, __ATOMIC_ACQUIRE);
        unsigned long long old = __atomic_load_n(&counts_, __ATOMIC_RELAXED), now;
        do {
            now = old + 1;
            if (arrived(now) == running(now)) now = pack(running(now), 0);
        } while (!__atomic_compare_exchange_n(&counts_, &old, now, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
        if (arrived(now) == 0)
            advance(&phase_);
        else
            wait_while(&phase_, phase);
    }

    void finish()
    {
        const unsigned block = __atomic_load_n(&block_, __ATOMIC_ACQUIRE);
        unsigned long long old = __atomic_load_n(&counts_, __ATOMIC_RELAXED), now;
        do {
            now = pack(running(old) - 1, arrived(old));
            if (running(now) == 0)
                now = pack(threads_, 0);  // the next block
            else if (arrived(now) == running(now))
                now = pack(running(now), 0);  // the others all wait in sync()
        } while (!__atomic_compare_exchange_n(&counts_, &old, now, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
        if (running(old) == 1) {
            advance(&block_);
            return;
        }
        if (arrived(old) != 0 && arrived(now) == 0) advance(&phase_);
        wait_while(&block_, block);
    }

  private:
    static unsigned long long pack(unsigned running, unsigned arrived) { return (unsigned long long)running << 32 | arrived; }
    static unsigned running(unsigned long long counts) { return (unsigned)(counts >> 32); }
    static unsigned arrived(unsigned long long counts) { return (unsigned)counts; }

    static void advance(unsigned* word)
    {
        __atomic_fetch_add(word, 1u, __ATOMIC_RELEASE);
        syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
    }

    static void wait_while(unsigned* word, unsigned value)
    {
        while (__atomic_load_n(word, __ATOMIC_ACQUIRE) == value)
            syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, value, nullptr, nullptr, 0);
    }

    const unsigned threads_;
    unsigned long long counts_;
    unsigned phase_ = 0, block_ = 0;  // futex words
};

inline BlockBarrier* block_barrier = nullptr;

}  // namespace emu

inline void __syncthreads() { emu::block_barrier->sync(); }

// ---------------------------------------------------------------- intrinsics

namespace emu {
// 0xFF in each of the four bytes where test(byte of a, byte of b) holds.
template <typename Test>
unsigned bytewise(unsigned a, unsigned b, Test test)
{
    unsigned r = 0;
    for (int i = 0; i < 4; ++i)
        if (test((a >> (8 * i)) & 0xFFu, (b >> (8 * i)) & 0xFFu)) r |= 0xFFu << (8 * i);
    return r;
}
}  // namespace emu

inline unsigned __vcmpeq4(unsigned a, unsigned b) { return emu::bytewise(a, b, [](unsigned x, unsigned y) { return x == y; }); }
inline unsigned __vcmpgeu4(unsigned a, unsigned b) { return emu::bytewise(a, b, [](unsigned x, unsigned y) { return x >= y; }); }
inline unsigned __vcmpleu4(unsigned a, unsigned b) { return emu::bytewise(a, b, [](unsigned x, unsigned y) { return x <= y; }); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
// One rounded addition: volatile keeps g++ from contracting or reordering it.
inline double __dadd_rn(double a, double b)
{
    volatile double sum = a + b;
    return sum;
}
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }

// ---------------------------------------------------------------- atomics

inline unsigned atomicAdd(unsigned* p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
inline unsigned long long atomicMax(unsigned long long* p, unsigned long long v)
{
    unsigned long long old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (old < v && !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
    return old;
}

// ---------------------------------------------------------------- launch

namespace emu {

// Calls k with args[i] pointing at its i-th argument, as cuLaunchKernel does.
template <typename... A, std::size_t... I>
void call_with(void (*k)(A...), void** args, std::index_sequence<I...>)
{
    k(*static_cast<std::remove_cv_t<std::remove_reference_t<A>>*>(args[I])...);
}

template <typename... A>
struct Launch {
    void (*kernel)(A...);
    void** args;
    dim3 grid, block;
    BlockBarrier barrier;
};

template <typename... A>
struct Thread {
    Launch<A...>* launch;
    unsigned index;  // linear thread index within the block
    pthread_t handle;
};

template <typename... A>
void* run_thread(void* arg)
{
    const Thread<A...>& self = *static_cast<Thread<A...>*>(arg);
    Launch<A...>& launch = *self.launch;
    const dim3 grid = launch.grid, block = launch.block;
    threadIdx = {self.index % block.x, (self.index / block.x) % block.y, self.index / (block.x * block.y)};
    blockDim = block;
    gridDim = grid;
    const unsigned blocks = grid.x * grid.y * grid.z;
    for (unsigned b = 0; b < blocks; ++b) {
        blockIdx = {b % grid.x, (b / grid.x) % grid.y, b / (grid.x * grid.y)};
        call_with(launch.kernel, launch.args, std::index_sequence_for<A...>{});
        launch.barrier.finish();
    }
    return nullptr;
}

template <typename... A>
void launch(void (*kernel)(A...), dim3 grid, dim3 block, void** args)
{
    const unsigned n = block.x * block.y * block.z;
    Launch<A...> launch{kernel, args, grid, block, BlockBarrier(n)};
    block_barrier = &launch.barrier;
    Thread<A...>* threads = new Thread<A...>[n];
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    for (unsigned t = 0; t < n; ++t) {
        threads[t] = {&launch, t, {}};
        if (pthread_create(&threads[t].handle, &attr, run_thread<A...>, &threads[t]) != 0) {
            std::fprintf(stderr, "gpu emulator: cannot start thread %u of %u\n", t, n);
            std::abort();
        }
    }
    for (unsigned t = 0; t < n; ++t) pthread_join(threads[t].handle, nullptr);
    pthread_attr_destroy(&attr);
    delete[] threads;
}

}  // namespace emu
