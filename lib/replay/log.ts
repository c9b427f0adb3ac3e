/**
 * The record of one played game as plain JSON data: every line each seat wrote, the
 * referee's judgement of it, the position after it, the solution count where the referee
 * counted, each side's thinking time per move and its clock. A replay page shows it and
 * embeds it; `match --replay` also writes it beside the page, for bot developers' scripts.
 *
 * @module
 */

import type { GameResult, MoveLog, Seat, SolutionCount } from "../referee/mod.ts";

/** The `format` tag of a {@linkcode GameLog}; changes when the layout does. */
export const LOG_FORMAT = "sudokit-game-log/1";

/** What the match runner knows of one game, to make its log and its replay. */
export interface ReplayInput {
  /** The game's name: `sudoku` or `qttt`. */
  readonly game: string;
  /** The rule set (sudoku: `final` or `classic`). */
  readonly rules?: string;
  /** 1-based game number in the match. */
  readonly index: number;
  /** Who played, by seat (seat 0 moved first): the bots' commands. */
  readonly players: readonly [string, string];
  /** Short names by seat, e.g. `["B", "A"]` when bot B moved first (default `A`, `B`). */
  readonly labels?: readonly [string, string];
  /** Thinking time per game per seat, in milliseconds, when there was a limit. */
  readonly timeLimitMs?: number;
  /** The game's outcome, with its log. */
  readonly result: GameResult;
}

/**
 * One judged line of a {@linkcode GameLog}: the referee's {@linkcode MoveLog} as JSON
 * writes it (null where the log has nothing), with its step number and the clocks.
 */
export interface LoggedMove extends Omit<MoveLog, "ms" | "solutions"> {
  /** 1-based step number: the board after step k is `position`. */
  readonly step: number;
  /** Thinking time in milliseconds, or null for the referee's own moves. */
  readonly ms: number | null;
  /** Each seat's thinking time so far, in milliseconds, by seat. */
  readonly clockMs: readonly [number, number];
  /** Solutions of `position`, or null where the referee did not count them. */
  readonly solutions: SolutionCount | null;
}

/** One game as JSON data: players, every step, and the result. */
export interface GameLog {
  /** Always {@linkcode LOG_FORMAT}. */
  readonly format: typeof LOG_FORMAT;
  /** `sudoku` or `qttt`. */
  readonly game: string;
  /** The rule set, or null for a game that has one only. */
  readonly rules: string | null;
  /** 1-based game number in the match. */
  readonly index: number;
  /** The bots' commands, by seat (seat 0 moved first). */
  readonly players: readonly [string, string];
  /** Short names of the bots, by seat (`A` or `B`). */
  readonly labels: readonly [string, string];
  /** Thinking time per game per seat in milliseconds, or null. */
  readonly timeLimitMs: number | null;
  /** The position before the first step. */
  readonly start: string;
  /** Every line judged, in order. */
  readonly steps: readonly LoggedMove[];
  /** How the game ended. */
  readonly result: {
    /** Final status of each seat. */
    readonly statuses: readonly [string, string];
    /** Points of each seat. */
    readonly points: readonly [number, number];
    /** The moves as the competition's record lists them. */
    readonly moves: readonly string[];
    /** The record's last column: the solution (sudoku) or the final board (qttt). */
    readonly summary: string;
    /** Game-specific numbers per seat (qttt: `bonus`). */
    readonly extra: Readonly<Record<string, readonly [number, number]>>;
    /** Total thinking time of each seat in milliseconds. */
    readonly timeMs: readonly [number, number];
  };
}

/** Milliseconds kept to the microsecond: measurements are not finer, and JSON stays short. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * The log of a game from what the runner knows. A result without a log (from a game that
 * does not keep one) gives steps from its moves, each `OK`, positions from `positions`:
 * the game's own replay of its moves (see the game views of this folder).
 */
export function gameLog(
  input: ReplayInput,
  positions?: (start: string, moves: readonly string[]) => { start: string; after: string[] },
): GameLog {
  const r = input.result;
  let start = r.start ?? "";
  let entries: readonly MoveLog[] | undefined = r.log;
  if (entries === undefined) {
    const replayed = positions?.(start, r.moves) ?? { start, after: r.moves.map(() => "") };
    start = replayed.start;
    entries = r.moves.map((move, i) => ({
      seat: (i % 2) as Seat,
      move,
      status: "OK",
      reason: "",
      played: true,
      auto: false,
      position: replayed.after[i],
    }));
  }
  const clock: [number, number] = [0, 0];
  const steps = entries.map((e, i): LoggedMove => {
    if (e.ms !== undefined) clock[e.seat] += e.ms;
    return {
      step: i + 1,
      seat: e.seat,
      move: e.move,
      status: e.status,
      reason: e.reason,
      played: e.played,
      auto: e.auto,
      ms: e.ms === undefined ? null : roundMs(e.ms),
      clockMs: [roundMs(clock[0]), roundMs(clock[1])],
      position: e.position,
      solutions: e.solutions ?? null,
    };
  });
  return {
    format: LOG_FORMAT,
    game: input.game,
    rules: input.rules ?? null,
    index: input.index,
    players: [input.players[0], input.players[1]],
    labels: input.labels === undefined ? ["A", "B"] : [input.labels[0], input.labels[1]],
    timeLimitMs: input.timeLimitMs ?? null,
    start,
    steps,
    result: {
      statuses: [r.statuses[0], r.statuses[1]],
      points: [r.points[0], r.points[1]],
      moves: [...r.moves],
      summary: r.summary,
      extra: r.extra ?? {},
      timeMs: [roundMs(clock[0]), roundMs(clock[1])],
    },
  };
}

/** A JSON text for a `<script>` element: `<` written as `\u003c`, so no `</script>` ends it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/**
 * A log as JSON text for a file: one step per line, so that `grep`, `jq` and a diff read it
 * line by line; ends with a newline. `JSON.parse` gives back the log.
 */
export function logJson(log: GameLog): string {
  const { steps, result, ...head } = log;
  const field = (k: string, v: unknown) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  const lines = steps.map((s) => `    ${JSON.stringify(s)}`);
  const list = lines.length === 0 ? "[]" : `[\n${lines.join(",\n")}\n  ]`;
  // The steps go before the result, so the file reads in the order the game was played.
  const fields = [
    ...Object.entries(head).map(([k, v]) => field(k, v)),
    `  "steps": ${list}`,
    field("result", result),
  ];
  return `{\n${fields.join(",\n")}\n}\n`;
}
