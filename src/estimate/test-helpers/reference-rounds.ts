// Every round of published measured peaks, in the order they were gathered (round 1 first), so each round's
// test checks that its rows are new to the rounds before it without importing each of them.
import { type PublishedCase, publishedCases } from './published-measured.js';
import { round2Cases } from './published-measured-round2.js';
import { round3Cases } from './published-measured-round3.js';
import { round4Cases } from './published-measured-round4.js';
import { round5Cases } from './published-measured-round5.js';
import { round6Cases } from './published-measured-round6.js';
import { round7Cases } from './published-measured-round7.js';
import { round8Cases } from './published-measured-round8.js';
import { round9Cases } from './published-measured-round9.js';
import { round10Cases } from './published-measured-round10.js';
import { round11Cases } from './published-measured-round11.js';
import { round12Cases } from './published-measured-round12.js';
import { round13Cases } from './published-measured-round13.js';
import { round14Cases } from './published-measured-round14.js';
import { round15Cases } from './published-measured-round15.js';
import { round16Cases } from './published-measured-round16.js';
import { round17Cases } from './published-measured-round17.js';
import { round18Cases } from './published-measured-round18.js';
import { round19Cases } from './published-measured-round19.js';
import { round20Cases } from './published-measured-round20.js';
import { round21Cases } from './published-measured-round21.js';
import { round22Cases } from './published-measured-round22.js';
import { round23Cases } from './published-measured-round23.js';
import { round24Cases } from './published-measured-round24.js';
import { round25Cases } from './published-measured-round25.js';
import { round26Cases } from './published-measured-round26.js';
import { round27Cases } from './published-measured-round27.js';
import { round28Cases } from './published-measured-round28.js';
import { round29Cases } from './published-measured-round29.js';
import { round30Cases } from './published-measured-round30.js';
import { round31Cases } from './published-measured-round31.js';
import { round32Cases } from './published-measured-round32.js';
import { round33Cases } from './published-measured-round33.js';
import { round34Cases } from './published-measured-round34.js';
import { round35Cases } from './published-measured-round35.js';
import { round36Cases } from './published-measured-round36.js';
import { round37Cases } from './published-measured-round37.js';
import { round38Cases } from './published-measured-round38.js';
import { round39Cases } from './published-measured-round39.js';

const referenceRounds: readonly (readonly PublishedCase[])[] = [
  publishedCases,
  round2Cases,
  round3Cases,
  round4Cases,
  round5Cases,
  round6Cases,
  round7Cases,
  round8Cases,
  round9Cases,
  round10Cases,
  round11Cases,
  round12Cases,
  round13Cases,
  round14Cases,
  round15Cases,
  round16Cases,
  round17Cases,
  round18Cases,
  round19Cases,
  round20Cases,
  round21Cases,
  round22Cases,
  round23Cases,
  round24Cases,
  round25Cases,
  round26Cases,
  round27Cases,
  round28Cases,
  round29Cases,
  round30Cases,
  round31Cases,
  round32Cases,
  round33Cases,
  round34Cases,
  round35Cases,
  round36Cases,
  round37Cases,
  round38Cases,
  round39Cases,
];

/** The rows of rounds 1 to `round` − 1: what round `round` must be new to. */
export function casesBefore(round: number): PublishedCase[] {
  return referenceRounds.slice(0, round - 1).flat();
}
