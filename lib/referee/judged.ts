/**
 * The verdict of one judged move of a two-player game, in one grammar for both CodeCup
 * games (2024 sudoku and 2012 quantum tic-tac-toe): `OK`, `STATUS M-O: reason` or
 * `STATUS: reason`, and the same as one JSON object.
 *
 * @module
 */

import { escapeText } from "../text/mod.ts";

/** One judged move, in the terms both games share. */
export interface Judged {
  /** Status name from the game's table (`OK`, `WIN`, `ILLEGAL`, ...). */
  readonly status: string;
  /** Points of the mover and of the opponent when the move settles them. */
  readonly points?: readonly [number, number];
  /** Why, in a few words; empty for `OK`. */
  readonly reason: string;
  /** The judged move as the game writes it. */
  readonly move: string;
  /** 1-based number of the judged move in its sequence. */
  readonly index: number;
  /** Whether the move is no fault of the mover's (exit status 0; a fault exits 1). */
  readonly good: boolean;
  /** The game's own JSON fields. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Result of judging one sequence: the verdict of its last move, or why it has none. */
export type SequenceOutcome =
  | { readonly kind: "verdict"; readonly judged: Judged }
  | { readonly kind: "error"; readonly message: string };

/** A move of the input as a message quotes it: escaped and cut. */
export function shownMove(text: string): string {
  return escapeText(text, 40);
}

/** The text form of a verdict in the shared grammar: `OK`, `STATUS M-O: reason`, `STATUS: reason`. */
export function formatJudged(j: Omit<Judged, "good"> & { good?: boolean }): string {
  const head = j.points === undefined ? j.status : `${j.status} ${j.points[0]}-${j.points[1]}`;
  return j.reason === "" ? head : `${head}: ${escapeText(j.reason)}`;
}

/**
 * The JSON form of a verdict (one line, without its newline); the move and the reason,
 * which may quote the input, are escaped and cut as in the text form.
 */
export function jsonJudged(j: Judged): string {
  return JSON.stringify({
    status: j.status,
    points: j.points === undefined ? null : [j.points[0], j.points[1]],
    reason: escapeText(j.reason),
    move: escapeText(j.move),
    index: j.index,
    ...j.extra,
  });
}
