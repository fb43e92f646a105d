// Reading a file the user named: a missing or unreadable file is an environment error (exit 2), not a crash.
import { readFile } from 'node:fs/promises';
import { EnvironmentError } from '../errors.js';

/** The file's text; throws EnvironmentError saying what the file was for and what to do. */
export async function readUserFile(file: string, what: string, hint: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(error);
    throw new EnvironmentError(`cannot read ${what} ${file}: ${reason}`, hint);
  }
}
