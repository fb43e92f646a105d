# An ACT-like imitation-learning trainer (seed 004): episodes of camera images and joint positions, a
# small transformer policy predicting action chunks, a DataLoader with workers, and the per-sample cache in
# __getitem__ that the seed's "Killed" came from: each worker keeps every sample it has decoded, so the
# tree grows until the host limit kills a worker.
# usage: act_trainer.py [NUM_WORKERS] [EPOCHS] [quiet-main]
# quiet-main: the main process blocks SIGCHLD, so torch < 2.1 cannot print "DataLoader worker (pid N) is
# killed by signal" before headroom stops the tree (its SIGCHLD handler is how it learns; the 5 s status
# check comes later): the case where the log never says what killed the worker.
import signal
import sys
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

CHUNK = 20
CAMERA = (3, 120, 160)  # one camera frame, float32: 225 KiB
JOINTS = 14


class EpisodicDataset(Dataset):
    def __init__(self, episodes, steps):
        self.episodes, self.steps = episodes, steps
        self.cache = {}  # the bug: every decoded sample stays here, in each worker, forever

    def __len__(self):
        return self.episodes * self.steps

    def __getitem__(self, index):
        if index not in self.cache:
            generator = torch.Generator().manual_seed(index)
            # Stands in for reading an HDF5 episode: 4 frames of history and the action chunk.
            image = torch.rand((4, *CAMERA), generator=generator)
            qpos = torch.rand(JOINTS, generator=generator)
            actions = torch.rand((CHUNK, JOINTS), generator=generator)
            self.cache[index] = (image, qpos, actions)
        return self.cache[index]


class ACTPolicy(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 5, stride=4), nn.ReLU(), nn.AdaptiveAvgPool2d(4))
        self.project = nn.Linear(8 * 16 + JOINTS, hidden)
        layer = nn.TransformerEncoderLayer(hidden, nhead=4, dim_feedforward=128, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.queries = nn.Parameter(torch.zeros(CHUNK, hidden))
        self.head = nn.Linear(hidden, JOINTS)

    def forward(self, image, qpos):
        features = self.backbone(image[:, -1]).flatten(1)
        token = self.project(torch.cat([features, qpos], dim=1)).unsqueeze(1)
        tokens = torch.cat([token, self.queries.expand(image.shape[0], -1, -1)], dim=1)
        return self.head(self.encoder(tokens)[:, 1:])


def main():
    workers = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    epochs = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    torch.set_num_threads(1)
    if len(sys.argv) > 3 and sys.argv[3] == "quiet-main":
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGCHLD])
    data = DataLoader(EpisodicDataset(episodes=50, steps=40), batch_size=8, shuffle=True, num_workers=workers,
                      persistent_workers=workers > 0)
    policy = ACTPolicy()
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-4)
    for epoch in range(epochs):
        started = time.time()
        for image, qpos, actions in data:
            loss = nn.functional.l1_loss(policy(image, qpos), actions)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print("epoch %d loss %.4f (%.1f s)" % (epoch, loss.item(), time.time() - started), flush=True)


if __name__ == "__main__":
    main()
