/** The repository's root. */
export const repoRoot: string;
/** Where the test build lives: .test-build/ under the root. */
export const buildRoot: string;
/** Where the build of `path` lives, or null for a file outside the repository or inside node_modules. */
export function builtPathOf(path: string): string | null;
