// Variables that miss a framework's name by a slip (`XLA_PYTHON_CLIENT_PERELLOCLACE`): the framework
// never reads them, so what they meant to change keeps its default. Said with the name meant, the
// effect of the slip, and the value checked as the right name would read it.
import { findNearMiss } from '../../config/suggest.js';
import { checkEnvValue } from '../../frameworks/env-checks.js';
import { quoteInput } from '../../units.js';
import { type EnvRule, finding } from './finding.js';
import { foreignVariablePattern, knownVariable, knownVariableNames, sourceOf } from './known-names.js';

/** Each set variable that is a near miss of a known name. */
export const nearMissNames: EnvRule = (env) =>
  Object.keys(env)
    .filter((name) => env[name] !== undefined && !foreignVariablePattern.test(name))
    .flatMap((name) => {
      const miss = findNearMiss(name, knownVariableNames);
      if (!miss) return [];
      const meant = knownVariable(miss.name);
      const value = env[name]!;
      const effect = meant?.variable.unsetEffect;
      const slip = miss.isCaseOnly
        ? `environment names are case-sensitive: did you mean ${miss.name}?`
        : `did you mean ${miss.name}?`;
      const ignored = `${meant?.list.reader ?? 'the framework'} reads only ${miss.name}, so this is ignored${effect ? ` and ${effect}` : ''}`;
      const valueProblem = checkEnvValue(miss.name, value);
      const valueNote = valueProblem
        ? `; and ${quoteInput(value)} is not a value it takes: ${valueProblem.problem}`
        : '';
      const fixedValue = valueProblem ? (fixedValueOf(valueProblem.fix, miss.name) ?? value) : value;
      return [
        {
          ...finding(
            'env-near-miss',
            'error',
            name,
            value,
            `${slip} ${ignored}${valueNote}`,
            `export ${miss.name}=${fixedValue} and unset ${name}`,
          ),
          facts: {
            variable: name,
            value,
            meant: miss.name,
            distance: miss.distance,
            ...(meant ? { readIn: sourceOf(meant.variable, meant.list) } : {}),
          },
        },
      ];
    });

// checkEnvValue's fix reads "write NAME=VALUE": the value to suggest with the right name.
function fixedValueOf(fix: string, name: string): string | undefined {
  const match = new RegExp(`${name}=(\\S+)`).exec(fix);
  return match?.[1];
}
