// A JSON file's text parsed with located errors: a syntax error and a key are given a line and column.
import { lineOfOffset } from '../config/yaml-guard.js';
import { ConfigError, type SourceLocation } from '../errors.js';

/** Where `"key":` is first written in the text (line 1 when it is absent, e.g. a missing key). */
export function locateJsonKey(text: string, file: string, key: string): SourceLocation {
  const match = new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`).exec(text);
  return { file, ...(match ? lineOfOffset(text, match.index) : { line: 1, column: 1 }) };
}

/** Parses a JSON object; a syntax error or a non-object is a ConfigError located in the file. */
export function parseJsonObject(text: string, file: string, field: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // V8 does not always say where ("Unexpected token 'l', ..."): find the first bad character.
    const location: SourceLocation = { file, ...lineOfOffset(text, jsonErrorOffset(text)) };
    const reason = message.split('\n')[0]?.replace(/, \.\.\..*$/s, '') ?? message;
    throw new ConfigError([{ location, field, message: `not valid JSON: ${reason}` }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError([
      { location: { file, line: 1, column: 1 }, field, message: 'expected a JSON object' },
    ]);
  }
  return value as Record<string, unknown>;
}

/** Offset of the first character that makes `text` invalid JSON (text.length if it ends too early). */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const skip = (): void => {
    while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  };
  const expect = (char: string): void => {
    skip();
    if (text[at] !== char) fail();
    at++;
  };
  const value = (): void => {
    skip();
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      skip();
      if (text[at] === close) {
        at++;
        return;
      }
      for (;;) {
        if (char === '{') {
          skip();
          if (text[at] !== '"') fail();
          value();
          expect(':');
        }
        value();
        skip();
        if (text[at] === close) {
          at++;
          return;
        }
        expect(',');
      }
    }
    const literal =
      /^(?:"(?:[^"\\\u0000-\u001f]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
        text.slice(at),
      );
    if (!literal) fail();
    at += literal?.[0].length ?? 0;
  };
  try {
    value();
    skip();
    if (at < text.length) fail();
  } catch (offset) {
    if (typeof offset === 'number') return offset;
    throw offset;
  }
  return text.length;
}
