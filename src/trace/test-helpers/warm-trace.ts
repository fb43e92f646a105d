// The warm Python (src/test-helpers/warm-python.ts) for tests that run the torch trace helper many
// times: torch, transformers and the modelling code of the fixtures' families (src/trace/fixtures/tiny-*)
// imported once per test file; each trace still runs python/headroom_trace/trace_torch.py afresh.
import { frameworksPython } from '../../test-helpers/frameworks.js';
import { startWarmPython, type WarmPython } from '../../test-helpers/warm-python.js';

const imports = [
  'torch',
  'torch._subclasses.fake_tensor',
  'torch.utils._python_dispatch',
  'transformers',
  'transformers.models.auto.modeling_auto',
  ...['llama', 'qwen2', 'mistral', 'gpt2', 'vit'].map(
    (family) => `transformers.models.${family}.modeling_${family}`,
  ),
];

/** The frameworks Python with torch and transformers imported (and `extra` modules); `python` runs a
 * script in a fork of it. */
export function startWarmTracePython(extra: readonly string[] = []): Promise<WarmPython> {
  return startWarmPython(frameworksPython() as string, [...imports, ...extra]);
}
