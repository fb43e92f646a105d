// `headroom schema`: the JSON Schema of headroom.yaml, generated from the same zod schema that validates it.
import type { Command } from 'commander';
import { configJsonSchema } from '../config/schema.js';
import { toJson } from './output.js';

export function define(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema of headroom.yaml (for editors: yaml-language-server)')
    .action(() => {
      process.stdout.write(toJson(configJsonSchema()));
    });
}
