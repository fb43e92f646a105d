// Moved to src/frameworks/alloc-conf.ts (what a framework is lives there); kept for doctor/'s imports.
export * from '../frameworks/alloc-conf.js';
