import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';
import { memoryAtCeilingCode } from './memory-at-ceiling.js';

describe('host memory shown at its ceiling, whoever printed the figure', () => {
  test('each order the figure is printed in reads as the host out of RAM, a weaker reading', () => {
    // A CI runner's resource check (wavefunction91/ExchCXX#46): free at 5% or less is the same fact.
    const runner = mustDiagnose('##[warning]Free memory is lower than 5%; Currently used: 95.15%');
    assert.equal(runner.kind, 'host_oom');
    assert.equal(runner.code, memoryAtCeilingCode);
    assert.equal(runner.facts.hostMemoryPercent, 95);
    assert.equal(runner.cause, 'host_ram');
    assert.match(runner.summary, /weaker evidence/);
    assert.ok(runner.causeAlternatives?.some((a) => a.cause === 'host_allocation'));
    // Ray Tune's result dump (ray-project/ray#15226), psutil's percent as a key.
    const tune = mustDiagnose(
      '  perf:',
      '    cpu_util_percent: 98.08571428571429',
      '    ram_util_percent: 98.55714285714285',
    );
    assert.equal(tune.code, memoryAtCeilingCode);
    assert.equal(tune.facts.hostMemoryPercent, 98.55714285714285);
    // The percent before its noun (google-deepmind/gemma#431, ggml-org/whisper.cpp#334).
    assert.equal(
      mustDiagnose("I'm reaching 100% system memory utilization when I try to train on a v5e-64").kind,
      'host_oom',
    );
    assert.equal(mustDiagnose('**Full - 99 % of RAM**').kind, 'host_oom');
    assert.equal(mustDiagnose('RAM usage goes up to 100% and then the kernel dies.').kind, 'host_oom');
    // The bare noun and its figure, as a monitor's one-line summary prints it.
    assert.equal(mustDiagnose('Memory: 99%').code, memoryAtCeilingCode);
    assert.equal(mustDiagnose('RAM 97.5% | CPU 12%').code, memoryAtCeilingCode);
  });

  test('not below the ceiling, not free memory, not another resource, not a device', () => {
    assert.equal(primary('    ram_util_percent: 45.1'), undefined);
    assert.equal(primary('Memory usage: 94%'), undefined);
    // earlyoom reports what is AVAILABLE (rfjakob/earlyoom#269).
    assert.equal(
      primary(
        'mars 27 18:46:05 user-G3-3779-pro earlyoom[1460]: mem avail: 15342 of 15881 MiB (96.61%), swap free: 4095 of 4095 MiB (100.00%)',
      ),
      undefined,
    );
    assert.equal(primary('Free memory: 99%'), undefined);
    assert.equal(primary('Memory: 12 GB, CPU: 100%'), undefined);
    assert.notEqual(primary('GPU memory usage is 99%')?.kind, 'host_oom');
  });

  test('not a setting, a threshold or a condition', () => {
    assert.equal(primary('if memory usage exceeds 95% the worker is killed'), undefined);
    assert.equal(primary('--memory-usage-threshold 95%'), undefined);
    // Intelligent Standby List Cleaner's settings label.
    assert.equal(primary('Free memory is lower than: 8192 MB'), undefined);
    // Slurm seff's use against the job's request, of a job that completed.
    assert.equal(
      primary(
        'Job ID: 4512378',
        'State: COMPLETED (exit code 0)',
        'Memory Utilized: 30.51 GB',
        'Memory Efficiency: 95.34% of 32.00 GB',
      ),
      undefined,
    );
  });

  test('a last resort: any program line read outranks it', () => {
    const d = mustDiagnose(
      'Memory usage: 99%',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB.',
    );
    assert.equal(d.kind, 'gpu_oom');
  });
});
