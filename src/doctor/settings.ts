// Settings a log shows already applied, and the fixes that would only repeat them (issue 23: a fix
// never tells the user to do what the log shows done). Pure. The settings are the ones doctor's
// fixes propose: allocator and pool variables, worker counts, container flags, engine arguments.

/** The names doctor's fixes set, as the log may show them set (lower-case: the prefilter's keywords). */
export const settingNames = [
  'PYTORCH_CUDA_ALLOC_CONF',
  'PYTORCH_HIP_ALLOC_CONF',
  'PYTORCH_ALLOC_CONF',
  'XLA_PYTHON_CLIENT_PREALLOCATE',
  'XLA_PYTHON_CLIENT_MEM_FRACTION',
  'XLA_PYTHON_CLIENT_ALLOCATOR',
  'TF_FORCE_GPU_ALLOW_GROWTH',
  'NCCL_SHM_DISABLE',
  'NCCL_DEBUG',
  'CUDA_LAUNCH_BLOCKING',
  'num_workers',
  'enforce_eager',
  'gpu_memory_utilization',
  'max_model_len',
  '--shm-size',
  '--ipc',
];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// An engine argument is the same setting as a keyword (max_model_len=4096) and as a flag
// (--max-model-len 4096): vLLM's and SGLang's argument parsers take the dashed spelling.
const spelled = (name: string): string =>
  name.includes('_') && name === name.toLowerCase()
    ? `(?:--)?${name.split('_').map(escapeRegExp).join('[-_]')}`
    : escapeRegExp(name);

/** The name in settingNames a spelling in a log stands for (lower-cased, keyword spelling). */
const canonicalName = (written: string): string => {
  const plain = written.toLowerCase();
  return settingNames.some((name) => name.toLowerCase() === plain)
    ? plain
    : plain.replace(/^--/, '').replace(/-/g, '_');
};

/** The words that find a shown setting (the prefilter's keywords): each name, and its flag spelling. */
export const settingKeywords = [
  ...new Set(
    settingNames.flatMap((name) =>
      name.includes('_') && name === name.toLowerCase()
        ? [name, name.replace(/_/g, '-')]
        : [name.toLowerCase()],
    ),
  ),
];

/**
 * NAME=value, NAME: value, --flag value, name = value, for the names above; and as a program sets it:
 * Python's os.environ['NAME'] = 'value' and os.environ.setdefault("NAME", "value"), a dict's or
 * JSON's "NAME": "value" (the quote and bracket after the name, a comma before the value).
 */
export const shownSetting = new RegExp(
  `(?<![\\w-])(${settingNames.map(spelled).join('|')})["']?\\]?\\s*[=:,]?\\s*["']?([\\w.:-]+(?:,[\\w.:-]+)*)`,
  'i',
);

// A message's own advice names a setting without showing it applied ("try setting
// PYTORCH_CUDA_ALLOC_CONF=...", "consider passing CUDA_LAUNCH_BLOCKING=1", PyTorch's DataLoader
// "Rerunning with num_workers=0 may give better error trace", torch/utils/data/dataloader.py).
const adviceBefore =
  /\b(?:try|consider|recommend\w*|suggest\w*|you (?:can|may|should|could)|please|hint|e\.g\.|such as|increas\w*|decreas\w*|reduc\w*|lower\w*|rais\w*|rerun\w*)\b[^.]*$/i;

// The same pattern, for every setting on one line (matchAll copies it: no shared lastIndex).
const everyShownSetting = new RegExp(shownSetting.source, 'gi');

/** Every setting a line shows applied: a command line gives several (--tensor-parallel-size 2 --max-model-len 4096). */
export function settingsShown(line: string): { name: string; value: string }[] {
  const shown: { name: string; value: string }[] = [];
  for (const m of line.matchAll(everyShownSetting)) {
    if (adviceBefore.test(line.slice(0, m.index))) break;
    shown.push({ name: canonicalName(m[1]!), value: canonicalValue(m[2]!) });
  }
  return shown;
}

/** The first setting a line shows applied (name lower-cased, value canonical), or undefined. */
export const settingShown = (line: string): { name: string; value: string } | undefined =>
  settingsShown(line)[0];

/** A value as compared: lower case, booleans as true/false, no trailing punctuation. */
export function canonicalValue(value: string): string {
  const v = value.toLowerCase().replace(/[.,:;]+$/, '');
  if (v === 'true' || v === '1' || v === 'yes') return 'true';
  if (v === 'false' || v === '0' || v === 'no') return 'false';
  return v;
}

/** The fact name under which a shown setting is kept. */
export const settingFact = (name: string): string => `setting:${name.toLowerCase()}`;

const proposed = new RegExp(
  `(?<![\\w-])(${settingNames.map(escapeRegExp).join('|')})\\s*[= ]\\s*([\\w.:-]+)`,
  'gi',
);

/**
 * True when `fix` would set something to the value the log shows it has already. A value of several
 * options ("max_split_size_mb:128,expandable_segments:True", an allocator config's comma-separated
 * keys, pytorch c10/core/AllocatorConfig.cpp) already holds each option it lists, in any order.
 */
export function repeatsShownSetting(fix: string, context: Record<string, unknown>): boolean {
  for (const m of fix.matchAll(proposed)) {
    const shown = context[settingFact(m[1]!)];
    if (typeof shown !== 'string') continue;
    const shownOptions = new Set(shown.split(',').map(canonicalValue));
    if (
      canonicalValue(m[2]!)
        .split(',')
        .every((option) => shownOptions.has(canonicalValue(option)))
    )
      return true;
  }
  return false;
}

// Settings a fix lowers that can go no lower than a value the log may show them at: DataLoader's
// num_workers=0 loads in the main process (torch.utils.data.DataLoader docs, "Single- and
// Multi-process Data Loading"); a fix that lowers it there repeats what the log shows done.
const loweredToFloor: readonly { name: string; floor: string; lowers: RegExp }[] = [
  {
    name: 'num_workers',
    floor: canonicalValue('0'),
    lowers:
      /\b(?:lower|halve|reduce|cut)\s+(?:the\s+)?DataLoader\(num_workers\b|\bfewer DataLoader workers\b/i,
  },
];

/** True when `fix` lowers a setting the log shows at its floor already (num_workers at 0). */
export function lowersSettingAtFloor(fix: string, context: Record<string, unknown>): boolean {
  return loweredToFloor.some(
    ({ name, floor, lowers }) => context[settingFact(name)] === floor && lowers.test(fix),
  );
}
