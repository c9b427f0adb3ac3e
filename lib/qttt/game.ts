/**
 * Rules engine of CodeCup 2012 quantum tic-tac-toe on a 4×4 board.
 *
 * Squares `A`..`P` are indices 0..15 row by row; a set of squares is one 16-bit integer.
 * Move k (1-based) belongs to X when k is odd and to O when k is even. Live quantum marks
 * form a forest: a mark that would close a cycle is held as *pending* until the next player
 * (the opponent of the closer) chooses the square it falls into, and then the whole
 * connected component collapses at once. Because the component with the closing mark has
 * exactly as many marks as squares, propagation gives every square of it exactly one mark,
 * so components never split; they only merge (a new mark) or vanish (a collapse).
 *
 * Rule decisions where the statement is silent:
 * - Lines of three for the bonus are all 24 runs of three consecutive squares on a row,
 *   column or diagonal, including the four short diagonals of length three (`BGL`, `EJO`,
 *   `CFI`, `HKN`): the statement says "rows, columns or diagonals of length three" and these
 *   are exactly diagonals of length three. Random play then gives mean scores of 13.2 (X)
 *   and 12.1 (O) as published; without the short diagonals it would be 12.8 and 11.8.
 * - When a collapse ends the game, the chooser writes the collapse letter alone; two more
 *   letters after it are tolerated and ignored ("he needn't" make the announcement), but
 *   they must still be letters `A`..`P`.
 * - When a collapse leaves exactly one uncollapsed square (it is then always O's move 16),
 *   O writes the collapse letter followed by the last square twice, e.g. `HPP`.
 *
 * @module
 */

/** Square names by index. */
export const SQUARE_NAMES = "ABCDEFGHIJKLMNOP";

/** All sixteen squares as a set. */
export const ALL = 0xffff;

/** Player index: 0 is X (odd move numbers), 1 is O (even move numbers). */
export type Player = 0 | 1;

/** Player letters by index. */
export const PLAYER_NAMES = ["X", "O"] as const;

function buildLines(): { four: number[]; three: number[]; boxes: number[] } {
  const four: number[] = [];
  const three: number[] = [];
  const boxes: number[] = [];
  const bit = (r: number, c: number) => 1 << (r * 4 + c);
  for (let i = 0; i < 4; i++) {
    let row = 0, col = 0;
    for (let j = 0; j < 4; j++) {
      row |= bit(i, j);
      col |= bit(j, i);
    }
    four.push(row, col);
  }
  four.push(bit(0, 0) | bit(1, 1) | bit(2, 2) | bit(3, 3));
  four.push(bit(0, 3) | bit(1, 2) | bit(2, 1) | bit(3, 0));
  // Every run of three in the four directions that fits on the board.
  const dirs = [[0, 1], [1, 0], [1, 1], [1, -1]];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      for (const [dr, dc] of dirs) {
        const r2 = r + 2 * dr, c2 = c + 2 * dc;
        if (r2 < 0 || r2 > 3 || c2 < 0 || c2 > 3) continue;
        three.push(bit(r, c) | bit(r + dr, c + dc) | bit(r2, c2));
      }
    }
  }
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      boxes.push(bit(r, c) | bit(r, c + 1) | bit(r + 1, c) | bit(r + 1, c + 1));
    }
  }
  return { four, three, boxes };
}

const BUILT = buildLines();
/** The ten lines of four (rows, columns, two long diagonals) as square sets. */
export const LINES4: readonly number[] = BUILT.four;
/** The 24 runs of three consecutive squares (rows, columns, all diagonals) as square sets. */
export const LINES3: readonly number[] = BUILT.three;
/** The nine 2×2 blocks as square sets. */
export const BOXES: readonly number[] = BUILT.boxes;

const POP = new Uint8Array(1 << 16);
for (let i = 1; i < POP.length; i++) POP[i] = POP[i >> 1] + (i & 1);

/** Number of squares in a set. */
export function popcount16(x: number): number {
  return POP[x & 0xffff];
}

/** Index of the lowest square of a non-empty set. */
export function lowest(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The k-th (0-based) square of a set, in index order. */
export function nthSquare(set: number, k: number): number {
  let s = set;
  for (let i = 0; i < k; i++) s &= s - 1;
  return lowest(s);
}

/** Whether some line of four lies inside a set of squares. */
export function hasLine4(set: number): boolean {
  for (let i = 0; i < 10; i++) if ((set & LINES4[i]) === LINES4[i]) return true;
  return false;
}

/** Bonus points of a set of owned squares: 1 per run of three, 2 per full 2×2 block. */
export function bonusOf(set: number): number {
  let b = 0;
  for (let i = 0; i < LINES3.length; i++) if ((set & LINES3[i]) === LINES3[i]) b++;
  for (let i = 0; i < 9; i++) if ((set & BOXES[i]) === BOXES[i]) b += 2;
  return b;
}

/** Final result of a finished game. */
export interface Outcome {
  /** 0 when X has the (first) line of four, 1 for O, -1 when nobody has one. */
  readonly winner: -1 | Player;
  /** Whether both players got a line of four in the same collapse (15/5 scoring). */
  readonly double: boolean;
  /** Total points of X and O, bonus included. */
  readonly points: readonly [number, number];
  /** Bonus points of X and O. */
  readonly bonus: readonly [number, number];
}

/**
 * A game position: classical squares, live quantum marks, and a pending collapse.
 *
 * Mutable and allocation-free in its hot methods so that playouts can run on a scratch copy
 * (`copyFrom`). Methods assume legal input; `applyTurn` is the checked entry point.
 */
export class Qttt {
  /** Squares holding a classical X. */
  xs = 0;
  /** Squares holding a classical O. */
  os = 0;
  /** Number of quantum marks placed so far (the next mark is move `moves + 1`). */
  moves = 0;
  /** Squares of the cycle-closing mark (move `moves`) awaiting collapse, or -1. */
  pendingA: number = -1;
  /** Second square of the pending mark, or -1. */
  pendingB: number = -1;
  /** Whether the game has ended. */
  over = false;
  /** Move number of the classical mark on each square (0 when none). */
  readonly moveAt: Uint8Array = new Uint8Array(16);
  /** Squares joined to each square by a live quantum mark. */
  readonly adj: Uint16Array = new Uint16Array(16);
  /** The entanglement component of each uncollapsed square, as a set (itself when alone). */
  readonly comp: Uint16Array = new Uint16Array(16);
  /** Move number of the live mark between squares i and j at `i * 16 + j` (0 when none). */
  readonly edge: Uint8Array = new Uint8Array(256);

  /** The empty board, X to move. */
  constructor() {
    for (let s = 0; s < 16; s++) this.comp[s] = 1 << s;
  }

  /** A deep copy. */
  clone(): Qttt {
    const q = new Qttt();
    q.copyFrom(this);
    return q;
  }

  /** Overwrite this position with another, without allocating. */
  copyFrom(o: Qttt): void {
    this.xs = o.xs;
    this.os = o.os;
    this.moves = o.moves;
    this.pendingA = o.pendingA;
    this.pendingB = o.pendingB;
    this.over = o.over;
    this.moveAt.set(o.moveAt);
    this.adj.set(o.adj);
    this.comp.set(o.comp);
    this.edge.set(o.edge);
  }

  /** Uncollapsed squares (no classical mark). */
  free(): number {
    return ~(this.xs | this.os) & ALL;
  }

  /** The player to act: the one choosing a pending collapse, or else the one to move. */
  toMove(): Player {
    return (this.moves & 1) as Player;
  }

  /** Whether a collapse choice is pending. */
  pending(): boolean {
    return this.pendingA >= 0;
  }

  /** Whether the player to move must claim the single uncollapsed square left. */
  lastSquare(): boolean {
    return !this.over && this.pendingA < 0 && popcount16(this.free()) === 1;
  }

  /**
   * Place the next quantum mark on squares a ≠ b (both uncollapsed); true when it closed a
   * cycle, which is then pending until `collapse`.
   */
  place(a: number, b: number): boolean {
    const k = ++this.moves;
    if (this.comp[a] === this.comp[b]) {
      this.pendingA = a;
      this.pendingB = b;
      return true;
    }
    this.edge[a * 16 + b] = k;
    this.edge[b * 16 + a] = k;
    this.adj[a] |= 1 << b;
    this.adj[b] |= 1 << a;
    const m = this.comp[a] | this.comp[b];
    for (let s = m; s !== 0; s &= s - 1) this.comp[lowest(s)] = m;
    return false;
  }

  /** Resolve the pending collapse: the closing mark falls into `sq`, then everything linked. */
  collapse(sq: number): void {
    this.pendingA = this.pendingB = -1;
    this.#setClassical(sq, this.moves);
    let frontier = 1 << sq;
    while (frontier !== 0) {
      const s = lowest(frontier);
      frontier &= frontier - 1;
      let nb = this.adj[s];
      this.adj[s] = 0;
      while (nb !== 0) {
        const n = lowest(nb);
        nb &= nb - 1;
        const m = this.edge[s * 16 + n];
        this.edge[s * 16 + n] = 0;
        this.edge[n * 16 + s] = 0;
        this.adj[n] &= ~(1 << s);
        this.#setClassical(n, m);
        frontier |= 1 << n;
      }
    }
    if (hasLine4(this.xs) || hasLine4(this.os) || this.free() === 0) this.over = true;
  }

  /** O's move 16 on the single square left: both marks there, the square becomes O's. */
  claimLast(): void {
    const k = ++this.moves;
    this.#setClassical(lowest(this.free()), k);
    this.over = true;
  }

  #setClassical(s: number, move: number): void {
    if (move & 1) this.xs |= 1 << s;
    else this.os |= 1 << s;
    this.moveAt[s] = move;
  }

  /** Lowest "highest move number" over a player's lines of four, or 99 when it has none. */
  firstLine(p: Player): number {
    const set = p === 0 ? this.xs : this.os;
    let best = 99;
    for (let i = 0; i < 10; i++) {
      const l = LINES4[i];
      if ((set & l) !== l) continue;
      let hi = 0;
      for (let s = l; s !== 0; s &= s - 1) hi = Math.max(hi, this.moveAt[lowest(s)]);
      if (hi < best) best = hi;
    }
    return best;
  }

  /** Scores of the position as if it were final (call once `over`). */
  outcome(): Outcome {
    const bx = bonusOf(this.xs), bo = bonusOf(this.os);
    const fx = this.firstLine(0), fo = this.firstLine(1);
    if (fx === 99 && fo === 99) {
      return { winner: -1, double: false, points: [10 + bx, 10 + bo], bonus: [bx, bo] };
    }
    if (fx !== 99 && fo !== 99) {
      const w: Player = fx < fo ? 0 : 1;
      const points: [number, number] = w === 0 ? [15 + bx, 5 + bo] : [5 + bx, 15 + bo];
      return { winner: w, double: true, points, bonus: [bx, bo] };
    }
    const w: Player = fx !== 99 ? 0 : 1;
    const points: [number, number] = w === 0 ? [20 + bx, bo] : [bx, 20 + bo];
    return { winner: w, double: false, points, bonus: [bx, bo] };
  }

  /** Score difference X minus O of a finished game, without allocating. */
  scoreDiff(): number {
    const fx = this.firstLine(0), fo = this.firstLine(1);
    let d = bonusOf(this.xs) - bonusOf(this.os);
    if (fx !== 99 && fo !== 99) d += fx < fo ? 10 : -10;
    else if (fx !== 99) d += 20;
    else if (fo !== 99) d -= 20;
    return d;
  }

  /** The board as 16 characters: `X`, `O`, or `.` for an uncollapsed square. */
  board(): string {
    let s = "";
    for (let i = 0; i < 16; i++) {
      s += (this.xs >> i) & 1 ? "X" : (this.os >> i) & 1 ? "O" : ".";
    }
    return s;
  }
}

/** A parsed turn: optional collapse square, then a move (two squares) or nothing. */
export interface Turn {
  /** Square the pending mark falls into, or -1. */
  readonly collapse: number;
  /** First square of the new mark, or -1 when the turn places none. */
  readonly a: number;
  /** Second square of the new mark, or -1. */
  readonly b: number;
}

/** What a legal turn did. */
export interface TurnEffect {
  /** Whether the new mark closed a cycle (the next input then carries `!`). */
  readonly cycle: boolean;
  /** Whether the game is over after the turn. */
  readonly over: boolean;
  /** The turn as it should be recorded (extra letters after a game-ending collapse dropped). */
  readonly text: string;
}

function squareIndex(ch: string): number {
  return ch.length === 1 ? SQUARE_NAMES.indexOf(ch) : -1;
}

/** Split an input line into the opponent's output and whether it ends with `!`. */
export function parseInput(line: string): { turn: string; cycle: boolean } {
  const t = line.trim();
  return t.endsWith("!") ? { turn: t.slice(0, -1), cycle: true } : { turn: t, cycle: false };
}

/** Format a turn as the protocol writes it. */
export function formatTurn(collapse: number, a: number, b: number): string {
  return (collapse >= 0 ? SQUARE_NAMES[collapse] : "") +
    (a >= 0 ? SQUARE_NAMES[a] + SQUARE_NAMES[b] : "");
}

/**
 * Check a turn written by the player to act against the position; the parsed turn, or the
 * reason it is illegal. Does not change the position.
 */
export function checkTurn(q: Qttt, text: string): Turn | string {
  if (q.over) return "the game is already over";
  const t = text.trim();
  if (t.length === 0) return "empty turn";
  for (const ch of t) {
    if (squareIndex(ch) < 0) return `malformed turn "${t}": expected letters A..P`;
  }
  let collapse = -1;
  let rest = t;
  if (q.pending()) {
    const pa = SQUARE_NAMES[q.pendingA], pb = SQUARE_NAMES[q.pendingB];
    if (t.length === 2) {
      return `collapse letter missing: move ${q.moves} closed a cycle, choose ${pa} or ${pb} first`;
    }
    if (t.length !== 1 && t.length !== 3) {
      return `malformed turn "${t}": expected a collapse letter (${pa} or ${pb}) and two squares`;
    }
    collapse = squareIndex(t[0]);
    if (collapse !== q.pendingA && collapse !== q.pendingB) {
      return `collapse square ${t[0]} is not a square of the closing mark (${pa} or ${pb})`;
    }
    const after = q.clone();
    after.collapse(collapse);
    if (after.over) return { collapse, a: -1, b: -1 };
    if (t.length === 1) return `move missing after collapse letter ${t[0]}: the game goes on`;
    rest = t.slice(1);
    return checkPlacement(after, rest, collapse);
  }
  if (t.length !== 2) {
    return t.length === 3 || t.length === 1
      ? `unexpected collapse letter in "${t}": no cycle was closed`
      : `malformed turn "${t}": expected two squares`;
  }
  return checkPlacement(q, rest, collapse);
}

function checkPlacement(q: Qttt, rest: string, collapse: number): Turn | string {
  const a = squareIndex(rest[0]), b = squareIndex(rest[1]);
  const free = q.free();
  if (popcount16(free) === 1) {
    const last = lowest(free);
    if (a !== last || b !== last) {
      const n = SQUARE_NAMES[last];
      return `only square ${n} is left: O must play ${n}${n}`;
    }
    return { collapse, a, b };
  }
  if (a === b) return `same square ${rest[0]} twice`;
  if (!((free >> a) & 1)) return `square ${rest[0]} already holds a classical mark`;
  if (!((free >> b) & 1)) return `square ${rest[1]} already holds a classical mark`;
  return { collapse, a, b };
}

/** Apply a turn that `checkTurn` accepted. */
export function playTurn(q: Qttt, t: Turn): TurnEffect {
  if (t.collapse >= 0) {
    q.collapse(t.collapse);
    if (q.over) return { cycle: false, over: true, text: SQUARE_NAMES[t.collapse] };
  }
  let cycle = false;
  if (t.a === t.b) q.claimLast();
  else cycle = q.place(t.a, t.b);
  return { cycle, over: q.over, text: formatTurn(t.collapse, t.a, t.b) };
}

/** Check and apply a turn; the effect, or the reason it is illegal (position unchanged). */
export function applyTurn(q: Qttt, text: string): TurnEffect | string {
  const t = checkTurn(q, text);
  return typeof t === "string" ? t : playTurn(q, t);
}

/**
 * The first legal turn in letter order: collapse into the earlier square of the closing
 * mark, then the first pair of uncollapsed squares (or the last square twice). This is the
 * move the referee plays for a player that faulted.
 */
export function firstLegalTurn(q: Qttt): string {
  let collapse = -1;
  let after = q;
  if (q.pending()) {
    collapse = Math.min(q.pendingA, q.pendingB);
    after = q.clone();
    after.collapse(collapse);
    if (after.over) return SQUARE_NAMES[collapse];
  }
  const free = after.free();
  const a = lowest(free);
  const rest = free & (free - 1);
  const b = rest === 0 ? a : lowest(rest);
  return formatTurn(collapse, a, b);
}

/** Replay a game given as its outputs from the start; the position, or the first error. */
export function replay(turns: readonly string[]): { q: Qttt; cycles: boolean[] } | {
  error: string;
  index: number;
} {
  const q = new Qttt();
  const cycles: boolean[] = [];
  for (let i = 0; i < turns.length; i++) {
    const r = applyTurn(q, turns[i]);
    if (typeof r === "string") return { error: r, index: i };
    cycles.push(r.cycle);
  }
  return { q, cycles };
}
