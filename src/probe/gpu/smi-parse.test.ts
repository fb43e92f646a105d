// The nvidia-smi parsers on small hand-made inputs: markers, units, merging, and every kind of broken input.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { HeadroomError } from '../../errors.js';
import { mergeSmiOutputs, parseSmiOutput } from './smi-parse.js';
import { parseMemoryField } from './smi-values.js';
import { listFiles, noSharedMessage, sharedDir } from './test-helpers/shared.js';

const MiB = 1024 ** 2;
const source = { file: 'input.txt' };

const throwsAt = (text: string, pattern: RegExp): void => {
  assert.throws(
    () => parseSmiOutput(text, source),
    (error: unknown) =>
      error instanceof HeadroomError && error.message.startsWith('input.txt') && pattern.test(error.message),
  );
};

test('memory fields: units, nounits, and every "no value" marker', () => {
  assert.equal(parseMemoryField('1005 MiB'), 1005 * MiB);
  assert.equal(parseMemoryField('1005MiB'), 1005 * MiB);
  assert.equal(parseMemoryField('1005'), 1005 * MiB);
  for (const marker of [
    'N/A',
    '[N/A]',
    '[Not Supported]',
    'Not available in WDDM driver model',
    '[Requested functionality has been deprecated]',
    'ERR!',
    '',
  ]) {
    assert.equal(parseMemoryField(marker), null, marker);
  }
  assert.equal(parseMemoryField('12a MiB'), undefined);
});

const xml = (memory: string, processes = ''): string =>
  `<?xml version="1.0" ?>\n<nvidia_smi_log>\n<driver_version>535.1</driver_version>\n<gpu id="0">\n<product_name>Card &amp; Co</product_name>\n<uuid>GPU-1</uuid>\n<fb_memory_usage>\n${memory}\n</fb_memory_usage>\n<processes>${processes}</processes>\n</gpu>\n</nvidia_smi_log>\n`;

test('XML: entities, missing fields and N/A process memory', () => {
  const parsed = parseSmiOutput(
    xml(
      '<total>100 MiB</total><used>10 MiB</used><free>90 MiB</free>',
      '<process_info><pid>7</pid><type>C+G</type><process_name>a, b</process_name><used_memory>N/A</used_memory></process_info>',
    ),
    source,
  );
  assert.equal(parsed.devices[0]?.name, 'Card & Co');
  assert.equal(parsed.devices[0]?.reservedBytes, null);
  assert.deepEqual(parsed.processes, [{ pid: 7, device: 0, usedBytes: null, name: 'a, b', type: 'C+G' }]);
  assert.equal(parsed.driverVersion, '535.1');
});

test('XML: truncated, mismatched, garbled or foreign documents are located errors', () => {
  const good = xml('<total>100 MiB</total>');
  throwsAt(good.slice(0, good.length / 2), /input\.txt:\d+: XML: the file ends .*truncated/);
  throwsAt(good.replace('</uuid>', '</uid>'), /input\.txt:6: XML: <\/uid> does not close <uuid>/);
  throwsAt(xml('<total>lots</total>'), /input\.txt:8: <total> is not a size: "lots"/);
  throwsAt(xml('<used>1 MiB</used>'), /GPU 0 has no memory total/);
  throwsAt('<?xml version="1.0" ?>\n<html></html>\n', /<html> is not nvidia-smi/);
  throwsAt(xml('<total>1 MiB</total>', '<process_info><pid>x</pid></process_info>'), /without a valid <pid>/);
});

test('query-gpu CSV: loops keep the last sample, a cut last line is skipped, a bad middle line is an error', () => {
  const header = 'index, name, uuid, memory.total [MiB], memory.used [MiB], memory.free [MiB]';
  const rows = ['0, A, GPU-a, 100 MiB, 10 MiB, 90 MiB', '0, A, GPU-a, 100 MiB, 20 MiB, 80 MiB'];
  const parsed = parseSmiOutput(
    [header, rows[0], header, rows[1], '0, A, GPU-a, 100 MiB,'].join('\n'),
    source,
  );
  assert.equal(parsed.devices[0]?.usedBytes, 20 * MiB);
  assert.match(parsed.warnings.join(), /input\.txt:5: the file ends in the middle/);
  throwsAt([header, '0, A, GPU-a, 100 MiB', rows[1], ''].join('\n'), /input\.txt:2: expected 6 values/);
  throwsAt(
    [header, '0, A, GPU-a, 100 MiB, lots, 1 MiB', ''].join('\n'),
    /input\.txt:2: memory\.used is not a size/,
  );
  throwsAt('name, memory.used [MiB]\nA, 1 MiB\n', /no memory\.total/);
  throwsAt('A, 1 MiB, 2 MiB\n', /without a header line/);
  throwsAt('index, name\n', /no data line/);
});

test('compute-apps CSV: names with ", " stay whole, processes join devices by UUID', () => {
  const apps = parseSmiOutput(
    'gpu_uuid, pid, process_name, used_gpu_memory [MiB]\nGPU-b, 42, python train.py, a=1, 512 MiB\nGPU-b, 43, C:\\x.exe, [N/A]\n',
    source,
  );
  assert.deepEqual(
    apps.processes.map((p) => [p.pid, p.name, p.usedBytes]),
    [
      [42, 'python train.py, a=1', 512 * MiB],
      [43, 'C:\\x.exe', null],
    ],
  );
  const gpus = parseSmiOutput(
    'index, uuid, memory.total [MiB], memory.used [MiB]\n0, GPU-a, 100, 0\n1, GPU-b, 1000, 600\n',
    source,
  );
  const merged = mergeSmiOutputs([gpus, apps]);
  assert.deepEqual(
    merged.processes.map((p) => p.device),
    [1, 1],
  );
  throwsAt('gpu_uuid, pid, used_gpu_memory [MiB]\nGPU-b, 0, 5 MiB\n', /pid is not a process id/);
});

const table = (rows: string[]): string =>
  [
    '+-----+',
    '| NVIDIA-SMI 590.48.01              Driver Version: 590.48.01      CUDA Version: 13.1     |',
    '|=====|',
    '|   0  NVIDIA L40S                    On  |   00000000:91:00.0 Off |                    0 |',
    '| N/A   32C    P0             77W /  350W |     657MiB /  46068MiB |      0%      Default |',
    '+-----+',
    '',
    '| Processes:                                                                              |',
    '|=====|',
    ...rows,
  ].join('\n');

test('table: processes with and without GI/CI columns; cut or garbled tables are located errors', () => {
  const parsed = parseSmiOutput(
    table([
      '|    0   N/A  N/A          212480      C   /usr/bin/python3                        644MiB |',
      '|    0      77      G   Xorg     3MiB |',
      '+-----+',
    ]),
    source,
  );
  assert.equal(parsed.driverVersion, '590.48.01');
  assert.deepEqual(
    parsed.processes.map((p) => [p.pid, p.usedBytes, p.name, p.type]),
    [
      [212480, 644 * MiB, '/usr/bin/python3', 'C'],
      [77, 3 * MiB, 'Xorg', 'G'],
    ],
  );
  throwsAt(
    table(['|    0   N/A  N/A          212480      C   /usr/bin/python3      644MiB |']),
    /ends inside the Processes block/,
  );
  throwsAt(table(['|    0   N/A  N/A   garbage |', '+-----+']), /input\.txt:10: not a process row/);
  throwsAt(table([]).split('\n').slice(0, 4).join('\n'), /ends inside the GPU block/);
  throwsAt('Mon Jan 1\n| NVIDIA-SMI 1.0 |\n', /ends before its GPU rows/);
});

test('-q text, -L lists, empty and unknown files', () => {
  throwsAt(
    '==============NVSMI LOG==============\nGPU 00000000:01:00.0\n    Product Name : X\n',
    /has no "FB Memory Usage" total/,
  );
  throwsAt('GPU 0: NVIDIA H100 (UUID: GPU-1)\n', /nvidia-smi -L/);
  throwsAt('  \n', /empty/);
  throwsAt('hello world\n', /not nvidia-smi output/);
});

test('every XML and table fixture cut in half is a located error, never a crash', async (t) => {
  const shared = sharedDir();
  if (!shared) return t.skip(noSharedMessage);
  const dir = path.join(shared, 'fixtures', 'nvidia-smi');
  for (const file of listFiles(dir).filter((f) => f.startsWith('xml/') || f.startsWith('table/'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    assert.throws(
      () => parseSmiOutput(text.slice(0, Math.floor(text.length / 2)), { file }),
      (error: unknown) => error instanceof HeadroomError && error.message.startsWith(`${file}:`),
      file,
    );
  }
});

test('a table pasted with indentation and CRLF line ends parses like the original', () => {
  const indented = table(['|    0      77      G   Xorg     3MiB |', '+-----+'])
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\r\n');
  const parsed = parseSmiOutput(`$ nvidia-smi\r\n${indented}\r\n$ `, source);
  assert.equal(parsed.devices[0]?.totalBytes, 46068 * MiB);
  assert.deepEqual(
    parsed.processes.map((p) => p.pid),
    [77],
  );
});
