/**
 * The CodeCup 2024 protocol of one game, as a line-in, line-out state machine around a
 * {@linkcode SudokuBot}; the drivers (`deno task play` on standard input, the one-file
 * submission on `d8`'s `readline()`) only move lines and read the clock.
 *
 * `Start` means the bot moves first; otherwise a line is the opponent's move, answered
 * with the bot's. Empty lines are skipped; `Quit` ends the game; a claim (`!`) by either
 * side ends it too (later lines are ignored until `Quit` or the end of input).
 *
 * Start-up: the referee's clock runs only on the bot's turn. The first player's turn
 * begins with `Start`, sent as the program starts, so the time from the start to that line
 * counts as used (at most 3 s). The second player's turn begins when the opponent's first
 * move arrives, seconds later (a slow opponent's start-up, its thinking): only the
 * program's own start-up (until the driver began to wait, see `ready`) counts then.
 *
 * @module
 */

import { BotInputError, type SudokuBot } from "./bot.ts";

/** What to do after one input line. */
export interface SessionStep {
  /** The bot's move to write, if any. */
  reply?: string;
  /** One line of debug for standard error, if any (already cut to the debug allowance). */
  debug?: string;
  /** Why the game cannot go on (the opponent's move is not acceptable), if so. */
  error?: string;
  /** Whether the driver should stop reading (`Quit`, or an error). */
  stop: boolean;
}

/** Settings of a {@linkcode BotSession}. */
export interface SessionOptions {
  /** The game's time for this bot, in ms. */
  totalMs: number;
  /** The clock's reading when the program started (0 for `performance.now`). */
  startedAt: number;
  /** Debug characters per game at most (default 3,000; the competition keeps ~10,000). */
  debugMax?: number;
}

/** Start-up time counted as used at most. */
const STARTUP_MAX_MS = 3_000;

/** One game of the protocol. */
export class BotSession {
  /** Time used so far, in ms. */
  used = 0;
  private readonly bot: SudokuBot;
  private readonly totalMs: number;
  private readonly startedAt: number;
  private debugLeft: number;
  private first = true;
  /** When the driver began to wait for the first line (the start when never told). */
  private readyAt: number;
  private over = false;

  /** A session driving `bot`. */
  constructor(bot: SudokuBot, options: SessionOptions) {
    this.bot = bot;
    this.totalMs = options.totalMs;
    this.startedAt = options.startedAt;
    this.debugLeft = options.debugMax ?? 3_000;
    this.readyAt = options.startedAt;
  }

  /** The driver begins to wait for the first line at clock reading `t`. */
  ready(t: number): void {
    if (this.first) this.readyAt = t;
  }

  /** Handle one input line, received when the clock read `t0`; `now` reads it again. */
  line(raw: string, t0: number, now: () => number): SessionStep {
    const line = raw.trim();
    if (line === "") return { stop: false };
    if (line === "Quit") return { stop: true };
    if (this.first) {
      // Moving first, the wait for `Start` is on the bot's clock; moving second, the wait
      // for the opponent's first move is not.
      const until = line === "Start" ? t0 : Math.min(this.readyAt, t0);
      this.used += Math.min(Math.max(0, until - this.startedAt), STARTUP_MAX_MS);
      this.first = false;
    }
    if (this.over) return { stop: false };
    if (line !== "Start") {
      if (line.endsWith("!")) {
        // The opponent claimed: the game is over; wait for Quit or the end of input.
        this.over = true;
        return { stop: false };
      }
      try {
        this.bot.opponent(line);
      } catch (e) {
        if (e instanceof BotInputError) return { error: e.message, stop: true };
        throw e;
      }
    }
    const reply = this.bot.move(this.totalMs - this.used);
    const dt = now() - t0;
    this.used += dt;
    if (reply.endsWith("!")) this.over = true;
    return { reply, debug: this.debugLine(reply, dt), stop: false };
  }

  /** The debug line of a move: what was known, the effort, the clock. */
  private debugLine(reply: string, dt: number): string | undefined {
    if (this.debugLeft <= 0) return undefined;
    const info = this.bot.last;
    const parts = [reply, info.phase];
    if (info.solutions !== undefined) {
      const n = Math.round(info.solutions);
      parts.push(info.exact ? `sols=${n}` : `sols~${n.toPrecision(2)}`);
    }
    if (info.value !== undefined) parts.push(info.value);
    if (info.nodes > 0) parts.push(`nodes=${info.nodes}`);
    if (info.threads !== undefined) parts.push(`threads=${info.threads}`);
    if (info.deadEnd) parts.push("deadend");
    if (info.refuted) parts.push(`lost=${info.refuted}`);
    if (info.defense !== undefined) parts.push(`def=${info.defense}`);
    if (info.speed !== undefined && info.speed !== 1) parts.push(`speed=${info.speed.toFixed(2)}`);
    if (info.noWasm) parts.push("nowasm");
    parts.push(`${dt.toFixed(0)}ms`, `used=${(this.used / 1000).toFixed(2)}s`);
    let text = parts.join(" ");
    if (text.length > this.debugLeft) text = text.slice(0, this.debugLeft);
    this.debugLeft -= text.length + 1;
    return text;
  }
}
