// The list of profiles: one per framework name, each owning what no other owns, and naming a doctor
// family that exists and claims it back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { doctorFamilies } from '../doctor/families/index.js';
import { frameworkProfiles, frameworks, knownVariableLists, ownersOfKey, profileOf } from './index.js';

describe('framework profiles', () => {
  test('one profile per name; aliases find their profile; an unknown name is `other`', () => {
    assert.deepEqual(frameworks, [
      'jax',
      'torch',
      'tensorflow',
      'vllm',
      'sglang',
      'tensorrt-llm',
      'other',
      'none',
    ]);
    assert.equal(profileOf('trtllm').name, 'tensorrt-llm');
    assert.equal(new Set(frameworkProfiles.map((p) => p.name)).size, frameworkProfiles.length);
    assert.equal(profileOf('pytorch').name, 'torch');
    assert.equal(profileOf('a-framework-from-an-old-record').name, 'other');
  });

  test("every variable a profile checks is one it knows; the known lists are the profiles' and the runtimes'", () => {
    for (const profile of frameworkProfiles) {
      const known = new Set(profile.knownVariables?.variables.map((v) => v.name));
      for (const name of profile.envVariables) assert.ok(known.has(name), `${profile.name}: ${name}`);
    }
    assert.deepEqual(
      knownVariableLists.map((list) => list.reader),
      ['JAX', 'PyTorch', 'TensorFlow', 'CUDA', 'NCCL'],
    );
  });

  test('each config key a framework owns has one owner', () => {
    for (const profile of frameworkProfiles) {
      for (const key of profile.ownKeys) assert.deepEqual(ownersOfKey(key), [profile], key);
    }
  });

  test("each profile's doctor family exists and lists the framework back", () => {
    for (const profile of frameworkProfiles.filter((p) => p.doctorFamily !== null)) {
      const family = doctorFamilies.find((f) => f.name === profile.doctorFamily);
      assert.ok(family, `${profile.name}: no doctor family ${profile.doctorFamily}`);
      assert.ok(family.frameworks?.includes(profile.name), `${family.name} does not list ${profile.name}`);
    }
  });

  test('what the plan and the checks read agrees with what each framework can do', () => {
    for (const profile of frameworkProfiles) {
      assert.equal(profile.defaultEnforcement === 'cap', profile.canCap, profile.name);
      if (!profile.usesGpu) assert.equal(profile.canCap, false, profile.name);
    }
  });
});
