// Reads an estimate spec file and the model config.json it names, for the pure parser (../load.ts):
// the estimate core's file adapter.
import { readUserFile } from '../../config/read-text.js';
import { type FlagOverlay, modelConfigPathIn, parseEstimateSpec } from '../load.js';
import type { EstimateSpec } from '../types.js';

/** Reads a spec file and applies the flags over it; throws ConfigError (exit 2) listing every problem. */
export async function loadEstimateFile(file: string, overlay?: FlagOverlay): Promise<EstimateSpec> {
  return loadEstimateSpec(file, overlay);
}

/**
 * Reads a spec file (or none: flags alone), then the config.json that model.config names: a path in
 * the file is relative to the file, a flag's to the working directory.
 */
export async function loadEstimateSpec(
  file: string | undefined,
  overlay: FlagOverlay = { values: {}, flagByPath: {} },
): Promise<EstimateSpec> {
  const text =
    file === undefined
      ? undefined
      : await readUserFile(file, 'estimate spec', 'see examples/grpo/estimate.yaml');
  const configPath = modelConfigPathIn(text, file, overlay);
  const modelConfig =
    configPath === undefined
      ? undefined
      : {
          file: configPath,
          text: await readUserFile(
            configPath,
            'model config',
            'a Hugging Face config.json; see examples/models/',
          ),
        };
  return parseEstimateSpec(text, file, overlay, modelConfig);
}
