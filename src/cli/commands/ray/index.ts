// `headroom ray`: Ray commands that do not launch anything (`ray script`).
import { command as script } from './script.js';

export const subcommands = { script };
