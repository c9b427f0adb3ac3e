/**
 * What a replay page needs from a game: its board as an SVG skeleton, every distinct cell
 * state once, and per step which state each cell is in. The page's script only swaps
 * precomputed states, so it knows nothing of any game.
 *
 * @module
 */

import type { GameLog } from "./log.ts";

/** One look of a cell: its `class` attribute and its inner SVG (local coordinates). */
export type CellState = readonly [cls: string, inner: string];

/** A board through a whole game. */
export interface BoardView {
  /** Distinct cell states; frames refer to them by index. */
  readonly states: readonly CellState[];
  /** Per step 0..n (0 the start), per cell in row-major order, the index of its state. */
  readonly frames: readonly (readonly number[])[];
  /** Per step, a remark on the position (a claim is possible, a cycle awaits), or empty. */
  readonly notes: readonly string[];
  /**
   * The board's `<svg id="board">` showing step `step`: each cell a
   * `<g data-cell="R,C" class="...">` (1-based) holding its value as text.
   */
  svg(step: number): string;
}

/** How a replay page draws and names one game. */
export interface GameView {
  /** The seats' names in this game: `first`/`second`, or `X`/`O`. */
  readonly seatNames: readonly [string, string];
  /** Whether the log counts solutions (a column of the move list). */
  readonly counts: boolean;
  /** The board through the game; throws a RangeError when the log does not replay. */
  board(log: GameLog): BoardView;
  /** The start and the position after each move, for a result that kept no log. */
  positions(start: string, moves: readonly string[]): { start: string; after: string[] };
}

/** Interns cell states, so that a frame is a list of small numbers. */
export class StateTable {
  readonly #index = new Map<string, number>();
  /** The states in order of first use. */
  readonly states: CellState[] = [];

  /** The index of a state, added when new. */
  of(cls: string, inner: string): number {
    const key = cls + "\n" + inner;
    let i = this.#index.get(key);
    if (i === undefined) {
      i = this.states.length;
      this.states.push([cls, inner]);
      this.#index.set(key, i);
    }
    return i;
  }
}

/** One cell of a board skeleton, placed at (x, y), in state `state`. */
export function cellSvg(r: number, c: number, x: number, y: number, state: CellState): string {
  return `<g data-cell="${r + 1},${c + 1}" transform="translate(${x} ${y})" class="${state[0]}">${
    state[1]
  }</g>`;
}
