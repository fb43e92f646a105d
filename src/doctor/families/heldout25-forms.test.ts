// Issue 23, heldout-25's second shift (a spent slice drawn by the repository the user ran; its misses
// were memory failures told in the reporter's words): the forms those words take, read by the retold
// grammar (allocation/generic.ts), each with variants from other frameworks and languages, and the
// look-alikes that must stay not-memory (a condition, a hint, a question, a negation).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('"OOM" met with no noun after it', () => {
  test('got/getting/encountered an OOM is the device failure in an ML log', () => {
    assert.equal(
      kindOf('I still get an OOM with keras and tensorflow 2.4 while it was working with 2.3.'),
      'gpu_oom',
    );
    assert.equal(
      kindOf("Now for the same config I'm getting OOM when the backward pass for the actor happens."),
      'gpu_oom',
    );
    assert.equal(kindOf('I have encountered an oom problem while training the model.'), 'gpu_oom');
    assert.equal(kindOf('We hit OOM at step 200 of the GRPO run.'), 'gpu_oom');
  });
  test('look-alikes: the killer named by it, a negation, a condition, a question', () => {
    assert.equal(kindOf("I don't get an OOM with keras any more."), 'none');
    assert.equal(kindOf('If you get OOM, try a smaller batch size for the model.'), 'none');
    assert.equal(kindOf('Do you get OOM with this model?'), 'none');
    assert.equal(kindOf('We have OOM handling in the trainer.'), 'none');
    assert.notEqual(kindOf('My training process got OOM killed by the kernel.'), 'gpu_oom');
  });
});

describe('the failure said to exist, and the one who met it', () => {
  test('"there is/was OOM", "it gives me MemoryError"', () => {
    assert.equal(
      kindOf('There is OOM issue, is there any parameter to tweak to lower GPU memory?'),
      'gpu_oom',
    );
    assert.equal(kindOf('there was a CUDA OOM in the second epoch of training.'), 'gpu_oom');
    assert.equal(kindOf('when I run convert_to_lerobot.py it gives me MemoryError'), 'host_oom');
    assert.equal(kindOf('the tokenizer throws us a MemoryError on the big dataset.'), 'host_oom');
  });
  test('look-alikes: none there, a question whether there is one, a condition with "you"', () => {
    assert.equal(kindOf('There is no OOM issue with the model on 2.3.'), 'none');
    assert.equal(kindOf('Is there an OOM issue with this model?'), 'none');
    assert.equal(kindOf('If it gives you MemoryError, lower the batch of the dataset.'), 'none');
    assert.equal(kindOf('When it gives MemoryError, reduce the dataset size.'), 'none');
  });
});

describe('the OOM as an outcome, an event, a running-out', () => {
  test('causing OOM, "and finally cuda out of memory", "but OOM happen", "it\'s running out of memory"', () => {
    assert.equal(
      kindOf('after each step the GPU memory usage increased causing OOM, is it normal?'),
      'gpu_oom',
    );
    assert.equal(kindOf('CUDA memory increase (caused CUDA OOM) when saving checkpoint'), 'gpu_oom');
    assert.equal(
      kindOf(
        'as the number of test images increases, the memory keeps increasing, and finally cuda out of memory.',
      ),
      'gpu_oom',
    );
    assert.equal(kindOf('I finetune LLAMA-7B with zero2 batch_size=1, but OOM happen.'), 'gpu_oom');
    assert.equal(
      kindOf("I run the standard example. However, it's running out of memory on my GPU."),
      'gpu_oom',
    );
    assert.equal(kindOf('the model is running out of GPU memory on my 3090.'), 'gpu_oom');
  });
  test('look-alikes: a modal, a condition, a question, a negation', () => {
    assert.equal(kindOf('A larger context may cause OOM on small cards.'), 'none');
    assert.equal(kindOf('Setting this too high can cause an OOM in the model.'), 'none');
    assert.equal(kindOf('If OOM happens, lower the batch size of the model.'), 'none');
    assert.equal(kindOf("Is it running out of memory? I can't tell from the model's log."), 'none');
    assert.equal(kindOf('The model is not running out of memory, it hangs.'), 'none');
  });
});

describe('the memory run out of, exceeded, overflowed, by its size or owner', () => {
  test('"run out of my 130GB RAM", "exceeds the GPU memory", "the cuda memory oom"', () => {
    assert.equal(
      kindOf('I usually run out of my 130GB RAM at around 100k timestep of the PPO agent.'),
      'host_oom',
    );
    assert.equal(kindOf('and another picture exceeds the GPU memory during inference'), 'gpu_oom');
    assert.equal(
      kindOf('when i use deepspeed to finetune a model, the cuda memory oom because input a 128k data.'),
      'gpu_oom',
    );
    assert.equal(kindOf('the video memory overflowed after the third image of the model.'), 'gpu_oom');
  });
  test('look-alikes: to avoid it, without it, a hypothesis', () => {
    assert.equal(kindOf('to avoid running out of my 16GB RAM, I stream the dataset.'), 'none');
    assert.equal(kindOf('The model trains without running out of the GPU memory.'), 'none');
    assert.equal(kindOf('it will exceed the GPU memory if the images are large.'), 'none');
  });
});

describe('the device by the names users give it', () => {
  test('graphic memory, a data-centre GPU, 显存', () => {
    assert.equal(
      kindOf('It prompts that insufficient graphic memory when run whisperer.exe and click GO.'),
      'gpu_oom',
    );
    assert.equal(kindOf('模型突然爆出out of memory，为什么会突然显存暴增导致训练出错'), 'gpu_oom');
    assert.equal(kindOf('RuntimeError: not enough memory on the A100 to load the weights'), 'gpu_oom');
  });
  test('a model family names ML work (the bare OOM leans to the device)', () => {
    assert.equal(kindOf('phi3.5 is crashing with OOM'), 'gpu_oom');
    assert.equal(kindOf('qwen2-7b crashes with OOM'), 'gpu_oom');
  });
});

describe("a title's settings list, then the OOM and where; the OOM as the title's closing aside", () => {
  test('"..., OOM on L40", "(Out of Memory)", "[OOM]"', () => {
    assert.equal(kindOf('Unsloth LLAMA3 8B, 4096 cut off, OOM on L40'), 'gpu_oom');
    assert.equal(kindOf('[Bug Report] IsaacLab crashes with "--video" flag (Out of Memory)'), 'gpu_oom');
    assert.equal(kindOf('[Bug] SDXL training on 3090 [OOM]'), 'gpu_oom');
  });
  test("look-alikes: a change's title, a negation, a how-to, a question", () => {
    assert.equal(kindOf('Fix training crash (OOM)'), 'none');
    assert.equal(kindOf('[Feature] Handle model crash (OOM)'), 'none');
    assert.equal(kindOf('Model loading (no OOM)'), 'none');
    assert.equal(kindOf('How to avoid OOM on L40'), 'none');
    assert.equal(kindOf('Training with batch 64, no OOM on L40'), 'none');
  });
});

describe('the failure after a Chinese verb of reporting, and the conditions and questions around it', () => {
  test('"训练时报了OOM", "出现了CUDA out of memory，怎么办？"', () => {
    assert.equal(kindOf('用 deepspeed 训练时报了OOM，怎么办'), 'gpu_oom');
    assert.equal(kindOf('训练时出现了CUDA out of memory，怎么办？'), 'gpu_oom');
  });
  test('look-alikes: a condition, "whether", a modal, a question in its own clause', () => {
    assert.equal(kindOf('如果报 OOM，请调小 batch size'), 'none');
    assert.equal(kindOf('请问是不是报 OOM 了？'), 'none');
    assert.equal(kindOf('用deepspeed zero2也会报OOM'), 'none');
    assert.equal(kindOf('是显存溢出吗？'), 'none');
  });
});

describe("TensorFlow's OOM hint where the paste lost its failure line", () => {
  test('the hint after the graph node lines is the OOM; the CPU allocator named before it is the host', () => {
    assert.equal(
      kindOf(
        '[[Node: loss/Mean_2/_2543 = _Recv[client_terminated=false, recv_device="/job:localhost/replica:0/task:0/device:CPU:0", send_device="/job:localhost/replica:0/task:0/device:GPU:0"]()]]',
        'Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for current allocation info.',
      ),
      'gpu_oom',
    );
  });
  test('look-alikes: the RunOptions setting itself is no failure', () => {
    assert.equal(kindOf('run_opts = tf.RunOptions(report_tensor_allocations_upon_oom=True)'), 'none');
    assert.equal(
      kindOf('model.compile(loss=loss, options=run_opts)  # report_tensor_allocations_upon_oom'),
      'none',
    );
  });
});
