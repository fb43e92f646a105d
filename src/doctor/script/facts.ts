// What a Python script does, statement by statement: imports, the first call that creates a GPU
// backend, and every environment variable it sets (FACTS Q6: when each variable is read).
import type { Statement } from './python-source.js';

/** When a framework reads a variable, so setting it after that moment does nothing. */
export type ReadMoment = 'jax-import' | 'jax-backend' | 'torch-cuda' | 'cuda-init' | 'tf-gpu';

/** An assignment to os.environ (or putenv/setdefault/update) found in the source. */
export interface EnvAssignment {
  variable: string;
  /** The literal value, when it is a string literal. */
  value?: string;
  statement: Statement;
}

const jaxModules =
  /^(?:jax|jaxlib|flax|optax|sbx|brax|equinox|haiku|numpyro|chex|orbax|jraph|distrax|rlax|mujoco\.mjx)\b/;
const torchModules =
  /^(?:torch|torchvision|lightning|pytorch_lightning|stable_baselines3|accelerate|transformers)\b/;
const tfModules = /^(?:tensorflow|keras|tf_keras)\b/;

/** The modules a statement imports (top-level names, dotted paths kept). */
export function importsOf(text: string): string[] {
  const from = /^from\s+([\w.]+)\s+import\b/.exec(text);
  if (from) return [from[1]!];
  const plain = /^import\s+(.+)$/.exec(text);
  return plain ? plain[1]!.split(',').map((m) => m.trim().split(/\s+/)[0]!) : [];
}

/** Whether a statement imports JAX (or a library built on it), PyTorch, TensorFlow. */
export const importsJax = (text: string) => importsOf(text).some((m) => jaxModules.test(m));
export const importsTorch = (text: string) => importsOf(text).some((m) => torchModules.test(m));
export const importsTensorflow = (text: string) => importsOf(text).some((m) => tfModules.test(m));

// Calls that create JAX's GPU backend (xla_bridge.backends(): devices, arrays, random keys).
const jaxBackend =
  /\bjax\.(?:devices|local_devices|device_count|local_device_count|device_put\w*|default_backend)\(|\bjax\.(?:random|numpy|nn)\.\w+\(|\bjnp\.(?!dtype\b|float\d*\b|int\d*\b|uint\d*\b|bool_?\b|bfloat16\b|complex\d*\b|ndarray\b)\w+\(/;
// Calls that run torch.cuda._lazy_init (which parses the allocator config and makes the context).
const torchCuda =
  /\.cuda\(|\.to\(\s*(?:['"]cuda|device\b)|device\s*=\s*['"]cuda|torch\.cuda\.(?!is_available\b|device_count\b|is_initialized\b)\w+\(/;
// Calls that initialise the CUDA driver (which reads CUDA_VISIBLE_DEVICES once).
const cudaDriver = /torch\.cuda\.(?:is_available|device_count)\(/;
const tfGpu =
  /\btf\.(?:constant|Variable|zeros|ones|random\.\w+|keras\.\w+|function|compat\.v1\.Session|Session|config\.list_logical_devices)\(|\bkeras\.(?:Sequential|Model|layers\.\w+)\(/;

/** The moments this statement reaches. */
export function momentsOf(text: string): ReadMoment[] {
  const moments: ReadMoment[] = [];
  if (importsJax(text)) moments.push('jax-import');
  if (jaxBackend.test(text)) moments.push('jax-backend', 'cuda-init');
  if (torchCuda.test(text)) moments.push('torch-cuda', 'cuda-init');
  if (cudaDriver.test(text)) moments.push('cuda-init');
  if (tfGpu.test(text)) moments.push('tf-gpu', 'cuda-init');
  return moments;
}

/** When `variable` is read, or undefined for variables this check does not time. */
export function readMomentOf(variable: string): ReadMoment | undefined {
  if (/^XLA_PYTHON_CLIENT_|^XLA_CLIENT_MEM_FRACTION$|^XLA_FLAGS$|^TF_FORCE_UNIFIED_MEMORY$/.test(variable))
    return 'jax-backend';
  if (/^JAX_/.test(variable)) return 'jax-import';
  if (variable === 'PYTORCH_CUDA_ALLOC_CONF' || variable === 'PYTORCH_ALLOC_CONF') return 'torch-cuda';
  if (variable === 'CUDA_VISIBLE_DEVICES' || variable === 'CUDA_DEVICE_ORDER') return 'cuda-init';
  if (variable === 'TF_FORCE_GPU_ALLOW_GROWTH' || variable === 'TF_GPU_ALLOCATOR') return 'tf-gpu';
  return undefined;
}

// os.environ["X"] = "v", os.environ.setdefault("X", "v"), os.putenv("X", "v"): groups 2 and 4.
const assignForms = [
  /\b(?:os\.)?environ\s*\[\s*(["'])(\w+)\1\s*\]\s*=(?!=)\s*(?:[rbuf]?(["'])(.*?)\3)?/,
  /\b(?:os\.)?environ\.setdefault\(\s*(["'])(\w+)\1\s*,\s*(?:[rbuf]?(["'])(.*?)\3)?/,
  /\bos\.putenv\(\s*(["'])(\w+)\1\s*,\s*(?:[rbuf]?(["'])(.*?)\3)?/,
];

/** Every environment assignment a statement makes. */
export function envAssignmentsOf(statement: Statement): EnvAssignment[] {
  const { text } = statement;
  for (const form of assignForms) {
    const m = form.exec(text);
    if (m) return [{ variable: m[2]!, ...(m[4] !== undefined ? { value: m[4] } : {}), statement }];
  }
  const update = /\b(?:os\.)?environ\.update\((.*)\)/.exec(text);
  if (!update) return [];
  const pairs = [
    ...update[1]!.matchAll(/(["'])(\w+)\1\s*:\s*(?:(["'])(.*?)\3)?/g),
    ...update[1]!.matchAll(/\b(\w+)\s*=\s*(?:(["'])(.*?)\2)?/g),
  ];
  return pairs.map((p) =>
    p[0].includes(':')
      ? { variable: p[2]!, ...(p[4] !== undefined ? { value: p[4] } : {}), statement }
      : { variable: p[1]!, ...(p[3] !== undefined ? { value: p[3] } : {}), statement },
  );
}
