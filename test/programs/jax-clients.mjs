// A pool of N JAX-like clients in one process tree, as joblib or multiprocessing starts them: each child
// is examples/workloads/fake-jax.mjs on the simulated card, inheriting this process's environment.
//   node jax-clients.mjs N STEP STEPS   (exits with the largest child exit code)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [count = '3', step = '1GiB', steps = '5'] = process.argv.slice(2);
const workload = fileURLToPath(new URL('../../examples/workloads/fake-jax.mjs', import.meta.url));
const codes = await Promise.all(
  Array.from(
    { length: Number(count) },
    () =>
      new Promise((done) => {
        const args = [
          workload,
          '--steps',
          steps,
          '--step',
          step,
          '--interval-ms',
          '400',
          '--host-per-step',
          '1MiB',
        ];
        spawn(process.execPath, args, { stdio: 'inherit' }).once('exit', (code) => done(code ?? 1));
      }),
  ),
);
console.log(`clients ended: ${codes.join(', ')}`);
process.exit(Math.max(...codes));
