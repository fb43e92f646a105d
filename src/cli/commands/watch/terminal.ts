// The terminal side of `watch`: the alternate screen, a hidden cursor, raw keys; and putting all of it back
// on every way out (q, Ctrl-C, a signal, an error), so the shell is left as it was found.
import type { InputStream, OutputStream } from '../../io.js';

const enterAlternate = '\u001b[?1049h\u001b[?25l';
const leaveAlternate = '\u001b[?25h\u001b[?1049l';

/** How the user asked to stop: `q` (exit 0), or Ctrl-C / a signal (exit 130, 128 + signal). */
export type QuitReason = { key: 'q' } | { key: 'ctrl-c' } | { signal: NodeJS.Signals };

/** A live screen: draw frames; close restores the terminal and is safe to call twice. */
export interface Screen {
  readonly isInteractive: boolean;
  size(): { width: number; height: number };
  draw(lines: string[]): void;
  close(): void;
}

/** Takes over the terminal when stdout is one; otherwise frames are printed one after another. */
export function openScreen(options: {
  stdout: OutputStream;
  stdin: InputStream;
  onQuit: (reason: QuitReason) => void;
  /** Any other key pressed (one character, lower case), e.g. `s` to change the sort. */
  onKey?: (key: string) => void;
}): Screen {
  const { stdout, stdin, onQuit, onKey } = options;
  const isInteractive = Boolean(stdout.isTTY);
  const hasKeys = isInteractive && Boolean(stdin.isTTY);
  let isClosed = false;
  const onData = (data: Buffer): void => {
    const text = data.toString('utf8');
    if (text.includes('\u0003')) onQuit({ key: 'ctrl-c' });
    else if (/q/i.test(text)) onQuit({ key: 'q' });
    else for (const key of text.toLowerCase()) onKey?.(key);
  };
  const onSignal = (signal: NodeJS.Signals): void => onQuit({ signal });
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  // A crash must not leave the terminal in raw mode on the alternate screen.
  const restore = (): void => close();
  if (isInteractive) stdout.write(enterAlternate);
  if (hasKeys) {
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  }
  for (const signal of signals) process.on(signal, onSignal);
  process.on('exit', restore);

  function close(): void {
    if (isClosed) return;
    isClosed = true;
    for (const signal of signals) process.off(signal, onSignal);
    process.off('exit', restore);
    if (hasKeys) {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
    }
    if (isInteractive) stdout.write(leaveAlternate);
  }

  return {
    isInteractive,
    size: () => ({
      width: stdout.columns ?? 120,
      height: isInteractive ? (stdout.rows ?? 40) : Number.POSITIVE_INFINITY,
    }),
    draw: (lines) => {
      if (isClosed) return;
      // Home, each line then clear-to-end-of-line, then clear below: no flicker, no stale text.
      if (isInteractive)
        stdout.write(`\u001b[H${lines.map((line) => `${line}\u001b[K`).join('\r\n')}\u001b[J`);
      else stdout.write(`${lines.join('\n')}\n\n`);
    },
    close,
  };
}

/** The exit code for a way of quitting (DESIGN.md: 130 interrupted). */
export function exitCodeFor(reason: QuitReason): number {
  if ('key' in reason) return reason.key === 'q' ? 0 : 130;
  return reason.signal === 'SIGINT' ? 130 : reason.signal === 'SIGTERM' ? 143 : 129;
}
