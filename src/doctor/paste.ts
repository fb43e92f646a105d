// The paste normaliser: what a log goes through between the program that printed it and doctor
// (a terminal, a chat box, a forum's markdown, a CI runner, syslog), taken off each line before any
// rule reads it. Pure and per line; the classifier applies it to every line it keeps, on the line
// path and the byte path alike. Lines that a terminal or chat wrapped are the same job across
// lines: wrap-run.ts collects the pieces of what this gives, unwrap.ts judges the joins.
// What it takes off, each only where the line shows it:
// - a carriage return at the end (a CRLF paste), colour codes raw or escaped the way syslog, journald
//   and shells write them ("\033[", "\x1b[", "#033[", "^[[") (ECMA-48 SGR);
// - HTML entities a web page or an HTML-escaped export left (&lt; &gt; &amp; &quot; &#39; &#x27;),
//   and the backslashes a relay put before quotes (a message inside a JSON or C string: \' \");
// - markdown: emphasis around a whole line ("**Killed**"), quote prefixes ("> ", nested), code fences (``` or ~~~ with a language), the backticks
//   around inline code (CommonMark 0.31 §4.5 fenced code blocks, §6.1 code spans, §5.1 block quotes);
// - a CI runner's or chat's timestamp before the line (GitHub Actions' and `docker logs -t`'s
//   RFC 3339 "2024-05-01T12:34:56.1234567Z ", Jenkins timestamper's "[2024-05-01T12:34:56.123Z] ",
//   GitLab's "2024-05-01T12:34:56.123456Z 00O ", a chat's "[10:42 AM] ");
// - a multiplexer's tag (docker compose "trainer-1  | ", a CI viewer's "  | ") and syslog's
//   "Apr 17 15:57:31 host " before the program's tag (RFC 3164);
// - rank prefixes written other ways than torchrun's "[rankN]:" ("[defaultN]:" from
//   torch.distributed.elastic's log redirects, Lightning's "[rank: N]"), rewritten to "[rankN]: " so
//   one spelling carries the rank to the rules (rules/extract.ts rankOf, candidates.ts RankFollower);
// - pytest's failure marker before each line of the raised exception ("E       MemoryError",
//   "E   RuntimeError: CUDA out of memory. ..."; pytest src/_pytest/_code/code.py FormattedExcinfo
//   fail_marker "E", the line indented after it);
// - a comment mark before an error a user pasted into a code block as a comment
//   ("#XlaRuntimeError: RESOURCE_EXHAUSTED: ..."): Python's traceback module prints the exception as
//   "Name: message" at the start of a line (Lib/traceback.py format_exception_only), never after "#".
// - the full-width parentheses and colon an East Asian input method types in place of a program's
//   ASCII ones ("worker（pid 27631）is killed by signal：killed"): folded to "(", ")" and ":", as Unicode's
//   compatibility decomposition maps them (UAX #15 NFKC; U+FF08, U+FF09, U+FF1A). Only those: a
//   full-width question mark or comma is the user's own sentence's, which the rules read as such.
// - the user's locale's word for strsignal(SIGKILL) ("已杀死", "Getötet", "Убито": glibc's catalogs,
//   localized-killed.ts), written "Killed": the shell's report reads the same in any locale, in every
//   form the kill grammar reads it (a job report, a quoted word, a sentence that retells it).
// - what a retyping or a rich-text copy put inside a program's words (issue 23, NEVER-SEEN-MISSES-AUDIT.md
//   "paste normaliser"): underscore emphasis around part of a line ("An error **_std::bad_alloc_**
//   occurred", CommonMark §6.2 delimiter runs: an opener after a space, a closer before one); spaces inside an
//   exception's dotted name ("numpy core._ exceptions .  MemoryError:", which Python's traceback prints
//   with none, Lib/traceback.py format_exception_only); a run of spaces between a figure and its unit
//   ("183.  GiB": numpy and the allocators print one or none); a full-width comma between a shape's
//   numbers ("(1000000，1，3)"), which Python's tuple repr writes ", " (numpy: "with shape (1000000, 1, 3)"); asterisk
//   emphasis around a figure alone ("Tried to allocate **137.36 GiB.**").
import { foldLocalizedKilled } from './localized-killed.js';

// ECMA-48 CSI sequences (SGR colours, cursor moves), raw or escaped, or with the ESC turned into
// U+FFFD by a copy that decoded it as invalid text ("\uFFFD[33m[2021-12-23 ...] [ WARNING]\uFFFD[0m").
const ansi = /(?:\u001b|#033|\\033|\\x1[bB]|\\u001[bB]|\\e|\^\[|\uFFFD)\[[0-9;?]*[A-Za-z]/g;
const ansiHint = /[\u001b#\\^\uFFFD]/;
// The same SGR codes with the ESC dropped by a web view or a copy ("[0m[91mKilled[0m", docker build's
// "[0m[91m"): read as codes only on a line that holds the reset "[0m" (ECMA-48 SGR 0), which no
// program's words spell, and only with digits ("[m]" stays a unit).
const bareSgr = /\[\d{1,3}(?:;\d{1,3})*m/g;
// Typographic quotes a chat app or an editor typed over a program's straight ones (macOS and Slack
// "smart quotes"): U+2018/U+2019 for ', U+201C/U+201D for ".
const smartQuote = /[\u2018\u2019\u201C\u201D]/g;
const foldSmartQuote = (c: string): string => (c === '\u201C' || c === '\u201D' ? '"' : "'");
const entities: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
  '&#34;': '"',
};
const entity = /&(?:lt|gt|amp|quot|apos|nbsp|#39|#x27|#34);/g;
const escapedQuote = /\\(['"])/g;
// Nested quote markers; a Python prompt (">>> ") is a quote marker to strip too.
const quotePrefix = /^[ \t]{0,3}(?:>[ \t]?)+/;
// "**Killed**", "__Killed__": emphasis a writer put around a whole line (CommonMark §6.2).
const emphasisLine = /^(\s*)(\*\*|__)(?=\S)(.+?)\2\s*$/;
const fenceLine = /^\s*(?:`{3,}|~{3,})[\w+.-]*\s*$/;
const fenceStart = /^\s*`{3,}/;
const fenceEnd = /`{3,}\s*$/;
const ciTimestamp =
  /^\s*(?:\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)\]\s?|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)\s(?:\d\d[OE][+ ]?\s?)?|\[\d{1,2}:\d\d(?::\d\d)?(?:\s?[AP]M)?\]\s?)/;
// Open MPI's --tag-output "[jobid,rank]<stdout>:" (mpirun(1): "Tag each line of output to stdout,
// stderr, and stddiag with [jobid, MCW_rank]<stdxxx>") carries the rank too.
const otherRankPrefix =
  /^(\s*)(?:\[(?:default\s?(\d+)|rank:\s*(\d+))\]:?\s?|\[\d+,(\d+)\]<std(?:out|err|diag)>:\s?)/;
// A multiplexer's tag before each line: docker compose's "trainer-1  | " (v2; v1 "trainer_1  | ")
// and a CI log viewer's gutter "  | " (Buildkite's copied output).
const pipeTag = /^\s*(?:[\w.-]+[-_]\d+\s+)?\|\s/;
// syslog's and journald's "Apr 17 15:57:31 host " (RFC 3164 TIMESTAMP HOSTNAME; the month in the
// reader's locale: "mars 27"): taken off up to the program's own tag ("earlyoom[1460]: "), which stays.
// "# ValueError: ...", "#XlaRuntimeError: ...": a comment mark before an exception's own line.
const commentedError = /^\s*#+\s*(?=(?:[\w]+\.)*[A-Z]\w*(?:Error|Exception|Exhausted|Failure)\w*:\s)/;
const pytestMarker = /^E {3,}(?=\S)/;
// U+FF08, U+FF09, U+FF1A: full-width "(", ")", ":" (NFKC maps each to its ASCII character).
const fullWidth = /[\uFF08\uFF09\uFF1A]/g;
const foldFullWidth = (c: string): string => String.fromCharCode(c.charCodeAt(0) - 0xfee0);
// Underscore emphasis inside a line, "_x_" / "__x__" (CommonMark §6.2: opened after a space, a
// punctuation mark or another delimiter, closed before one): the underscore is a word character, so
// "std::bad_alloc_" hides the name from every \b the rules write. Asterisks are not, and stay: the grammar
// reads a span they open ("**RuntimeError: ... OUT_OF_MEMORY**, May I ask ...?", generic.ts withinOpenSpan).
// An identifier alone between underscores ("__init__", "_private_") is Python's name, not emphasis.
// Code is not emphasis: a span with a call's or an assignment's marks ("_reduce(ctx, input_)") stays, and
// so does TensorFlow's BFC chunk map, "_" a free chunk beside "*" a used one ("*_*****_***", bfc_allocator.cc).
const underscoreEmphasis = /(^|[\s"'*])(__|_)(?=[^\s_*])([^()=\[\]{}]+?)(?<=[^\s_*])\2(?=$|[\s.,;:!?"'*])/g;
// A link of the name: a dot with the paste's space before it ("exceptions .  MemoryError"), a bare dot, or a
// space after an underscore ("core._ exceptions"); never a sentence's ". " ("Fatal error. System.X:").
const dottedErrorName =
  /\b\w+(?: +\.\s*\w+|\.\w+|(?<=_) +\w+)*(?: +\.\s*|\.)(?=[A-Z]\w*(?:Error|Exception):)/g;
const spacedUnit = /(\d\.?) {2,}(?=(?:[KMGTP]i?B|bytes)\b)/g;
// Asterisk emphasis around a figure alone ("Tried to allocate **137.36 GiB.**", "this process has
// **17179869184.00 GiB** memory in use"): a writer's bold over the program's number (CommonMark §6.2, a
// left-flanking "**" before the digit and a right-flanking one after it), which no program prints around
// its figures; taken off so the figure reads with its unit. Only a figure, its unit and a full stop: a span
// of words stays for withinOpenSpan (allocation/generic.ts).
const emphasizedFigure = /(?<![*\w])\*\*(\d[\d.,]*\s?(?:[KMGTPE]i?B|bytes?|[KMGT]|%)?\.?)\*\*(?![*\w])/g;
const fullWidthCommaInFigures = /(?<=\d)\uFF0C\s*(?=\d)/g;

/** What a retyping or a rich-text copy put inside a program's words, taken out (header: the forms). */
function withoutRetypedMarks(line: string): string {
  let text = line;
  if (text.includes('_'))
    text = text.replace(underscoreEmphasis, (whole, lead: string, _mark: string, inner: string) =>
      /^\w+$/.test(inner) ? whole : lead + inner,
    );
  if (/(?:Error|Exception):/.test(text))
    text = text.replace(dottedErrorName, (name: string) => name.replace(/\s+/g, ''));
  if (text.includes('**')) text = text.replace(emphasizedFigure, '$1');
  if (text.includes('  ')) text = text.replace(spacedUnit, '$1 ');
  if (text.includes('\uFF0C')) text = text.replace(fullWidthCommaInFigures, ', ');
  return text;
}

const syslogStamp = /^\s*\p{L}{3,5}\.? {1,2}\d{1,2} \d\d:\d\d:\d\d \S+ (?=[\w./@-]+(?:\[\d+\])?: )/u;

/**
 * The HTML entities a keyword with `<>&"'` may have been written as in an escaped paste, and a keyword
 * that ends in a number as a writer's code span opens around it ("code `-9`", normalizePaste's
 * withoutCodeSpan takes the span off before the rules read the line).
 */
export function escapedSpellings(keyword: string): string[] {
  const inCodeSpan = /(?<=[\s:=(])-?\d+$/.test(keyword) ? [keyword.replace(/(-?\d+)$/, '`$1')] : [];
  if (!/[<>&"']/.test(keyword)) return inCodeSpan;
  const spellings = new Set<string>(inCodeSpan);
  for (const apostrophe of ['&#39;', '&#x27;', '&apos;']) {
    spellings.add(
      keyword
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", apostrophe),
    );
  }
  return [...spellings];
}

// The backticks of inline code at a line's edges (not those inside a message, "Assertion `x` failed").
function withoutCodeSpan(line: string): string {
  if (fenceLine.test(line)) return '';
  let text = line.replace(fenceStart, '').replace(fenceEnd, '');
  // A code span holding a whole number alone is the writer's formatting of a value ("returning exit
  // code `-9`", "exits with `137`"; CommonMark §6.1 code spans), anywhere in the line: the number is
  // what the program printed.
  if (/`-?\d+`/.test(text)) text = text.replace(/`(-?\d+)`/g, '$1');
  const leading = /^(\s*)`(?!`)/.exec(text);
  if (leading) text = leading[1] + text.slice(leading[0].length);
  const ticks = text.split('`').length - 1;
  // An odd count left means the span closes here: "... out of memory`" or "...`." at the end.
  if (ticks % 2 === 1 || leading) text = text.replace(/`([.,;:]?)\s*$/, '$1');
  return text;
}

/**
 * A line without its colour codes and its CRLF's carriage return: what a terminal shows, column for
 * column (an SGR code takes no column, ECMA-48), so a wrap's width is measured the way the terminal
 * that wrapped the line measured it. The classifier reads every line through it before anything else.
 */
export function withoutColour(line: string): string {
  let text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (ansiHint.test(text)) text = text.replace(ansi, '');
  if (text.includes('[0m')) text = text.replace(bareSgr, '');
  return text;
}

/** A line as the rules read it: the paste's own marks taken off, the program's words kept. */
export function normalizePaste(line: string): string {
  let text = line.endsWith('\r') ? line.slice(0, -1) : line;
  text = text.replace(fullWidth, foldFullWidth);
  text = foldLocalizedKilled(text);
  if (ansiHint.test(text)) text = text.replace(ansi, '');
  if (text.includes('[0m')) text = text.replace(bareSgr, '');
  text = text.replace(smartQuote, foldSmartQuote);
  if (text.includes('&')) text = text.replace(entity, (e) => entities[e] ?? e);
  // A message relayed inside a quoted string (a server's JSON or C-string error: Name:\'Mul_8\')
  // keeps its quotes escaped: the backslash before a quote is the relay's, not the program's.
  if (text.includes("\\'") || text.includes('\\"')) text = text.replace(escapedQuote, '$1');
  // Marks nest in either order ("> **Killed**", "`**Killed**`"): taken off until none is left.
  for (let pass = 0; pass < 3; pass++) {
    const before = text;
    if (text.trimStart()[0] === '>') text = text.replace(quotePrefix, '');
    if (text.includes('`') || text.includes('~~~')) text = withoutCodeSpan(text);
    const first = text.trimStart()[0];
    if (first === '*' || first === '_') text = text.replace(emphasisLine, '$1$3');
    if (text === before) break;
  }
  text = withoutRetypedMarks(text);
  if (text.trimStart()[0] === '#') text = text.replace(commentedError, '');
  if (text[0] === 'E') text = text.replace(pytestMarker, '');
  if (text.includes('|')) text = text.replace(pipeTag, '');
  if (text.includes(':')) text = text.replace(syslogStamp, '');
  const start = text.trimStart()[0];
  if (start === '[' || (start !== undefined && start >= '0' && start <= '9')) {
    text = text.replace(ciTimestamp, '');
    // A quote or code span may come after a CI timestamp, never the other way round.
    if (text.trimStart()[0] === '`') text = withoutCodeSpan(text);
    text = text.replace(
      otherRankPrefix,
      (_, blank: string, a?: string, b?: string, c?: string) => `${blank}[rank${a ?? b ?? c}]: `,
    );
  }
  return text;
}

// What a launcher writes before each line of a worker's output, left on the line by normalizePaste
// (it names the rank or the worker): torchrun's "[rankN]: " (the spelling normalizePaste gives every
// rank prefix), Ray's "(RayTrainWorker pid=12345, ip=10.0.0.2) " and vLLM's "(EngineCore pid=316) " /
// "(VllmWorker rank=0 pid=123) " (ray python/ray/_private/log.py, the worker's name and pid), srun
// --label's "3: " (srun(1): "Prepend task number to lines of stdout/err"), pdsh's "worker-1: " (the
// host, as DeepSpeed's multi-node runner shows it), a syslog program tag "python3[1701]: ".
const launcherPrefix =
  /^\s*(?:\[rank(\d+)\]:\s*|\((?:[\w.-]+ )?(?:rank=(\d+),?\s)?(?:[\w]+=[\w.]+,?\s)*?pid=(\d+)(?:,\s*ip=[\d.]+)?\)\s+|\(raylet(?:,\s*ip=[\d.]+)?\)\s+|(\d{1,4}): (?=\S)|(?:localhost|[a-z][a-z0-9-]*\d[a-z0-9-]*(?:\.[a-z0-9-]+)*): (?=\S)|[\w./@-]+\[\d+\]:\s+)/;

/**
 * A launcher's prefix before a normalised line's own words, the rank it names and the pid of the process
 * whose output the line is (Ray's and vLLM's "(Name pid=N)"; undefined: none).
 */
export function launcherPrefixOf(text: string): { length: number; rank?: number; pid?: number } | undefined {
  let length = 0;
  let rank: number | undefined;
  let pid: number | undefined;
  // Launchers stack ("[rank3]: (EngineCore pid=316) ..."): up to three are taken off.
  for (let pass = 0; pass < 3; pass++) {
    const match = launcherPrefix.exec(text.slice(length));
    if (!match || match[0].length === 0) break;
    length += match[0].length;
    const named = match[1] ?? match[2] ?? match[4];
    if (named !== undefined && rank === undefined) rank = Number(named);
    if (match[3] !== undefined && pid === undefined) pid = Number(match[3]);
  }
  return length === 0
    ? undefined
    : { length, ...(rank !== undefined ? { rank } : {}), ...(pid !== undefined ? { pid } : {}) };
}

// The marks a channel writes before every line it carries, as they come (before normalizePaste): a
// quote reply's markers, a CI runner's or a chat's stamp, a launcher's prefix, a multiplexer's tag.
// A program's line that was wrapped before the channel marked it carries the mark on every piece
// ("> ...alloca" / "> te 18.44GiB", "[rank3]: ...Tried to alloc" / "[rank3]: ate 2.00 GiB").
const stampMark =
  /^(?:\s*\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)\s|\s*\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)\]\s?|\s*\[\d{1,2}:\d\d(?::\d\d)?(?:\s?[AP]M)?\]\s?)/;
const ownMark =
  /^(?:[ \t]{0,3}(?:>[ \t]?)+|\s*\[(?:default|rank)\s?:?\s?\d+\]:\s?|\s*\[\d+,\d+\]<std(?:out|err|diag)>:\s?|\s*[\w.-]+[-_]\d+\s+\|\s)/;

/** One mark a channel put before a line: where it ends in the line, and its shape. */
export interface LineMark {
  end: number;
  shape: string;
}

/**
 * The marks channels put before a line as pasted, outermost first ("> " then "(raylet) "), each with
 * its shape: two lines whose marks have one shape (the same quote depth, rank or worker; stamps alike
 * but for their digits) came through the same channel. [] when the line carries none.
 */
export function lineMarksOf(line: string): LineMark[] {
  const marks: LineMark[] = [];
  let end = 0;
  for (let pass = 0; pass < 3; pass++) {
    const rest = line.slice(end);
    const stamp = stampMark.exec(rest);
    // A launcher's prefix too (launcherPrefix: a rank, a Ray worker, srun's task, pdsh's host).
    const own = stamp ? undefined : (ownMark.exec(rest) ?? launcherPrefix.exec(rest));
    const mark = stamp?.[0] ?? own?.[0];
    if (mark === undefined || mark.length === 0) break;
    end += mark.length;
    marks.push({ end, shape: stamp ? mark.replace(/\d/g, '0') : mark });
  }
  return marks;
}

/** All the marks before a line, as one (lineMarksOf), or undefined when it carries none. */
export function lineMarkOf(line: string): { length: number; shape: string } | undefined {
  const marks = lineMarksOf(line);
  return marks.length === 0
    ? undefined
    : { length: marks.at(-1)!.end, shape: marks.map((m) => m.shape).join('') };
}
