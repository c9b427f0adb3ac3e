/**
 * The CodeCup 2024 two-player sudoku: positions, move notation and the referee's judgement
 * of one move, under the final rules or the earlier "classic" draft.
 *
 * Cells are row-major 0..80; row letters `A`..`I` run top to bottom, column letters
 * `a`..`i` left to right, so `Dg7` puts a 7 in row 3, column 6 (0-based). Every question
 * about solutions ("is one left?", "does some solution hold another digit here?", "is it
 * unique?") is answered exactly by {@linkcode countSolutions}, never by a deduction
 * technique.
 *
 * @module
 */

import { quoteInput } from "../text/mod.ts";
import { countSolutions } from "../solve/mod.ts";
import { findConflict } from "../grid/mod.ts";

/** Rule sets: `final` (in force for the competition) or `classic` (the earlier draft). */
export type Rules = "final" | "classic";

/** The rule set names, for option parsing. */
export const RULE_SETS: readonly Rules[] = ["final", "classic"];

/** The referee's statuses for one move, from the spec's table (`DRAW` is classic only). */
export type Status =
  | "OK"
  | "WIN"
  | "DRAW"
  | "ILLEGAL"
  | "DOUBLED_SOMEWHERE"
  | "NO_UNIQUE_CLAIM"
  | "NO_SOLUTIONS_LEFT"
  | "NO_SOLUTION_DECREASED";

/**
 * Points of the player at fault (or the claimant, or the mover) and of the other player,
 * for every status that ends a game, including the runner's `TIMEOUT` and `CRASH`.
 */
export const POINTS: Readonly<Record<string, readonly [number, number]>> = {
  WIN: [2, 1],
  DRAW: [1, 1],
  ILLEGAL: [0, 2],
  DOUBLED_SOMEWHERE: [0, 2],
  NO_UNIQUE_CLAIM: [0, 2],
  NO_SOLUTIONS_LEFT: [1, 2],
  NO_SOLUTION_DECREASED: [1, 2],
  TIMEOUT: [1, 2],
  CRASH: [0, 2],
};

/**
 * A parsed move: a digit placed in a cell, possibly with a `!` claim, or a lone `!` claim
 * (then `cell` is -1 and `digit` 0).
 */
export interface Move {
  /** Cell 0..80, or -1 for a lone claim. */
  readonly cell: number;
  /** Digit 1..9, or 0 for a lone claim. */
  readonly digit: number;
  /** Whether the move claims that exactly one solution is left. */
  readonly claim: boolean;
}

const ROWS = "ABCDEFGHI";
const COLS = "abcdefghi";

/** The form of a move, for messages about one that does not parse. */
export const MOVE_FORM = "a move is a row A-I, a column a-i and a digit 1-9, like Dg7";

/**
 * Parse a move in CodeCup notation: `Dg7`, `Dg7!` or `!`; undefined when it does not parse.
 *
 * Strict: no surrounding spaces, upper-case row, lower-case column (the runner trims lines
 * before judging them).
 */
export function parseMove(text: string): Move | undefined {
  if (text === "!") return { cell: -1, digit: 0, claim: true };
  if (text.length !== 3 && !(text.length === 4 && text[3] === "!")) return undefined;
  const r = ROWS.indexOf(text[0]);
  const c = COLS.indexOf(text[1]);
  const d = text.charCodeAt(2) - 48;
  if (r < 0 || c < 0 || d < 1 || d > 9) return undefined;
  return { cell: r * 9 + c, digit: d, claim: text.length === 4 };
}

/** The name of a cell, row letter then column letter: cell 33 is `Dg`. */
export function cellName(cell: number): string {
  return ROWS[Math.floor(cell / 9)] + COLS[cell % 9];
}

/** Print a move in CodeCup notation (the inverse of {@linkcode parseMove}). */
export function formatMove(move: Move): string {
  if (move.cell < 0) return "!";
  return cellName(move.cell) + String(move.digit) + (move.claim ? "!" : "");
}

/**
 * Parse a starting grid of 81 characters, row by row: `1`..`9` for a given, `0` or `.` for
 * an empty cell; undefined when it is not one.
 */
export function parseGrid81(text: string): Uint8Array | undefined {
  if (text.length !== 81) return undefined;
  const grid = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    const ch = text[i];
    if (ch === "." || ch === "0") continue;
    const d = ch.charCodeAt(0) - 48;
    if (d < 1 || d > 9) return undefined;
    grid[i] = d;
  }
  return grid;
}

/** Print a grid as 81 characters, `.` for empty cells. */
export function formatGrid81(grid: Uint8Array): string {
  let s = "";
  for (let i = 0; i < 81; i++) s += grid[i] === 0 ? "." : String(grid[i]);
  return s;
}

/** A game in progress: the givens so far, the moves that made them and the rule set. */
export class Position {
  /** The current givens, row-major, 0 for empty. */
  readonly grid: Uint8Array;
  /** The moves played so far from the starting grid, as printed by `formatMove`. */
  readonly moves: string[];
  /** Rule set the moves are judged under. */
  readonly rules: Rules;
  /**
   * A known solution of `grid`, or undefined. Only a shortcut for {@linkcode judge}: a
   * solution that holds (or lacks) a move's digit answers one of its two questions without
   * a search. It must be a solution of `grid` whenever it is set.
   */
  witness: Uint8Array | undefined;

  /** A position from a starting grid (default empty; copied) under a rule set. */
  constructor(rules: Rules = "final", start?: Uint8Array, moves: readonly string[] = []) {
    this.rules = rules;
    this.grid = start === undefined ? new Uint8Array(81) : Uint8Array.from(start);
    this.moves = [...moves];
  }

  /** The side to move: 0 for the player who moved first from the starting grid. */
  get turn(): 0 | 1 {
    return (this.moves.length & 1) as 0 | 1;
  }

  /** Number of filled cells. */
  get filled(): number {
    let n = 0;
    for (let i = 0; i < 81; i++) if (this.grid[i] !== 0) n++;
    return n;
  }

  /** An independent copy. */
  clone(): Position {
    const p = new Position(this.rules, this.grid, this.moves);
    p.witness = this.witness;
    return p;
  }

  /**
   * Record a move without judging it (judge first with {@linkcode judge}): place its digit
   * and append it to `moves`. `witness` is a solution of the new grid if one is known (the
   * verdict's), else the old witness is kept only while it still agrees with the grid.
   */
  play(move: Move, witness?: Uint8Array): void {
    if (move.cell >= 0) this.grid[move.cell] = move.digit;
    this.moves.push(formatMove(move));
    if (witness !== undefined) {
      this.witness = witness;
    } else if (this.witness !== undefined && move.cell >= 0) {
      if (this.witness[move.cell] !== move.digit) this.witness = undefined;
    }
  }
}

/** The referee's judgement of one move. */
export interface MoveVerdict {
  /** Status from the spec's table; `OK` lets the game go on. */
  readonly status: Status;
  /** Points of the mover and of the opponent when the move ends the game, else undefined. */
  readonly points?: readonly [number, number];
  /** Why, in a few words; empty for `OK`. */
  readonly reason: string;
  /** The parsed move, when it parsed. */
  readonly move?: Move;
  /** The 81-digit unique solution after a `WIN`. */
  readonly solution?: string;
  /** After `OK`: a solution of the position after the move (pass it to `Position.play`). */
  readonly witness?: Uint8Array;
}

/** Row, column and box of each cell. */
const ROW_OF = new Uint8Array(81);
const COL_OF = new Uint8Array(81);
const BOX_OF = new Uint8Array(81);
(function buildTables() {
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    ROW_OF[i] = r;
    COL_OF[i] = c;
    BOX_OF[i] = Math.floor(r / 3) * 3 + Math.floor(c / 3);
  }
})();

const FULL_MASK = 0x1ff;
/** All digits allowed everywhere; `judge` narrows one cell and restores it. */
const allowed = new Uint32Array(81).fill(FULL_MASK);
/** Scratch grid for "the position after the move", reused across calls. */
const after = new Uint8Array(81);

function ends(status: Status, reason: string, move?: Move, solution?: string): MoveVerdict {
  return { status, points: POINTS[status], reason, move, solution };
}

/**
 * Where `digit` already is among the units of `cell`: `row D`, `column g`, or
 * `the box of Dg (at Ei)`; undefined when it is in none.
 */
function doubledIn(grid: Uint8Array, cell: number, digit: number): string | undefined {
  const r = ROW_OF[cell], c = COL_OF[cell], b = BOX_OF[cell];
  for (let i = 0; i < 81; i++) {
    if (grid[i] !== digit) continue;
    if (ROW_OF[i] === r) return `row ${ROWS[r]}`;
  }
  for (let i = 0; i < 81; i++) {
    if (grid[i] !== digit) continue;
    if (COL_OF[i] === c) return `column ${COLS[c]}`;
  }
  for (let i = 0; i < 81; i++) {
    if (grid[i] !== digit) continue;
    if (BOX_OF[i] === b) return `the box of ${cellName(cell)} (at ${cellName(i)})`;
  }
  return undefined;
}

/** Count the completions of `grid` up to `limit`, keeping the first one in `first`. */
function count(grid: Uint8Array, limit: number, first?: Uint8Array): number {
  let seen = 0;
  const onSolution = first === undefined ? undefined : (s: Uint8Array) => {
    if (seen++ === 0) first.set(s);
  };
  return countSolutions(grid, 9, { limit, onSolution }).count;
}

function solutionText(s: Uint8Array): string {
  let t = "";
  for (let i = 0; i < 81; i++) t += String(s[i]);
  return t;
}

/**
 * Judge `move` (text or parsed) by the side to move in `position`, by the first rule it
 * breaks in the spec's order: ILLEGAL (does not parse, cell occupied), DOUBLED_SOMEWHERE,
 * NO_SOLUTIONS_LEFT, NO_SOLUTION_DECREASED (final rules only), then the claim (WIN or
 * NO_UNIQUE_CLAIM). Under classic rules a move that fills the grid without a claim is a
 * DRAW. Does not change `position`.
 */
export function judge(position: Position, move: string | Move): MoveVerdict {
  const grid = position.grid;
  let m: Move | undefined;
  if (typeof move === "string") {
    m = parseMove(move);
    if (m === undefined) {
      const form = `${MOVE_FORM} (Dg7! or a lone ! claims one solution is left)`;
      return ends("ILLEGAL", `cannot parse ${quoteInput(move, 24)}: ${form}`);
    }
  } else {
    m = move;
  }
  if (m.cell < 0) {
    const solution = new Uint8Array(81);
    const n = count(grid, 2, solution);
    if (n === 1) return ends("WIN", "one solution left", m, solutionText(solution));
    return ends("NO_UNIQUE_CLAIM", n === 0 ? "no solution left" : "two or more solutions left", m);
  }
  const { cell, digit } = m;
  const name = cellName(cell);
  if (grid[cell] !== 0) return ends("ILLEGAL", `cell ${name} already holds ${grid[cell]}`, m);
  const where = doubledIn(grid, cell, digit);
  if (where !== undefined) return ends("DOUBLED_SOMEWHERE", `${digit} is already in ${where}`, m);
  after.set(grid);
  after[cell] = digit;
  // Two questions: does some solution hold `digit` here, and (final rules) does some
  // solution hold another digit here? A known solution answers one of them for free.
  const known = position.witness;
  let witness: Uint8Array | undefined;
  let left: number;
  if (known !== undefined && known[cell] === digit && !m.claim) {
    left = 1;
    witness = known;
  } else {
    witness = new Uint8Array(81);
    left = count(after, m.claim ? 2 : 1, witness);
  }
  if (left === 0) return ends("NO_SOLUTIONS_LEFT", `no solution has ${digit} at ${name}`, m);
  if (position.rules === "final" && (known === undefined || known[cell] === digit)) {
    // Count the position before the move with this cell barred from `digit`.
    allowed[cell] = FULL_MASK & ~(1 << (digit - 1));
    let other: number;
    try {
      other = countSolutions(grid, 9, { limit: 1, allowed }).count;
    } finally {
      allowed[cell] = FULL_MASK;
    }
    if (other === 0) {
      return ends("NO_SOLUTION_DECREASED", `every solution has ${digit} at ${name}`, m);
    }
  }
  if (m.claim) {
    if (left === 1) return ends("WIN", "one solution left", m, solutionText(witness));
    return ends("NO_UNIQUE_CLAIM", "two or more solutions left", m);
  }
  if (position.rules === "classic") {
    let empty = 0;
    for (let i = 0; i < 81; i++) if (after[i] === 0) empty++;
    if (empty === 0) return ends("DRAW", "the grid is full and nobody claimed", m);
  }
  return { status: "OK", reason: "", move: m, witness };
}

/**
 * Why `grid` cannot be the position a game starts from, or undefined when it can: its
 * givens must not repeat in a row, column or box, and it must have a solution (the game
 * is a race towards the last one). `witness`, when given, receives a solution.
 */
export function startProblem(grid: Uint8Array, witness?: Uint8Array): string | undefined {
  const conflict = findConflict(grid, 9, "sudoku");
  if (conflict !== undefined) return `it breaks the rules: ${conflict}`;
  if (count(grid, 1, witness) === 0) return "it has no solution";
  return undefined;
}

/** Whether a status lets the game go on. */
export function continues(status: string): boolean {
  return status === "OK";
}
