# DataLoader workers that keep a per-sample cache in __getitem__ (seed 004's cause), run under a cgroup
# memory limit: the kernel's OOM killer takes a worker and PyTorch's main process reports it.
# Each sample is an int and each batch a plain list (collate_fn=list), pickled by value: a tensor batch
# is handed over as a shared-memory file descriptor, and a worker killed during that handoff makes
# the main process fail with EOFError in recvfds instead of naming the killed worker.
import numpy as np
from torch.utils.data import DataLoader, Dataset


class CachedSamples(Dataset):
    def __init__(self):
        self.cache = {}

    def __len__(self):
        return 10_000

    def __getitem__(self, index):
        self.cache[index] = np.ones(8 * 1024**2, dtype=np.uint8)  # 8 MiB kept per sample, per worker
        return index


if __name__ == "__main__":
    for batch in DataLoader(CachedSamples(), batch_size=8, num_workers=2, collate_fn=list):
        pass
