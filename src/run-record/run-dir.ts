// Claiming a run directory: checked up front with a one-line error, created without a recursive
// mkdir that could spin (mkdir -p under /proc loops), and claimed exclusively, so two runs given
// the same --run-dir never interleave: run.json is created with O_EXCL, and whoever creates it owns
// the directory.
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';

/** Linux's PATH_MAX and NAME_MAX (limits.h). */
const maxPathBytes = 4095;
const maxNameBytes = 255;

const describe = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a directory';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return code ?? String(error);
  }
};

function refuse(
  path: string,
  why: string,
  hint = 'pass another --run-dir, or leave it out for a new one',
): never {
  throw new UsageError(`run directory ${path}: ${why}`, hint);
}

/** Checks a run directory path before anything is written: its form, where it is, what is there. */
export function checkRunDirPath(path: string): string {
  const absolute = resolve(path);
  if (absolute.includes('\0')) refuse(path, 'the path contains a NUL byte');
  if (Buffer.byteLength(absolute) > maxPathBytes)
    refuse(path, `the path is longer than ${maxPathBytes} bytes`);
  const long = absolute.split(sep).find((part) => Buffer.byteLength(part) > maxNameBytes);
  if (long !== undefined) refuse(path, `a path component is longer than ${maxNameBytes} bytes`);
  if (/^\/(proc|sys|dev)(\/|$)/.test(absolute))
    refuse(path, 'it is under /proc, /sys or /dev, which hold no files of ours');
  let link: ReturnType<typeof lstatSync> | undefined;
  try {
    link = lstatSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') refuse(path, describe(error));
    return absolute; // not there yet: it will be made
  }
  if (link.isSymbolicLink()) {
    let target: ReturnType<typeof statSync>;
    try {
      target = statSync(absolute);
    } catch {
      return refuse(path, 'it is a symbolic link to nothing (a dangling link)');
    }
    if (!target.isDirectory()) refuse(path, 'it is a symbolic link to something that is not a directory');
  } else if (!link.isDirectory()) {
    refuse(path, link.isFile() ? 'it is a file, not a directory' : 'it is not a directory');
  }
  if (readdirSync(absolute).length > 0) refuse(path, 'it is not empty');
  return absolute;
}

// Makes the missing parents one level at a time: a loop we control, unlike a recursive mkdir.
function makeParents(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    try {
      if (!statSync(at).isDirectory()) refuse(dir, `${at} is not a directory`);
      break;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at)
        refuse(dir, describe(error));
      missing.unshift(at);
    }
  }
  for (const at of missing) {
    try {
      mkdirSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        refuse(dir, `cannot create ${at}: ${describe(error)}`);
    }
  }
}

/** Creates (or takes an empty) run directory and claims it by creating run.json exclusively; returns its absolute path. */
export function claimRunDir(path: string, metaJson: string): string {
  const absolute = checkRunDirPath(path);
  makeParents(dirname(absolute));
  try {
    mkdirSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      refuse(path, `cannot create it: ${describe(error)}`);
  }
  let fd: number;
  try {
    fd = openSync(`${absolute}/run.json`, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      refuse(path, 'another run is using it (run.json exists)');
    return refuse(path, `cannot write to it: ${describe(error)}`);
  }
  try {
    writeSync(fd, metaJson);
  } finally {
    closeSync(fd);
  }
  return absolute;
}
