// The streaming adapter: a file path or `-` (stdin), plain or gzip (detected by its magic bytes),
// read in chunks into the pure classifier through the byte path (byte-classifier.ts). Memory stays
// bounded whatever the size of the log. A plain file is read into two reused buffers, the next
// chunk read while the last one is scanned (a cold page cache then costs little more than the disk).
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type ClassifierOptions, LogClassifier } from '../classify.js';
import { diagnoseClassified } from '../diagnose.js';
import { ByteClassifier } from '../stream/byte-classifier.js';
import type { Diagnosis } from '../types.js';

/** gzip's magic bytes (RFC 1952 §2.3.1). */
const gzipMagic = [0x1f, 0x8b];

const readChunkBytes = 4 * 1024 * 1024;
// zlib hands out 16 KiB by default: too little for the byte path to scan in lanes.
const gunzipChunkBytes = 1024 * 1024;

async function startsWithGzipMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === gzipMagic[0] && buffer[1] === gzipMagic[1];
  } finally {
    await handle.close();
  }
}

function gunzipped(source: Readable): Readable {
  // pipeline destroys every stream on an error, so the error surfaces where the output is read.
  return pipeline(source, createGunzip({ chunkSize: gunzipChunkBytes }), () => {});
}

// stdin cannot be reopened, so its first chunk is read, inspected, and put back in front.
async function* replayFirst(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

// A file's bytes, decompressed when its magic bytes (checked once, by the caller) said gzip.
function fileStream(path: string, isGzip: boolean): Readable {
  const file = createReadStream(path, { highWaterMark: readChunkBytes });
  return isGzip ? gunzipped(file) : file;
}

/** A readable of the log's bytes, decompressed when it is gzip; `-` is `stdin`. */
export async function openLog(path: string, stdin: Readable = process.stdin): Promise<Readable> {
  if (path !== '-') return fileStream(path, await startsWithGzipMagic(path));
  const iterator = stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  if (first.done) return Readable.from([]);
  const chunk = Buffer.isBuffer(first.value) ? first.value : Buffer.from(first.value);
  const source = Readable.from(replayFirst(chunk, iterator), { objectMode: false });
  return chunk[0] === gzipMagic[0] && chunk[1] === gzipMagic[1] ? gunzipped(source) : source;
}

/** Diagnoses of a whole log read as a stream, and how many lines it had. */
export interface StreamedDiagnosis {
  diagnoses: Diagnosis[];
  lineCount: number;
}

function diagnosed(classifier: LogClassifier): StreamedDiagnosis {
  const classified = classifier.finish();
  return { diagnoses: diagnoseClassified(classified), lineCount: classified.lineCount };
}

/** Streams `input` through the classifier and diagnoses it. */
export async function diagnoseStream(
  input: Readable,
  options: ClassifierOptions = {},
): Promise<StreamedDiagnosis> {
  const classifier = new LogClassifier(options);
  const reader = new ByteClassifier(classifier);
  for await (const chunk of input) reader.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  reader.end();
  return diagnosed(classifier);
}

// Reads a plain file into `reader`, one chunk ahead.
async function readPlainFile(path: string, reader: ByteClassifier): Promise<void> {
  const handle = await open(path, 'r');
  const buffers = [Buffer.allocUnsafe(readChunkBytes), Buffer.allocUnsafe(readChunkBytes)] as const;
  let next = handle.read(buffers[0], 0, readChunkBytes, null);
  try {
    for (let turn = 1; ; turn++) {
      const { buffer, bytesRead } = await next;
      if (bytesRead === 0) break;
      next = handle.read(buffers[turn % 2]!, 0, readChunkBytes, null);
      reader.write(buffer.subarray(0, bytesRead));
    }
  } finally {
    await next.catch(() => undefined);
    await handle.close();
  }
}

/** Opens and diagnoses a log file (or `-` for stdin), gzip or not. */
export async function diagnoseLogFile(path: string, stdin?: Readable): Promise<StreamedDiagnosis> {
  if (path === '-') return diagnoseStream(await openLog(path, stdin));
  if (await startsWithGzipMagic(path)) return diagnoseStream(fileStream(path, true));
  const classifier = new LogClassifier();
  const reader = new ByteClassifier(classifier);
  await readPlainFile(path, reader);
  reader.end();
  return diagnosed(classifier);
}
