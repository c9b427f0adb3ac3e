import assert from "node:assert/strict";
import { Generator, puzzleSeed, type Target } from "./generate.ts";
import { orbits, SYMMETRIES } from "./symmetry.ts";
import { formatLine } from "../grid/mod.ts";
import { HumanSolver, rate, RUNG } from "../human/mod.ts";
import { countSolutions } from "../solve/mod.ts";
import { plainMinimal, plainSolutions } from "../human/test_util.ts";

const ROOT = new URL("../../", import.meta.url);

/** Whether no orbit of clues can go with one solution left (plain reference). */
function plainMinimalAmong(grid: Uint8Array, size: number, groups: number[][]): boolean {
  const g = grid.slice();
  for (const orbit of groups) {
    if (orbit.some((c) => g[c] === 0)) continue;
    const saved = orbit.map((c) => g[c]);
    for (const c of orbit) g[c] = 0;
    const more = plainSolutions(g, size, false, 2).length;
    orbit.forEach((c, i) => (g[c] = saved[i]));
    if (more < 2) return false;
  }
  return true;
}

Deno.test("generated 9×9 puzzles: one solution, minimal, the level asked for", async (t) => {
  for (const level of ["simple", "easy", "intermediate", "expert"] as const) {
    await t.step(`100 ${level} puzzles`, () => {
      const g = new Generator({ size: 9, variant: "sudoku", target: level });
      for (let i = 0; i < 100; i++) {
        const made = g.generate(puzzleSeed(36, i))!;
        const { puzzle, solution } = made;
        const sols = plainSolutions(puzzle, 9, false, 2);
        assert.equal(sols.length, 1);
        assert.deepEqual(sols[0], solution);
        assert.ok(plainMinimal(puzzle, 9, false), formatLine(puzzle, 9));
        assert.equal(made.minimal, true);
        const r = rate(puzzle, 9);
        assert.ok(r.valid && r.level === level, formatLine(puzzle, 9));
        assert.equal(made.clues, puzzle.filter((d) => d !== 0).length);
      }
    });
  }
});

Deno.test("the recorded sample: the same puzzles, and QQWing's levels", async (t) => {
  const rows = Deno.readTextFileSync(new URL("testdata/generate/qqwing_sample.csv", ROOT))
    .split("\n").filter((l) => l !== "" && !l.startsWith("#")).map((l) => l.split(","));
  await t.step("QQWing rated each at the level asked for", () => {
    assert.equal(rows.length, 100);
    for (const [, asked, qqwing] of rows) assert.equal(qqwing, asked);
  });
  await t.step("the same seed gives the same puzzles (any machine)", () => {
    for (const level of ["simple", "easy", "intermediate", "expert"] as const) {
      const g = new Generator({ size: 9, variant: "sudoku", target: level });
      const want = rows.filter((r) => r[1] === level).map((r) => r[0]);
      const got = want.map((_, i) => formatLine(g.generate(puzzleSeed(2026, i))!.puzzle, 9));
      assert.deepEqual(got, want);
    }
  });
  await t.step("a puzzle's own seed gives it back as the first", () => {
    const g = new Generator({ size: 9, variant: "sudoku", target: "easy" });
    const third = g.generate(puzzleSeed(2026, 2))!;
    const again = new Generator({ size: 9, variant: "sudoku", target: "easy" });
    assert.deepEqual(again.generate(puzzleSeed(puzzleSeed(2026, 2), 0))!.puzzle, third.puzzle);
    assert.equal(puzzleSeed(77, 0), 77);
    assert.notEqual(puzzleSeed(77, 1), puzzleSeed(78, 1));
  });
});

Deno.test("symmetry: clues keep it, and no symmetric group can go", async (t) => {
  for (const symmetry of SYMMETRIES) {
    await t.step(symmetry, () => {
      const g = new Generator({ size: 9, variant: "sudoku", target: "any", symmetry });
      const groups = orbits(symmetry, 9);
      for (let i = 0; i < 10; i++) {
        const { puzzle } = g.generate(puzzleSeed(5, i))!;
        for (const orbit of groups) {
          const given = orbit.map((c) => puzzle[c] !== 0);
          assert.ok(given.every((x) => x === given[0]), `${symmetry}: ${formatLine(puzzle, 9)}`);
        }
        assert.equal(plainSolutions(puzzle, 9, false, 2).length, 1);
        assert.ok(plainMinimalAmong(puzzle, 9, groups));
      }
    });
  }
  await t.step("orbits cover every cell once", () => {
    for (const s of SYMMETRIES) {
      for (const size of [4, 9, 16]) {
        const all = orbits(s, size).flat().sort((a, b) => a - b);
        assert.deepEqual(all, Array.from({ length: size * size }, (_, i) => i));
      }
    }
    assert.deepEqual(orbits("rotate90", 4)[0], [0, 3, 12, 15]);
    assert.deepEqual(orbits("mirror", 4)[0], [0, 3]);
    assert.deepEqual(orbits("flip", 4)[0], [0, 12]);
  });
});

Deno.test("other sizes, Sudoku-X and finer targets", async (t) => {
  await t.step("Sudoku-X 9×9 at every level", () => {
    for (const level of ["simple", "easy", "intermediate", "expert"] as const) {
      const g = new Generator({ size: 9, variant: "x", target: level });
      for (let i = 0; i < 5; i++) {
        const { puzzle } = g.generate(puzzleSeed(9, i))!;
        assert.equal(plainSolutions(puzzle, 9, true, 2).length, 1);
        assert.ok(plainMinimal(puzzle, 9, true));
        const r = rate(puzzle, 9, { variant: "x" });
        assert.ok(r.valid && r.level === level);
      }
    }
  });
  await t.step("4×4 and 16×16: unique and minimal", () => {
    const g4 = new Generator({ size: 4, variant: "sudoku" });
    for (let i = 0; i < 20; i++) {
      const { puzzle } = g4.generate(puzzleSeed(4, i))!;
      assert.equal(plainSolutions(puzzle, 4, false, 2).length, 1);
      assert.ok(plainMinimal(puzzle, 4, false));
    }
    // Written by `sudokit generate --size 16 --seed 16 --count 3`.
    const lines = Deno.readTextFileSync(new URL("testdata/generate/sudoku16_sample.txt", ROOT))
      .split("\n").filter((l) => l.length === 256);
    const g16 = new Generator({ size: 16, variant: "sudoku" });
    const made = g16.generate(16)!;
    assert.equal(formatLine(made.puzzle, 16), lines[0]);
    assert.equal(made.minimal, true);
    // The plain reference takes minutes on a 16×16 (no propagation): the exact counter
    // says one solution, and the human solver reaches it without a guess.
    assert.equal(countSolutions(made.puzzle, 16, { limit: 2 }).count, 1);
    const solver = new HumanSolver(16, "sudoku");
    assert.ok(solver.solve(made.puzzle, RUNG.guess - 1) >= 0);
    assert.deepEqual(solver.board.value, made.solution);
  });
  await t.step("a hardest technique asked for is the hardest needed", () => {
    for (const target of ["hidden-single", "naked-pair", "xy-chain"] as Target[]) {
      const g = new Generator({ size: 9, variant: "sudoku", target });
      const made = g.generate(3)!;
      const r = rate(made.puzzle, 9);
      assert.ok(r.valid && r.hardest === target, `${target}: ${r.valid && r.hardest}`);
      assert.ok(plainMinimal(made.puzzle, 9, false));
    }
  });
  await t.step("a target the size cannot reach ends after the tries allowed", () => {
    const g = new Generator({ size: 4, variant: "sudoku", target: "expert", maxAttempts: 50 });
    assert.equal(g.generate(1), undefined);
  });
});
