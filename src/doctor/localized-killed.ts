// strsignal(SIGKILL) in the user's locale: the words glibc's message catalogs give "Killed", which
// the shell prints for a job ended by SIGKILL and Python's DataLoader repeats ("is killed by signal:
// 已杀死"). One list for the paste normaliser (paste.ts folds each to "Killed", so every form the kill
// grammar reads in English reads the same in any locale) and the prefilter's keywords (host/exits.ts:
// lines are looked for as pasted, before they are folded).
// strsignal(SIGKILL) as glibc translates "Killed" (glibc po/<lang>.po: de, es, fr, it, ja, ko,
// pt_BR, ru, zh_CN, zh_TW, pl, nl, uk, cs, sv): the shell's report of a killed job in the user's locale.
export const localKilled: readonly string[] = [
  '已杀死',
  '已殺死',
  '強制終了',
  '強制結束',
  'Getötet',
  'Terminado (killed)',
  'Processus arrêté',
  'Ucciso',
  '죽었음',
  'Morto',
  'Убито',
  'Вбито',
  'Unicestwiony',
  'Geëlimineerd',
  'Zabit (SIGKILL)',
  'Dödad',
  // the rest of glibc 2.36's catalogs (libc-l10n, po/<lang>.po msgid "Killed": be, bg, ca, da, el, eo,
  // fi, gl, hr, hu, id, lt, nb, sk, sl, sr, tr, vi): the same word wherever the shell runs.
  'Забіты',
  'Безусловно прекъснат',
  'Matat',
  'Dræbt',
  'Σκοτώθηκε',
  'Buĉita',
  'Tapettu',
  'Matado',
  'Ubijen',
  'Kilőve',
  'Terbunuh',
  'Nutraukta (killed)',
  'Drept',
  'Zabitý',
  'Pobit',
  'Убијен',
  'Süreç durduruldu',
  'Bị buộc kết thúc',
];

// A word of a script with word breaks (Latin, Greek, Cyrillic) is the word only where it stands alone
// ("Morto" in "Mortos" is another word); CJK words stand glued to what the job printed before them
// ("ETA: 2621s已杀死").
const hasWordBreaks = (word: string): boolean => !/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(word);
const escapeParens = (word: string): string => word.replace(/[()]/g, '\\$&');
const localKilledWords = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${localKilled.filter(hasWordBreaks).map(escapeParens).join('|')})(?![\\p{L}\\p{N}])|${localKilled
    .filter((w) => !hasWordBreaks(w))
    .join('|')}`,
  'gu',
);
// The words spelt in ASCII alone ("Morto", "Drept"): a line of ASCII without any of them is left as it is
// without running the alternation.
const isAscii = (text: string): boolean => /^[\x00-\x7f]*$/.test(text);
const asciiKilled = localKilled.filter(isAscii).map((w) => w.split(' ')[0]!);

/** `text` with each localized "Killed" written as the shell writes it in English. */
export function foldLocalizedKilled(text: string): string {
  if (isAscii(text) && !asciiKilled.some((word) => text.includes(word))) return text;
  return text.replace(localKilledWords, 'Killed');
}
