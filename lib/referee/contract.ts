/**
 * The game-neutral face of a referee, which the match runner drives.
 *
 * A two-player CodeCup game over a line protocol: the runner asks the game what to send to
 * the seat to move, relays the reply to `submit`, and stops when the game is over. Games
 * (CodeCup 2024 sudoku, CodeCup 2012 quantum tic-tac-toe) implement this interface; the
 * runner knows nothing else about them.
 *
 * @module
 */

/** Seat index: 0 moves first in a game, 1 second. */
export type Seat = 0 | 1;

/** The referee's judgement of one line a player wrote. */
export interface Judgement {
  /** Status name from the game's table, e.g. `OK`, `WIN`, `ILLEGAL`. */
  readonly status: string;
  /** Short human-readable reason; empty when the move was simply fine. */
  readonly reason: string;
}

/** How many solutions a sudoku position has, as far as the referee counted. */
export interface SolutionCount {
  /** Solutions found: the total when `exact`, else a lower bound (the counting limit). */
  readonly count: number;
  /** Whether `count` is the exact number of solutions. */
  readonly exact: boolean;
}

/**
 * One line a seat wrote (or failed to write in time), as the referee judged it: the data a
 * replay shows and a bot developer reads to see why a game was lost.
 */
export interface MoveLog {
  /** The seat that wrote it (or that the runner faulted). */
  readonly seat: Seat;
  /**
   * The move as recorded when `played`; else the line as written (escaped, cut to 40
   * characters), or empty for a fault the runner saw (`TIMEOUT`, `CRASH`).
   */
  readonly move: string;
  /** The judgement: `OK`, `WIN`, `LOSE`, `DRAW`, or the fault status. */
  readonly status: string;
  /** Why, in a few words; empty for a plain `OK`. */
  readonly reason: string;
  /** Whether the move counts in the game: it is then in `GameResult.moves`, in order. */
  readonly played: boolean;
  /** Whether the referee played it for a seat that faulted (qttt plays on for it). */
  readonly auto: boolean;
  /**
   * The position after it, in the game's text form: sudoku, 81 characters row by row (`.`
   * for empty); qttt, see `qtttPositionText`. Unchanged by a line that was not played.
   */
  readonly position: string;
  /** Solutions of `position`, where the referee knows them (sudoku only). */
  readonly solutions?: SolutionCount;
  /** Thinking time in milliseconds the runner measured for the line; absent for `auto`. */
  readonly ms?: number;
}

/** The final outcome of one game. */
export interface GameResult {
  /** Points of seat 0 and seat 1. */
  readonly points: readonly [number, number];
  /** Final status of seat 0 and seat 1 (`WIN`, `LOSE`, `DRAW`, or the fault status). */
  readonly statuses: readonly [string, string];
  /** Every line accepted as a move, in order, as it should be recorded. */
  readonly moves: readonly string[];
  /** Game-specific summary for the record (the final solution for sudoku, the board for qttt). */
  readonly summary: string;
  /** Game-specific extra numbers for the table (bonus points for qttt), per seat. */
  readonly extra?: Readonly<Record<string, readonly [number, number]>>;
  /** The position before the first move, in the game's text form (see `MoveLog.position`). */
  readonly start?: string;
  /** Every line judged, in order, with the position after it: the game's replay. */
  readonly log?: readonly MoveLog[];
}

/** One game in progress. */
export interface RefereeGame {
  /** The seat whose turn it is. Meaningless once `over`. */
  readonly turn: Seat;
  /** Whether the game has ended. */
  readonly over: boolean;
  /** The line to send to the seat to move before reading its reply (`Start` for the first). */
  message(): string;
  /**
   * Judge the reply of the seat to move and advance the game; `ms`, the thinking time the
   * runner measured for it, goes into the result's log.
   */
  submit(line: string, ms?: number): Judgement;
  /**
   * End the game for a fault the runner saw outside the rules: `TIMEOUT`, `CRASH`.
   * Games whose rules continue after a fault (qttt lets the referee play on for the
   * offender) handle that inside; the runner then keeps calling `message`/`submit` for the
   * other seat only while `over` is false and `autoplay(seat)` is true for the offender.
   * `ms`, the time the seat used on the turn it lost, goes into the result's log.
   */
  forfeit(seat: Seat, status: string, reason: string, ms?: number): void;
  /** Whether the referee now plays this seat itself (after a fault, in games that do that). */
  autoplay(seat: Seat): boolean;
  /** The move the referee plays for an `autoplay` seat. */
  autoMove(): string;
  /** The outcome; only valid once `over`. */
  result(): GameResult;
}

/** Creates fresh games of one kind for a match. */
export interface GameFactory {
  /** Name used on the command line (`sudoku`, `qttt`). */
  readonly name: string;
  /** A new game. */
  create(): RefereeGame;
  /** Per-game thinking time in seconds under the competition's rules. */
  readonly defaultTime: number;
  /** CSV header of the record file. */
  readonly csvHeader: string;
  /** One CSV row for a finished game; `players` are the two bot names by seat. */
  csvRow(index: number, players: readonly [string, string], result: GameResult): string;
}

/** Header of the CodeCup record files (`test-*-competition-*-games.csv`), used by both games. */
export const RECORD_HEADER =
  "Game,Round,IsSwiss,User1,Score1,Status1,User2,Score2,Status2,Moves,Solution";

/** Quote a CSV field when it needs it (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One game as a row of the CodeCup record layout ({@linkcode RECORD_HEADER}); `players`
 * by seat, User1 being the first mover, the result's summary in the last column.
 */
export function recordRow(
  index: number,
  round: number,
  players: readonly [string, string],
  r: GameResult,
): string {
  return [
    String(index),
    String(round),
    "match",
    csvField(players[0]),
    String(r.points[0]),
    r.statuses[0],
    csvField(players[1]),
    String(r.points[1]),
    r.statuses[1],
    r.moves.join(" "),
    r.summary,
  ].join(",");
}
