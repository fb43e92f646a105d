// GPU models by name (`--gpu a100-40gb`, `gpus: [{ model: h100-80gb }]`): the memory total each one
// reports, from recorded outputs. CUDA (cuMemGetInfo's total, what XLA's fraction and PyTorch's cap
// are taken of) reports less than nvidia-smi's memory.total, by exactly the "Reserved" line nvidia-smi
// prints beside it (drivers since ~510): on the H200 measured by test/gpu/check.py, 143771 MiB total −
// 616 MiB reserved = 143155 MiB, CUDA's 150109880320 B to nvidia-smi's whole MiB (the recording is in
// test/framework-logs/gpu-h200/). The same subtraction gives PyTorch's well-known "23.69 GiB total
// capacity" of an RTX 3090, "15.90 GiB" of a P100 and "79.15 GiB" of an A100 80GB, as users' OOM
// messages print them. So a model whose recording has the Reserved line gets total − reserved; one
// without gets nvidia-smi's total (a little more than CUDA gives); one never recorded, its sold size.

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/**
 * Where a card's total comes from: CUDA itself, nvidia-smi's memory.total less its Reserved line (what
 * CUDA reports, see the header), nvidia-smi's memory.total, or the size it is sold as.
 */
export type CardTotalSource = 'cuda' | 'nvidia-smi-less-reserved' | 'nvidia-smi' | 'marketed';

export interface CardModel {
  /** The name a user writes: `a100-40gb`. */
  id: string;
  /** The name the driver reports: `NVIDIA A100-SXM4-40GB`. */
  name: string;
  totalBytes: number;
  source: CardTotalSource;
  /** Decimal gigabytes the card is sold with (`40` for "40 GB"), to name it from a decimal size. */
  marketedGB: number;
}

/** How much less CUDA gives a process than nvidia-smi's total, as measured (see the header). */
export const cudaBelowSmi =
  "CUDA gives a process less than nvidia-smi's total, by its Reserved line (0.4–4% of the card in the recordings)";

const card = (id: string, name: string, totalBytes: number, source: CardTotalSource, marketedGB: number) => ({
  id,
  name,
  totalBytes,
  source,
  marketedGB,
});

/** Known models; every figure cites the recording it comes from (nvidia-smi fixtures of the test data). */
export const cardModels: readonly CardModel[] = [
  // test/gpu/check.py on an H200 (driver 580.159.04, CUDA 13.0): torch.cuda.mem_get_info total.
  card('h200', 'NVIDIA H200', 150_109_880_320, 'cuda', 141),
  // fixtures/nvidia-smi/other/h100-mig_590.48.01_load_q.txt: FB Memory Usage Total 81559 MiB, Reserved 479 MiB.
  card('h100-80gb', 'NVIDIA H100 80GB HBM3', (81_559 - 479) * MiB, 'nvidia-smi-less-reserved', 80),
  // fixtures/nvidia-smi/csv/query-gpu-loop-truncated_h100-nvl.csv: 95830 MiB.
  card('h100-nvl', 'NVIDIA H100 NVL', 95_830 * MiB, 'nvidia-smi', 94),
  // fixtures/nvidia-smi/table/gh200-x4_590.48.01_idle.txt: 97871MiB.
  card('gh200', 'NVIDIA GH200 120GB', 97_871 * MiB, 'nvidia-smi', 96),
  // fixtures/nvidia-smi/xml/a100-sxm4-40gb-mig_510.47.03.xml: the GPU's fb_memory_usage 40960 MiB, reserved 605 MiB.
  card('a100-40gb', 'NVIDIA A100-SXM4-40GB', (40_960 - 605) * MiB, 'nvidia-smi-less-reserved', 40),
  // fixtures/nvidia-smi/xml/a100-sxm4-80gb-mig_535.54.03.xml: the GPU's fb_memory_usage 81920 MiB, reserved 869 MiB.
  card('a100-80gb', 'NVIDIA A100-SXM4-80GB', (81_920 - 869) * MiB, 'nvidia-smi-less-reserved', 80),
  // fixtures/nvidia-smi/table/l40s-x8_560.35.05_idle.txt: 46068MiB.
  card('l40s', 'NVIDIA L40S', 46_068 * MiB, 'nvidia-smi', 48),
  // fixtures/nvidia-smi/xml/a10g_515.105.01.xml: fb_memory_usage total 23028 MiB, reserved 435 MiB.
  card('a10g', 'NVIDIA A10G', (23_028 - 435) * MiB, 'nvidia-smi-less-reserved', 24),
  // fixtures/nvidia-smi/csv/query-gpu-loop_rtx-a6000-x2.csv: 49140 MiB.
  card('rtx-a6000', 'NVIDIA RTX A6000', 49_140 * MiB, 'nvidia-smi', 48),
  // fixtures/nvidia-smi/xml/rtx-pro-6000-blackwell-maxq_590.44.01.xml: 97887 MiB, reserved 637 MiB.
  card('rtx-pro-6000', 'NVIDIA RTX PRO 6000 Blackwell', (97_887 - 637) * MiB, 'nvidia-smi-less-reserved', 96),
  // fixtures/nvidia-smi/xml/rtx-4090_535.86.05.xml: 24564 MiB, reserved 346 MiB.
  card('rtx-4090', 'NVIDIA GeForce RTX 4090', (24_564 - 346) * MiB, 'nvidia-smi-less-reserved', 24),
  // fixtures/nvidia-smi/table/rtx-4080-super_595.71.05_load.txt: 16376MiB.
  card('rtx-4080-super', 'NVIDIA GeForce RTX 4080 SUPER', 16_376 * MiB, 'nvidia-smi', 16),
  // fixtures/nvidia-smi/xml/rtx-3090_525.147.05.xml: 24576 MiB, reserved 316 MiB (23.69 GiB, as PyTorch prints it).
  card('rtx-3090', 'NVIDIA GeForce RTX 3090', (24_576 - 316) * MiB, 'nvidia-smi-less-reserved', 24),
  // fixtures/nvidia-smi/xml/rtx-3080_595.58.03.xml: 10240 MiB, reserved 397 MiB.
  card('rtx-3080', 'NVIDIA GeForce RTX 3080', (10_240 - 397) * MiB, 'nvidia-smi-less-reserved', 10),
  // fixtures/nvidia-smi/xml/rtx-3060_570.124.04.xml: 12288 MiB, reserved 368 MiB.
  card('rtx-3060', 'NVIDIA GeForce RTX 3060', (12_288 - 368) * MiB, 'nvidia-smi-less-reserved', 12),
  // fixtures/nvidia-smi/table/rtx-2080-ti-x8_590.48.01_err.txt: 11264MiB.
  card('rtx-2080-ti', 'NVIDIA GeForce RTX 2080 Ti', 11_264 * MiB, 'nvidia-smi', 11),
  // fixtures/nvidia-smi/xml/tesla-t4_515.105.01.xml: 15360 MiB, reserved 388 MiB.
  card('t4', 'Tesla T4', (15_360 - 388) * MiB, 'nvidia-smi-less-reserved', 16),
  // fixtures/nvidia-smi/xml/tesla-p100-pcie-16gb_510.47.03.xml: 16384 MiB, reserved 103 MiB (15.90 GiB, as PyTorch prints it).
  card('p100-16gb', 'Tesla P100-PCIE-16GB', (16_384 - 103) * MiB, 'nvidia-smi-less-reserved', 16),
  // No recording: the size it is sold as (NVIDIA L4 datasheet: 24GB GDDR6).
  card('l4', 'NVIDIA L4', 24 * GiB, 'marketed', 24),
  // No recording: the sizes they are sold as (NVIDIA V100 datasheet: 16GB or 32GB HBM2).
  card('v100-16gb', 'Tesla V100 16GB', 16 * GiB, 'marketed', 16),
  card('v100-32gb', 'Tesla V100 32GB', 32 * GiB, 'marketed', 32),
];

const normalise = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/** The model a name means (`A100-40GB`, `h100_80gb`, `rtx-4090`), or undefined. */
export function findCardModel(text: string): CardModel | undefined {
  const wanted = normalise(text);
  return cardModels.find((c) => c.id === wanted);
}

/** What a total means: `as CUDA reports it`, `nvidia-smi's memory.total; CUDA …`, or `sold as …`. */
export function describeCardTotal(model: CardModel): string {
  if (model.source === 'cuda') return 'as CUDA reports it (cuMemGetInfo total)';
  if (model.source === 'nvidia-smi-less-reserved')
    return "nvidia-smi's memory.total less its Reserved line: what CUDA reports (exact on a measured H200)";
  if (model.source === 'nvidia-smi') return `nvidia-smi's memory.total; ${cudaBelowSmi}`;
  return `the size it is sold as (no recording); CUDA reports 1–3% less on such cards`;
}

/** Models sold with this many decimal gigabytes, to say what such a card reports. */
export function cardsSoldAs(gigabytes: number): CardModel[] {
  return cardModels.filter((c) => c.marketedGB === gigabytes);
}
