// How fast does `doctor` read a large log, against grep in the same run? Writes a temporary log
// of training noise with one PyTorch OOM near the end (large-log.ts) and times, with the file in
// the page cache (warm) and dropped from it (cold, `dd iflag=nocache count=0`, GNU coreutils):
// - `grep -E -i` with doctor's own signature set (its prefilter's keywords once the log's first lines
//   have found its `once` facts, as doctor scans the rest; and every keyword, before any line), and `grep -E`
//   with four OOM signatures (the comparison issue #11 started from); grep's output is read from a
//   pipe (GNU grep stops at the first match when stdout is /dev/null);
// - the built CLI, `node bin/headroom.js doctor FILE --json`, start-up included, with its peak RSS
//   (process.resourceUsage().maxRSS, printed at exit by a preloaded one-liner);
// - diagnoseLogFile in this process (no start-up), and the line path doctor used before the byte
//   path (LineSplitter, every line decoded and pushed), in this process too.
// Medians over repetitions, interleaved. The temporary file is deleted afterwards.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable, toJson } from '../src/cli/output.js';
import { LogClassifier } from '../src/doctor/classify.js';
import { diagnoseClassified } from '../src/doctor/diagnose.js';
import { diagnoseLogFile } from '../src/doctor/io/read-log.js';
import { minimalKeywords } from '../src/doctor/keyword-index.js';
import { LineSplitter } from '../src/doctor/stream/line-splitter.js';
import type { Diagnosis } from '../src/doctor/types.js';
import { parseBytes } from '../src/units.js';
import { writeLog } from './large-log.js';
import { median } from './median.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const oomSignatures = 'CUDA out of memory|RESOURCE_EXHAUSTED|OOM when allocating|Killed process';
// Prints the child's peak RSS (KiB) on stderr when it exits.
const reportRss = `data:text/javascript,process.on("exit",()=>process.stderr.write("maxrss_kib="+process.resourceUsage().maxRSS+"\\n"))`;

interface Timing {
  wallMs: number;
  maxRssKiB?: number;
  found?: string;
}

const foundOf = (d: Diagnosis | undefined): string => (d ? `${d.code} line ${d.evidence.line}` : 'nothing');

// doctor's signature set as one extended regular expression (a tab stays a tab: ERE has no \t).
// `head`: lines doctor has read first. A `once` fact (a framework's name, a GPU's, the training loop's
// words) leaves doctor's prefilter when it is found (LogClassifier.keywordGeneration), so the set doctor
// scans most of a log with is the set after the log's first lines; grep cannot drop a keyword, and a
// keyword that is on nearly every line of a training log ("model", "batch") makes grep's work lighter,
// not doctor's. Both sets are timed: `same` (after the head) and `every` (before any line).
function sameSignatures(head: readonly string[] = []): string {
  const classifier = new LogClassifier();
  for (const line of head) classifier.push(line);
  const keywords = minimalKeywords(classifier.triggerKeywords);
  return keywords.map((k) => k.replace(/[.[\]()*+?{}|^$\\]/g, '\\$&')).join('|');
}

// The log's first lines, as doctor reads them first.
function headLines(path: string, count: number): string[] {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1024 * 1024);
    const bytes = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytes).toString('utf8').split('\n').slice(0, count);
  } finally {
    closeSync(fd);
  }
}

async function timeCommand(argv: string[], options: { rss?: boolean } = {}): Promise<Timing> {
  const startMs = performance.now();
  const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const wallMs = performance.now() - startMs;
  if (!options.rss) return { wallMs, found: `exit ${code}, ${stdout.trim().split('\n').at(-1)} line(s)` };
  const maxRssKiB = Number(/maxrss_kib=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
  return { wallMs, maxRssKiB, found: foundOf(JSON.parse(stdout).diagnoses[0]) };
}

async function timeInProcess(run: () => Promise<string>): Promise<Timing> {
  const startMs = performance.now();
  const found = await run();
  return { wallMs: performance.now() - startMs, found };
}

async function linePath(path: string): Promise<string> {
  const classifier = new LogClassifier();
  const splitter = new LineSplitter((line) => classifier.push(line));
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    splitter.write(chunk as Buffer);
  splitter.end();
  return foundOf(diagnoseClassified(classifier.finish())[0]);
}

async function readWhole(path: string): Promise<void> {
  for await (const _ of createReadStream(path, { highWaterMark: 4 * 1024 * 1024 }));
}

// Drops the file's pages from the page cache; false where dd cannot.
function dropFromCache(path: string): boolean {
  return spawnSync('dd', [`if=${path}`, 'iflag=nocache', 'count=0', 'status=none']).status === 0;
}

/** Runs the bench; args[0] is the log size (default 300MB), args[1] the repetitions (default 3). */
export async function main(args: string[]): Promise<void> {
  const targetBytes = parseBytes(args[0] ?? '300MB') ?? 300e6;
  const repetitions = Number(args[1] ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'headroom-doctor-bench-'));
  const path = join(dir, 'large.log');
  try {
    const { lines, oomLine } = writeLog(path, targetBytes);
    const sizeBytes = statSync(path).size;
    const same = sameSignatures(headLines(path, 1000));
    const every = sameSignatures();
    writeFileSync(join(dir, 'same.ere'), `${same}\n`);
    writeFileSync(join(dir, 'every.ere'), `${every}\n`);
    process.stdout.write(
      `log: ${(sizeBytes / 1e6).toFixed(0)} MB, ${lines.toLocaleString('en-US')} lines, OOM at line ${oomLine}; grep -E -i with doctor's ${same.split('|').length} signatures after the log's first 1,000 lines (${every.split('|').length} before any: every), and grep -E with "${oomSignatures}"\n`,
    );
    const ways: Record<string, () => Promise<Timing>> = {
      'grep -E -i (same signatures)': () =>
        timeCommand(['grep', '-c', '-E', '-i', '-f', join(dir, 'same.ere'), path]),
      'grep -E -i (every signature)': () =>
        timeCommand(['grep', '-c', '-E', '-i', '-f', join(dir, 'every.ere'), path]),
      'grep -E (4 OOM signatures)': () => timeCommand(['grep', '-c', '-E', oomSignatures, path]),
      'headroom doctor (CLI)': () =>
        timeCommand(
          [process.execPath, '--import', reportRss, join(repo, 'bin/headroom.js'), 'doctor', path, '--json'],
          {
            rss: true,
          },
        ),
      'diagnoseLogFile (in process)': () =>
        timeInProcess(async () => foundOf((await diagnoseLogFile(path)).diagnoses[0])),
      'line path, before (in process)': () => timeInProcess(() => linePath(path)),
    };
    const isColdPossible = dropFromCache(path);
    const results: Record<string, unknown>[] = [];
    const rows: string[][] = [];
    for (const cache of isColdPossible ? ['warm', 'cold'] : ['warm']) {
      const timings: Record<string, Timing[]> = {};
      for (let i = 0; i < repetitions; i++) {
        for (const [way, time] of Object.entries(ways)) {
          if (cache === 'warm') await readWhole(path);
          else dropFromCache(path);
          timings[way] ??= [];
          timings[way].push(await time());
        }
      }
      const grepSameMs = median(timings['grep -E -i (same signatures)']!.map((t) => t.wallMs));
      const grepFourMs = median(timings['grep -E (4 OOM signatures)']!.map((t) => t.wallMs));
      const grepEveryMs = median(timings['grep -E -i (every signature)']!.map((t) => t.wallMs));
      for (const [way, list] of Object.entries(timings)) {
        const wallMs = median(list.map((t) => t.wallMs));
        const rssKiB = list.map((t) => t.maxRssKiB ?? 0).reduce((a, b) => Math.max(a, b), 0);
        const result = {
          cache,
          way,
          medianWallMs: Math.round(wallMs),
          megabytesPerSecond: Math.round(sizeBytes / 1e6 / (wallMs / 1000)),
          vsGrepSame: Number((wallMs / grepSameMs).toFixed(2)),
          vsGrepFour: Number((wallMs / grepFourMs).toFixed(2)),
          vsGrepEvery: Number((wallMs / grepEveryMs).toFixed(2)),
          peakRssMiB: rssKiB > 0 ? Math.round(rssKiB / 1024) : null,
          found: list[0]?.found ?? '',
        };
        results.push(result);
        rows.push([
          cache,
          way,
          (wallMs / 1000).toFixed(2),
          String(result.megabytesPerSecond),
          result.vsGrepSame.toFixed(2),
          result.vsGrepFour.toFixed(2),
          result.vsGrepEvery.toFixed(2),
          result.peakRssMiB === null ? '' : String(result.peakRssMiB),
          result.found,
        ]);
      }
    }
    const columns = [
      { header: 'CACHE' },
      { header: 'WAY' },
      { header: 'WALL s', align: 'right' as const },
      { header: 'MB/s', align: 'right' as const },
      { header: 'x GREP SAME', align: 'right' as const },
      { header: 'x GREP 4', align: 'right' as const },
      { header: 'x GREP EVERY', align: 'right' as const },
      { header: 'PEAK RSS MiB', align: 'right' as const },
      { header: 'FOUND' },
    ];
    process.stdout.write(`${renderTable(columns, rows)}\n`);
    if (!isColdPossible)
      process.stdout.write('cold: not measured (dd could not drop the file from the page cache)\n');
    const missed = results.filter(
      (r) => !String(r.way).startsWith('grep') && !String(r.found).endsWith(`line ${oomLine}`),
    );
    if (missed.length > 0) process.stdout.write(`MISMATCH: expected the OOM at line ${oomLine}\n`);
    process.stdout.write(
      toJson({ bench: 'doctor-large-log', sizeBytes, lines, repetitions, medianOf: 'wall ms', results }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
