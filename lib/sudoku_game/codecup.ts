/**
 * The CodeCup 2024 protocol loop over a synchronous line interface, for the one-file
 * submission `dist/codecup.js` (see `cli/build/codecup_d8.ts`): the competition runs it in V8's
 * `d8` shell, where input is `readline()` and output `print()`.
 *
 * The protocol itself is the library's `BotSession` around its `SudokuBot`, the same as
 * `deno task play`: this loop only moves lines between it and the shell.
 *
 * @module
 */

import { type Level, SudokuBot } from "./bot.ts";
import { BotSession } from "./session.ts";

/** The shell's functions the loop uses (`d8`'s globals, or fakes in tests). */
export interface LineIo {
  /** The next input line without its newline; `undefined` or `null` at the end. */
  readline(): string | undefined | null;
  /** Write one line to standard output (the shell adds the newline and flushes). */
  print(line: string): void;
  /** Write one line of debug to standard error. */
  printErr(line: string): void;
  /** A clock in milliseconds (`Date.now` in the shell). */
  now(): number;
}

/** Settings of {@linkcode runCodecup}. */
export interface CodecupOptions {
  /** Bot strength (default `strong`). */
  level?: Level;
  /** Random seed. */
  seed: number;
  /** The game's time for this bot, in ms (default 30,000). */
  totalMs?: number;
  /** `io.now()` when the script started; the wait until the first line counts as used. */
  start: number;
}

/** Play one game over `io`; returns when the input ends, says `Quit` or breaks the rules. */
export function runCodecup(io: LineIo, options: CodecupOptions): void {
  const totalMs = options.totalMs ?? 30_000;
  const now = () => io.now();
  const bot = new SudokuBot({ level: options.level ?? "strong", seed: options.seed, now, totalMs });
  const session = new BotSession(bot, { totalMs, startedAt: options.start });
  bot.calibrate();
  session.ready(io.now());
  for (;;) {
    const raw = io.readline();
    if (raw === undefined || raw === null) break;
    const step = session.line(raw, io.now(), now);
    if (step.reply !== undefined) io.print(step.reply);
    if (step.debug !== undefined) io.printErr(step.debug);
    if (step.error !== undefined) io.printErr(`error: ${step.error}`);
    if (step.stop) break;
  }
}
