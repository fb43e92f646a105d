// MuJoCo's fixed-size buffers: MuJoCo Warp (and MJX on Warp) size contacts and constraint rows
// per world up front and drop what does not fit; MuJoCo 2.x's C engine warns the same way.
import { parseLogSize } from '../../sizes.js';
import type { LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';

// mujoco src/engine/engine_io.c: the buffer each "Pre-allocated <buffer> buffer is full" names.
const bufferSettings: Record<string, string> = {
  contact: 'nconmax',
  constraint: 'njmax',
  'visual geom': 'maxgeom',
};

/** MuJoCo / MuJoCo Warp capacity overflows (sim_capacity), by the setting to raise. */
export const mujocoRules: LogRule[] = [
  {
    code: 'mujoco-buffer-overflow',
    kind: 'sim_capacity',
    framework: 'mujoco',
    weight: 3,
    keywords: [
      'please increase',
      'buffer is full',
      'mj_stackalloc',
      'stack overflow: max =',
      'insufficient memory: max =',
      'insufficient arena memory',
      'arena memory is full',
    ],
    // The arena (mjModel.narena, <size memory="..."/>) holds mjData's stack: "mj_stackAlloc:
    // insufficient memory: max = %zu, available = %zu, requested = %zu" (3.x engine_memory.c),
    // "stack overflow: max = ..." (2.x), "mj_stackAlloc: out of memory, stack overflow" (mjERROR).
    pattern:
      /overflow(?::\s*|\s+-\s+)please increase (?:Option\.)?(\w+)(?: to (\d+))?|Pre-allocated ([\w ]+?) buffer is full(?:\. Increase (\w+) above (\d+))?|(mj_stackAlloc: (?:out of memory|insufficient memory)|(?:stack overflow|insufficient memory): max = (\d+), available = (\d+), requested = (\d+))|(Insufficient arena memory\b|the arena memory is full)(?:[^\n]*?Increase arena memory allocation above ([\d.]+[KMGT]?) bytes)?/,
    // One grammar for every fixed buffer, whatever its setting: mujoco_warp _src/forward.py /
    // collision_driver.py wp.printf("... overflow - please increase nconmax to %u") and its newer
    // "<what> overflow: please increase Option.<setting> to %d" (contact sensors' maxmatch); mujoco
    // engine_io.c mju_warningText "Pre-allocated <buffer> buffer is full. Increase <setting> above
    // %d" (mjWARN_CONTACTFULL nconmax, mjWARN_CNSTRFULL njmax, mjWARN_VGEOMFULL maxgeom).
    // mjlab and the viewer print the arena's figures on the line after mj_stackAlloc's. MuJoCo 3.x
    // names the arena in its warnings when the constraints or contacts do not fit it
    // (src/engine/engine_io.c mju_warningText: mjWARN_CNSTRFULL "Insufficient arena memory for the
    // number of constraints generated. Increase arena memory allocation above %s bytes.",
    // mjWARN_CONTACTFULL "Too many contacts. Either the arena memory is full, or nconmax is
    // specified and is exceeded. Increase arena memory allocation, or increase/remove nconmax.").
    continuationLines: 1,
    source:
      'google-deepmind/mujoco_warp _src (overflow warnings); mujoco src/engine/engine_io.c mjWARN_CONTACTFULL, mjWARN_CNSTRFULL, mjWARN_VGEOMFULL',
    summary: 'a MuJoCo buffer of fixed size overflowed (contacts or constraints were dropped)',
    // The C engine's "Increase nconmax above %d" prints the value set now, not what is needed.
    extract: ({ text, match }) => {
      if (match[10] !== undefined)
        return {
          facts: definedFacts({
            setting: 'memory',
            requiredArenaBytes: match[11] === undefined ? undefined : parseLogSize(match[11]),
          }),
          group: 'memory',
        };
      if (match[6] !== undefined) {
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
      // A warning cut before its "Increase ..." still names the buffer, and each buffer one setting.
      const setting = match[1] ?? match[4] ?? bufferSettings[match[3]!] ?? 'nconmax';
      return {
        facts: definedFacts({
          setting,
          requiredCount: intOf(match[2]),
          currentCount: intOf(match[5]),
        }),
        group: setting,
      };
    },
  },
  {
    code: 'mujoco-contacts-exceed-buffer',
    kind: 'sim_capacity',
    framework: 'mujoco',
    weight: 3,
    keywords: ['conmax (', 'njmax ('],
    // One capacity check read by its figures: the solver's contact count (naconmax = nconmax x
    // worlds) against the collision pipeline's contact buffer, "MuJoCo naconmax (%d) exceeds
    // contacts.rigid_contact_max (%d)" (newton-physics/newton SolverMuJoCo, when it is given a
    // Contacts object made smaller than the solver's own buffer).
    pattern: /\b(n?a?conmax|njmax) \((\d+)\) exceeds ([\w.]+) \((\d+)\)/,
    source: 'newton-physics/newton SolverMuJoCo (contact buffer check)',
    summary: 'a MuJoCo contact buffer is smaller than the solver needs',
    extract: ({ match }) => {
      const setting = match[3]!.split('.').at(-1)!;
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
