/**
 * Test helper: checks that the proof each chain step and guess records is one a person can
 * follow, on a plain candidate board replayed from the puzzle and the steps before it
 * (candidates as sets, houses as lists of cells, nothing of the solver's own): each link
 * holds on the board the step starts from, the conclusion follows from the links, and the
 * step removes exactly what the proof concludes.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Proof, Step } from "./board.ts";
import { houseName, type HumanTables } from "./tables.ts";

/** A plain candidate board: values, candidates as sets, houses as cell lists. */
class PlainBoard {
  readonly value: number[];
  readonly cand: Set<number>[];
  readonly houses = new Map<string, number[]>();

  constructor(puzzle: Uint8Array, readonly size: number, x: boolean) {
    const box = Math.round(Math.sqrt(size));
    const add = (name: string, cell: number) => {
      const list = this.houses.get(name) ?? [];
      list.push(cell);
      this.houses.set(name, list);
    };
    for (let c = 0; c < size * size; c++) {
      const r = Math.floor(c / size), k = c % size;
      add(`row ${r + 1}`, c);
      add(`column ${k + 1}`, c);
      if (box * box === size) add(`box ${Math.floor(r / box) * box + Math.floor(k / box) + 1}`, c);
      if (x && r === k) add("diagonal 1", c);
      if (x && r + k === size - 1) add("diagonal 2", c);
    }
    this.value = Array.from(puzzle);
    this.cand = this.value.map(() => new Set<number>());
    for (let c = 0; c < this.value.length; c++) {
      if (this.value[c] !== 0) continue;
      for (let d = 1; d <= size; d++) {
        if (!this.peers(c).some((p) => this.value[p] === d)) this.cand[c].add(d);
      }
    }
  }

  /** The houses holding cell c. */
  housesOf(c: number): number[][] {
    return [...this.houses.values()].filter((cells) => cells.includes(c));
  }

  peers(c: number): number[] {
    return [...new Set(this.housesOf(c).flat())].filter((p) => p !== c);
  }

  sees(a: number, b: number): boolean {
    return a !== b && this.housesOf(a).some((cells) => cells.includes(b));
  }

  place(c: number, d: number): void {
    this.value[c] = d;
    this.cand[c].clear();
    for (const p of this.peers(c)) this.cand[p].delete(d);
  }

  copy(): PlainBoard {
    const b = Object.create(PlainBoard.prototype) as PlainBoard;
    Object.assign(b, {
      size: this.size,
      value: [...this.value],
      cand: this.cand.map((s) => new Set(s)),
      houses: this.houses,
    });
    return b;
  }

  /** The cells of house h, by its name. */
  house(t: HumanTables, h: number): number[] {
    const cells = this.houses.get(houseName(t, h));
    assert.ok(cells !== undefined, `no house ${houseName(t, h)}`);
    return cells;
  }
}

/**
 * Replay `steps` from `puzzle` on a plain board and check the proof of every step that has
 * one; returns how many proofs were checked, by kind.
 */
export function checkProofs(
  puzzle: Uint8Array,
  size: number,
  x: boolean,
  steps: readonly Step[],
  t: HumanTables,
): Record<string, number> {
  const b = new PlainBoard(puzzle, size, x);
  const checked: Record<string, number> = {};
  for (const [k, s] of steps.entries()) {
    const chain = ["simple-colouring", "xy-chain", "forcing-chain", "guess"];
    assert.equal(s.proof !== undefined, chain.includes(s.technique), `step ${k}: ${s.technique}`);
    if (s.proof !== undefined) {
      checkProof(b, s, s.proof, t, `step ${k} (${s.technique})`);
      checked[s.proof.kind] = (checked[s.proof.kind] ?? 0) + 1;
    }
    for (const [c, d] of s.placements) b.place(c, d);
    for (const [c, d] of s.eliminations) b.cand[c].delete(d);
  }
  return checked;
}

function sameCells(a: Iterable<readonly [number, number]>, b: Iterable<readonly [number, number]>) {
  const key = (list: Iterable<readonly [number, number]>) =>
    [...list].map(([c, d]) => `${c}:${d}`).sort();
  return JSON.stringify(key(a)) === JSON.stringify(key(b));
}

function checkProof(b: PlainBoard, s: Step, p: Proof, t: HumanTables, where: string): void {
  switch (p.kind) {
    case "xy-chain": {
      const n = p.cells.length;
      assert.ok(n >= 2 && p.on.length === n, where);
      p.cells.forEach((c, i) => {
        const off = i === 0 ? p.digit : p.on[i - 1];
        assert.deepEqual([...b.cand[c]].sort(), [off, p.on[i]].sort(), `${where}: cell ${c}`);
        if (i > 0) assert.ok(b.sees(p.cells[i - 1], c), `${where}: link ${i}`);
      });
      assert.equal(p.on[n - 1], p.digit, where);
      const [first, last] = [p.cells[0], p.cells[n - 1]];
      const want: [number, number][] = [];
      for (let c = 0; c < b.value.length; c++) {
        if (b.cand[c].has(p.digit) && b.sees(c, first) && b.sees(c, last)) want.push([c, p.digit]);
      }
      assert.ok(s.eliminations.length > 0, where);
      assert.ok(sameCells(s.eliminations, want), where);
      return;
    }
    case "colouring": {
      const members = [...p.a, ...p.b];
      const colourOf = new Map(members.map((c) => [c, p.a.includes(c) ? "a" : "b"]));
      assert.equal(colourOf.size, members.length, `${where}: each cell one colour`);
      assert.equal(p.links.length, members.length - 1, `${where}: a tree of links`);
      const reached = new Set([p.links.length > 0 ? p.links[0][0] : members[0]]);
      for (const [from, to, h] of p.links) {
        const places: number[] = b.house(t, h).filter((c) => b.cand[c].has(p.digit));
        assert.deepEqual(places.sort(), [from, to].sort(), `${where}: conjugate pair`);
        assert.notEqual(colourOf.get(from), colourOf.get(to), `${where}: colours alternate`);
        assert.ok(reached.has(from) && !reached.has(to), `${where}: links in order`);
        reached.add(to);
      }
      assert.equal(reached.size, members.length, where);
      let want: [number, number][];
      if (p.wrap !== undefined) {
        const same = p.wrap.colour === "a" ? p.a : p.b;
        const inHouse = b.house(t, p.wrap.house).filter((c) => same.includes(c));
        assert.ok(inHouse.length >= 2, `${where}: a colour twice in the house`);
        want = same.map((c) => [c, p.digit]);
      } else {
        want = [];
        for (let c = 0; c < b.value.length; c++) {
          if (!b.cand[c].has(p.digit) || colourOf.has(c)) continue;
          if (p.a.some((m) => b.sees(c, m)) && p.b.some((m) => b.sees(c, m))) {
            want.push([c, p.digit]);
          }
        }
      }
      assert.ok(sameCells(s.eliminations, want), where);
      return;
    }
    case "forcing": {
      const [assumed, ...forced] = p.links;
      assert.equal(assumed.house, -2, where);
      assert.ok(b.cand[assumed.cell].has(assumed.digit), `${where}: a candidate is assumed`);
      const trial = b.copy();
      trial.place(assumed.cell, assumed.digit);
      for (const l of forced) {
        const at = `${where}: ${l.cell}=${l.digit}`;
        if (l.house === -1) {
          assert.deepEqual([...trial.cand[l.cell]], [l.digit], `${at}, a naked single`);
        } else {
          const places = trial.house(t, l.house).filter((c) => trial.cand[c].has(l.digit));
          assert.deepEqual(places, [l.cell], `${at}, a hidden single`);
        }
        trial.place(l.cell, l.digit);
      }
      const x = p.contradiction;
      if (x.house < 0) {
        assert.ok(trial.value[x.cell] === 0 && trial.cand[x.cell].size === 0, where);
      } else {
        const cells = trial.house(t, x.house);
        for (const d of x.digits) {
          const places = cells.filter((c) => trial.cand[c].has(d));
          assert.ok(!cells.some((c) => trial.value[c] === d), `${where}: ${d} not placed`);
          assert.deepEqual(places, x.cell < 0 ? [] : [x.cell], `${where}: places of ${d}`);
        }
        assert.equal(x.digits.length, x.cell < 0 ? 1 : 2, where);
      }
      assert.ok(sameCells(s.eliminations, [[assumed.cell, assumed.digit]]), where);
      return;
    }
    case "guess": {
      const [[c]] = s.placements;
      assert.deepEqual([...b.cand[c]].sort(), [...p.candidates], where);
      const fewest = Math.min(
        ...b.cand.filter((_, i) => b.value[i] === 0).map((set) => set.size),
      );
      assert.equal(p.candidates.length, fewest, `${where}: a cell of fewest candidates`);
    }
  }
}
