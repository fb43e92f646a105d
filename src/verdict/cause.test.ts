import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CauseFacts, judgeCause } from './cause.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

const facts = (overrides: Partial<CauseFacts>): CauseFacts => ({
  name: 'learner',
  reason: 'gpu-oom',
  headroomKill: null,
  cap: { bytes: 7.2 * GiB, by: 'XLA_PYTHON_CLIENT_MEM_FRACTION=0.3000' },
  contextBytes: GiB,
  gpuClients: 1,
  log: {},
  sample: null,
  hostLimitBytes: null,
  ...overrides,
});

const card = (usedBytes: number) => ({ index: 0, totalBytes: 24 * GiB, usedBytes });
const isaac = (gpuBytes: number) => ({ name: 'isaac', gpuBytes, budgetBytes: 10.9 * GiB, contextBytes: GiB });

describe('judgeCause', () => {
  test("own cap from the framework's own numbers: in use + request over the cap, whatever the card had", () => {
    const cause = judgeCause(
      facts({
        log: { requestedBytes: 2 * GiB, inUseBytes: 6 * GiB, limitBytes: 7.2 * GiB },
        // The card was nearly full too, and isaac over budget: the cap decides first.
        sample: { ageMs: 200, selfGpuBytes: 7 * GiB, card: card(23.9 * GiB), neighbours: [isaac(15 * GiB)] },
      }),
    );
    assert.equal(cause?.kind, 'own-cap');
    assert.equal(cause?.confidence, 'certain');
    assert.deepEqual(cause?.overBudget, []);
    assert.match(cause!.text, /^own cap: learner asked for 2\.00 GiB with 6\.00 GiB of its 7\.20 GiB cap/);
  });

  test('own cap from a sample is a lower bound (it only grew since): likely', () => {
    const cause = judgeCause(
      facts({
        log: { requestedBytes: 2 * GiB },
        sample: { ageMs: 400, selfGpuBytes: 7 * GiB, card: card(12 * GiB), neighbours: [] },
      }),
    );
    assert.equal(cause?.kind, 'own-cap');
    assert.equal(cause?.confidence, 'likely');
    assert.match(cause!.text, /6\.00 GiB of its 7\.20 GiB cap .* in use \(the sample 400 ms before\)/);
  });

  test('room under its cap and a full card: card full, naming who held more than planned and by how much', () => {
    const cause = judgeCause(
      facts({
        log: { requestedBytes: GiB, inUseBytes: 3 * GiB, limitBytes: 7.2 * GiB },
        sample: {
          ageMs: 100,
          selfGpuBytes: 3.3 * GiB,
          card: card(23.5 * GiB),
          neighbours: [
            isaac(18.3 * GiB),
            { name: 'actor', gpuBytes: GiB, budgetBytes: 2.4 * GiB, contextBytes: GiB },
          ],
        },
      }),
    );
    assert.equal(cause?.kind, 'card-full');
    assert.equal(cause?.confidence, 'certain');
    assert.equal(cause?.cardFreeBytes, 0.5 * GiB);
    assert.deepEqual(
      cause?.overBudget.map((o) => [o.name, Math.round(o.overBytes / MiB)]),
      [['isaac', Math.round(6.4 * 1024)]],
    );
    assert.match(
      cause!.text,
      /^card full: learner asked for 1\.00 GiB with 3\.00 GiB of its 7\.20 GiB cap .*; GPU 0 had 512 MiB free of 24\.00 GiB at the sample 100 ms before;/,
    );
    assert.match(cause!.text, /isaac held 6\.40 GiB over its budget/);
  });

  test('a full card with everyone within budget says the plan leaves no room', () => {
    const cause = judgeCause(
      facts({
        log: { requestedBytes: GiB, inUseBytes: 3 * GiB },
        sample: { ageMs: 100, selfGpuBytes: 4 * GiB, card: card(23.8 * GiB), neighbours: [isaac(11 * GiB)] },
      }),
    );
    assert.equal(cause?.kind, 'card-full');
    assert.deepEqual(cause?.overBudget, []);
    assert.match(cause!.text, /every process was within its budget/);
  });

  test('nothing caps it in-process (framework other, enforce: warn): a full card, or no telling', () => {
    const uncapped = { cap: null, log: { requestedBytes: GiB } };
    const full = judgeCause(
      facts({ ...uncapped, sample: { ageMs: 0, selfGpuBytes: GiB, card: card(23.5 * GiB), neighbours: [] } }),
    );
    assert.equal(full?.kind, 'card-full');
    assert.match(full!.text, /nothing caps learner in-process/);
    const roomy = judgeCause(
      facts({ ...uncapped, sample: { ageMs: 300, selfGpuBytes: GiB, card: card(10 * GiB), neighbours: [] } }),
    );
    assert.equal(roomy?.kind, 'unknown');
    assert.match(roomy!.wouldDecide!, /a sample of the card at the moment of the failure/);
  });

  test("can't tell says what would decide it", () => {
    const cause = judgeCause(facts({}));
    assert.equal(cause?.kind, 'unknown');
    assert.equal(cause?.confidence, 'unknown');
    assert.match(cause!.text, /^can't tell: whether learner hit its own cap or the card was full/);
    assert.match(cause!.wouldDecide!, /the size of the request/);
    assert.match(cause!.wouldDecide!, /what its pool held/);
  });

  test('per GPU client: the sample is shared among the clients, the cap is each one’s', () => {
    const cause = judgeCause(
      facts({
        cap: { bytes: 8 * GiB, by: 'XLA_PYTHON_CLIENT_MEM_FRACTION=0.2000' },
        gpuClients: 3,
        contextBytes: 0.5 * GiB,
        log: { requestedBytes: 2 * GiB },
        sample: { ageMs: 100, selfGpuBytes: 21 * GiB, card: card(38 * GiB), neighbours: [] },
      }),
    );
    // 21 GiB over 3 clients, less a 0.5 GiB context each: 6.5 GiB + 2 GiB is over 8 GiB.
    assert.equal(cause?.kind, 'own-cap');
    assert.match(cause!.text, /per client, 3 clients/);
  });

  test("its own tree's unplanned GPU clients filled the card: said so, with what each may take", () => {
    const cause = judgeCause(
      facts({
        cap: { bytes: 36 * GiB, by: 'XLA_PYTHON_CLIENT_MEM_FRACTION=0.9000' },
        budgetBytes: 36 * GiB,
        log: { requestedBytes: 2 * GiB, inUseBytes: 12 * GiB, deviceRefusedBytes: 2 * GiB },
        sample: {
          ageMs: 300,
          selfGpuBytes: 38 * GiB,
          selfClients: 3,
          card: { index: 0, totalBytes: 40 * GiB, usedBytes: 38 * GiB },
          neighbours: [],
        },
      }),
    );
    assert.equal(cause?.kind, 'card-full');
    assert.equal(cause?.confidence, 'certain', "the driver's refusal is the framework's own word");
    assert.match(cause!.text, /the driver refused 2\.00 GiB more/);
    assert.match(
      cause!.text,
      /its own tree had 3 GPU clients on the card \(1 planned\), together 38\.00 GiB, each allowed up to 36\.00 GiB$/,
    );
  });

  test('host failures are the host limit; a kill by enforce: kill is its own budget; other reasons have none', () => {
    assert.equal(judgeCause(facts({ reason: 'oom-killed', hostLimitBytes: 2 * GiB }))?.kind, 'host-limit');
    assert.match(
      judgeCause(facts({ reason: 'host-oom' }))!.text,
      /^host limit: no host_memory limit was set/,
    );
    assert.equal(judgeCause(facts({ reason: 'killed-by-headroom', headroomKill: 'gpu' }))?.kind, 'own-cap');
    assert.equal(judgeCause(facts({ reason: 'failed' })), null);
    assert.equal(judgeCause(facts({ reason: 'sim-capacity' })), null);
  });
});
