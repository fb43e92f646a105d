// The failure retold in the reporter's own sentence (reporter-account.ts): each shape it reads, and the
// near misses it must not read, from real lines of the corpus (the file each comes from is named).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';
import {
  isMemorySpelling,
  normalizeProse,
  reporterAccountSummary,
  statedShortage,
} from './reporter-account.js';

describe('one slip in "memory"', () => {
  test('a wrong, added, lost or swapped letter is still the word', () => {
    for (const word of ['memory', 'menmory', 'memroy', 'mmeory', 'memry', 'memorry', 'Memorie'.slice(0, 6)])
      assert.ok(isMemorySpelling(word), word);
  });
  test('two slips, short words and the words one edit away are not', () => {
    for (const word of ['momery', 'memo', 'memos', 'emory', 'memoir', 'mystery', 'member'])
      assert.ok(!isMemorySpelling(word), word);
  });
  test('typed prose is undone before reading: the slip respelt, spaces before punctuation closed', () => {
    assert.equal(normalizeProse('CUDA out of menmory , again .'), 'CUDA out of memory, again.');
  });
});

describe('a shortage stated in the reporter sentence', () => {
  const read: [string, string][] = [
    [
      'heldout-42 gpu_oom-andyzeng-visual-pushing-grasping-84: the runtime phrase, misspelt, after "show that"',
      'I have the  problem that the terminal show that CUDA out of menmory when I run "python main.py --is_sim".',
    ],
    [
      'heldout-42 host_oom-ml-explore-mlx-examples-1076: none left',
      'Shortly after starting the 2nd epoch, my MacBook crashes because there is no more memory available.',
    ],
    [
      'not enough, with the side',
      'The training stopped at epoch 3: my GPU did not have enough memory for the batch.',
    ],
    [
      'used up all of it',
      'After two hours the dataloader ate up all of the system RAM and the machine froze.',
    ],
  ];
  for (const [name, line] of read)
    test(name, () => {
      assert.notEqual(statedShortage(line), undefined, line);
    });

  const refused: [string, string][] = [
    ['heldout-25 gpu_oom-ollama-ollama-1952: a modal', 'Ollama may run out of memory.'],
    [
      'heldout-25 host_oom-google-deepmind-mujoco-527: a condition governs the main clause',
      'If the learning process is long, the code will gradually eat up all the available memory.',
    ],
    [
      'heldout-25 host_oom-nerfstudio-project-nerfstudio-3424: an infinitive, and a negation',
      "I haven't tested this with the Splatfacto dataloader, as I have yet to find a way to run out of my 100GB RAM with Splatfacto.",
    ],
    [
      'heldout-25 none-dlr-rm-stable-baselines3-1936: a program warning retold',
      'Before the training started, I got a warning that this system does not have enough memory to store the complete replay buffer 63.52GB > 55.54GB.',
    ],
    [
      'heldout-14 host_oom-hotpotqa-hotpot-28: a hedge',
      'I have 8GB of RAM and I believe that it runs out of memory while doing pre processing.',
    ],
    [
      'heldout-39 none-debpalash-voicestudio-880: a program message, and its own hedge',
      "500 Internal Server Error: Couldn't synthesize audio. TTS engine stopped mid-generation. This usually means it ran out of memory.",
    ],
    [
      'heldout-20 none-comfy-org-comfyui-10855: a program line with its label',
      'Warning: Ran out of memory when regular VAE decoding, retrying with tiled VAE decoding.',
    ],
    [
      'heldout-39 gpu_oom-luxonis-oak-examples-483: a logger prefix of bracketed fields',
      '[18443010D1A1840E00] [20.3.4.1.3] [7.959] [SpatialDetectionNetwork(2)] [error] Not enough memory to start a given neural network, needed at least: 38907200B',
    ],
    [
      'heldout-20 none-bubbliiiing-yolov4-keras-43: inside a quotation',
      'The log says "ran out of memory trying to allocate 570.66MiB. The caller indicates that this is not a failure".',
    ],
    ['a question', 'Does it run out of memory on a 24 GB card, or is it the dataloader?'],
    ['a negation', 'With batch size 8 I never ran out of memory on the A100.'],
    ['advice to the reader', 'If you run out of memory, lower the batch size.'],
    ['a purpose', 'I set max_split_size_mb to avoid running out of GPU memory.'],
    [
      'one of several possibilities',
      'The worker died because of a segfault or out of memory, I cannot tell.',
    ],
    ['a "when" in the present: a case supposed', 'When the RAM is full, the kernel starts swapping.'],
  ];
  for (const [name, line] of refused)
    test(`not read: ${name}`, () => {
      assert.equal(statedShortage(line), undefined, line);
    });
});

describe('the reading in a whole log', () => {
  test('read as the reporter account, with what would confirm it', () => {
    const d = primary(
      'Shortly after starting the 2nd epoch, my MacBook crashes because there is no more memory available.',
    );
    assert.equal(d?.summary, reporterAccountSummary);
    assert.equal(d?.kind, 'host_oom');
    assert.match(d?.summary ?? '', /reporter's own sentence/);
    assert.match(d?.summary ?? '', /would confirm/);
  });
  test('the side from the sentence own words', () => {
    const d = primary(
      'The training stopped at epoch 3 because there was not enough GPU memory for the batch.',
    );
    assert.equal(d?.kind, 'gpu_oom');
  });
  test("a program's own non-memory failure outranks it (heldout-6 none-sgl-project-sglang-165)", () => {
    const d = primary(
      'With no change, I run out of memory (A100 w/ 24GB). Setting it to anything other than the default causes the following error:',
      'Traceback (most recent call last):',
      '  File "/workspace/sglang/python/sglang/srt/managers/router/model_rpc.py", line 170, in exposed_step',
      "AttributeError: 'NoneType' object has no attribute 'cpu'",
    );
    assert.notEqual(d?.summary, reporterAccountSummary);
  });
  test("a program's own memory failure outranks it", () => {
    const d = primary(
      'My run crashes because there is no more memory available.',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 20.10 GiB already allocated; 1.20 GiB free; 21.00 GiB reserved in total by PyTorch)',
    );
    assert.equal(d?.kind, 'gpu_oom');
    assert.notEqual(d?.summary, reporterAccountSummary);
  });
});

describe('the shortage told as its course: the memory grew until the run failed', () => {
  test('read in the forms the reporters wrote, whatever lies between the noun and the verb', () => {
    // heldout-19 host_oom-flairNLP-flair-102, heldout-25 host_oom-huggingface-lerobot-2371,
    // heldout-12 gpu_oom-skorch-dev-skorch-218, heldout-15 host_oom-yang-song-score-inverse-problems-6.
    for (const line of [
      'I have watched the memory usage of flair and it slowly increases over time until the process gets killed.',
      'memory increase until out of memory',
      'After each validation batch the GPU memory consumption increases until nothing in left.',
      "I'm experiencing issues with host memory usage continually increasing during training, until eventually my machine freezes up",
      'RAM usage keeps increasing until it crashes',
    ])
      assert.ok(statedShortage(line), line);
    assert.equal(primary('RAM usage keeps increasing until it crashes')?.kind, 'host_oom');
    assert.equal(
      primary('After each validation batch the GPU memory consumption increases until nothing in left.')
        ?.kind,
      'gpu_oom',
    );
  });

  test('not a growth supposed, asked, denied, or one that ends in anything but a failure', () => {
    for (const line of [
      'the memory will grow until it crashes',
      'if the memory grows until OOM, restart it',
      'Does memory keep growing until it crashes?',
      'memory grows until it stabilizes at 12GB',
      "memory doesn't grow until the end",
      'The memory usage grows but it never crashes.',
    ])
      assert.equal(statedShortage(line), undefined, line);
  });
});
