/**
 * The chain techniques at the top of the ladder: simple colouring (one digit's conjugate
 * pairs, two colours), XY-chains (bivalue cells linked end to end), forcing chains (a
 * candidate whose singles run into a contradiction), and the guess that ends every solve
 * the ladder cannot finish.
 *
 * @module
 */

import { lowestBit, popcount } from "../grid/symbols.ts";
import type { CandidateBoard } from "./board.ts";

/** Scratch of the searches, grown to the largest grid seen. */
let colour = new Int8Array(0);
let queue = new Int32Array(0);
let parent = new Int32Array(0);

function scratch(cells: number, size: number): void {
  if (colour.length >= cells) return;
  colour = new Int8Array(cells);
  queue = new Int32Array(cells * size);
  parent = new Int32Array(cells * size);
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
        if (b.commit("simple-colouring", [], members.sort((x, y) => x - y), bit)) return true;
      }
      // Colour trap: a cell outside the chain that sees both colours.
      for (let c = 0; c < cells; c++) {
        if ((cand[c] & bit) === 0 || members.includes(c)) continue;
        let seen = 0;
        for (const m of members) if (sees[c * cells + m]) seen |= colour[m] > 0 ? 1 : 2;
        if (seen === 3) b.remove(c, bit);
      }
      if (b.commit("simple-colouring", [], members.sort((x, y) => x - y), bit)) return true;
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
          for (let p = s; p >= 0; p = parent[p]) chain.push((p / size) | 0);
          return b.commit("xy-chain", [], chain.reverse(), 1 << z);
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
        return b.commit("forcing-chain", [], [c], 1 << (d - 1));
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
  b.placeStep("guess", best, solution[best], -1);
  return true;
}
