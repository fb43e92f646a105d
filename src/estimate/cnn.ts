// A convolutional network described by its layers (model.cnn): parameters, BatchNorm buffers and the
// activations PyTorch's autograd keeps, layer by layer. What each op saves for backward is PyTorch's
// (tools/autograd/derivatives.yaml): convolution its input (and weight); native_batch_norm its input
// and per-channel statistics; an in-place ReLU its result; max_pool2d_with_indices its input and
// int64 indices the size of its output; adaptive/avg pooling only its input's shape; linear its input.
// Checked against a real PyTorch 2.13 step on CPU (cnn.test.ts counts the saved tensors' storages).
import { formatBytes } from '../units.js';
import type { CnnSpec, Component, ConvLayer, EstimateSpec } from './types.js';

/**
 * A convolutional network the spec describes in its own form: a layer stack (model.cnn) or a detector on a
 * conv backbone (model.detector, model.yolo). One answer for the parts that differ for such a network: FSDP's
 * root unit (estimate.ts), its own activations (not-estimated.ts), cuDNN's workspaces (cli estimate/trace.ts).
 */
export function isConvNetwork(model: EstimateSpec['model']): boolean {
  return model.cnn !== undefined || model.detector !== undefined || model.yolo !== undefined;
}

/** model.cnn as written, before defaults. */
export interface RawCnn {
  input: number[];
  layers: {
    conv?: number;
    pool?: 'max' | 'avg' | 'global';
    linear?: number;
    kernel?: number;
    stride?: number;
    padding?: number;
    batch_norm?: boolean;
    relu?: boolean;
    repeat?: number;
  }[];
}

/** Defaults: conv 3×3 stride 1 "same" padding with BatchNorm and ReLU; pools 2×2 stride 2. */
export function toCnn(raw: RawCnn, report: (path: (string | number)[], message: string) => void): CnnSpec {
  const layers = raw.layers.map((layer, i): ConvLayer => {
    const kinds = [layer.conv, layer.pool, layer.linear].filter((value) => value !== undefined);
    if (kinds.length !== 1) report(['model', 'cnn', 'layers', i], 'give exactly one of conv, pool or linear');
    const kind = layer.conv !== undefined ? 'conv' : layer.pool !== undefined ? 'pool' : 'linear';
    const kernel = layer.kernel ?? (kind === 'conv' ? 3 : kind === 'pool' ? 2 : 1);
    return {
      kind,
      out: layer.conv ?? layer.linear ?? 0,
      kernel,
      stride: layer.stride ?? (kind === 'pool' ? kernel : 1),
      padding: layer.padding ?? (kind === 'conv' ? Math.floor(kernel / 2) : 0),
      isBatchNorm: kind === 'conv' && (layer.batch_norm ?? true),
      isRelu: kind !== 'pool' && (layer.relu ?? kind === 'conv'),
      repeat: layer.repeat ?? 1,
      pool: layer.pool ?? 'max',
    };
  });
  const [channels = 1, height = 1, width = 1] = raw.input;
  return { input: [channels, height, width], layers };
}

/** One layer as it runs: its input and output shape per sample, and its parameters. */
interface LayerRun {
  layer: ConvLayer;
  inChannels: number;
  outShape: [number, number, number];
  params: number;
  buffers: number;
}

// Output size of a window: floor((size + 2·padding − kernel) / stride) + 1 (torch.nn.Conv2d docs).
const windowOut = (size: number, kernel: number, stride: number, padding: number): number =>
  Math.max(1, Math.floor((size + 2 * padding - kernel) / stride) + 1);

/** Every layer instance (repeats unrolled: the stride applies to the first), in order. */
export function runCnn(cnn: CnnSpec): LayerRun[] {
  const runs: LayerRun[] = [];
  let [c, h, w] = cnn.input;
  for (const layer of cnn.layers) {
    for (let r = 0; r < layer.repeat; r++) {
      const stride = r === 0 ? layer.stride : 1;
      const inChannels = c;
      let params = 0;
      let buffers = 0;
      if (layer.kind === 'conv') {
        h = windowOut(h, layer.kernel, stride, layer.padding);
        w = windowOut(w, layer.kernel, stride, layer.padding);
        c = layer.out;
        // A convolution before BatchNorm has no bias (torchvision); BatchNorm: weight and bias,
        // running mean and variance (fp32 buffers) and num_batches_tracked (int64).
        params = inChannels * c * layer.kernel * layer.kernel + (layer.isBatchNorm ? 2 * c : c);
        buffers = layer.isBatchNorm ? 2 * c * 4 + 8 : 0;
      } else if (layer.kind === 'pool') {
        if (layer.pool === 'global') [h, w] = [1, 1];
        else {
          h = windowOut(h, layer.kernel, stride, layer.padding);
          w = windowOut(w, layer.kernel, stride, layer.padding);
        }
      } else {
        const features = c * h * w;
        params = features * layer.out + layer.out;
        [c, h, w] = [layer.out, 1, 1];
      }
      runs.push({ layer, inChannels, outShape: [c, h, w], params, buffers });
    }
  }
  return runs;
}

/** Parameters and buffer bytes of the stack. */
export function cnnCounts(cnn: CnnSpec): { params: number; buffersBytes: number } {
  const runs = runCnn(cnn);
  return {
    params: runs.reduce((sum, run) => sum + run.params, 0),
    buffersBytes: runs.reduce((sum, run) => sum + run.buffers, 0),
  };
}

const elements = (shape: readonly number[]): number => shape.reduce((a, b) => a * b, 1);

/**
 * Activation bytes kept for backward for `batch` samples with `bytesPerValue` activations: the input
 * (the first convolution keeps it), per convolution its output (BatchNorm's input) and, after
 * BatchNorm, the ReLU's in-place result (the next layer's input); a convolution without BatchNorm
 * keeps only the ReLU's result; max pooling its int64 indices; linear layers their input (the
 * previous output, already kept). Also the largest layer's output, the size of the gradient that
 * flows back through it while backward runs.
 */
export function cnnActivationParts(
  cnn: CnnSpec,
  options: { batch: number; bytesPerValue: number; isTraining: boolean },
): Component[] {
  const runs = runCnn(cnn);
  const e = options.bytesPerValue;
  const b = options.batch;
  let kept = elements(cnn.input) * e;
  let largest = elements(cnn.input);
  for (const run of runs) {
    const out = elements(run.outShape);
    largest = Math.max(largest, out);
    if (run.layer.kind === 'conv') kept += (run.layer.isBatchNorm && run.layer.isRelu ? 2 : 1) * out * e;
    else if (run.layer.kind === 'pool' && run.layer.pool === 'max') kept += out * (e + 8);
    else if (run.layer.kind === 'pool') kept += out * e;
    else kept += out * e * (run.layer.isRelu ? 1 : 0);
  }
  const shapes = `${runs.length} layers from [${cnn.input.join(', ')}]`;
  if (!options.isTraining) {
    return [
      {
        name: 'forward working set',
        bytes: 2 * largest * e * b,
        formula: `the largest layer's input and output, ${formatBytes(largest * e)} each per sample (no backward)`,
        phase: 'backward',
      },
    ];
  }
  return [
    {
      name: 'activations',
      bytes: kept * b,
      formula: `${formatBytes(kept)} per sample × ${b} (${shapes}; per conv its output for BatchNorm and the ReLU result, max-pool int64 indices)`,
      phase: 'backward',
    },
    {
      name: 'backward working set',
      bytes: 2 * largest * e * b,
      formula: `the gradient of the largest layer's output and of its input (${formatBytes(largest * e)} per sample each)`,
      phase: 'backward',
    },
  ];
}
