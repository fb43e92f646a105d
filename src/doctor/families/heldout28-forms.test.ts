// Issue 23 item 4 (session 21, doctor-rules2): structures the never-seen slices heldout-28 and heldout-29
// missed that many programs print, each with a real excerpt (its corpus file named) and look-alikes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('a launcher reports its child ended by SIGBUS as return code -7', () => {
  test("DeepSpeed's launcher and torchelastic: a bus error, /dev/shm unless measured roomy", () => {
    // test/corpus/heldout-28/shm-hiyouga-llamafactory-285.txt (the title)
    assert.equal(
      kindOf('单机多卡DeepSpeed sft训练Llama2-70b-chat-hf时报错：exits with return code = -7'),
      'shm',
    );
    assert.equal(kindOf('    exitcode  : -7 (pid: 1234)'), 'shm');
  });
  test('look-alikes: another code, a figure after a minus, /dev/shm measured empty', () => {
    assert.equal(kindOf('exits with return code = -11'), 'none');
    assert.equal(kindOf('lr = 1e-7, eps = -7.5'), 'none');
    assert.equal(
      kindOf('shm              64G     0   64G   0% /dev/shm', 'exits with return code = -7'),
      'none',
    );
  });
});

describe("an inference server's KV-cache block pool exhausted", () => {
  test('"Out of available cache blocks: asked N, only M free blocks" is GPU memory', () => {
    // test/corpus/heldout-28/gpu_oom-huggingface-text-generation-inference-1154.txt
    assert.equal(
      kindOf(
        'infer:send_error: text_generation_router::infer: router/src/infer.rs:588: Request failed during generation: Server error: Out of available cache blocks: asked 3666, only 3661 free blocks',
      ),
      'gpu_oom',
    );
  });
  test('look-alike: the words in a list of conditions, no figures', () => {
    assert.equal(kindOf('server_error_conditions = ["Server error: Out of available cache blocks"]'), 'none');
  });
});

describe("a GPU library's allocation status", () => {
  test("nvJPEG's NVJPEG_STATUS_ALLOCATOR_FAILURE inside DALI's decoder", () => {
    // test/corpus/heldout-28/gpu_oom-nvidia-dali-486.txt
    assert.equal(
      kindOf(
        'RuntimeError: Critical error in pipeline: Error in thread 4: [/opt/dali/dali/pipeline/operators/decoder/nvjpeg/decoupled_api/nvjpeg_decoder_decoupled_api.h:351] NVJPEG error "5" : NVJPEG_STATUS_ALLOCATOR_FAILURE n04418357/n04418357_26036.JPEG',
      ),
      'gpu_oom',
    );
  });
  test("Vulkan's status printed without VK_", () => {
    // test/corpus/heldout-29/gpu_oom-isaac-sim-isaacsim-702.txt (title only)
    assert.equal(kindOf('IsaacSim ERROR_OUT_OF_DEVICE_MEMORY on Nvidia L4 GCP Setup'), 'gpu_oom');
  });
  test("look-alikes: nvJPEG's other statuses, another word ending in the same letters", () => {
    assert.equal(kindOf('NVJPEG error "3" : NVJPEG_STATUS_BAD_JPEG'), 'none');
    assert.equal(kindOf('VK_ERROR_OUT_OF_DATE_KHR'), 'none');
  });
});
