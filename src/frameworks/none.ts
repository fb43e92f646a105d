// A host-only process: no GPU at all (an empty CUDA_VISIBLE_DEVICES hides every card), told its own
// host limit instead.
import { opaqueProfile } from './opaque-profile.js';

export const none = opaqueProfile({
  name: 'none',
  usesGpu: false,
  capBy: 'none',
  capNote: 'no GPU (CUDA_VISIBLE_DEVICES is empty)',
  noCapAdvice: (p) => `${p.name}: uses no GPU`,
  bootstrap: 'nothing',
});
