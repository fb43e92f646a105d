// Which framework a process runs, guessed from what it loaded (/proc/PID/maps) and, failing that, from
// its command line. A guess: `init` writes it into the config with a comment saying what it rests on.
import { frameworkProfiles } from '../frameworks/index.js';
import type { Framework } from '../plan/types.js';

/** A guess and what it rests on: `loaded libxla_extension.so`, `command names jax`, or nothing found. */
export interface FrameworkGuess {
  framework: Framework;
  because: string;
}

/** The framework of a process from its memory maps (lines of /proc/PID/maps) and its argv. */
export function guessFramework(argv: readonly string[], mapsLines: readonly string[] = []): FrameworkGuess {
  // What each profile says it loads (src/frameworks/), in the list's order; a library wins over a word.
  for (const { name, detect } of frameworkProfiles) {
    const line = detect.libraries && mapsLines.find((l) => detect.libraries?.test(l));
    if (line)
      return { framework: name, because: `loaded ${line.trim().split(/\s+/).at(-1)?.split('/').at(-1)}` };
  }
  const command = argv.join(' ');
  for (const { name, detect } of frameworkProfiles) {
    const match = detect.commandWords?.exec(command);
    if (match) return { framework: name, because: `its command names ${match[0].replace(/^[-_]/, '')}` };
  }
  return { framework: 'other', because: 'no framework library loaded and none named in its command' };
}
