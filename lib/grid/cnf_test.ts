import assert from "node:assert/strict";
import { dimacs, gridCnf, modelGrid } from "./cnf.ts";
import type { Variant } from "./geometry.ts";
import { Rng } from "./random.ts";

/** Whether `a` and `b` share a unit under `variant` on a 4×4 grid (plain rules). */
function peers(a: number, b: number, variant: Variant): boolean {
  const [ra, ca, rb, cb] = [a >> 2, a & 3, b >> 2, b & 3];
  if (ra === rb || ca === cb) return true;
  if (variant === "latin") return false;
  if ((ra >> 1) === (rb >> 1) && (ca >> 1) === (cb >> 1)) return true;
  if (variant !== "x") return false;
  return (ra === ca && rb === cb) || (ra + ca === 3 && rb + cb === 3);
}

/** The completions of a 4×4 grid, by trying every digit in every empty cell in turn. */
function plainCount(grid: Uint8Array, variant: Variant): number {
  const empty = grid.indexOf(0);
  if (empty < 0) return 1;
  let n = 0;
  for (let d = 1; d <= 4; d++) {
    if (grid.some((v, x) => v === d && x !== empty && peers(x, empty, variant))) continue;
    grid[empty] = d;
    n += plainCount(grid, variant);
    grid[empty] = 0;
  }
  return n;
}

/**
 * The models of a DIMACS text: every assignment, variable by variable, dropping a partial
 * one as soon as a clause whose variables are all set is false.
 */
function plainModels(text: string): boolean[][] {
  const lines = text.trim().split("\n");
  const vars = Number(lines[0].split(" ")[2]);
  const clauses = lines.slice(1).map((l) => l.split(" ").map(Number).slice(0, -1));
  const byLast: number[][][] = Array.from({ length: vars + 1 }, () => []);
  for (const c of clauses) byLast[Math.max(0, ...c.map(Math.abs))].push(c);
  const value = [false];
  const models: boolean[][] = [];
  const holds = (c: number[]) => c.some((lit) => value[Math.abs(lit)] === lit > 0);
  const extend = (v: number) => {
    if (v > vars) {
      models.push(value.slice());
      return;
    }
    for (const b of [false, true]) {
      value[v] = b;
      if (byLast[v].every(holds)) extend(v + 1);
    }
    value.length = v;
  };
  if (byLast[0].length === 0) extend(1);
  return models;
}

Deno.test("the CNF of the empty 4×4 sudoku: 64 variables, 448 clauses", () => {
  // Per cell: 1 at-least-one and 6 pairs over 4 digits (16 × 7); per unit and digit: 1 and 6
  // pairs over 4 cells (12 units × 4 digits × 7).
  const cnf = gridCnf(new Uint8Array(16), 4, "sudoku");
  assert.equal(cnf.vars, 64);
  assert.equal(cnf.clauses, 16 * 7 + 12 * 4 * 7);
  assert.equal(cnf.body.split("\n").length - 1, cnf.clauses);
  assert.ok(dimacs(cnf, [[-1, -2]]).startsWith("p cnf 64 449\n"));
  assert.ok(dimacs(cnf, [[-1, -2]]).endsWith("\n-1 -2 0\n"));
});

Deno.test("a given leaves its peers' digit out: 4×4 Latin square, one given", () => {
  const grid = new Uint8Array(16);
  grid[0] = 1;
  const cnf = gridCnf(grid, 4, "latin");
  // 15 open cells, the 6 in row 1 or column 1 without digit 1.
  assert.equal(cnf.vars, 15 * 4 - 6);
  // Cells: 6 with 3 digits (1 + 3 pairs), 9 with 4 (1 + 6); units: the 2 with the given lack
  // 3 digits over 3 cells (1 + 3 each), digit 1 in the other 6 over 3 cells (1 + 3), their
  // other digits over 4 cells (1 + 6).
  assert.equal(cnf.clauses, 6 * 4 + 9 * 7 + 2 * 3 * 4 + 6 * 4 + 6 * 3 * 7);
});

Deno.test("the CNF's models are the grid's completions (4×4, brute force)", async (t) => {
  const rng = new Rng(45);
  for (const variant of ["sudoku", "x", "latin"] as const) {
    await t.step(variant, () => {
      const seen = new Set<number>();
      for (let k = 0; k < 60; k++) {
        // Random non-clashing givens, 3 to 10 of them: 0, 1 or several completions.
        const grid = new Uint8Array(16);
        const want = 3 + rng.below(8);
        for (let tries = 0; grid.filter((v) => v).length < want && tries < 200; tries++) {
          const x = rng.below(16), d = 1 + rng.below(4);
          if (grid[x] !== 0) continue;
          if (grid.some((v, y) => v === d && peers(x, y, variant))) continue;
          grid[x] = d;
        }
        const expected = plainCount(grid, variant);
        const cnf = gridCnf(grid, 4, variant);
        const models = plainModels(dimacs(cnf));
        assert.equal(models.length, expected, Array.from(grid).join(""));
        for (const m of models) {
          const full = modelGrid(cnf, grid, m);
          assert.equal(full.indexOf(0), -1);
          assert.equal(plainCount(full, variant), 1);
        }
        seen.add(Math.min(expected, 2));
      }
      assert.deepEqual([...seen].sort(), [0, 1, 2]);
    });
  }
});
