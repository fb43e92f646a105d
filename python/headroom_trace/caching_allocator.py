"""PyTorch's CUDA caching allocator replayed on a traced step's allocations: what it keeps reserved.

A trace records each storage's size, when it was made and when it was freed. The caching allocator
(c10/cuda/CUDACachingAllocator.cpp, PyTorch v2.5-v2.9; the rules below are unchanged across them) hands
those requests blocks carved from segments it got from cudaMalloc and never gives a segment back unless an
allocation fails or empty_cache() is called, so `torch.cuda.max_memory_reserved()` is the segments the
sequence made it open. Replayed here with its default settings (no max_split_size_mb, no
expandable_segments, no roundup_power2_divisions, one stream):
- every request is rounded up to 512 B (kMinBlockSize, round_size);
- requests of at most 1 MiB (kSmallSize) come from the small pool, larger ones from the large pool;
- a request no cached block fits opens a segment: 2 MiB (kSmallBuffer) for a small one, 20 MiB
  (kLargeBuffer) for one under 10 MiB (kMinLargeAlloc), else the request rounded up to 2 MiB (kRoundLarge)
  (get_allocation_size);
- the cached block chosen is the smallest that fits, the lowest address among equals (get_free_block:
  lower_bound over the pool ordered by size, then address);
- the block is split when what remains is at least 512 B (small pool) or more than 1 MiB (large pool)
  (should_split); otherwise the whole block is handed out, and counted allocated whole
  (alloc_found_block: allocated_bytes increases by block->size);
- a freed block merges with its free neighbours of the same segment (free_block, try_merge_blocks).
"""

from __future__ import annotations

import bisect

MIN_BLOCK = 512
SMALL_SIZE = 1 << 20
SMALL_BUFFER = 2 << 20
LARGE_BUFFER = 20 << 20
MIN_LARGE_ALLOC = 10 << 20
ROUND_LARGE = 2 << 20


def round_size(nbytes: int) -> int:
    return MIN_BLOCK if nbytes < MIN_BLOCK else -(-nbytes // MIN_BLOCK) * MIN_BLOCK


def segment_size(size: int) -> int:
    if size <= SMALL_SIZE:
        return SMALL_BUFFER
    if size < MIN_LARGE_ALLOC:
        return LARGE_BUFFER
    return -(-size // ROUND_LARGE) * ROUND_LARGE


class _Block:
    __slots__ = ("address", "size", "prev", "next", "allocated")

    def __init__(self, address, size, prev=None, next_=None):
        self.address, self.size, self.prev, self.next, self.allocated = address, size, prev, next_, False


class CachingAllocator:
    """The allocator's pools and counters; malloc(size) returns a block, free(block) caches it."""

    def __init__(self):
        # Per pool, the free blocks as (size, address) in order, and the block at each address.
        self.free_keys = {True: [], False: []}
        self.blocks = {}
        self.next_address = 0
        self.reserved = 0
        self.allocated = 0
        self.peak_allocated = 0

    def _cache(self, block, small):
        bisect.insort(self.free_keys[small], (block.size, block.address))
        self.blocks[block.address] = block

    def _uncache(self, block, small):
        keys = self.free_keys[small]
        del keys[bisect.bisect_left(keys, (block.size, block.address))]

    def malloc(self, nbytes: int):
        size = round_size(nbytes)
        small = size <= SMALL_SIZE
        keys = self.free_keys[small]
        at = bisect.bisect_left(keys, (size, -1))
        if at < len(keys):
            block = self.blocks[keys.pop(at)[1]]
        else:
            # A new segment; addresses only order blocks of one size (cudaMalloc's are the driver's).
            block = _Block(self.next_address, segment_size(size))
            self.next_address += block.size
            self.reserved += block.size
        remaining = block.size - size
        if remaining >= MIN_BLOCK if small else remaining > SMALL_SIZE:
            rest = _Block(block.address + size, remaining, block, block.next)
            if block.next is not None:
                block.next.prev = rest
            block.next = rest
            block.size = size
            self._cache(rest, small)
        block.allocated = True
        self.blocks[block.address] = block
        self.allocated += block.size
        self.peak_allocated = max(self.peak_allocated, self.allocated)
        return block, small

    def free(self, handle):
        block, small = handle
        block.allocated = False
        self.allocated -= block.size
        for neighbour in (block.prev, block.next):
            if neighbour is None or neighbour.allocated:
                continue
            self._uncache(neighbour, small)
            del self.blocks[neighbour.address]
            if neighbour is block.prev:
                block.address = neighbour.address
                block.prev = neighbour.prev
                if block.prev is not None:
                    block.prev.next = block
            else:
                block.next = neighbour.next
                if block.next is not None:
                    block.next.prev = block
            block.size += neighbour.size
        self._cache(block, small)


def replay_steady_steps(records, step_started: int, steps: int = 3):
    """Reserved and allocated peaks of `steps` steps of a traced one: records (nbytes, born, died, persists)
    in clock order, those born after `step_started` being the step's. The first step's own survivors
    that persist (the optimizer's states, made inside its first step()) stay allocated; its other
    survivors (the batch) are freed as the next step makes its own. Returns (reserved, allocated) bytes."""
    allocator = CachingAllocator()
    events = []
    for index, (_nbytes, born, died, _persists) in enumerate(records):
        events.append((born, 1, index))
        if died is not None:
            events.append((died, 0, index))
    events.sort()
    handles = {}
    for clock, is_alloc, index in events:
        if clock > step_started:
            break
        if is_alloc:
            handles[index] = allocator.malloc(records[index][0])
        elif index in handles:
            allocator.free(handles.pop(index))
    step_events = [event for event in events if event[0] > step_started]
    for step in range(steps):
        if step > 0:
            # Last step's survivors that do not persist (the batch) make way for this step's.
            for index in [i for i in handles if records[i][1] > step_started and not records[i][3]]:
                allocator.free(handles.pop(index))
        for _clock, is_alloc, index in step_events:
            if is_alloc:
                if step > 0 and records[index][3] and records[index][2] is None:
                    continue
                handles[index] = allocator.malloc(records[index][0])
            elif index in handles:
                allocator.free(handles.pop(index))
    return allocator.reserved, allocator.peak_allocated
