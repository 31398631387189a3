"""A binary min-heap of int64 keys in an array: the candidates of a node, best first.

A key is `order << SLOT_BITS | slot`: the candidate's place in the search
order above its slot among the node's kept candidates, so that equal orders
come out by slot (candidate order). `Context` is only made for fewer than
2^SLOT_BITS candidates, so a slot always fits.
"""

from __future__ import annotations

from wordle_cli.compiled import compiled
from wordle_cli.trees.search.shared import SLOT_BITS

SLOT_MASK = (1 << SLOT_BITS) - 1


@compiled
def heap_key(order, slot):
    """The key of a candidate: by `order` (non-negative), then by `slot`."""
    return (order << SLOT_BITS) + slot


@compiled
def heap_slot(key):
    """The slot a key was made for."""
    return key & SLOT_MASK


@compiled
def _sift_down(heap, i, size):
    """Restore the min-heap property below heap[i] (heap[:size])."""
    x = heap[i]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= x:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = x


@compiled
def heapify(heap, size):
    """Make heap[:size] a min-heap."""
    for i in range(size // 2 - 1, -1, -1):
        _sift_down(heap, i, size)


@compiled
def pop(heap, size):
    """The least key of heap[:size], removed (the heap is then heap[:size - 1])."""
    top = heap[0]
    heap[0] = heap[size - 1]
    _sift_down(heap, 0, size - 1)
    return top
