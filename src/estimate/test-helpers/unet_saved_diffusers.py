"""Bytes one diffusers UNet2DConditionModel training step saves for backward, for unet.test.ts's pinned figures.

Needs diffusers (not on this project's package index, so the test pins what this printed rather than running it):
    python unet_saved_diffusers.py '{"preset": "sd15", "latent": 16, "batch": 1, "attention": "sdpa"}'
prints {"saved": bytes}. The step is the diffusers training scripts' noise prediction: the UNet on noisy latents, a
timestep and 77 text states, F.mse_loss(pred.float(), target.float()), fp32 on CPU; saved tensors counted once per
storage, the UNet's own parameters and buffers aside, tensors of 64 elements or fewer ignored (saved_bytes.py)."""

import json
import sys

import torch
import torch.nn.functional as F
from diffusers import UNet2DConditionModel

from saved_bytes import saved_bytes

SD15 = dict(
    block_out_channels=[320, 640, 1280, 1280],
    down_block_types=["CrossAttnDownBlock2D"] * 3 + ["DownBlock2D"],
    up_block_types=["UpBlock2D"] + ["CrossAttnUpBlock2D"] * 3,
    cross_attention_dim=768,
    attention_head_dim=8,
)
PRESETS = {
    "sd15": SD15,
    "sd2": dict(SD15, cross_attention_dim=1024, attention_head_dim=[5, 10, 20, 20], use_linear_projection=True),
    "sdxl": dict(
        block_out_channels=[320, 640, 1280],
        down_block_types=["DownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D"],
        up_block_types=["CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "UpBlock2D"],
        cross_attention_dim=2048,
        attention_head_dim=[5, 10, 20],
        transformer_layers_per_block=[1, 2, 10],
        use_linear_projection=True,
        addition_embed_type="text_time",
        addition_time_embed_dim=256,
        projection_class_embeddings_input_dim=2816,
    ),
}


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
