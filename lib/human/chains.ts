/**
 * The chain techniques at the top of the ladder: simple colouring (one digit's conjugate
 * pairs, two colours), XY-chains (bivalue cells linked end to end), forcing chains (a
 * candidate whose singles run into a contradiction), and the guess that ends every solve
 * the ladder cannot finish.
 *
 * @module
 */

import { lowestBit, popcount } from "../grid/mod.ts";
import {
  type CandidateBoard,
  type ChainLink,
  type Contradiction,
  digitsOf,
  type Proof,
  type SinglesTrace,
} from "./board.ts";

/** Scratch of the searches, grown to the largest grid seen. */
let colour = new Int8Array(0);
let queue = new Int32Array(0);
let parent = new Int32Array(0);
/** Per cell of a colouring, the cell and house it was coloured from. */
let linkFrom = new Int32Array(0);
let linkHouse = new Int32Array(0);

function scratch(cells: number, size: number): void {
  if (colour.length >= cells) return;
  colour = new Int8Array(cells);
  queue = new Int32Array(cells * size);
  parent = new Int32Array(cells * size);
  linkFrom = new Int32Array(cells);
  linkHouse = new Int32Array(cells);
}

/**
 * Simple colouring: for one digit, the cells of a chain of conjugate pairs (the digit's
 * only two places in a house) take two colours, one of which is true. Two cells of one
 * colour that see each other make that colour false (the digit leaves all its cells);
 * a cell that sees both colours loses the digit.
 */
export function simpleColouring(b: CandidateBoard): boolean {
  const { cand, t } = b;
  const { houses, size, cells, sees, cellHouses, perCell } = t;
  scratch(cells, size);
  for (let d = 0; d < size; d++) {
    const bit = 1 << d;
    colour.fill(0, 0, cells);
    for (let start = 0; start < cells; start++) {
      if ((cand[start] & bit) === 0 || colour[start] !== 0) continue;
      // Colour the component of `start` along conjugate pairs: 1 and -1.
      let head = 0, tail = 0;
      queue[tail++] = start;
      colour[start] = 1;
      while (head < tail) {
        const c = queue[head++];
        for (let k = 0; k < perCell; k++) {
          const h = cellHouses[c * perCell + k];
          if (h < 0) continue;
          let other = -1, n = 0;
          for (let i = 0; i < size; i++) {
            const x = houses[h * size + i];
            if (cand[x] & bit) {
              n++;
              if (x !== c) other = x;
            }
          }
          if (n !== 2 || colour[other] !== 0) continue;
          colour[other] = -colour[c];
          linkFrom[other] = c;
          linkHouse[other] = h;
          queue[tail++] = other;
        }
      }
      if (tail < 3) continue;
      const members = Array.from(queue.subarray(0, tail));
      // Colour wrap: a colour seen twice in one house is false.
      for (const side of [1, -1]) {
        const same = members.filter((c) => colour[c] === side);
        const clash = same.some((x) => same.some((y) => sees[x * cells + y] === 1));
        if (!clash) continue;
        for (const c of same) b.remove(c, bit);
        const proof = () => colouringProof(b, d + 1, members, side);
        if (b.commit("simple-colouring", [], sorted(members), bit, proof)) return true;
      }
      // Colour trap: a cell outside the chain that sees both colours.
      for (let c = 0; c < cells; c++) {
        if ((cand[c] & bit) === 0 || members.includes(c)) continue;
        let seen = 0;
        for (const m of members) if (sees[c * cells + m]) seen |= colour[m] > 0 ? 1 : 2;
        if (seen === 3) b.remove(c, bit);
      }
      const proof = () => colouringProof(b, d + 1, members, 0);
      if (b.commit("simple-colouring", [], sorted(members), bit, proof)) return true;
      // Mark the component done (colours stay set, so it is not walked again).
    }
  }
  return false;
}

/**
 * XY-chain: bivalue cells each seeing the next, linked by a digit they share, from a
 * cell {z,a} to a cell {y,z}: if the first is not z the last is, so z leaves every cell
 * that sees both ends. Found breadth first, so each chain is a shortest one.
 */
export function xyChain(b: CandidateBoard): boolean {
  const { cand, t } = b;
  const { peers, peerStart, sees, cells, size } = t;
  scratch(cells, size);
  // States (cell, digit true in it), numbered cell * size + digit.
  const seen = new Uint8Array(cells * size);
  for (let start = 0; start < cells; start++) {
    const sm = cand[start];
    if (popcount(sm) !== 2) continue;
    for (let zs = sm; zs !== 0; zs &= zs - 1) {
      const z = lowestBit(zs);
      const first = lowestBit(sm & ~(1 << z));
      seen.fill(0);
      let head = 0, tail = 0;
      const s0 = start * size + first;
      queue[tail++] = s0;
      seen[s0] = 1;
      parent[s0] = -1;
      while (head < tail) {
        const state = queue[head++];
        const c = (state / size) | 0;
        const on = state - c * size;
        const onBit = 1 << on;
        for (let i = peerStart[c]; i < peerStart[c + 1]; i++) {
          const q = peers[i];
          const qm = cand[q];
          if (q === start || popcount(qm) !== 2 || (qm & onBit) === 0) continue;
          const next = lowestBit(qm & ~onBit);
          const s = q * size + next;
          if (seen[s]) continue;
          seen[s] = 1;
          parent[s] = state;
          queue[tail++] = s;
          if (next !== z) continue;
          for (let x = 0; x < cells; x++) {
            if (sees[x * cells + start] && sees[x * cells + q]) b.remove(x, 1 << z);
          }
          if (!b.hasPending) continue;
          const chain: number[] = [];
          const on: number[] = [];
          for (let p = s; p >= 0; p = parent[p]) {
            chain.push((p / size) | 0);
            on.push((p % size) + 1);
          }
          chain.reverse();
          on.reverse();
          const proof = (): Proof => ({ kind: "xy-chain", digit: z + 1, cells: chain, on });
          return b.commit("xy-chain", [], chain, 1 << z, proof);
        }
      }
    }
  }
  return false;
}

/**
 * Forcing chain: a candidate whose placement, followed by naked and hidden singles, leads
 * to a contradiction is removed. Cells of fewest candidates are tried first.
 */
export function forcingChain(b: CandidateBoard): boolean {
  const { cand, t } = b;
  for (let want = 2; want <= t.size; want++) {
    for (let c = 0; c < t.cells; c++) {
      const m = cand[c];
      if (popcount(m) !== want) continue;
      for (let r = m; r !== 0; r &= r - 1) {
        const d = lowestBit(r) + 1;
        b.save();
        b.place(c, d);
        const holds = b.propagateSingles();
        b.restore();
        if (holds) continue;
        b.remove(c, 1 << (d - 1));
        return b.commit("forcing-chain", [], [c], 1 << (d - 1), () => forcingProof(b, c, d));
      }
    }
  }
  return false;
}

/**
 * Guess: place the solution's digit in the first cell of fewest candidates. Only with a
 * known solution; false otherwise.
 */
export function guess(b: CandidateBoard): boolean {
  const { cand, t, solution } = b;
  if (solution === undefined) return false;
  let best = -1, fewest = 33;
  for (let c = 0; c < t.cells; c++) {
    const p = cand[c] === 0 ? 33 : popcount(cand[c]);
    if (p < fewest) {
      fewest = p;
      best = c;
    }
  }
  if (best < 0 || (cand[best] & (1 << (solution[best] - 1))) === 0) return false;
  const proof: Proof | undefined = b.steps === undefined
    ? undefined
    : { kind: "guess", candidates: digitsOf(cand[best]) };
  b.placeStep("guess", best, solution[best], -1, proof);
  return true;
}

/** Cells in increasing order (a copy). */
function sorted(cells: readonly number[]): number[] {
  return [...cells].sort((x, y) => x - y);
}

/**
 * The proof of a colouring of `digit` whose cells are `members` (colours and links in the
 * scratch arrays): a wrap of colour `side` (1 or -1), or a trap (`side` 0).
 */
function colouringProof(
  b: CandidateBoard,
  digit: number,
  members: readonly number[],
  side: number,
): Proof {
  const { sees, cells, cellHouses, perCell } = b.t;
  const links = members.slice(1).map((m) => [linkFrom[m], m, linkHouse[m]] as const);
  const a = sorted(members.filter((m) => colour[m] > 0));
  const other = sorted(members.filter((m) => colour[m] < 0));
  if (side === 0) return { kind: "colouring", digit, links, a, b: other };
  // The house where two cells of the false colour meet.
  const same = side > 0 ? a : other;
  let house = -1;
  for (const x of same) {
    for (const y of same) {
      if (house >= 0 || sees[x * cells + y] !== 1) continue;
      for (let k = 0; k < perCell && house < 0; k++) {
        const h = cellHouses[x * perCell + k];
        for (let j = 0; j < perCell; j++) {
          if (h >= 0 && cellHouses[y * perCell + j] === h) house = h;
        }
      }
    }
  }
  return {
    kind: "colouring",
    digit,
    links,
    a,
    b: other,
    wrap: { house, colour: side > 0 ? "a" : "b" },
  };
}

/**
 * The proof of a forcing chain: digit d in cell c is tried again (the board is left as it
 * was), and of the singles it forces, those the contradiction rests on are kept.
 */
function forcingProof(b: CandidateBoard, c: number, d: number): Proof {
  const trace = new TrialTrace(b);
  b.save();
  trace.placing(c, d, -2);
  b.place(c, d);
  b.propagateSingles(trace);
  b.restore();
  return trace.proof();
}

/**
 * Follows a trial's singles: which link removed each candidate or filled each cell, so that
 * each single, and the contradiction, can name the links it rests on.
 */
class TrialTrace implements SinglesTrace {
  readonly #b: CandidateBoard;
  readonly #start: Int32Array;
  readonly #links: ChainLink[] = [];
  readonly #needs: number[][] = [];
  /** Per cell, the link that filled it, else -1. */
  readonly #filledBy: Int32Array;
  /** Per cell and digit (`cell * size + digit - 1`), the link that removed it, else -1. */
  readonly #removedBy: Int32Array;
  #end: { readonly at: Contradiction; readonly needs: number[] } | undefined;

  constructor(b: CandidateBoard) {
    this.#b = b;
    this.#start = b.cand.slice();
    this.#filledBy = new Int32Array(b.t.cells).fill(-1);
    this.#removedBy = new Int32Array(b.t.cells * b.t.size).fill(-1);
  }

  /** The links that took candidate d from cell y, or filled it. */
  #gone(y: number, d: number, into: number[]): void {
    const k = this.#filledBy[y] >= 0
      ? this.#filledBy[y]
      : this.#removedBy[y * this.#b.t.size + d - 1];
    if (k >= 0) into.push(k);
  }

  /** Why d can only go in c among house h's cells: every other place lost it. */
  #hidden(c: number, d: number, h: number, into: number[]): void {
    const { houses, size } = this.#b.t;
    for (let i = 0; i < size; i++) {
      const y = houses[h * size + i];
      if (y !== c && (this.#start[y] & (1 << (d - 1))) !== 0) this.#gone(y, d, into);
    }
  }

  /** Why cell c has nothing but `keep` left: every other candidate it started with went. */
  #naked(c: number, keep: number, into: number[]): void {
    for (const f of digitsOf(this.#start[c])) if (f !== keep) this.#gone(c, f, into);
  }

  placing(c: number, d: number, house: number): void {
    const needs: number[] = [];
    if (house === -1) this.#naked(c, d, needs);
    else if (house >= 0) this.#hidden(c, d, house, needs);
    const k = this.#links.length;
    const { cand, t } = this.#b;
    const bit = 1 << (d - 1);
    for (let i = t.peerStart[c]; i < t.peerStart[c + 1]; i++) {
      const q = t.peers[i];
      if ((cand[q] & bit) !== 0 && this.#removedBy[q * t.size + d - 1] < 0) {
        this.#removedBy[q * t.size + d - 1] = k;
      }
    }
    this.#filledBy[c] = k;
    this.#links.push({ cell: c, digit: d, house });
    this.#needs.push(needs);
  }

  contradiction(c: number, house: number, digits: readonly number[]): void {
    const needs: number[] = [];
    if (house < 0) this.#naked(c, 0, needs);
    else if (c < 0) this.#hidden(-1, digits[0], house, needs);
    else for (const d of digits) this.#hidden(c, d, house, needs);
    this.#end = { at: { cell: c, house, digits }, needs };
  }

  /** The assumption, the singles the contradiction needs (in order), and the contradiction. */
  proof(): Proof {
    const end = this.#end;
    if (end === undefined) throw new Error("a forcing chain's trial ended without a contradiction");
    const needed = new Uint8Array(this.#links.length);
    needed[0] = 1;
    for (const k of end.needs) needed[k] = 1;
    for (let k = this.#links.length - 1; k > 0; k--) {
      if (needed[k] === 1) { for (const j of this.#needs[k]) needed[j] = 1; }
    }
    return {
      kind: "forcing",
      links: this.#links.filter((_, k) => needed[k] === 1),
      contradiction: end.at,
    };
  }
}
