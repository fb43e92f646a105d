// MuJoCo's fixed-size buffers: MuJoCo Warp (and MJX on Warp) size contacts and constraint rows
// per world up front and drop what does not fit; MuJoCo 2.x's C engine warns the same way.
import type { LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

/** MuJoCo / MuJoCo Warp capacity overflows (sim_capacity), by the setting to raise. */
export const mujocoRules: LogRule[] = [
  {
    code: 'mujoco-buffer-overflow',
    kind: 'sim_capacity',
    framework: 'mujoco',
    weight: 3,
    keywords: [
      'please increase',
      'buffer is full. increase',
      'mj_stackalloc',
      'stack overflow: max =',
      'insufficient memory: max =',
    ],
    // The arena (mjModel.narena, <size memory="..."/>) holds mjData's stack: "mj_stackAlloc:
    // insufficient memory: max = %zu, available = %zu, requested = %zu" (3.x engine_memory.c),
    // "stack overflow: max = ..." (2.x), "mj_stackAlloc: out of memory, stack overflow" (mjERROR).
    pattern:
      /overflow(?::\s*|\s+-\s+)please increase (?:Option\.)?(\w+)(?: to (\d+))?|Pre-allocated [\w ]+ buffer is full\. Increase (\w+) above (\d+)|(mj_stackAlloc: (?:out of memory|insufficient memory)|(?:stack overflow|insufficient memory): max = (\d+), available = (\d+), requested = (\d+))/,
    // One grammar for every fixed buffer, whatever its setting: mujoco_warp _src/forward.py /
    // collision_driver.py wp.printf("... overflow - please increase nconmax to %u") and its newer
    // "<what> overflow: please increase Option.<setting> to %d" (contact sensors' maxmatch); mujoco
    // engine_io.c mju_warningText "Pre-allocated <buffer> buffer is full. Increase <setting> above
    // %d" (mjWARN_CONTACTFULL nconmax, mjWARN_CNSTRFULL njmax, mjWARN_VGEOMFULL maxgeom).
    // mjlab and the viewer print the arena's figures on the line after mj_stackAlloc's.
    continuationLines: 1,
    source:
      'google-deepmind/mujoco_warp _src (overflow warnings); mujoco src/engine/engine_io.c mjWARN_CONTACTFULL, mjWARN_CNSTRFULL, mjWARN_VGEOMFULL',
    summary: 'a MuJoCo buffer of fixed size overflowed (contacts or constraints were dropped)',
    // The C engine's "Increase nconmax above %d" prints the value set now, not what is needed.
    extract: ({ text, match }) => {
      if (match[5] !== undefined) {
        const figures = /max = (\d+), available = (\d+), requested = (\d+)/.exec(text);
        return {
          facts: definedFacts({
            setting: 'memory',
            arenaBytes: intOf(figures?.[1]),
            availableBytes: intOf(figures?.[2]),
            requestedBytes: intOf(figures?.[3]),
          }),
          group: 'memory',
        };
      }
      const setting = (match[1] ?? match[3])!;
      return {
        facts: definedFacts({
          setting,
          requiredCount: intOf(match[2]),
          currentCount: intOf(match[4]),
        }),
        group: setting,
      };
    },
  },
];
