// The layer a run's process reports as: its headroom.yaml `framework:` (plan.json) names a profile
// (src/frameworks), the profile names the doctor family that reads its errors, and that family's
// layer is what a diagnosis says (`torch`); `other` for a framework no family reads.
import { familyNamed } from '../../doctor/families/index.js';
import type { Layer } from '../../doctor/types.js';
import { profileOf } from '../../frameworks/index.js';

/** The diagnosis layer of a planned process's framework. */
export function layerOfFramework(framework: string | undefined): Layer {
  const family = profileOf(framework).doctorFamily;
  return (family === null ? undefined : familyNamed(family)?.layers[0]) ?? 'other';
}
