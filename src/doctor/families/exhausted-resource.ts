// Which resource a RESOURCE_EXHAUSTED status says ran out. The status (absl::StatusCode::kResourceExhausted,
// gRPC code 8, TensorFlow's ResourceExhaustedError, google-api-core's ResourceExhausted) is one code for
// every resource, memory among them: "Some resource has been exhausted, perhaps a per-user quota, or
// perhaps the entire file system is out of space" (grpc/grpc doc/statuscodes.md; the same sentence in
// tensorflow/python/framework/errors_impl.py ResourceExhaustedError). The message after the code names
// the resource, in the words of the layer that raised it:
// - TensorFlow turns a failed system call's errno into a status (tsl/platform/errors.cc ErrnoToCode:
//   ENOSPC, EDQUOT, EMFILE, ENFILE, EMLINK, ENOSR, EUSERS and ENOMEM become RESOURCE_EXHAUSTED) with
//   strerror after the path: TF 2.21 raises "ResourceExhaustedError: /dev/full; No space left on device"
//   and, past RLIMIT_NOFILE, "ResourceExhaustedError: /etc/hostname; Too many open files" (checked here
//   with tf.io.gfile). The strings are glibc's (man-pages errno(3)).
// - gRPC's message-size limit: core's "Received message larger than max (%u vs. %d)" and "Sent message
//   larger than max" (grpcio 1.84 returns StatusCode.RESOURCE_EXHAUSTED, details "SERVER: Received
//   message larger than max (5000 vs. 1024)", checked here over loopback), grpc-java's "gRPC message
//   exceeds maximum size", grpc-go's "grpc: received message larger than max" / "trying to send message
//   larger than max".
// - A quota or a rate limit: gRPC's own example above, and google-api-core maps HTTP 429 Too Many
//   Requests to ResourceExhausted (googleapis/python-api-core google/api_core/exceptions.py).
// So the code alone says nothing about memory: a message that names memory is memory's (read by the
// memory rules), one that names another resource is that resource's and no memory failure.

// The message names memory: then none of the other resources below is the one that ran out.
const memoryWords = /\bmemory\b|\bOOM\b|\balloc\w*|\b(?:V?RAM|HBM)\b/i;

// gRPC's message-size limit in its implementations' words (above).
const messageSizeWords =
  /\bmessage larger than max\b|\bmessage exceeds maximum size\b|\blarger than max \(\d+ vs\. \d+\)/i;

// Each other resource by the words its raiser prints, with the name doctor says.
const otherResources: readonly { resource: string; words: RegExp }[] = [
  // errno(3): ENOSPC, EDQUOT.
  { resource: 'disk space', words: /\bNo space left on device\b|\bDisk quota exceeded\b/i },
  // errno(3): EMFILE, ENFILE, EMLINK, EUSERS, ENOSR.
  {
    resource: 'file descriptors or another per-process limit',
    words: /\bToo many (?:open files|links|users)\b|\bOut of streams resources\b/i,
  },
  { resource: 'the RPC message size limit', words: messageSizeWords },
  // HTTP's 429 only as a status ("HTTP response code 429", "429 Too Many Requests"), never a bare number
  // (a traceback's "line 429").
  {
    resource: 'a quota or rate limit',
    words:
      /\bquota\b|\brate[ -]limit|\bToo Many Requests\b|\b(?:HTTP|response|status)(?: code)?:? 429\b|\b429 (?:Resource|Quota|Rate)\b/i,
  },
  // The status relayed by its number alone ("Unknown: ResourceExhaustedError: 8"): 8 is RESOURCE_EXHAUSTED's
  // code in gRPC and absl (grpc doc/statuscodes.md), so the message carries the code and no resource;
  // TensorFlow's and XLA's own memory statuses always say what they failed to allocate.
  {
    resource: 'no resource at all (the status relayed by its code number, 8)',
    words: /(?<=\b(?:ResourceExhausted(?:Error)?|RESOURCE_EXHAUSTED)):\s*8\s*$/,
  },
];

/**
 * The resource other than memory that a RESOURCE_EXHAUSTED status's message names ("disk space", ...),
 * or undefined where it names memory or nothing (then the memory rules decide, as before).
 */
export function otherExhaustedResource(message: string): string | undefined {
  if (memoryWords.test(message)) return undefined;
  return otherResources.find((r) => r.words.test(message))?.resource;
}

// The code by every spelling its raisers print: TensorFlow's exception class and status name ("Resource
// exhausted: "), absl's and XLA's "RESOURCE_EXHAUSTED", grpcio's StatusCode.RESOURCE_EXHAUSTED, grpc-go's
// "code = ResourceExhausted", google-api-core's exceptions.ResourceExhausted.
const exhaustedStatus = String.raw`\bResourceExhausted(?:Error)?\b|\bRESOURCE_EXHAUSTED\b|\bResource exhausted\b`;

/** That a line shows the RESOURCE_EXHAUSTED status by any spelling. */
export function isExhaustedStatus(text: string): boolean {
  return new RegExp(exhaustedStatus).test(text);
}

/**
 * The status with another resource's words after it on its line, or gRPC's message-size refusal on its
 * own (grpcio prints the status and its details on two lines, "status = StatusCode.RESOURCE_EXHAUSTED"
 * then "details = \"Received message larger than max ...\""; only that status carries those words).
 * A pattern, so that a line naming no other resource stays free for the memory readings.
 */
export const otherResourceStatus = new RegExp(
  `(?:${exhaustedStatus})[^\\n]*?(?:${otherResources.map((r) => r.words.source).join('|')})|${messageSizeWords.source}`,
  'i',
);
