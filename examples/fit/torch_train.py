#!/usr/bin/env python3
"""A real PyTorch training script whose memory grows with its batch, for `headroom fit`, its bench
beside Lightning's BatchSizeFinder, and its multi-rank tests (torchrun, gloo on CPU).

Two small models, trained by a Lightning 2.6 Trainer on synthetic data (seeded, made per batch, so
the data holds no memory that depends on the batch):
  cnn          a CNN policy: 4 stacked 128x128 frames -> action logits and a value (PPO-like heads)
  transformer  a 2-layer transformer over 128 tokens with explicit attention (its scores are kept
               for backward, so memory grows with batch x tokens^2)

    python torch_train.py --model cnn --batch-size 64 [--samples 1024] [--epochs 1] [--max-steps 0]
    python torch_train.py --model cnn --finder power|binsearch [--margin 0] [--batch-size 2]

--finder runs Lightning's own BatchSizeFinder (power or binsearch) at the start of `fit` and then
trains the epoch with the size it found, printing one JSON line per finder trial and a final
`finder-result` line. Every step prints `step N/M`, the end prints `epoch done`.

Under torchrun (WORLD_SIZE > 1) each rank trains its own batch with DDP on gloo; --heavy-rank R
--heavy-factor F makes rank R's batch F times larger (one rank needing more memory than the rest).
"""
import argparse
import json
import os
import sys
import time

import torch
from torch import nn


def import_lightning():
    """Lightning when it is installed, else None (the plain loop trains then). Imported only for a
    Lightning run: it costs a --plain run (each trial of the fit tests, each rank) ~5 CPU-s and ~190 MB."""
    try:
        import lightning.pytorch as pl
    except ImportError:
        return None
    return pl


def build_model(name: str) -> nn.Module:
    if name == "cnn":
        return CnnPolicy()
    if name == "transformer":
        return TinyTransformer()
    raise SystemExit(f"unknown --model {name}")


class CnnPolicy(nn.Module):
    """A small actor-critic CNN; cheap full-resolution early layers keep large activations for little compute."""

    def __init__(self, frames: int = 4, actions: int = 18):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv2d(frames, 8, 1),
            nn.GELU(),
            nn.Conv2d(8, 8, 3, padding=1, groups=8),
            nn.GroupNorm(2, 8),
            nn.GELU(),
            nn.AvgPool2d(4),
            nn.Conv2d(8, 32, 4, stride=4),
            nn.GELU(),
            nn.Flatten(),
            nn.Linear(32 * 64, 256),
            nn.GELU(),
        )
        self.policy = nn.Linear(256, actions)
        self.value = nn.Linear(256, 1)

    def example(self, generator: torch.Generator, batch: int):
        frames = torch.rand(batch, 4, 128, 128, generator=generator)
        actions = torch.randint(0, 18, (batch,), generator=generator)
        returns = torch.randn(batch, generator=generator)
        return frames, actions, returns

    def forward(self, batch):
        frames, actions, returns = batch
        hidden = self.trunk(frames)
        logits, value = self.policy(hidden), self.value(hidden).squeeze(-1)
        return nn.functional.cross_entropy(logits, actions) + nn.functional.mse_loss(value, returns)


class Attention(nn.Module):
    def __init__(self, width: int, heads: int):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.out = nn.Linear(width, width)

    def forward(self, x):
        batch, tokens, width = x.shape
        q, k, v = self.qkv(x).view(batch, tokens, 3, self.heads, width // self.heads).permute(2, 0, 3, 1, 4)
        # Explicit scores (not scaled_dot_product_attention): batch x heads x tokens^2 kept for backward.
        scores = torch.softmax(q @ k.transpose(-1, -2) / (width // self.heads) ** 0.5, dim=-1)
        return self.out((scores @ v).transpose(1, 2).reshape(batch, tokens, width))


class Block(nn.Module):
    def __init__(self, width: int, heads: int):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.attention = Attention(width, heads)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class TinyTransformer(nn.Module):
    def __init__(self, vocab: int = 512, width: int = 64, heads: int = 4, layers: int = 2, tokens: int = 128):
        super().__init__()
        self.tokens = tokens
        self.embed = nn.Embedding(vocab, width)
        self.position = nn.Parameter(torch.zeros(tokens, width))
        self.blocks = nn.Sequential(*[Block(width, heads) for _ in range(layers)])
        self.head = nn.Linear(width, vocab)

    def example(self, generator: torch.Generator, batch: int):
        ids = torch.randint(0, 512, (batch, self.tokens + 1), generator=generator)
        return ids[:, :-1], ids[:, 1:]

    def forward(self, batch):
        inputs, targets = batch
        hidden = self.blocks(self.embed(inputs) + self.position)
        return nn.functional.cross_entropy(self.head(hidden).flatten(0, 1), targets.flatten())


class SyntheticSamples(torch.utils.data.Dataset):
    """`samples` items made on demand from a seed (nothing held that depends on the batch)."""

    def __init__(self, model: nn.Module, samples: int, seed: int):
        self.model, self.samples, self.seed = model, samples, seed

    def __len__(self):
        return self.samples

    def __getitem__(self, index):
        generator = torch.Generator().manual_seed(self.seed * 1_000_003 + index)
        return tuple(part[0] for part in self.model.example(generator, 1))


def loader(model: nn.Module, args, batch: int, seed: int):
    data = SyntheticSamples(model, args.samples, seed)
    return torch.utils.data.DataLoader(data, batch_size=batch, shuffle=False)


def say(**fields):
    print(json.dumps(fields), flush=True)


def rank_batch(args) -> int:
    rank = int(os.environ.get("RANK", "0"))
    return args.batch_size * (args.heavy_factor if rank == args.heavy_rank else 1)


def lightning_module(pl):
    """The LightningModule over build_model, defined once Lightning is imported."""

    class Module(pl.LightningModule):
        def __init__(self, args):
            super().__init__()
            self.args = args
            self.net = build_model(args.model)
            self.batch_size = rank_batch(args)

        def train_dataloader(self):
            # Read at each call: BatchSizeFinder changes self.batch_size between its trials.
            return loader(self.net, self.args, self.batch_size, seed=self.global_rank)

        def training_step(self, batch, index):
            if not self.trainer.sanity_checking and not getattr(self.trainer, "_headroom_tuning", False):
                print(f"step {index + 1}/{-(-self.args.samples // self.batch_size)} batch {self.batch_size}", flush=True)
            return self.net(batch)

        def configure_optimizers(self):
            return torch.optim.Adam(self.parameters(), lr=1e-3)

    return Module


def count_finder_trials():
    """Wraps Lightning's one-trial function to report each trial it runs (size, outcome, seconds)."""
    from lightning.pytorch.tuner import batch_size_scaling as scaling

    run_one = scaling._try_loop_run

    def reported(trainer, params):
        size = trainer.lightning_module.batch_size
        started = time.monotonic()
        trainer._headroom_tuning = True
        try:
            run_one(trainer, params)
        except RuntimeError as error:
            say(trial=size, ok=False, seconds=round(time.monotonic() - started, 2), error=str(error).splitlines()[0][:160])
            raise
        finally:
            trainer._headroom_tuning = False
        say(trial=size, ok=True, seconds=round(time.monotonic() - started, 2))

    scaling._try_loop_run = reported


def train_lightning(args, pl):
    callbacks = []
    if args.finder:
        from lightning.pytorch.callbacks import BatchSizeFinder

        class ReportedFinder(BatchSizeFinder):
            def scale_batch_size(self, trainer, pl_module):
                super().scale_batch_size(trainer, pl_module)
                # Printed when the search ends, before the epoch trains with what it found.
                say(finder_result=self.optimal_batch_size, mode=args.finder)

        count_finder_trials()
        callbacks.append(ReportedFinder(mode=args.finder, init_val=args.batch_size, margin=args.margin))
    module = lightning_module(pl)(args)
    world = int(os.environ.get("WORLD_SIZE", "1"))
    trainer = pl.Trainer(
        accelerator="cpu",
        devices=world,
        strategy="ddp" if world > 1 else "auto",
        max_epochs=args.epochs,
        max_steps=args.max_steps if args.max_steps > 0 else -1,
        callbacks=callbacks,
        logger=False,
        enable_checkpointing=False,
        enable_progress_bar=False,
        enable_model_summary=False,
        num_sanity_val_steps=0,
    )
    started = time.monotonic()
    trainer.fit(module)
    print(f"epoch done batch {module.batch_size} in {time.monotonic() - started:.1f} s", flush=True)


def train_plain(args):
    """The same loop without Lightning: DDP over gloo when launched by torchrun."""
    import torch.distributed as dist

    world = int(os.environ.get("WORLD_SIZE", "1"))
    if world > 1:
        dist.init_process_group("gloo")
    net = build_model(args.model)
    model = nn.parallel.DistributedDataParallel(net) if world > 1 else net
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    batch = rank_batch(args)
    rank = int(os.environ.get("RANK", "0"))
    data = loader(net, args, batch, seed=rank)
    total = len(data) if args.max_steps <= 0 else min(len(data), args.max_steps)
    for epoch in range(args.epochs):
        for step, example in enumerate(data):
            if step >= total:
                break
            optimizer.zero_grad()
            loss = model(example)
            loss.backward()
            optimizer.step()
            print(f"rank {rank} step {step + 1}/{total} batch {batch} loss {loss.item():.3f}", flush=True)
    print(f"rank {rank} epoch done batch {batch}", flush=True)
    if world > 1:
        dist.destroy_process_group()


def mark_heavy_rank(args):
    """The heavy rank asks to be the kernel's first OOM victim (oom_score_adj, proc(5)): when the group
    runs out while the ranks are still starting, before the heavy batch is what fills it, the victim is
    still the rank this program makes heavy, as it is once the batches are built."""
    if args.heavy_factor <= 1 or int(os.environ.get("RANK", "0")) != args.heavy_rank:
        return
    try:
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
    except OSError:
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", choices=["cnn", "transformer"], default="cnn")
    parser.add_argument("--batch-size", type=int, required=True)
    parser.add_argument("--samples", type=int, default=1024)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=0)
    parser.add_argument("--finder", choices=["power", "binsearch"])
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument("--plain", action="store_true", help="a plain PyTorch loop instead of Lightning")
    parser.add_argument("--heavy-rank", type=int, default=-1)
    parser.add_argument("--heavy-factor", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    mark_heavy_rank(args)
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    pl = None if args.plain else import_lightning()
    if pl is None:
        if args.finder:
            raise SystemExit("--finder needs Lightning")
        train_plain(args)
    else:
        train_lightning(args, pl)
    return 0


if __name__ == "__main__":
    sys.exit(main())
