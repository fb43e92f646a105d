// A host allocation refused by a limit on the process's memory that is not the OS running out: the
// JVM's maximum heap, V8's old-space limit, Android ART's per-app heap (the runtime's limit on the
// whole process's managed memory, set by a launcher flag, an image's JAVA_OPTS or the OS's per-app
// property: memory_limit, as a container's or a job's is), or a program's own memory setting (a cap it
// puts on its own use: memory_cap). The runtime says so in its own words; raising the limit (where the
// RAM allows) or holding less is the lever, and the OS's free RAM never entered it (issue 23:
// heldout-23's and heldout-41's runtimes). Pure.
import type { Draft } from '../../candidates.js';
import { parseLogSize } from '../../sizes.js';
import { type ExplainContext, type Explanation, fix, num, size } from '../explain-types.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

// The next size of a cap shown at `shown`: twice it, never the value it has now.
const doubled = (shown: number): number => 2 * shown;

/** "-Xmx8g" for a size in bytes (whole GiB where it is, else MiB). */
function xmx(bytes: number): string {
  return bytes % GiB === 0 ? `-Xmx${bytes / GiB}g` : `-Xmx${Math.ceil(bytes / MiB)}m`;
}

/** The JVM's -Xmx size as written ("-Xmx4g", "-Xmx512m", "-Xmx2048"), in bytes: the JVM's form (digits
 * and one binary unit letter, no "b") checked here, the size read by the one log-size parser. */
export function xmxBytes(written: string): number | undefined {
  return /^\d+[kmgt]?$/i.test(written) ? parseLogSize(written) : undefined;
}

const holdLess = fix(
  'or hold less at once: process the input in smaller pieces (stream it, page it, or split the job)',
  'whatever the cap, what the process keeps live at the failing step is what reached it',
);

/**
 * The runtime's or program's own cap that refused the allocation, read from the evidence's words, or
 * undefined when the words are the OS's (ENOMEM, MemoryError, a runtime without a cap of its own).
 */
export function explainHeapCap(draft: Draft, { context }: ExplainContext): Explanation | undefined {
  const text = draft.evidence.text;
  // TensorFlow Lite Micro's tensor arena (host/exits.ts): a buffer of the size the application chose, which
  // the interpreter never grows; the arena, not the board's free RAM, is what fell short.
  const arenaMissing = num(draft.facts, 'arenaMissingBytes');
  if (arenaMissing !== undefined) {
    const available = num(draft.facts, 'arenaAvailableBytes');
    return {
      cause: 'memory_cap',
      causeText: `TensorFlow Lite Micro's tensor arena is ${size(arenaMissing)} short${available !== undefined ? ` (${size(available)} of it was left for the next buffer)` : ''}: the interpreter hands every tensor out of the one buffer the application gave it, whose size is the application's setting`,
      fixes: [
        fix(
          `enlarge the tensor arena (the array passed to MicroInterpreter, often kTensorArenaSize) by at least ${size(arenaMissing)}, where the board's RAM allows (or place it in external RAM, PSRAM)`,
          "the arena's size is fixed when the interpreter is built: tflite-micro single_arena_buffer_allocator.cc refuses what does not fit and reports the bytes missing",
        ),
        fix(
          'or make the model need less: a quantized (int8) model, fewer or smaller layers, a shorter input window',
          "the arena holds the model's tensors and its operators' scratch buffers",
        ),
      ],
    };
  }
  // OpenJDK: "Java heap space" and "GC overhead limit exceeded" are the heap at its maximum (-Xmx,
  // by default a quarter of physical memory by HotSpot's ergonomics); "Metaspace" and "Direct buffer
  // memory" are their own caps (-XX:MaxMetaspaceSize, -XX:MaxDirectMemorySize). Oracle, Java SE
  // Troubleshooting Guide, "Understand the OutOfMemoryError Exception".
  const jvm =
    /java\.lang\.OutOfMemoryError: (Java heap space|GC overhead limit exceeded|Metaspace|Direct buffer memory)/.exec(
      text,
    );
  if (jvm) {
    const kind = jvm[1]!;
    if (kind === 'Metaspace' || kind === 'Direct buffer memory') {
      const flag = kind === 'Metaspace' ? '-XX:MaxMetaspaceSize' : '-XX:MaxDirectMemorySize';
      return {
        cause: 'memory_limit',
        causeText: `the JVM refused it at its own cap ("OutOfMemoryError: ${kind}": ${flag}), not the OS running out of RAM`,
        fixes: [
          fix(
            `raise ${flag} above what it is now (or leave it unset), on the java command line or in JAVA_TOOL_OPTIONS`,
            `"${kind}" is the JVM's own limit for that memory (Oracle, Java SE Troubleshooting Guide, OutOfMemoryError)`,
          ),
          holdLess,
        ],
      };
    }
    const shown = num(context, 'jvmMaxHeapBytes');
    const raise =
      shown === undefined
        ? "raise the JVM's maximum heap above what it has now with -Xmx<size> (unset, it is a quarter of the RAM), where the RAM allows: on the java command line or in JAVA_TOOL_OPTIONS (R's rJava: options(java.parameters = ...) before the JVM starts)"
        : `raise the JVM's maximum heap above the ${size(shown)} the log shows: ${xmx(doubled(shown))}, where the RAM allows`;
    return {
      cause: 'memory_limit',
      causeText: `the JVM's heap reached its maximum ("${kind}": the -Xmx cap${shown === undefined ? '' : ` of ${size(shown)}`}), not the OS running out of RAM`,
      fixes: [
        fix(
          raise,
          `"${kind}" is the JVM refusing an object past its maximum heap size (Oracle, Java SE Troubleshooting Guide, OutOfMemoryError; HotSpot ergonomics default the maximum to a quarter of physical memory)`,
        ),
        holdLess,
      ],
    };
  }
  // V8: "Reached heap limit Allocation failed - JavaScript heap out of memory" is the old space at its
  // limit (--max-old-space-size, MiB; Node.js CLI docs), whatever RAM is free.
  if (/JavaScript heap out of memory|heap limit Allocation failed/.test(text)) {
    const shown = num(context, 'nodeMaxOldSpaceMiB');
    const next = shown === undefined ? 8192 : doubled(shown);
    return {
      cause: 'memory_limit',
      causeText: `V8's heap reached its limit ("JavaScript heap out of memory": the old-space cap${shown === undefined ? '' : ` of ${shown} MiB the log shows`}), not the OS running out of RAM`,
      fixes: [
        fix(
          `raise V8's old-space limit: NODE_OPTIONS=--max-old-space-size=${next} (MiB${shown === undefined ? ', above the limit it has now' : ''}), where the RAM allows`,
          'V8 fails an allocation once its old space reaches --max-old-space-size, which Node sets from the machine unless given (Node.js CLI docs, --max-old-space-size)',
        ),
        holdLess,
      ],
    };
  }
  // Android ART: "Failed to allocate a N byte allocation with M free bytes and X until OOM" is the
  // app's heap growth limit (art/runtime/gc/heap.cc ThrowOutOfMemoryError: X is what is left below
  // it); android:largeHeap raises it (developer.android.com, <application> android:largeHeap).
  const art = /Failed to allocate a (\d+) byte allocation with (\d+) free bytes and (\S+) until OOM/.exec(
    text,
  );
  if (art) {
    const request = Number(art[1]);
    const largeHeapOn = context.androidLargeHeap === true;
    return {
      cause: 'memory_limit',
      causeText: `the app's heap reached Android's per-app limit (${art[3]} left of it for a ${size(request)} allocation: ART's growth limit), not the device running out of RAM`,
      fixes: [
        largeHeapOn
          ? fix(
              `make the ${size(request)} allocation smaller (load or decode it in pieces, a smaller model or bitmap): android:largeHeap is on already`,
              'ART refuses past the app heap limit, which largeHeap has already raised (developer.android.com, android:largeHeap)',
            )
          : fix(
              'raise the app heap limit: android:largeHeap="true" on <application> in AndroidManifest.xml, or make the allocation smaller',
              `ART refuses an allocation past the app's heap growth limit ("until OOM" is what is left of it, art/runtime/gc/heap.cc); largeHeap raises that limit (developer.android.com, android:largeHeap)`,
            ),
        holdLess,
      ],
    };
  }
  // A program's own memory setting refused the request before allocating: "Model 'X' (10.20GB)
  // exceeds max-model-memory (8.00GB)", "<what> (<size>) exceeds <setting> (<size>)": the setting's
  // name and its value are in the message.
  const setting =
    /\((\d[\d.]*\s?[KMGT]i?B)\) exceeds ([\w.-]*(?:mem|limit|max)[\w.-]*) \((\d[\d.]*\s?[KMGT]i?B)\)/i.exec(
      text,
    );
  if (setting) {
    const request = parseLogSize(setting[1]!.replace(/\s/g, ''));
    const cap = parseLogSize(setting[3]!.replace(/\s/g, ''));
    if (request !== undefined && cap !== undefined && request > cap)
      return {
        cause: 'memory_cap',
        causeText: `the program's own setting ${setting[2]} (${size(cap)}) refused a request of ${size(request)} before allocating it: a cap it sets, not the host running out of RAM`,
        fixes: [
          fix(
            `raise ${setting[2]} above ${size(request)} only if the machine's RAM holds that with room to spare; otherwise a smaller model or input`,
            `the message compares the request (${size(request)}) with ${setting[2]} (${size(cap)}), not with free RAM`,
          ),
        ],
        // A request at least twice the cap: such a setting is set below the machine's RAM (a share of it,
        // room left for the rest), so the request may be past the RAM itself, which no setting fits.
        ...(request >= 2 * cap
          ? {
              alternatives: [
                {
                  cause: 'request_exceeds_device' as const,
                  decidedBy: `compare the ${size(request)} with the machine's RAM: ${setting[2]} is set below it, and a request ${(request / cap).toFixed(1)}× the setting may be past the RAM itself; then only a smaller or more quantized model fits`,
                },
              ],
            }
          : {}),
      };
  }
  return undefined;
}
