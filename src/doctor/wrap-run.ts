// The pieces of a wrapped line while the classifier collects them (unwrap.ts judges the joins): a
// line worth reading (a keyword, or one the classifier watches) that may be a wrapped piece starts
// a run, which takes the earlier pieces from the ring (lines read quietly, which changed nothing
// else) and holds the next ones while each may continue the last. Released, the run is cut into
// whole lines where unwrap.ts sees no wrap, each with its pieces and where it starts.
import type { LineRing } from './line-ring.js';
import { cutBetween, isWrapLength, joinsOf, minPieceChars, sharedMarkLength, widthOf } from './unwrap.js';

/** One whole line of a released run. */
export interface WholeLine {
  /** The pieces joined; `otherRaw` joined the other way where the kind of wrap is uncertain. */
  raw: string;
  otherRaw?: string;
  pieces: string[];
  /** The line number of its first piece. */
  line: number;
  /** How many of its first pieces the ring holds already (they are not context before it). */
  piecesInRing: number;
}

// At most this many pieces (a 2,500-character line at 80 columns); the rest start anew.
const maxPieces = 32;

/** The run being collected, if any. */
export class WrapRun {
  private pieces: string[] = [];
  private firstLine = 0;
  private inRing = 0;
  // The longest line of the ring and the pieces.
  private widthChars = 0;

  /** True while pieces are held (the next line must be pushed, not skipped). */
  get isHolding(): boolean {
    return this.pieces.length > 0;
  }

  /** Holds `raw` when it may continue the run; false when the run must be released first. */
  extend(raw: string): boolean {
    const widthChars = Math.max(this.widthChars, raw.length);
    const first = this.pieces[0]!;
    if (this.pieces.length >= maxPieces || !cutBetween(this.pieces.at(-1)!, raw, widthChars, first))
      return false;
    this.pieces.push(raw);
    this.widthChars = widthChars;
    return true;
  }

  /** Starts a run at `raw` (line number `line`) when it may be a piece; false when it is a line of its own. */
  start(raw: string, line: number, ring: LineRing): boolean {
    const lines = ring.toArray();
    const widthChars = Math.max(widthOf(lines), raw.length);
    let inRing = 0;
    let next = raw;
    while (inRing < Math.min(ring.quietLines, lines.length, maxPieces - 1)) {
      const piece = lines[lines.length - 1 - inRing]!;
      if (!cutBetween(piece, next, widthChars)) break;
      next = piece;
      inRing += 1;
    }
    if (inRing === 0 && !isWrapLength(raw, minPieceChars)) return false;
    this.pieces = [...lines.slice(lines.length - inRing), raw];
    this.firstLine = line - inRing;
    this.inRing = inRing;
    this.widthChars = widthChars;
    return true;
  }

  /** Ends the run: its whole lines that need reading, in order (pieces read quietly and not joined need none). */
  release(ring: LineRing, splitsKeyword?: (line: string, next: string) => boolean): WholeLine[] {
    const { pieces, firstLine, inRing } = this;
    if (pieces.length === 0) return [];
    this.pieces = [];
    if (pieces.length === 1) return [{ raw: pieces[0]!, pieces, line: firstLine, piecesInRing: 0 }];
    const lines = ring.toArray();
    const joins = joinsOf([...lines, ...pieces.slice(inRing)], lines.length - inRing, splitsKeyword);
    const whole: WholeLine[] = [];
    let start = 0;
    let raw = pieces[0]!;
    let otherRaw = raw;
    for (let i = 1; i <= pieces.length; i++) {
      const join = joins[i - 1];
      if (i < pieces.length && join !== undefined) {
        // A piece joins without the channel's mark it shares with the one before ("> ", "[rank3]: ").
        const piece = pieces[i]!.slice(sharedMarkLength(pieces[i - 1]!, pieces[i]!));
        raw += join.separator + piece;
        otherRaw += (join.otherSeparator ?? join.separator) + piece;
        continue;
      }
      if (i > inRing || start < i - 1) {
        whole.push({
          raw,
          ...(otherRaw !== raw ? { otherRaw } : {}),
          pieces: pieces.slice(start, i),
          line: firstLine + start,
          piecesInRing: Math.max(0, Math.min(inRing, i) - start),
        });
      }
      start = i;
      raw = pieces[i] ?? '';
      otherRaw = raw;
    }
    return whole;
  }
}
