import assert from "node:assert/strict";
import { randomLatinSquare } from "./latin.ts";
import { Rng } from "../grid/mod.ts";

/** Whether every row and column of `sq` holds 1..n once. */
function isLatin(sq: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const row = new Set<number>(), col = new Set<number>();
    for (let k = 0; k < n; k++) row.add(sq[i * n + k]), col.add(sq[k * n + i]);
    for (const set of [row, col]) {
      if (set.size !== n || [...set].some((v) => v < 1 || v > n)) return false;
    }
  }
  return true;
}

Deno.test("random Latin squares: Latin, reproducible, orders 1 to 24", () => {
  for (const n of [1, 2, 3, 5, 8, 13, 24]) {
    const sq = randomLatinSquare(n, new Rng(n));
    assert.equal(sq.length, n * n);
    assert.ok(isLatin(sq, n), `order ${n}`);
    assert.deepEqual(randomLatinSquare(n, new Rng(n)), sq);
  }
  assert.notDeepEqual(randomLatinSquare(8, new Rng(1)), randomLatinSquare(8, new Rng(2)));
});

Deno.test("random Latin squares of order 3: all 12, about equally often", () => {
  // 1,200 draws: each square 100 times expected; a shuffled cyclic square would reach all 12
  // too, so the bound is what checks the chain's mixing (a 6σ band of a binomial(1200, 1/12)).
  const rng = new Rng(3);
  const counts = new Map<string, number>();
  for (let k = 0; k < 1200; k++) {
    const key = randomLatinSquare(3, rng).join("");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  assert.equal(counts.size, 12);
  for (const n of counts.values()) assert.ok(n > 40 && n < 160, `${n}`);
});
