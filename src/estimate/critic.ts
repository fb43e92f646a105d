// PPO's critic (model.critic): a value model trained beside the policy in the same process. DeepSpeed-Chat
// (deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/dschat/rlhf/rlhf_engine.py at 45b4b715: _init_actor and
// _init_critic each a deepspeed.initialize of its model with its own ZeRO stage and the run's precision and
// optimizer; OpenRLHF's and verl's colocated critic likewise) keeps both models' states on every GPU and trains
// them one after the other: ppo_trainer.py train_rlhf runs the actor's backward and step, then the critic's
// forward, backward and step. So the critic adds its resident states to the whole step, and nothing of its own
// forward to the policy's.
import { countModel, modelStateComponents } from './gpu-states.js';
import type { Component, EstimateSpec } from './types.js';

/** The critic's weights, gradients and optimizer states per GPU (and on the host where offloaded), trained as the policy is. */
export function criticComponents(spec: EstimateSpec): { device: Component[]; host: Component[] } {
  const critic = spec.model.critic;
  if (!critic) return { device: [], host: [] };
  // The same engine settings for a model of its size: every parameter trained, no shape, adapter or quantization.
  const criticSpec: EstimateSpec = {
    ...spec,
    model: {
      params: critic.params,
      trainable: critic.params,
      transformer: undefined,
      buffersBytes: 0,
      lora: undefined,
      quantization: undefined,
      cnn: undefined,
      notes: [],
    },
  };
  const states = modelStateComponents(criticSpec, countModel(criticSpec));
  // What stays allocated the whole step; its step's transients (phase 'step', 'backward') come in its own step,
  // after the policy's activations are freed.
  const named = (part: Component): Component => ({
    ...part,
    name: `critic ${part.name}`,
    formula: `${part.formula} (model.critic: trained beside the policy, after its step)`,
  });
  return {
    device: states.device.filter((part) => part.phase === undefined).map(named),
    host: states.host.map(named),
  };
}
