"""PyTorch's CUDA caching allocator, replayed: the blocks and segments a sequence of allocations and frees
would take on a GPU, so a trace on fake tensors can say what torch.cuda.max_memory_reserved reads, not only
max_memory_allocated. Pure Python, no torch.

The policy is the native allocator's with its default config (c10/cuda/CUDACachingAllocator.cpp, torch 2.x):
  - every request rounds up to 512 B (kMinBlockSize; round_size without roundup_power2_divisions);
  - requests up to 1 MiB (kSmallSize) come from the small pool, in 2 MiB segments (kSmallBuffer); larger
    ones from the large pool: 1–10 MiB (kMinLargeAlloc) in 20 MiB segments (kLargeBuffer), larger ones in a
    segment of their own rounded up to 2 MiB (kRoundLarge) (get_allocation_size);
  - a request takes the smallest cached free block of its pool that fits (get_free_block: lower_bound on
    (stream, size, address)); none fits: a new segment (alloc_block, cudaMalloc);
  - the block is split when what remains is at least 512 B (small pool) or more than 1 MiB (large pool)
    (should_split, max_split_size unlimited by default); otherwise the whole block is allocated and counted;
  - a freed block merges with free neighbours of its segment (free_block / try_merge_blocks);
  - cached segments go back to CUDA only on an allocation failure or empty_cache(): never here.
One stream (the default), as a single-GPU eager step runs. Checked against real H200 runs in
src/trace/allocator-replay.test.ts.
"""

from __future__ import annotations

import bisect

MIN_BLOCK = 512  # kMinBlockSize
SMALL_SIZE = 1 << 20  # kSmallSize
SMALL_BUFFER = 2 << 20  # kSmallBuffer
LARGE_BUFFER = 20 << 20  # kLargeBuffer
MIN_LARGE_ALLOC = 10 << 20  # kMinLargeAlloc
ROUND_LARGE = 2 << 20  # kRoundLarge


class _Block:
    __slots__ = ("size", "address", "previous", "next", "is_allocated", "is_small")

    def __init__(self, size, address, is_small):
        self.size, self.address, self.is_small = size, address, is_small
        self.previous = self.next = None
        self.is_allocated = False


def round_size(nbytes: int) -> int:
    """The bytes a request takes (round_size)."""
    return MIN_BLOCK if nbytes < MIN_BLOCK else -(-nbytes // MIN_BLOCK) * MIN_BLOCK


def segment_size(size: int) -> int:
    """The cudaMalloc a request that no cached block fits opens (get_allocation_size)."""
    if size <= SMALL_SIZE:
        return SMALL_BUFFER
    if size < MIN_LARGE_ALLOC:
        return LARGE_BUFFER
    return -(-size // ROUND_LARGE) * ROUND_LARGE


def _absorb(front: _Block, back: _Block) -> None:
    """Merges `back`, the block after `front` in its segment, into `front` (try_merge_blocks)."""
    front.size += back.size
    front.next = back.next
    if back.next is not None:
        back.next.previous = front


def _clock_order(lifetimes):
    """(tick, 1 for an allocation or 0 for a free, index) of each lifetime (nbytes, born, died, ...), in clock
    order; at one tick a free comes before an allocation."""
    events = []
    for index, (_nbytes, born, died, *_rest) in enumerate(lifetimes):
        events.append((born, 1, index))
        if died is not None:
            events.append((died, 0, index))
    return sorted(events)


class CachingAllocator:
    """Allocated and reserved bytes, now and at their peaks, as the caching allocator counts them."""

    def __init__(self):
        self._free = {True: [], False: []}  # is_small -> sorted [(size, address)]
        self._blocks = {}  # address -> free block
        self._next_address = 0
        self.allocated_bytes = self.reserved_bytes = 0
        self.peak_allocated_bytes = self.peak_reserved_bytes = 0
        self.segments = 0

    def malloc(self, nbytes: int) -> _Block:
        size = round_size(nbytes)
        is_small = size <= SMALL_SIZE
        pool = self._free[is_small]
        at = bisect.bisect_left(pool, (size, -1))
        if at < len(pool):
            _, address = pool.pop(at)
            block = self._blocks.pop(address)
        else:
            opened = segment_size(size)
            block = _Block(opened, self._next_address, is_small)
            # Segments are never neighbours: blocks merge only inside one.
            self._next_address += opened + SMALL_BUFFER
            self.reserved_bytes += opened
            self.segments += 1
            self.peak_reserved_bytes = max(self.peak_reserved_bytes, self.reserved_bytes)
        remaining = block.size - size
        if remaining >= MIN_BLOCK if is_small else remaining > SMALL_SIZE:
            rest = _Block(remaining, block.address + size, is_small)
            rest.previous, rest.next = block, block.next
            if block.next is not None:
                block.next.previous = rest
            block.next = rest
            block.size = size
            self._cache(rest)
        block.is_allocated = True
        self.allocated_bytes += block.size
        self.peak_allocated_bytes = max(self.peak_allocated_bytes, self.allocated_bytes)
        return block

    def free(self, block: _Block) -> None:
        self.allocated_bytes -= block.size
        block.is_allocated = False
        before = block.previous
        if before is not None and not before.is_allocated:
            self._uncache(before)
            _absorb(before, block)
            block = before
        after = block.next
        if after is not None and not after.is_allocated:
            self._uncache(after)
            _absorb(block, after)
        self._cache(block)

    def _cache(self, block):
        bisect.insort(self._free[block.is_small], (block.size, block.address))
        self._blocks[block.address] = block

    def _uncache(self, block):
        pool = self._free[block.is_small]
        pool.pop(bisect.bisect_left(pool, (block.size, block.address)))
        del self._blocks[block.address]


def replay(lifetimes) -> CachingAllocator:
    """Each (nbytes, born, died) — ticks of one clock, died None while alive at the end — allocated and freed
    in clock order through the caching allocator."""
    events = [event for event in _clock_order(lifetimes) if lifetimes[event[2]][0] > 0]
    allocator = CachingAllocator()
    blocks = {}
    for _, is_allocation, index in events:
        if is_allocation:
            blocks[index] = allocator.malloc(lifetimes[index][0])
        else:
            allocator.free(blocks.pop(index))
    return allocator


def replay_steady_steps(records, step_started: int, steps: int = 3) -> CachingAllocator:
    """One traced step's records (nbytes, born, died, persists), in one clock with the step's after
    `step_started`, replayed as `steps` steps in a row without tracing them again: what was made before the
    step (parameters, buffers) once; each step's own allocations and frees again, except what persists from
    the first step (the optimizer's states its first step() makes, which later steps reuse). The first
    step's other survivors (the batch) are freed as the next step makes its own."""
    events = _clock_order(records)
    allocator = CachingAllocator()
    blocks = {}
    for clock, is_allocation, index in events:
        if clock > step_started:
            break
        if is_allocation:
            blocks[index] = allocator.malloc(records[index][0])
        elif index in blocks:
            allocator.free(blocks.pop(index))
    step_events = [event for event in events if event[0] > step_started]
    for step in range(steps):
        if step > 0:
            for index in [i for i in blocks if records[i][1] > step_started and not records[i][3]]:
                allocator.free(blocks.pop(index))
        for _, is_allocation, index in step_events:
            if is_allocation:
                if step > 0 and records[index][3] and records[index][2] is None:
                    continue
                blocks[index] = allocator.malloc(records[index][0])
            elif index in blocks:
                allocator.free(blocks.pop(index))
    return allocator
