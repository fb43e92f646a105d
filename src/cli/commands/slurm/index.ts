// `headroom slurm`: Slurm commands that do not launch anything (`slurm script`).
import { command as script } from './script.js';

export const subcommands = { script };
