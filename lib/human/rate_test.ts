import assert from "node:assert/strict";
import { rate } from "./rate.ts";
import { levelOf, levelRungs, LEVELS, RUNG, TECHNIQUES } from "./ladder.ts";
import { describeStep } from "./describe.ts";
import { humanTables } from "./tables.ts";
import type { Step } from "./board.ts";
import { plainSolutions } from "./test_util.ts";
import { checkProofs } from "./proof_test_util.ts";

const ROOT = new URL("../../", import.meta.url);

function text(path: string): string {
  return Deno.readTextFileSync(new URL(path, ROOT));
}

/** Puzzle lines of a one-line file, `.`/`0` empty, 1-9 then A-Z. */
function cells(line: string): Uint8Array {
  return Uint8Array.from(line, (ch) => (ch === "." || ch === "0" ? 0 : parseInt(ch, 36)));
}

/** QQWing's recorded levels: puzzle, level, source. */
function recorded(): { puzzle: string; level: string; source: string }[] {
  return text("testdata/rate/qqwing_levels.csv").split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const [puzzle, level, source] = l.split(",");
      return { puzzle, level, source };
    });
}

/** Check every step against the solution, and that the placements fill the grid. */
function checkSteps(puzzle: Uint8Array, solution: Uint8Array, steps: readonly Step[]): void {
  const grid = puzzle.slice();
  for (const s of steps) {
    for (const [c, d] of s.placements) {
      assert.equal(solution[c], d, `${s.technique} places ${d} in cell ${c}`);
      assert.equal(grid[c], 0, `${s.technique} places into a filled cell`);
      grid[c] = d;
    }
    for (const [c, d] of s.eliminations) {
      assert.notEqual(solution[c], d, `${s.technique} removes the solution's ${d} from ${c}`);
    }
    assert.ok(s.placements.length + s.eliminations.length > 0, `${s.technique} does something`);
  }
  assert.deepEqual(grid, solution);
}

Deno.test("the ladder and its levels", async (t) => {
  await t.step("every rung has one level, in QQWing's order", () => {
    assert.deepEqual(TECHNIQUES.map((_, r) => levelOf(r)).slice(0, 7), [
      "simple",
      "easy",
      "intermediate",
      "intermediate",
      "intermediate",
      "intermediate",
      "expert",
    ]);
    assert.deepEqual(levelRungs("intermediate"), [RUNG.pointing, RUNG["hidden-pair"]]);
    assert.deepEqual(levelRungs("expert"), [RUNG["x-wing"], RUNG.guess]);
    assert.deepEqual(LEVELS.map((l) => levelOf(levelRungs(l)[0])), LEVELS);
  });
});

Deno.test("rate gives QQWing's level on every puzzle of the recorded set", async (t) => {
  const set = recorded();
  await t.step("the set: at least 400 puzzles, every level, collections too", () => {
    assert.ok(set.length >= 400, `${set.length}`);
    for (const level of LEVELS) {
      assert.ok(set.filter((p) => p.level === level).length >= 100, level);
    }
    assert.ok(set.filter((p) => p.source !== "qqwing-generate").length >= 100);
  });
  await t.step("levels agree", () => {
    const wrong = set.filter((p) => {
      const r = rate(cells(p.puzzle), 9);
      return !r.valid || r.level !== p.level;
    });
    assert.deepEqual(wrong, []);
  });
});

Deno.test("every step is true of the solution", async (t) => {
  const set = recorded();
  const t9 = humanTables(9, "sudoku");
  await t.step("9×9: the recorded set, the solution by the plain reference", () => {
    let steps = 0;
    const used = new Set<string>();
    const proofs: Record<string, number> = {};
    for (const p of set) {
      const puzzle = cells(p.puzzle);
      const r = rate(puzzle, 9, { steps: true });
      assert.ok(r.valid);
      const [solution] = plainSolutions(puzzle, 9, false, 1);
      assert.deepEqual(r.solution, solution);
      checkSteps(puzzle, solution, r.steps!);
      for (const [kind, n] of Object.entries(checkProofs(puzzle, 9, false, r.steps!, t9))) {
        proofs[kind] = (proofs[kind] ?? 0) + n;
      }
      steps += r.steps!.length;
      for (const s of r.steps!) used.add(s.technique);
    }
    assert.ok(steps > 20000, `${steps}`);
    // Chains and guesses, each with a proof followed on a plain board (and colour wraps
    // and traps both).
    for (const kind of ["xy-chain", "colouring", "forcing", "guess"]) {
      assert.ok((proofs[kind] ?? 0) >= 10, `${kind}: ${JSON.stringify(proofs)}`);
    }
    // Every rung but the rarest was exercised.
    const rare = ["naked-quad", "jellyfish", "hidden-quad"];
    assert.deepEqual(TECHNIQUES.filter((t) => !used.has(t) && !rare.includes(t)), []);
  });
  await t.step("Sudoku-X: the diagonals are houses", () => {
    const lines = text("testdata/rate/sudokux9_andrebarbosa_8.txt").split("\n")
      .filter((l) => l.length === 81);
    for (const line of lines) {
      const puzzle = cells(line);
      const r = rate(puzzle, 9, { variant: "x", steps: true });
      assert.ok(r.valid);
      const [solution] = plainSolutions(puzzle, 9, true, 1);
      checkSteps(puzzle, solution, r.steps!);
      checkProofs(puzzle, 9, true, r.steps!, humanTables(9, "x"));
      // Under plain sudoku rules these have more solutions.
      assert.equal(rate(puzzle, 9).valid, false);
    }
  });
  await t.step("4×4 and 16×16", () => {
    const four = cells("1...........4..2".replace(/\./g, "0"));
    const sols = plainSolutions(four, 4, false, 2);
    const r4 = rate(four, 4, { steps: true });
    assert.equal(r4.valid, sols.length === 1);
    const unique4 = cells("...14....2....3.");
    const r = rate(unique4, 4, { steps: true });
    const ref = plainSolutions(unique4, 4, false, 2);
    assert.equal(ref.length, 1);
    assert.ok(r.valid);
    checkSteps(unique4, ref[0], r.steps!);
    const sixteen = text("testdata/generate/sudoku16_sample.txt").split("\n").filter((l) =>
      l.length === 256
    );
    for (const line of sixteen) {
      const puzzle = cells(line);
      const r16 = rate(puzzle, 16, { steps: true });
      assert.ok(r16.valid);
      checkSteps(puzzle, r16.solution, r16.steps!);
    }
  });
});

Deno.test("invalid puzzles and the words of steps", async (t) => {
  await t.step("no solution, several, clashing givens", () => {
    const empty = new Uint8Array(81);
    assert.deepEqual(rate(empty, 9), { valid: false, reason: "more than one solution" });
    const clash = new Uint8Array(81);
    clash[0] = 5;
    clash[1] = 5;
    const r = rate(clash, 9);
    assert.equal(r.valid, false);
    assert.match(!r.valid ? r.reason : "", /5/);
    // Row 1 holds 1..8, and 9 is in column 9 below: r1c9 has no digit left.
    const none = cells("12345678.........9" + ".".repeat(63));
    const n = rate(none, 9);
    assert.deepEqual(n, { valid: false, reason: "no solution" });
  });
  await t.step("a full grid needs nothing", () => {
    const full = cells(
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
    );
    const r = rate(full, 9);
    assert.ok(r.valid);
    assert.equal(r.hardest, undefined);
    assert.equal(r.level, "simple");
  });
  await t.step("steps read as a person writes them", () => {
    const puzzle = cells(
      "..756.13..26...9.53..9..87..7..9........86...86.2..7...1.67..............9231....",
    );
    const r = rate(puzzle, 9, { steps: true });
    assert.ok(r.valid && r.level === "intermediate");
    const t9 = humanTables(9, "sudoku");
    const lines = r.steps!.map((s) => describeStep(s, t9));
    assert.match(lines[0], /^naked-single: r\d+c\d+=\d$/);
    const pair = lines.find((l) => l.startsWith("naked-pair"))!;
    assert.match(
      pair,
      /^naked-pair \d\/\d in (row|column|box) \d \(r\dc\d r\dc\d\): (r\dc\d<>\d ?)+$/,
    );
    assert.ok(lines.some((l) => /^hidden-single in (row|column|box) \d: r\dc\d=\d$/.test(l)));
  });
});
