import assert from "node:assert/strict";
import { SeRater } from "./rate.ts";
import { describeHint } from "./describe.ts";
import { plainSolutions } from "../human/test_util.ts";

const ROOT = new URL("../../", import.meta.url);
/** 55 puzzles of Berthier's controlled-bias collection, one per SE rating from 1.2 to 9.1. */
const PUZZLES = Deno.readTextFileSync(new URL("testdata/rate/se_ratings.txt", ROOT))
  .split("\n")
  .filter((l) => l.length === 81)
  .map((l) => Uint8Array.from(l, (ch) => (ch >= "1" && ch <= "9" ? Number(ch) : 0)));

Deno.test("se rater: every step is true of the solution, and the numbers follow the path", () => {
  const rater = new SeRater();
  const rules = new Set<string>();
  for (const puzzle of PUZZLES) {
    const [solution] = plainSolutions(puzzle, 9, false, 1);
    const r = rater.rate(puzzle, true);
    const steps = r.steps!;
    const grid = puzzle.slice();
    let max = 0, ep = 0;
    const counts: Record<string, number> = {};
    for (const h of steps) {
      const wrong = h.cell >= 0
        ? h.digit !== solution[h.cell] || grid[h.cell] !== 0
        : h.elims.length === 0;
      if (wrong || h.elims.some((p) => (p % 9) + 1 === solution[Math.floor(p / 9)])) {
        assert.fail(`${describeHint(h)} in ${puzzle.join("")}`);
      }
      if (h.cell >= 0) grid[h.cell] = h.digit;
      max = Math.max(max, h.rating);
      if (ep === 0 && h.cell >= 0) ep = max;
      counts[h.rule] = (counts[h.rule] ?? 0) + 1;
      rules.add(h.rule);
    }
    assert.deepEqual(grid, solution, "the path fills the grid");
    assert.deepEqual([r.er, r.ep, r.ed], [max, ep, steps[0].rating]);
    assert.deepEqual(r.counts, counts);
    assert.equal(r.steps?.find((h) => h.rating === r.er)?.rule, r.hardest);
    // Without the path, the same numbers.
    const plain = rater.rate(puzzle);
    assert.deepEqual([plain.er, plain.ep, plain.ed, plain.hardest], [r.er, r.ep, r.ed, r.hardest]);
  }
  // The sample reaches the chains: a test of singles alone would pass above.
  for (
    const rule of ["Hidden Single", "Pointing", "XY-Wing", "Forcing Chain", "Cell Forcing Chains"]
  ) {
    assert.ok(rules.has(rule), rule);
  }
});

Deno.test("se rater: a rating cut short above a bound is a lower bound past it", () => {
  const rater = new SeRater();
  for (const puzzle of PUZZLES) {
    const full = rater.rate(puzzle);
    const cut = rater.rate(puzzle, false, 60);
    if (full.er <= 60) assert.deepEqual(cut, full);
    else assert.ok(cut.er > 60 && cut.er <= full.er, `${cut.er} ${full.er}`);
  }
});

Deno.test("se rater: a full grid rates 0, a grid with a conflict too", () => {
  const rater = new SeRater();
  const [solution] = plainSolutions(PUZZLES[0], 9, false, 1);
  assert.deepEqual(rater.rate(solution), { er: 0, ep: 0, ed: 0, hardest: undefined, counts: {} });
  const bad = new Uint8Array(81);
  bad[0] = bad[8] = 5;
  assert.deepEqual(rater.rate(bad), { er: 0, ep: 0, ed: 0, hardest: undefined, counts: {} });
});
