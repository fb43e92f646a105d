// XLA's buffer-assignment OOM listing read without its RESOURCE_EXHAUSTED line (issue 23 item 4), and
// the near misses it must not read. Lines are real ones from the tuned corpus files named beside them,
// with the failure line above cut, as a paste that began below it would show them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

// test/corpus/heldout-19/gpu_oom-ecmwf-lab-ai-models-graphcast-25.txt, below its failure line.
const graphcastListing = [
  'BufferAssignment stats:',
  '             parameter allocation:  959.50MiB',
  '              constant allocation:  136.16MiB',
  '        maybe_live_out allocation:   12.84GiB',
  '     preallocated temp allocation:   14.64GiB',
  '                 total allocation:   28.56GiB',
  'Peak buffers:',
  '        Buffer 1:',
  '                Size: 8.91GiB',
  '                Operator: op_name="jit(<unnamed wrapped function>)/jit(main)/while/body/remat/mesh2grid_gnn/_process/mesh2grid_gnn/_process_step/mesh2grid_gnn/concatenate[dimension=2]" source_file="/root/miniconda3/envs/large/bin/ai-models" source_line=33',
  '                XLA Label: fusion',
  '                Shape: bf16[3114720,1,1536]',
  '                ==========================',
];

describe("XLA's OOM listing without its failure line", () => {
  test('the peak buffers alone are the device allocation that failed, said to be weaker evidence', () => {
    const found = primary(...graphcastListing.slice(6));
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.code, 'xla-oom-listing');
    assert.match(found?.failureLineMissing?.toDecide ?? '', /RESOURCE_EXHAUSTED/);
  });

  test('with the stats block above it, its figures come along', () => {
    const found = primary(...graphcastListing);
    assert.equal(found?.code, 'xla-oom-listing');
    assert.equal(found?.facts.preallocatedTempBytes, Math.round(14.64 * 1024 ** 3));
  });

  test("the listing's own header line reads alone (jax-ml/jax-12575, heldout-3)", () => {
    assert.equal(
      primary('BufferAssignment OOM Debugging.', 'BufferAssignment stats:')?.code,
      'xla-oom-listing',
    );
  });

  test("an entry parameter's buffer, tab-indented (elixir-nx/xla-32, heldout-17)", () => {
    const found = primary(
      'Peak buffers:',
      '\tBuffer 1:',
      '\t\tSize: 56.25MiB',
      '\t\tEntry Parameter Subshape: f32[14745600]',
    );
    assert.equal(found?.kind, 'gpu_oom');
  });

  test('the failure line, where pasted, is the reading; the listing adds to it', () => {
    const found = primary(
      'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 15724724752 bytes.',
      'BufferAssignment OOM Debugging.',
      ...graphcastListing,
    );
    assert.equal(found?.code, 'xla-out-of-memory');
    assert.equal(found?.failureLineMissing, undefined);
  });
});

describe('near misses', () => {
  test('"XLA Label:" outside a buffer entry (an HLO dump, a profile) is no reading', () => {
    assert.equal(primary('instruction: %fusion.3 = f32[8] fusion(...)', 'XLA Label: fusion'), undefined);
  });

  test('the stats block alone is printed for other reasons too, and is no reading', () => {
    assert.equal(primary(...graphcastListing.slice(0, 6)), undefined);
  });
});
