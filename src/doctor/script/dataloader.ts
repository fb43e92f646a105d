// DataLoader settings that multiply host memory: each worker is a process that copies what the
// Dataset touches (Python refcounts defeat copy-on-write), and num_workers × prefetch_factor
// batches wait in shared memory (torch/utils/data/dataloader.py, prefetch_factor default 2).
import type { DoctorFinding } from '../types.js';
import type { Statement } from './python-source.js';

const manyWorkers = 8;

function keyword(text: string, name: string): string | undefined {
  return new RegExp(String.raw`\b${name}\s*=\s*([\w.]+\([^)]*\)|[^,)]+)`).exec(text)?.[1]?.trim();
}

function lineOf(statement: Statement, name: string): number {
  return (
    statement.lines.find((l) => new RegExp(String.raw`\b${name}\s*=`).test(l.text))?.line ?? statement.line
  );
}

/** Findings for DataLoader calls whose workers and prefetching multiply host memory. */
export function checkDataLoaders(statements: readonly Statement[], file: string): DoctorFinding[] {
  const isDistributed = statements.some((s) =>
    /DistributedDataParallel|init_process_group|DistributedSampler/.test(s.code),
  );
  const perRank = isDistributed ? ', on every rank' : '';
  return statements
    .filter((s) => /\bDataLoader\(/.test(s.code))
    .flatMap((statement): DoctorFinding[] => {
      const workersText = keyword(statement.text, 'num_workers');
      if (workersText === undefined) return [];
      const workers = /^\d+$/.test(workersText) ? Number(workersText) : null;
      const isCpuCount = /cpu_count\(\)/.test(workersText);
      const prefetch = Number(keyword(statement.text, 'prefetch_factor') ?? 2);
      const findings: DoctorFinding[] = [];
      const line = lineOf(statement, 'num_workers');
      if (isCpuCount || (workers !== null && workers >= manyWorkers)) {
        const processes = workers !== null ? `${workers} worker processes` : 'one worker process per CPU';
        const batches =
          workers !== null ? `${workers * prefetch} batches` : `num_workers × ${prefetch} batches`;
        findings.push({
          code: 'dataloader-many-workers',
          severity: 'warning',
          file,
          line,
          message: `line ${line}: DataLoader(num_workers=${workersText}) starts ${processes}${perRank}; each copies the Dataset objects it reads, and ${batches} wait in host memory`,
          facts: { numWorkers: workers ?? -1, prefetchFactor: prefetch },
          fixes: [
            `num_workers=${Math.min(4, workers === null ? 4 : Math.max(1, Math.floor(workers / 2)))} (raise it only while the GPU waits for data)`,
            'keep the dataset in numpy arrays or tensors, not Python lists of objects, so workers share it instead of copying',
          ],
        });
      }
      if (prefetch > 2 && (workers === null || workers >= 2)) {
        const prefetchLine = lineOf(statement, 'prefetch_factor');
        findings.push({
          code: 'dataloader-prefetch',
          severity: 'info',
          file,
          line: prefetchLine,
          message: `line ${prefetchLine}: prefetch_factor=${prefetch} keeps ${workers !== null ? workers * prefetch : `num_workers × ${prefetch}`} batches in host memory${perRank}`,
          facts: { prefetchFactor: prefetch },
          fixes: ['prefetch_factor=2 (the default)'],
        });
      }
      return findings;
    });
}
