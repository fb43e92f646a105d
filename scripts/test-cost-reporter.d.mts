/** What the reporter reads of node --test's events. */
export interface TestEvent {
  type: string;
  data: { file?: string; nesting?: number; details?: { duration_ms?: number } };
}

/** Sums each file's top-level tests; yields scripts/test-costs.json's text at the end. */
export default function testCosts(source: AsyncIterable<TestEvent>): AsyncGenerator<string>;
