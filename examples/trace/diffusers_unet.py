"""diffusers' UNet2DConditionModel for `estimate --trace-module` (needs diffusers in the Python that traces it):
one noise-prediction step as diffusers' train_text_to_image.py / train_dreambooth.py run it, the UNet on noisy
latents, a timestep and the text states, F.mse_loss(pred.float(), target.float()).

    headroom estimate -c sd15.yaml --trace --trace-module diffusers_unet:sd15_512   # run from this directory

Configs as the repositories' unet/config.json: runwayml/stable-diffusion-v1-5 (`sd15_*`: 859,520,964 parameters),
stabilityai/stable-diffusion-2-1 (`sd2_*`: 865,910,724), stabilityai/stable-diffusion-xl-base-1.0 (`sdxl_*`:
2,567,463,684; its text_time embedding fed the pooled text and the six size ids). The `_ckpt` factories turn on
unet.enable_gradient_checkpointing(); `_eager` sets diffusers' AttnProcessor (the scores kept) instead of SDPA.
The VAE and text encoders are not built: frozen and run without grad, they hold only their weights (the spec's
model.unet counts those)."""

import torch
import torch.nn.functional as F

SD15 = dict(
    block_out_channels=[320, 640, 1280, 1280],
    down_block_types=["CrossAttnDownBlock2D"] * 3 + ["DownBlock2D"],
    up_block_types=["UpBlock2D"] + ["CrossAttnUpBlock2D"] * 3,
    cross_attention_dim=768,
    attention_head_dim=8,
)
SD2 = dict(SD15, cross_attention_dim=1024, attention_head_dim=[5, 10, 20, 20], use_linear_projection=True)
SDXL = dict(
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
)


class NoisePrediction(torch.nn.Module):
    def __init__(self, config, checkpointing=False, eager=False):
        super().__init__()
        from diffusers import UNet2DConditionModel

        self.unet = UNet2DConditionModel(**config)
        self.is_xl = config.get("addition_embed_type") == "text_time"
        if checkpointing:
            self.unet.enable_gradient_checkpointing()
        if eager:
            from diffusers.models.attention_processor import AttnProcessor

            self.unet.set_attn_processor(AttnProcessor())

    def forward(self, latents, timesteps, text, target, pooled=None, time_ids=None):
        extra = {"added_cond_kwargs": {"text_embeds": pooled, "time_ids": time_ids}} if self.is_xl else {}
        prediction = self.unet(latents, timesteps, text, **extra).sample
        return F.mse_loss(prediction.float(), target.float())


def build(config, resolution, checkpointing=False, eager=False):
    model = NoisePrediction(config, checkpointing, eager)
    side = resolution // 8

    def batch(n):
        inputs = (
            torch.randn(n, 4, side, side),
            torch.randint(0, 1000, (n,)),
            torch.randn(n, 77, config["cross_attention_dim"]),
            torch.randn(n, 4, side, side),
        )
        return inputs + ((torch.randn(n, 1280), torch.randn(n, 6)) if model.is_xl else ())

    return {"model": model, "batch": batch, "loss": lambda output, _batch: output}


def sd15_512():
    return build(SD15, 512)


def sd15_512_ckpt():
    return build(SD15, 512, checkpointing=True)


def sd15_512_eager():
    return build(SD15, 512, eager=True)


def sd2_768_ckpt():
    return build(SD2, 768, checkpointing=True)


def sdxl_1024_ckpt():
    return build(SDXL, 1024, checkpointing=True)
