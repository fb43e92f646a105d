"""An ACT-like policy (Action Chunking with Transformers, Zhao et al. 2023, arXiv:2304.13705), scaled down:
a CNN backbone per camera, a CVAE encoder over the action chunk, a transformer encoder-decoder that
predicts a chunk of actions, an L1 + KL loss. For `estimate --trace-module act_policy:build`.
"""

import torch
from torch import nn


class ActPolicy(nn.Module):
    def __init__(self, cameras=2, image=96, state_dim=14, chunk=20, d_model=128, layers=2):
        super().__init__()
        self.cameras, self.chunk = cameras, chunk
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 32, 5, stride=2, padding=2), nn.ReLU(),
            nn.Conv2d(32, 64, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(64, d_model, 3, stride=2, padding=1), nn.ReLU(),
        )
        tokens = (image // 8) ** 2
        self.image_positions = nn.Parameter(torch.zeros(1, tokens * cameras, d_model))
        self.state_in = nn.Linear(state_dim, d_model)
        self.action_in = nn.Linear(state_dim, d_model)
        self.latent_out = nn.Linear(d_model, 2 * 32)
        self.latent_in = nn.Linear(32, d_model)
        self.cvae = nn.TransformerEncoder(nn.TransformerEncoderLayer(d_model, 4, 4 * d_model, batch_first=True), layers)
        self.transformer = nn.Transformer(d_model, 4, layers, layers, 4 * d_model, batch_first=True)
        self.queries = nn.Parameter(torch.zeros(1, chunk, d_model))
        self.action_out = nn.Linear(d_model, state_dim)

    def forward(self, images, state, actions):
        b = state.shape[0]
        # CVAE encoder: [state; actions] -> latent distribution.
        posterior = self.cvae(torch.cat([self.state_in(state)[:, None], self.action_in(actions)], dim=1))[:, 0]
        mu, logvar = self.latent_out(posterior).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        features = [self.backbone(images[:, c]).flatten(2).transpose(1, 2) for c in range(self.cameras)]
        memory = torch.cat(features, dim=1) + self.image_positions
        memory = torch.cat([self.latent_in(z)[:, None], self.state_in(state)[:, None], memory], dim=1)
        decoded = self.transformer(memory, self.queries.expand(b, -1, -1))
        predicted = self.action_out(decoded)
        l1 = (predicted - actions).abs().mean()
        kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(-1).mean()
        return l1 + 10.0 * kl


def build():
    model = ActPolicy()

    def batch(n):
        return (torch.randn(n, model.cameras, 3, 96, 96), torch.randn(n, 14), torch.randn(n, model.chunk, 14))

    return {"model": model, "batch": batch, "loss": lambda output, _batch: output}
