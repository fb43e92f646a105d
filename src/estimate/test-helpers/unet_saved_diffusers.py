"""Bytes one diffusers UNet2DConditionModel training step saves for backward, for unet.test.ts's pinned figures.

Needs diffusers (not on this project's package index, so the test pins what this printed rather than running it):
    python unet_saved_diffusers.py '{"preset": "sd15", "latent": 16, "batch": 1, "attention": "sdpa"}'
prints {"saved": bytes}. The step is the diffusers training scripts' noise prediction: the UNet on noisy latents, a
timestep and 77 text states, F.mse_loss(pred.float(), target.float()), fp32 on CPU; saved tensors counted once per
storage, the UNet's own parameters and buffers aside, tensors of 64 elements or fewer ignored (saved_bytes.py)."""

import json
import os
import sys

import torch
import torch.nn.functional as F
from diffusers import UNet2DConditionModel

from saved_bytes import saved_bytes

# The three configs as examples/trace/diffusers_unet.py writes them (the repositories' unet/config.json): one copy.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples", "trace"))
from diffusers_unet import SD15, SD2, SDXL  # noqa: E402

PRESETS = {"sd15": SD15, "sd2": SD2, "sdxl": SDXL}


def main(request):
    config = PRESETS[request["preset"]]
    unet = UNet2DConditionModel(**config).train()
    if request.get("attention") == "eager":
        from diffusers.models.attention_processor import AttnProcessor

        unet.set_attn_processor(AttnProcessor())
    b, side = request["batch"], request["latent"]
    latents, target = torch.randn(b, 4, side, side), torch.randn(b, 4, side, side)
    text = torch.randn(b, 77, config["cross_attention_dim"])
    timesteps = torch.randint(0, 1000, (b,))
    extra = {}
    if config.get("addition_embed_type") == "text_time":
        extra = {"added_cond_kwargs": {"text_embeds": torch.randn(b, 1280), "time_ids": torch.randn(b, 6)}}

    def step():
        return F.mse_loss(unet(latents, timesteps, text, **extra).sample.float(), target.float())

    return {"saved": saved_bytes(unet, step)}


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
