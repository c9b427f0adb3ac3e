/**
 * The CodeCup 2024 protocol loop over a synchronous line interface, for the one-file
 * submission `dist/codecup.js` (see `codecup_d8.ts`): the competition runs it in V8's
 * `d8` shell, where input is `readline()` and output `print()`.
 *
 * It follows `play.ts`'s `runBot`: `Start` means the bot moves first, empty lines are
 * skipped, `Quit` or the end of input ends the game, a claim by the opponent ends it too
 * (the loop then waits for `Quit`), and the time from the script's start to the first
 * line counts as used (at most 3 s). The bot is the library's `SudokuBot`, the same as
 * `deno task play`.
 *
 * @module
 */

import { type Level, SudokuBot } from "../lib/sudoku_game/bot.ts";

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

/** Debug characters written per game at most (the competition keeps ~10,000). */
const DEBUG_MAX = 3_000;
/** Start-up time counted as used at most, as in `play.ts`. */
const STARTUP_MAX_MS = 3_000;

/** Play one game over `io`; returns when the input ends or says `Quit`. */
export function runCodecup(io: LineIo, options: CodecupOptions): void {
  const budget = options.totalMs ?? 30_000;
  const bot = new SudokuBot({
    level: options.level ?? "strong",
    seed: options.seed,
    now: () => io.now(),
    totalMs: budget,
  });
  let used = 0;
  let first = true;
  let over = false;
  let debugLeft = DEBUG_MAX;
  for (;;) {
    const raw = io.readline();
    if (raw === undefined || raw === null) break;
    const line = raw.trim();
    if (line === "") continue;
    if (line === "Quit") break;
    const t0 = io.now();
    if (first) {
      used += Math.min(Math.max(0, t0 - options.start), STARTUP_MAX_MS);
      first = false;
    }
    if (over) continue;
    if (line !== "Start") {
      if (line.endsWith("!")) {
        // The opponent claimed: the game is over; wait for Quit or the end of input.
        over = true;
        continue;
      }
      bot.opponent(line);
    }
    const reply = bot.move(budget - used);
    io.print(reply);
    const dt = io.now() - t0;
    used += dt;
    if (debugLeft > 0) {
      const info = bot.last;
      const text = `${reply} sols=${info.solutions}${info.exact ? "" : "+"} ${info.value} ` +
        `nodes=${info.nodes} ${dt.toFixed(0)}ms used=${(used / 1000).toFixed(2)}s`;
      const t = text.length > debugLeft ? text.slice(0, debugLeft) : text;
      debugLeft -= t.length + 1;
      io.printErr(t);
    }
    if (reply.endsWith("!")) over = true;
  }
}
