import assert from "node:assert/strict";
import { blockSideOf, geometry, MAX_SIZE } from "./geometry.ts";

/** Reference: the b with b*b = n found by counting up, else 0. */
function refBlockSide(n: number): number {
  for (let b = 1; b * b <= n; b++) if (b * b === n) return b;
  return 0;
}

Deno.test("blockSideOf", async (t) => {
  await t.step("matches counting up for 0..4096", () => {
    for (let n = 0; n <= 4096; n++) assert.equal(blockSideOf(n), refBlockSide(n), `n=${n}`);
  });
  await t.step("1 is a perfect square, 2 and 3 are not", () => {
    assert.equal(blockSideOf(1), 1);
    assert.equal(blockSideOf(2), 0);
    assert.equal(blockSideOf(3), 0);
    assert.equal(blockSideOf(64), 8);
  });
});

Deno.test("geometry", async (t) => {
  await t.step("every table of every size 1..64 agrees with plain arithmetic", () => {
    assert.equal(MAX_SIZE, 64);
    for (let s = 1; s <= MAX_SIZE; s++) {
      const g = geometry(s);
      const b = refBlockSide(s);
      assert.equal(g.size, s);
      assert.equal(g.cells, s * s);
      assert.equal(g.blockSide, b);
      assert.equal(g.row.length, s * s);
      assert.equal(g.col.length, s * s);
      assert.equal(g.diagonal1.length, s);
      assert.equal(g.diagonal2.length, s);
      for (let r = 0; r < s; r++) {
        for (let c = 0; c < s; c++) {
          const i = r * s + c;
          assert.equal(g.row[i], r, `size ${s} cell ${i} row`);
          assert.equal(g.col[i], c, `size ${s} cell ${i} col`);
          if (b > 0) {
            // Blocks numbered left to right, top to bottom.
            const want = Math.floor(r / b) * b + Math.floor(c / b);
            assert.equal(g.block[i], want, `size ${s} cell ${i} block`);
          }
        }
      }
      const d1: number[] = [];
      const d2: number[] = [];
      for (let i = 0; i < s * s; i++) {
        const r = Math.floor(i / s);
        const c = i % s;
        if (r === c) d1.push(i);
        if (r + c === s - 1) d2.push(i);
      }
      assert.deepEqual(Array.from(g.diagonal1), d1, `size ${s} diagonal 1`);
      assert.deepEqual(Array.from(g.diagonal2), d2, `size ${s} diagonal 2`);
    }
  });

  await t.step("each block of a perfect-square size holds exactly S cells", () => {
    for (const s of [1, 4, 9, 16, 25, 36, 49, 64]) {
      const g = geometry(s);
      const counts = new Array(s).fill(0);
      for (let i = 0; i < g.cells; i++) counts[g.block[i]]++;
      assert.deepEqual(counts, new Array(s).fill(s), `size ${s}`);
    }
  });

  await t.step("odd sizes share the centre cell between both diagonals", () => {
    const g = geometry(5);
    assert.equal(g.diagonal1[2], 12);
    assert.equal(g.diagonal2[2], 12);
  });

  await t.step("is cached per size", () => {
    assert.equal(geometry(9), geometry(9));
    assert.notEqual(geometry(9), geometry(16));
  });

  await t.step("rejects sizes outside 1..64 and non-integers", () => {
    for (const bad of [0, -1, 65, 1000, 1.5, NaN, Infinity]) {
      assert.throws(() => geometry(bad), RangeError, `size ${bad}`);
    }
  });
});
