// Which framework a process runs, guessed from what it loaded (/proc/PID/maps) and, failing that, from
// its command line. A guess: `init` writes it into the config with a comment saying what it rests on.
import type { Framework } from '../plan/types.js';

/** A guess and what it rests on: `loaded libxla_extension.so`, `command names jax`, or nothing found. */
export interface FrameworkGuess {
  framework: Framework;
  because: string;
}

// Shared libraries each framework loads into the process (their wheels' file names).
const libraryHints: [RegExp, Framework][] = [
  [/libtorch_cuda\.so|libc10_cuda\.so|libtorch_python\.so/, 'torch'],
  [/libtensorflow_framework\.so|_pywrap_tensorflow_internal\.so|libtensorflow_cc\.so/, 'tensorflow'],
  [/xla_extension\.so|libjax_common\.so|jaxlib\/.*\.so|jax_cuda\d*_plugin|xla_cuda_plugin\.so/, 'jax'],
];

// Words in a command line that name a framework or a library built on one.
const commandHints: [RegExp, Framework][] = [
  [/\b(jax|jaxlib|flax|optax|brax)\b|[-_]jax\b/i, 'jax'],
  [/\b(torch|torchrun|lightning|accelerate|deepspeed)\b|[-_]torch\b/i, 'torch'],
  [/\b(tensorflow|keras)\b|[-_](tf|tensorflow)\b/i, 'tensorflow'],
];

/** The framework of a process from its memory maps (lines of /proc/PID/maps) and its argv. */
export function guessFramework(argv: readonly string[], mapsLines: readonly string[] = []): FrameworkGuess {
  for (const [pattern, framework] of libraryHints) {
    const line = mapsLines.find((l) => pattern.test(l));
    if (line) return { framework, because: `loaded ${line.trim().split(/\s+/).at(-1)?.split('/').at(-1)}` };
  }
  const command = argv.join(' ');
  for (const [pattern, framework] of commandHints) {
    const match = pattern.exec(command);
    if (match) return { framework, because: `its command names ${match[0].replace(/^[-_]/, '')}` };
  }
  return { framework: 'other', because: 'no framework library loaded and none named in its command' };
}
