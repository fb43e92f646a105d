// A Slurm node type for tests that plan a job without a cluster.
import { GiB } from '../../plan/test-helpers/builders.js';
import type { NodeType } from '../node-types.js';

/** Three nodes of one declared 24 GiB GPU in 100 shards, 8 cores and 64 GiB each, with `overrides`. */
export const testNodeType = (overrides: Partial<NodeType> = {}): NodeType => ({
  label: 'test node',
  nodes: ['n1', 'n2', 'n3'],
  gpuType: null,
  gpuCount: 1,
  shardsPerCard: 100,
  isShardTyped: false,
  cardBytes: 24 * GiB,
  cardBytesSource: 'declared',
  cardFeature: null,
  cpuCount: 8,
  memoryBytes: 64 * GiB,
  ...overrides,
});
