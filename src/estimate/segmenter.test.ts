// model.segmenter: SETR's heads on a ViT. The parameters and the activations the rule says autograd keeps are
// checked against the same heads (mmsegmentation's SETRUPHead, MLANeck, SETRMLAHead and FCNHead rebuilt from
// plain torch modules: conv, BatchNorm for SyncBN, in-place ReLU, bilinear upsampling) run by a real PyTorch 2.13
// step on CPU, saved_tensors_hooks counting every saved storage beside the parameters, the ViT's own outputs and
// the label map.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { ConfigError } from '../errors.js';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { segmenterCounts, segmenterSaved } from './segmenter.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'setr.yaml');
const vitL = (tokens: number) =>
  `transformer: { family: vit, layers: 24, hidden: 1024, heads: 16, seq_len: ${tokens}, fused_qkv: true, attention: eager, dropout: false }`;

const python = `
import json, sys, torch, torch.nn as nn, torch.nn.functional as F
o = json.loads(sys.argv[1])
torch.manual_seed(0)
D, K, c, H, W, P, B = o['embed'], o['classes'], o['channels'], o['crop'][0], o['crop'][1], o['patch'], o['batch']
gh, gw = H // P, W // P
mla = o['decoder'] == 'setr_mla'
def cm(i, out, k):  # mmcv ConvModule: conv without bias, SyncBN (BatchNorm here), in-place ReLU
    return nn.Sequential(nn.Conv2d(i, out, k, 1, (k - 1) // 2, bias=False), nn.BatchNorm2d(out), nn.ReLU(inplace=True))
class Up(nn.Module):  # SETRUPHead
    def __init__(s, convs, k, up, ch=c):
        super().__init__()
        s.norm = nn.LayerNorm(D, eps=1e-6)
        s.convs = nn.ModuleList([cm(D if i == 0 else ch, ch, k) for i in range(convs)]); s.up = up
        s.seg = nn.Conv2d(ch, K, 1)
    def forward(s, x):
        n, ch, h, w = x.shape
        x = s.norm(x.reshape(n, ch, h * w).transpose(2, 1).contiguous())
        x = x.transpose(1, 2).reshape(n, ch, h, w).contiguous()
        for conv in s.convs:
            x = F.interpolate(conv(x), scale_factor=s.up, mode='bilinear', align_corners=False)
        return s.seg(x)
class Mla(nn.Module):  # MLANeck + SETRMLAHead
    def __init__(s):
        super().__init__()
        s.norms = nn.ModuleList([nn.LayerNorm(D, eps=1e-6) for _ in range(4)])
        s.proj = nn.ModuleList([cm(D, 256, 1) for _ in range(4)]); s.extract = nn.ModuleList([cm(256, 256, 3) for _ in range(4)])
        s.heads = nn.ModuleList([nn.Sequential(cm(256, c, 3), cm(c, c, 3)) for _ in range(4)])
        s.seg = nn.Conv2d(4 * c, K, 1)
    def neck(s, xs):
        outs = []
        for x, norm in zip(xs, s.norms):
            n, ch, h, w = x.shape
            x = norm(x.reshape(n, ch, h * w).transpose(2, 1).contiguous())
            outs.append(x.transpose(1, 2).reshape(n, ch, h, w).contiguous())
        feats = [p(x) for x, p in zip(outs, s.proj)][::-1]
        mids = []
        for f in feats: mids.append(f if not mids else mids[-1] + f)
        return [e(m) for m, e in zip(mids, s.extract)]
    def forward(s, ns):
        return s.seg(torch.cat([F.interpolate(h(x), scale_factor=4, mode='bilinear', align_corners=False) for x, h in zip(ns, s.heads)], dim=1))
class Uper(nn.Module):  # Feature2Pyramid + UPerHead (Dropout2d 0.1 before conv_seg)
    def __init__(s):
        super().__init__()
        s.up4 = nn.Sequential(nn.ConvTranspose2d(D, D, 2, 2), nn.BatchNorm2d(D), nn.GELU(), nn.ConvTranspose2d(D, D, 2, 2))
        s.up2 = nn.ConvTranspose2d(D, D, 2, 2)
        s.ppm = nn.ModuleList([nn.Sequential(nn.AdaptiveAvgPool2d(p), cm(D, c, 1)) for p in (1, 2, 3, 6)])
        s.bottleneck = cm(D + 4 * c, c, 3)
        s.lat = nn.ModuleList([cm(D, c, 1) for _ in range(3)]); s.fpn = nn.ModuleList([cm(c, c, 3) for _ in range(3)])
        s.fuse = cm(4 * c, c, 3); s.drop = nn.Dropout2d(0.1); s.seg = nn.Conv2d(c, K, 1)
        if o.get('neck') == 'mln':  # MultiLevelNeck: a 1x1 and a 3x3 conv with bias per block, no norm
            s.mln_lat = nn.ModuleList([nn.Conv2d(D, D, 1) for _ in range(4)])
            s.mln_conv = nn.ModuleList([nn.Conv2d(D, D, 3, padding=1) for _ in range(4)])
            del s.up4, s.up2
        elif o.get('neck') == 'none':
            del s.up4, s.up2
    def neck(s, xs):
        if o.get('neck') == 'mln':
            lats = [l(x) for l, x in zip(s.mln_lat, xs)]
            return [c(F.interpolate(x, scale_factor=f, mode='bilinear')) for c, x, f in zip(s.mln_conv, lats, (4, 2, 1, 0.5))]
        if o.get('neck') == 'none':
            return xs
        return [s.up4(xs[0]), s.up2(xs[1]), xs[2], F.max_pool2d(xs[3], 2, 2)]
    def forward(s, ins):
        up = lambda t, like: F.interpolate(t, size=like.shape[2:], mode='bilinear', align_corners=False)
        top = ins[3]
        psp = s.bottleneck(torch.cat([top] + [up(p(top), top) for p in s.ppm], dim=1))
        lats = [l(x) for l, x in zip(s.lat, ins[:3])] + [psp]
        for i in range(3, 0, -1): lats[i - 1] = lats[i - 1] + up(lats[i], lats[i - 1])
        outs = [f(x) for f, x in zip(s.fpn, lats[:3])] + [lats[3]]
        outs = [outs[0]] + [up(x, outs[0]) for x in outs[1:]]
        return s.seg(s.drop(s.fuse(torch.cat(outs, dim=1))))
class Fcn(nn.Module):  # FCNHead, one 3x3 ConvModule to 256
    def __init__(s):
        super().__init__()
        s.conv = cm(D, 256, 3); s.drop = nn.Dropout2d(0.1); s.seg = nn.Conv2d(256, K, 1)
    def forward(s, x):
        return s.seg(s.drop(s.conv(x)))
if o['decoder'] == 'upernet':
    m = Uper(); aux = nn.ModuleList([Fcn() for _ in range(o['aux_heads'])])
elif mla:
    m = Mla(); aux = nn.ModuleList([nn.Conv2d(256, K, 1) for _ in range(o['aux_heads'])])
else:
    pup = o['decoder'] == 'setr_pup'
    m = Up(o.get('decode_convs', 4), 3, 2) if pup else Up(o.get('decode_convs', 1), 1, 4)
    aux = nn.ModuleList([Up(o['aux_convs'], 3 if pup else 1, 4, o.get('aux_channels', c)) for _ in range(o['aux_heads'])])
mods = [m, aux]
params = sum(p.numel() for mod in mods for p in mod.parameters())
buffers = sum(b.numel() * b.element_size() for mod in mods for b in mod.buffers())
tokens = [torch.randn(B, gh * gw + (0 if mla else 1), D, requires_grad=True) for _ in range(4)]
label = torch.randint(0, K, (B, H, W))
own = {t.untyped_storage().data_ptr() for mod in mods for t in list(mod.parameters()) + list(mod.buffers())}
own |= {t.untyped_storage().data_ptr() for t in tokens + [label]}
seen = {}
def pack(t):
    p = t.untyped_storage().data_ptr()
    if p not in own and t.numel() > 64: seen[p] = t.untyped_storage().nbytes()
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    # mmseg VisionTransformer: each out_indices block without the class token, NCHW, contiguous.
    outs = [(t if mla else t[:, 1:]).reshape(B, gh, gw, D).permute(0, 3, 1, 2).contiguous() for t in tokens]
    def ce(logits):
        logits = F.interpolate(logits, size=(H, W), mode='bilinear', align_corners=False)
        return F.cross_entropy(logits, label, ignore_index=255)
    if o['decoder'] == 'upernet':
        ns = m.neck(outs)
        # The auxiliary FCNHead's in_index: 2 in the BEiT / MAE configs, 3 in configs/vit's (MLN and none).
        level = ns[2] if o.get('neck', 'feature2pyramid') == 'feature2pyramid' else ns[3]
        loss = ce(m(ns)) + sum(0.4 * ce(a(level)) for a in aux)
    elif mla:
        ns = m.neck(outs)
        loss = ce(m(ns)) + sum(0.4 * ce(a(x)) for a, x in zip(aux, ns))
    else:
        loss = ce(m(outs[3])) + sum(0.4 * ce(a(x)) for a, x in zip(aux, outs))
print(json.dumps({'saved': sum(seen.values()), 'params': params, 'buffers': buffers}))
`;

const realStep = (options: Record<string, unknown>): { saved: number; params: number; buffers: number } => {
  const run = spawnSync(
    ...cpuBounded(120, frameworksPython() as string, ['-c', python, JSON.stringify(options)]),
    { encoding: 'utf8', timeout: hangBackstopMs },
  );
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim());
};

test("SETR's heads keep what a real PyTorch 2.13 step keeps on CPU, and hold the modules' parameters", (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  // A small ViT width and crop so the CPU step is quick; the rule is the same at ViT-L and 512 × 512.
  const runs: {
    decoder: string;
    auxConvs: number;
    decodeConvs?: number;
    auxChannels?: number;
    neck?: string;
  }[] = [
    { decoder: 'setr_naive', auxConvs: 2 },
    // mmseg 0.x's _base_ naive decoder (num_convs=2) beside narrower auxiliary heads (the ADE20K configs' 256 by 512).
    { decoder: 'setr_naive', auxConvs: 2, decodeConvs: 2, auxChannels: 16 },
    { decoder: 'setr_pup', auxConvs: 1 },
    { decoder: 'setr_mla', auxConvs: 1 },
    { decoder: 'upernet', auxConvs: 1 },
    { decoder: 'upernet', auxConvs: 1, neck: 'mln' },
    { decoder: 'upernet', auxConvs: 1, neck: 'none' },
  ];
  for (const run of runs) {
    const isMla = run.decoder === 'setr_mla';
    const isUper = run.decoder === 'upernet';
    const channels = isMla ? 16 : isUper ? 48 : 32;
    const auxHeads = isMla ? 4 : isUper ? 1 : 3;
    const body = `model:\n  transformer: { family: vit, layers: 2, hidden: 96, heads: 2, seq_len: ${isMla ? 64 : 65} }\n  segmenter: { decoder: ${run.decoder}, crop: [128, 128], classes: 7, channels: ${channels}, aux_convs: ${run.auxConvs}${run.decodeConvs ? `, decode_convs: ${run.decodeConvs}` : ''}${run.auxChannels ? `, aux_channels: ${run.auxChannels}` : ''}${run.neck ? `, neck: ${run.neck}` : ''} }`;
    const segmenter = spec(body).model.segmenter;
    assert.ok(segmenter);
    const real = realStep({
      decoder: run.decoder,
      embed: 96,
      classes: 7,
      channels,
      crop: [128, 128],
      patch: 16,
      batch: 2,
      aux_heads: auxHeads,
      aux_convs: run.auxConvs,
      ...(run.decodeConvs ? { decode_convs: run.decodeConvs } : {}),
      ...(run.auxChannels ? { aux_channels: run.auxChannels } : {}),
      ...(run.neck ? { neck: run.neck } : {}),
    });
    const name = `${run.decoder}${run.neck ? ` (${run.neck})` : ''}`;
    const counts = segmenterCounts(segmenter);
    // The rule's count also holds the ViT's patch conv, class token and position table (not in this torch mirror).
    const vitExtras = 3 * 256 * 96 + 96 + 96 + 65 * 96;
    assert.equal(counts.params - vitExtras, real.params, `${name}: parameters`);
    assert.equal(counts.buffersBytes, real.buffers, `${name}: BatchNorm buffers`);
    const saved = segmenterSaved(segmenter);
    const ruleBytes = 2 * (4 * saved.heads + 4 * saved.logSoftmax + saved.indexBytes);
    t.diagnostic(`${name}: torch saved ${real.saved} B, the rule ${ruleBytes} B`);
    assert.ok(
      Math.abs(ruleBytes - real.saved) / real.saved <= 0.02,
      `${name}: ${ruleBytes} vs ${real.saved}`,
    );
  }
});

test('a SETR spec adds the heads to the ViT; a crop that does not give seq_len tokens is refused at its field', () => {
  const setr = (decoder: string, tokens: number, batch = 2) =>
    estimate(
      spec(
        `model:\n  ${vitL(tokens)}\n  segmenter: { decoder: ${decoder}, crop: [512, 512], classes: 150, aux_convs: 2 }\ntraining: { batch_size: ${batch} }`,
      ),
    );
  const pup = setr('setr_pup', 1025);
  const heads = pup.gpu.components.find((part) => part.name === 'activations (segmentation heads)');
  assert.ok(heads && heads.bytes > 0);
  assert.ok(
    pup.gpu.components.some((part) => part.name === 'activations'),
    "the ViT's own activations",
  );
  const atOne = setr('setr_pup', 1025, 1).gpu.components.find(
    (part) => part.name === 'activations (segmentation heads)',
  );
  assert.equal(heads.bytes, 2 * (atOne?.bytes ?? 0), 'per image');
  // ViT-L/16 at 512 (mmseg, 150 classes): 24 blocks of 12,596,224 with their LayerNorms and the spec's final
  // norm (2,048); the patch conv 787,456, class token 1,024 and 1025 positions 1,049,600; the PUP decode head
  // (LayerNorm 2,048, a 3×3 ConvModule 1024 → 256 2,359,808, three 256 → 256 590,336 each, conv_seg 38,550)
  // 4,171,414 and three auxiliary heads of two 3×3 ConvModules 2,990,742 each.
  assert.equal(pup.inputs.params, 24 * 12_596_224 + 2048 + 1_838_080 + 4_171_414 + 3 * 2_990_742);
  assert.throws(
    () => setr('setr_mla', 1025),
    /setr\.yaml:2:\d+: model\.transformer\.seq_len: is 1025, but setr_mla on a 512 × 512 crop in patches of 16 runs 1024 tokens/,
  );
  assert.throws(
    () => spec('model:\n  params: 300M\n  segmenter: { decoder: setr_naive, crop: [512, 512] }'),
    /model\.segmenter: needs model\.transformer/,
  );
  assert.throws(
    () => spec(`model:\n  ${vitL(1025)}\n  segmenter: { decoder: setr_fpn, crop: [512, 512] }`),
    /setr\.yaml:3:\d+: model\.segmenter\.decoder: expected one of setr_naive, setr_pup, setr_mla/,
  );
  assert.throws(
    () =>
      spec(
        `model:\n  ${vitL(1024)}\n  segmenter: { decoder: setr_mla, crop: [512, 512], aux_channels: 256 }`,
      ),
    /model\.segmenter\.aux_channels: sizes the auxiliary SETRUPHeads: needs decoder setr_naive or setr_pup/,
  );
  assert.throws(
    () => spec(`model:\n  ${vitL(1025)}\n  segmenter: { decoder: setr_pup, crop: [512, 512], neck: mln }`),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.exitCode === 2 &&
      /setr\.yaml:3:\d+: model\.segmenter\.neck: is UPerNet's neck: needs decoder upernet/.test(
        error.message,
      ),
  );
  assert.throws(
    () => spec(`model:\n  ${vitL(1025)}\n  segmenter: { decoder: upernet, crop: [512, 512], neck: fpn }`),
    /setr\.yaml:3:\d+: model\.segmenter\.neck: expected one of feature2pyramid, mln, none/,
  );
});

test("UPerHead's 3×3 fpn_bottleneck under cudnn_benchmark (mmseg's default): 3 × its ¼ concatenation of 4 levels at the peak; off: none", () => {
  const specOf = (cuda: string) =>
    spec(
      `model:\n  transformer: { family: vit, layers: 2, hidden: 64, heads: 2, ffn: 256, seq_len: 65, attention: eager }\n  segmenter: { decoder: upernet, crop: [128, 128], classes: 19 }\ntraining: { precision: fp32, optimizer: adamw, batch_size: 2 }${cuda}`,
    );
  const workspaceOf = (cuda: string) =>
    estimate(specOf(cuda)).gpu.components.find((c) => c.name === 'cuDNN workspace (benchmark mode)');
  const channels = specOf('').model.segmenter?.channels ?? 0;
  // Four levels of `channels` at the ¼ map (32 × 32 for a 128 crop), fp32, two images.
  const inputBytes = 4 * channels * 32 * 32 * 4 * 2;
  assert.ok(channels > 0);
  assert.equal(workspaceOf('')?.bytes, 3 * inputBytes);
  assert.match(workspaceOf('')?.formula ?? '', /fpn_bottleneck/);
  assert.equal(workspaceOf('\ncuda: { cudnn_benchmark: false }'), undefined);
});
