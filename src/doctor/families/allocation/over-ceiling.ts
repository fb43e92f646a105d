// A device backend's failure after its allocator said it had allocated past the device's ceiling
// (issue 23 item 4, the device group). An allocator that tracks what it holds against what the device
// can keep resident warns when the total passes it and lets the allocation stand: ggml's Metal backend
// prints each buffer's size with "(allocated / recommendedMaxWorkingSetSize)" and, past the ceiling,
// "warning: current allocated size is greater than the recommended max working set size"
// (ggml-org/llama.cpp ggml/src/ggml-metal ggml_metal_log_allocated_size, earlier ggml_metal_add_buffer;
// MTLDevice.recommendedMaxWorkingSetSize, Apple Metal). The warning alone is no failure: a run past the
// ceiling may only slow down, paging (llama.cpp#23011 reports one). The device's own failure after it,
// a command buffer that failed or a buffer that came back nil, is the allocation the device could not
// keep: read here, on the failure line, with the over-ceiling line among the lines before it.
//
// The shape: a line before that names the device, says what is allocated and that it is greater than
// (or exceeds) a maximum, limit or recommended ceiling; then a failure line ("error", "failed") that
// names the same kind of device. Not read: the warning with no failure after it, a failure with no
// such line before, a ceiling a setting states ("--max-memory"). A last resort: any other signature
// that reads the log decides first.
import { parseLogSize } from '../../sizes.js';
import type { LogRule, RuleInput } from '../../types.js';
import { definedFacts } from '../extract.js';
import { deviceSeenFactRule } from './generic.js';

const deviceWords = deviceSeenFactRule.pattern;
const overCeiling =
  /\ballocat\w*\b[^\n]{0,80}?\b(?:is |are )?(?:greater|larger|more|bigger|higher) than (?:the )?(?:\w+ ){0,3}(?:max|maximum|limit|recommended)\b|\ballocat\w*\b[^\n]{0,80}?\bexceed(?:s|ed|ing)? (?:the )?(?:\w+ ){0,3}(?:max|maximum|limit|recommended)\b/i;
// The failure on the device's own line: an error or a failed operation, not a warning.
const deviceFailure = /\b(?:error|failed|failure)\b/i;
const notFailure = /\bwarn(?:ing)?\b|\?/i;
// ggml-metal's running figures, "(6040.98 / 5461.34)", in the unit of the buffer's "size = N MB".
const runningFigures = /\(\s*(\d[\d.]*)\s*\/\s*(\d[\d.]*)\s*\)/;
const bufferUnit = /\bsize\s*=\s*\d[\d.]*\s*([KMG]i?B)\b/;

export const allocatedOverCeilingCode = 'device-failure-over-ceiling';

function figuresOf(line: string): { allocatedBytes?: number; limitBytes?: number } {
  const figures = runningFigures.exec(line);
  const unit = bufferUnit.exec(line)?.[1];
  if (!figures || unit === undefined) return {};
  return {
    allocatedBytes: parseLogSize(`${figures[1]} ${unit}`),
    limitBytes: parseLogSize(`${figures[2]} ${unit}`),
  };
}

/** A device backend's failure after its allocator warned that it had allocated past the device's ceiling. */
export const allocatedOverCeilingRule: LogRule = {
  code: allocatedOverCeilingCode,
  kind: 'gpu_oom',
  framework: 'other',
  weight: 1,
  isLastResort: true,
  // Metal's names: a soft ceiling that an allocator warns past and lets stand is Metal's recommended
  // working set (other devices' allocators fail at their hard limit, read elsewhere). Not every device
  // word: a LogRule's keywords decide which cut lines the stream reader keeps apart (wrapped.test.ts).
  keywords: ['metal', 'mtl', 'mps'],
  pattern: deviceFailure,
  source:
    'ggml-org/llama.cpp ggml/src/ggml-metal ggml_metal_log_allocated_size ("current allocated size is greater than the recommended max working set size"); Apple MTLDevice.recommendedMaxWorkingSetSize',
  summary:
    "the device backend failed after its allocator warned that it had allocated more than the device's recommended ceiling (weaker evidence: the backend's own out-of-memory status would confirm it)",
  extract: ({ text, before }: RuleInput) => {
    if (notFailure.test(text) || !deviceWords.test(text)) return undefined;
    const ceilingLine = before
      .slice(-8)
      .findLast((line) => overCeiling.test(line) && deviceWords.test(line) && !/--[\w-]+/.test(line));
    if (ceilingLine === undefined) return undefined;
    // Its own candidate: merged into another reading's, it would make that one a last resort too.
    return { group: 'over-ceiling', facts: definedFacts(figuresOf(ceilingLine)) };
  },
};
