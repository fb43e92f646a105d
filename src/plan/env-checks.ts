// Moved to src/frameworks/env-checks.ts (what a framework is lives there); kept for doctor/'s imports.
export * from '../frameworks/env-checks.js';
