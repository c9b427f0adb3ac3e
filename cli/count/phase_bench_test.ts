import assert from "node:assert/strict";
import { gridText, holedGrid, phaseGrids } from "./phase_bench.ts";
import { GridFormatParser, type ParseEvent, Rng } from "../../lib/grid/mod.ts";
import { plainSolutions } from "../../lib/human/test_util.ts";

Deno.test("holed grids: the share of holes asked for, in a grid that still has a completion", () => {
  for (const [size, variant, pct] of [[9, "sudoku", 50], [9, "x", 40], [7, "latin", 42]] as const) {
    const grid = holedGrid(size, variant, pct, new Rng(size));
    assert.equal(grid.filter((v) => v === 0).length, Math.round(size * size * pct / 100));
    if (variant !== "latin") {
      assert.ok(plainSolutions(grid, size, variant === "x", 1).length === 1);
      continue;
    }
    // Latin: the givens never repeat in a row or column.
    for (let i = 0; i < size; i++) {
      const row = grid.filter((v, x) => v && Math.floor(x / size) === i);
      const col = grid.filter((v, x) => v && x % size === i);
      assert.equal(new Set(row).size, row.length);
      assert.equal(new Set(col).size, col.length);
    }
  }
});

Deno.test("bench grids are written in the grid form count reads", () => {
  const [g] = phaseGrids(2, [[16, "sudoku", 60]]);
  assert.deepEqual(phaseGrids(2, [[16, "sudoku", 60]])[0].grid, g.grid);
  const events: ParseEvent[] = [];
  const parser = new GridFormatParser();
  for (const line of gridText(g).split("\n")) parser.feed(line, (e) => events.push(e));
  parser.finish();
  assert.equal(events.length, 2);
  const e = events[1];
  assert.ok(e.kind === "grid");
  assert.equal(e.grid.size, 16);
  assert.deepEqual(e.grid.cells, g.grid);
});
