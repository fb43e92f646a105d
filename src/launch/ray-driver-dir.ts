// Where headroom's Ray driver (python/headroom_ray) is: beside dist/ in the package, beside src/ here.
// This module sits two levels below the package, as every bundle of the CLI does (scripts/bundle-cli.mjs).
import { fileURLToPath } from 'node:url';

/** The driver's package directory (`python -m headroom_ray` runs from its parent). */
export const packagedRayDriverDir = fileURLToPath(new URL('../../python/headroom_ray', import.meta.url));
