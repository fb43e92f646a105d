import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { diagnoseLogFile } from './read-log.js';

const oom =
  'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity; 2.56 GiB already allocated; 19.25 MiB free; 2.69 GiB reserved in total by PyTorch)';
const log = `epoch 1\r\nepoch 2\r\n${oom}\r\n`;

describe('reading logs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-doctor-read-'));

  test('a plain file', async () => {
    const path = join(dir, 'plain.log');
    writeFileSync(path, log);
    const { diagnoses, lineCount } = await diagnoseLogFile(path);
    assert.equal(lineCount, 3);
    assert.equal(diagnoses[0]?.evidence.line, 3);
  });

  test('gzip, detected by its magic bytes whatever the name', async () => {
    const path = join(dir, 'compressed.txt');
    writeFileSync(path, gzipSync(log));
    const { diagnoses } = await diagnoseLogFile(path);
    assert.equal(diagnoses[0]?.code, 'torch-cuda-oom');
  });

  test('stdin, plain and gzip', async () => {
    const plain = await diagnoseLogFile('-', Readable.from([Buffer.from(log)]));
    assert.equal(plain.diagnoses[0]?.kind, 'gpu_oom');
    const zipped = gzipSync(log);
    const chunks = [zipped.subarray(0, 5), zipped.subarray(5)];
    const gz = await diagnoseLogFile('-', Readable.from(chunks));
    assert.equal(gz.diagnoses[0]?.kind, 'gpu_oom');
    const empty = await diagnoseLogFile('-', Readable.from([]));
    assert.deepEqual(empty, { diagnoses: [], lineCount: 0 });
  });

  test('corrupt gzip and missing files reject', async () => {
    const path = join(dir, 'broken.gz');
    writeFileSync(path, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not really gzip')]));
    await assert.rejects(diagnoseLogFile(path));
    await assert.rejects(diagnoseLogFile(join(dir, 'missing.log')), { code: 'ENOENT' });
  });
});
