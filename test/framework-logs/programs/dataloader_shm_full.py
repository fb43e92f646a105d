# DataLoader workers hand 64 MiB batches to the main process through /dev/shm; on a container's
# default 64 MiB /dev/shm the shared-memory file cannot be written.
import torch
from torch.utils.data import DataLoader, Dataset


class LargeSamples(Dataset):
    def __len__(self):
        return 1000

    def __getitem__(self, index):
        return torch.ones(16 * 1024**2, dtype=torch.uint8)


if __name__ == "__main__":
    for batch in DataLoader(LargeSamples(), batch_size=4, num_workers=2, prefetch_factor=4):
        pass
