// The name of a run directory (and of a fit's trials): when it started, and enough randomness.
import { randomBytes } from 'node:crypto';

/** `20250102-030405-a1b2c3d4e5f6`: sortable by start time; 48 random bits never collide in practice. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(6).toString('hex')}`;
}
