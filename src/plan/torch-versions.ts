// Moved to src/frameworks/torch-versions.ts (what a framework is lives there); kept for doctor/'s imports.
export * from '../frameworks/torch-versions.js';
