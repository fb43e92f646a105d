// Moved to src/frameworks/bootstrap.ts (what a framework is lives there); kept for doctor/'s imports.
export * from '../frameworks/bootstrap.js';
