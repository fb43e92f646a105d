// A small, strict XML reader for nvidia-smi's `-q -x` output: elements, attributes, text and the five
// entities. No namespaces or DTD processing (nvidia-smi uses neither beyond a DOCTYPE line). Enough for
// its simple format without a dependency; anything malformed or cut short is an error with a line number.

/** One element: its name, attributes, child elements and its own text (entities decoded). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/** A problem in the XML text at a 1-based line. */
export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

const namePattern = /^[A-Za-z_][\w.:-]*/;
const attributePattern = /([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a document and returns its root element; throws XmlSyntaxError for malformed or truncated text. */
export function readXml(text: string): XmlElement {
  const lineAt = lineCounter(text);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('<', i);
    const chunk = text.slice(i, open === -1 ? text.length : open);
    if (chunk.trim() !== '') {
      const parent = stack.at(-1);
      if (!parent) throw new XmlSyntaxError('text outside the root element', lineAt(i));
      parent.text += decodeEntities(chunk, lineAt(i));
    }
    if (open === -1) break;
    if (text.startsWith('<!--', open)) i = skipPast(text, open, '-->', 'comment', lineAt);
    else if (text.startsWith('<?', open)) i = skipPast(text, open, '?>', 'declaration', lineAt);
    else if (text.startsWith('<![CDATA[', open)) {
      const end = skipPast(text, open, ']]>', 'CDATA section', lineAt);
      const parent = stack.at(-1);
      if (parent) parent.text += text.slice(open + 9, end - 3);
      i = end;
    } else if (text.startsWith('<!', open)) i = skipPast(text, open, '>', 'DOCTYPE', lineAt);
    else {
      const close = text.indexOf('>', open);
      if (close === -1) throw new XmlSyntaxError('the file ends inside a tag (truncated?)', lineAt(open));
      const tag = text.slice(open + 1, close);
      const line = lineAt(open);
      i = close + 1;
      if (tag.startsWith('/')) {
        const name = tag.slice(1).trim();
        const top = stack.pop();
        if (!top || top.name !== name) {
          throw new XmlSyntaxError(
            `</${name}> does not close ${top ? `<${top.name}> (line ${top.line})` : 'anything'}`,
            line,
          );
        }
        continue;
      }
      const isSelfClosing = tag.endsWith('/');
      const body = isSelfClosing ? tag.slice(0, -1) : tag;
      const name = namePattern.exec(body)?.[0];
      if (!name) throw new XmlSyntaxError(`malformed tag <${tag.slice(0, 40)}>`, line);
      const element: XmlElement = {
        name,
        attributes: readAttributes(body.slice(name.length)),
        children: [],
        text: '',
        line,
      };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new XmlSyntaxError(`a second root element <${name}>`, line);
      else root = element;
      if (!isSelfClosing) stack.push(element);
    }
  }
  const unclosed = stack.at(-1);
  if (unclosed)
    throw new XmlSyntaxError(
      `the file ends before <${unclosed.name}> (line ${unclosed.line}) is closed (truncated?)`,
      lineAt(text.length),
    );
  if (!root) throw new XmlSyntaxError('no XML element found', 1);
  return root;
}

/** The first child element with this name. */
export function childOf(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((child) => child.name === name);
}

/** All child elements with this name. */
export function childrenOf(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((child) => child.name === name) ?? [];
}

/** Trimmed text of the element at a path of child names (`['fb_memory_usage', 'total']`); undefined if absent. */
export function textAt(element: XmlElement | undefined, path: readonly string[]): string | undefined {
  let current = element;
  for (const name of path) current = childOf(current, name);
  return current?.text.trim();
}

function readAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(attributePattern)) {
    attributes[match[1] ?? ''] = decodeEntities(match[3] ?? match[4] ?? '', 0);
  }
  return attributes;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string, line: number): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    const value = entities[entity];
    if (value === undefined) throw new XmlSyntaxError(`unknown entity ${whole}`, line);
    return value;
  });
}

function skipPast(
  text: string,
  from: number,
  terminator: string,
  what: string,
  lineAt: (i: number) => number,
): number {
  const end = text.indexOf(terminator, from);
  if (end === -1) throw new XmlSyntaxError(`the file ends inside a ${what} (truncated?)`, lineAt(from));
  return end + terminator.length;
}

function lineCounter(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= index) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}
