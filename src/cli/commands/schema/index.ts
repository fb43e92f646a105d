// `headroom schema`: the JSON Schema of headroom.yaml (from the zod schema that validates it), of an
// estimate spec (`headroom schema estimate`), or with `--json-output COMMAND` the JSON Schema of that
// command's --json output (from the zod schema its reporter is typed by). Each schema module is loaded
// only when asked for.
import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { defineOptions } from '../../option-types.js';
import { outputSchemaNames, readOutputSchema } from '../../schemas/index.js';

const schemaOptions = defineOptions({
  jsonOutput: {
    flag: '--json-output',
    valueName: 'command',
    kind: 'choice',
    choices: outputSchemaNames,
    description: "print the JSON Schema of this command's --json output instead",
  },
});

export const command = defineCommand({
  name: 'schema',
  description:
    "print the JSON Schema of headroom.yaml (for editors: yaml-language-server), or of a command's --json output",
  options: schemaOptions,
  arguments: [
    {
      name: 'file',
      description: 'which file: config (headroom.yaml, the default) or estimate (an estimate spec)',
    },
  ],
  async run({ options, args }) {
    if (options.jsonOutput !== undefined)
      return { data: await readOutputSchema(options.jsonOutput), exitCode: 0 };
    if (args.file === 'estimate') {
      const { estimateJsonSchema } = await import('../../../estimate/schema.js');
      return { data: estimateJsonSchema(), exitCode: 0 };
    }
    if (args.file !== undefined && args.file !== 'config') {
      throw new UsageError(`schema: no file kind "${args.file}"; config or estimate`);
    }
    const { configJsonSchema } = await import('../../../config/schema.js');
    return { data: configJsonSchema(), exitCode: 0 };
  },
  reporters: {
    text: (data: Record<string, unknown>) => `${JSON.stringify(data, null, 2)}\n`,
    json: (data: Record<string, unknown>) => data,
  },
});
