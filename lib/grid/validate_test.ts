import assert from "node:assert/strict";
import { describeDuplicate, type Duplicate, findConflict, findDuplicates } from "./validate.ts";
import { Rng } from "./random.ts";

/** Deterministic floats in [0, 1), so failures reproduce. */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

type Kind = "diagonal" | "block" | "column" | "row";

function isSquare(s: number): number {
  for (let b = 1; b * b <= s; b++) if (b * b === s) return b;
  return 0;
}

/** Whether 0-based cell (r, c) lies in unit u (0-based) of `kind` for size s. */
function inUnit(kind: Kind, u: number, r: number, c: number, s: number): boolean {
  const b = isSquare(s);
  switch (kind) {
    case "row":
      return r === u;
    case "column":
      return c === u;
    case "block":
      return Math.floor(r / b) === Math.floor(u / b) && Math.floor(c / b) === u % b;
    case "diagonal":
      return u === 0 ? r === c : r + c === s - 1;
  }
}

/** Reference: nested loops over kinds, units, values and cells, in report order. */
function refDuplicates(
  grid: Uint8Array,
  s: number,
  blocks = true,
  diagonals = true,
): Duplicate[] {
  const out: Duplicate[] = [];
  const kinds: Kind[] = [];
  if (diagonals) kinds.push("diagonal");
  if (blocks && isSquare(s) > 0) kinds.push("block");
  kinds.push("column", "row");
  for (const kind of kinds) {
    const units = kind === "diagonal" ? 2 : s;
    for (let u = 0; u < units; u++) {
      const byValue = new Map<number, [number, number][]>();
      for (let r = 0; r < s; r++) {
        for (let c = 0; c < s; c++) {
          const v = grid[r * s + c];
          if (v === 0 || !inUnit(kind, u, r, c, s)) continue;
          if (!byValue.has(v)) byValue.set(v, []);
          byValue.get(v)!.push([r + 1, c + 1]);
        }
      }
      for (let v = 1; v <= s; v++) {
        const cells = byValue.get(v);
        if (cells !== undefined && cells.length > 1) {
          out.push({ kind, unit: u + 1, value: v, cells });
        }
      }
    }
  }
  return out;
}

/**
 * A random grid of size s: a shuffled Latin square (rows and columns proper), then some
 * empties, then some deliberate duplicates copied within a row, column, block or diagonal;
 * sometimes plain random values instead.
 */
function randomGrid(s: number, rand: () => number): Uint8Array {
  const g = new Uint8Array(s * s);
  if (rand() < 0.15) {
    const density = rand();
    for (let i = 0; i < g.length; i++) g[i] = rand() < density ? 0 : 1 + Math.floor(rand() * s);
    return g;
  }
  const b = isSquare(s);
  // Perfect squares start from a sudoku (blocks proper too); shuffling whole rows and
  // columns keeps rows and columns proper but usually breaks blocks and diagonals.
  const shuffle = b === 0 || rand() < 0.5;
  const ident = (_: unknown, i: number) => i;
  const rows = Array.from({ length: s }, ident);
  const cols = Array.from({ length: s }, ident);
  if (shuffle) {
    rows.sort(() => rand() - 0.5);
    cols.sort(() => rand() - 0.5);
  }
  const syms = Array.from({ length: s }, (_, i) => i + 1).sort(() => rand() - 0.5);
  for (let r = 0; r < s; r++) {
    for (let c = 0; c < s; c++) {
      const k = b > 0 ? (b * (r % b) + Math.floor(r / b) + c) % s : (r + c) % s;
      g[rows[r] * s + cols[c]] = syms[k];
    }
  }
  const empty = [0, 0.05, 0.3, 0.7, 1][Math.floor(rand() * 5)];
  for (let i = 0; i < g.length; i++) if (rand() < empty) g[i] = 0;
  const copies = s === 1 ? 0 : Math.floor(rand() * 4);
  for (let k = 0; k < copies; k++) {
    const from = Math.floor(rand() * s * s);
    const r = Math.floor(from / s);
    const c = from % s;
    let to: number;
    const how = Math.floor(rand() * 4);
    if (how === 0) to = r * s + Math.floor(rand() * s);
    else if (how === 1) to = Math.floor(rand() * s) * s + c;
    else if (how === 2) {
      const d = Math.floor(rand() * s);
      to = d * s + (rand() < 0.5 ? d : s - 1 - d);
    } else to = Math.floor(rand() * s * s);
    g[to] = g[from] === 0 ? 1 + Math.floor(rand() * s) : g[from];
  }
  return g;
}

Deno.test("findDuplicates", async (t) => {
  await t.step(
    "matches the nested-loop reference on random grids of sizes 1..50 (and 51..64)",
    () => {
      const rand = rng(10);
      let nonEmpty = 0;
      for (let s = 1; s <= 64; s++) {
        const rounds = s <= 16 ? 40 : s <= 50 ? 8 : 2;
        for (let k = 0; k < rounds; k++) {
          const g = randomGrid(s, rand);
          const want = refDuplicates(g, s);
          if (want.length > 0) nonEmpty++;
          assert.deepEqual(findDuplicates(g, s), want, `size ${s} grid ${Array.from(g)}`);
        }
      }
      assert.ok(nonEmpty > 200, "the generator makes duplicates");
    },
  );

  await t.step("honours blocks/diagonals options", () => {
    const rand = rng(11);
    for (let s = 1; s <= 36; s++) {
      for (let k = 0; k < 6; k++) {
        const g = randomGrid(s, rand);
        for (const blocks of [false, true]) {
          for (const diagonals of [false, true]) {
            assert.deepEqual(
              findDuplicates(g, s, { blocks, diagonals }),
              refDuplicates(g, s, blocks, diagonals),
              `size ${s} blocks ${blocks} diagonals ${diagonals}`,
            );
          }
        }
      }
    }
  });

  await t.step("spec example: sample 2, grid 1", () => {
    const g = Uint8Array.from(
      (
        "2 5 0 0 3 0 9 0 1 0 1 2 0 0 4 0 0 0 4 0 7 0 0 0 2 0 8 0 0 5 2 0 0 0 0 0 " +
        "0 0 0 0 9 8 1 0 0 0 4 0 0 0 3 0 0 0 0 0 0 3 6 0 0 7 2 0 7 0 0 0 0 0 0 3 " +
        "9 0 3 0 0 0 6 0 4"
      ).split(" ").map(Number),
    );
    assert.deepEqual(findDuplicates(g, 9), [
      { kind: "diagonal", unit: 1, value: 2, cells: [[1, 1], [4, 4]] },
      { kind: "diagonal", unit: 2, value: 9, cells: [[5, 5], [9, 1]] },
      { kind: "block", unit: 1, value: 2, cells: [[1, 1], [2, 3]] },
    ]);
  });

  await t.step("a value three times in a unit is one duplicate listing three cells", () => {
    const g = new Uint8Array(16);
    g[0] = g[1] = g[3] = 2; // row 1
    assert.deepEqual(findDuplicates(g, 4), [
      { kind: "block", unit: 1, value: 2, cells: [[1, 1], [1, 2]] },
      { kind: "row", unit: 1, value: 2, cells: [[1, 1], [1, 2], [1, 4]] },
    ]);
  });

  await t.step("empty grid and size 1 have no duplicates", () => {
    assert.deepEqual(findDuplicates(new Uint8Array(81), 9), []);
    assert.deepEqual(findDuplicates(Uint8Array.of(1), 1), []);
    assert.deepEqual(findDuplicates(Uint8Array.of(0), 1), []);
  });
});

Deno.test("describeDuplicate words each kind as the report does", () => {
  const cells: [number, number][] = [[1, 1], [2, 2]];
  assert.equal(
    describeDuplicate({ kind: "diagonal", unit: 2, value: 9, cells }),
    "9 is repeated on diagonal 2",
  );
  assert.equal(
    describeDuplicate({ kind: "block", unit: 4, value: 3, cells }),
    "3 is duplicated in block 4",
  );
  assert.equal(
    describeDuplicate({ kind: "column", unit: 12, value: 25, cells }),
    "25 is repeated in column 12",
  );
  assert.equal(
    describeDuplicate({ kind: "row", unit: 7, value: 1, cells }),
    "1 is repeated in row 7",
  );
});

Deno.test("findConflict", async (t) => {
  const variants = [
    ["latin", false, false],
    ["sudoku", true, false],
    ["x", true, true],
  ] as const;
  await t.step("is set exactly when the reference finds a duplicate, per variant", () => {
    const rand = rng(12);
    for (let s = 1; s <= 50; s++) {
      const rounds = s <= 16 ? 40 : 6;
      for (let k = 0; k < rounds; k++) {
        const g = randomGrid(s, rand);
        for (const [variant, blocks, diagonals] of variants) {
          if (variant !== "latin" && isSquare(s) === 0) continue;
          const ref = refDuplicates(g, s, blocks, diagonals);
          const got = findConflict(g, s, variant);
          assert.equal(
            got !== undefined,
            findDuplicates(g, s, { blocks, diagonals }).length > 0,
            `size ${s} ${variant}: findConflict and findDuplicates disagree`,
          );
          if (ref.length === 0) {
            assert.equal(got, undefined, `size ${s} ${variant}: ${Array.from(g)}`);
          } else {
            assert.ok(
              got !== undefined && ref.map(describeDuplicate).includes(got),
              `size ${s} ${variant}: got ${got}, duplicates ${ref.map(describeDuplicate)}`,
            );
            // Its doc promises the first in report order.
            assert.equal(got, describeDuplicate(ref[0]));
          }
        }
      }
    }
  });

  await t.step("a diagonal-only repetition is a conflict for x only", () => {
    // A valid 4×4 sudoku whose diagonal 1 repeats 1 and 4.
    const g = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    assert.equal(findConflict(g, 4, "latin"), undefined);
    assert.equal(findConflict(g, 4, "sudoku"), undefined);
    assert.equal(findConflict(g, 4, "x"), "1 is repeated on diagonal 1");
  });

  await t.step("a block-only repetition is a conflict for sudoku and x, not latin", () => {
    const g = new Uint8Array(16);
    g[0] = 3;
    g[5] = 3;
    assert.equal(findConflict(g, 4, "latin"), undefined);
    assert.equal(findConflict(g, 4, "sudoku"), "3 is duplicated in block 1");
    assert.equal(findConflict(g, 4, "x"), "3 is repeated on diagonal 1");
  });

  await t.step("sudoku and x need a perfect-square size", () => {
    assert.throws(() => findConflict(new Uint8Array(36), 6, "sudoku"), RangeError);
    assert.throws(() => findConflict(new Uint8Array(36), 6, "x"), RangeError);
    assert.equal(findConflict(new Uint8Array(36), 6, "latin"), undefined);
  });
});
