"""A small CNN policy (Atari-style Nature DQN torso, actor and critic heads) for `estimate --trace-module`.

    headroom estimate --framework torch --batch-size 256 --trace --trace-module cnn_policy:build \\
        --params 1.7M   # run from this directory; --params only labels the analytic side

The factory returns the model and a batch builder; headroom builds them on fake tensors and runs one
step: forward, loss, backward, optimizer step (the spec's optimizer unless the dict gives one).
"""

import torch
from torch import nn


class CnnPolicy(nn.Module):
    def __init__(self, actions: int = 18, frames: int = 4):
        super().__init__()
        self.torso = nn.Sequential(
            nn.Conv2d(frames, 32, 8, stride=4), nn.ReLU(),
            nn.Conv2d(32, 64, 4, stride=2), nn.ReLU(),
            nn.Conv2d(64, 64, 3, stride=1), nn.ReLU(),
            nn.Flatten(),
            nn.Linear(64 * 7 * 7, 512), nn.ReLU(),
        )
        self.actor = nn.Linear(512, actions)
        self.critic = nn.Linear(512, 1)

    def forward(self, frames, actions, returns):
        features = self.torso(frames.float() / 255.0)
        logits, value = self.actor(features), self.critic(features).squeeze(-1)
        policy_loss = nn.functional.cross_entropy(logits, actions)
        value_loss = nn.functional.mse_loss(value, returns)
        return policy_loss + 0.5 * value_loss


def build():
    def batch(n):
        return (
            torch.randint(0, 256, (n, 4, 84, 84), dtype=torch.uint8),
            torch.randint(0, 18, (n,)),
            torch.randn(n),
        )

    return {"model": CnnPolicy(), "batch": batch, "loss": lambda output, _batch: output}
