import assert from "node:assert/strict";
import { SeGenerator } from "./generate.ts";
import { SeRater } from "./rate.ts";
import { puzzleSeed } from "../generate/mod.ts";
import { plainMinimal, plainSolutions } from "../human/test_util.ts";

Deno.test("se generator: unique, minimal puzzles rated in the band, one per seed", () => {
  const rater = new SeRater();
  const check = (min: number, max: number, seeds: number[]) => {
    const generator = new SeGenerator({ min, max });
    const seen = new Set<string>();
    for (const seed of seeds) {
      const found = generator.generate(seed);
      assert.ok(found !== undefined, `seed ${seed}`);
      const { puzzle, solution } = found.made;
      const line = puzzle.join("");
      assert.equal(plainSolutions(puzzle, 9, false, 2).length, 1, line);
      assert.deepEqual(plainSolutions(puzzle, 9, false, 1)[0], solution);
      assert.ok(plainMinimal(puzzle, 9, false), line);
      const again = rater.rate(puzzle);
      assert.equal(found.rating.er, again.er);
      assert.ok(again.er >= min && again.er <= max, `${again.er} ${line}`);
      // The tries of one puzzle are not the seeds of the next: each puzzle is new.
      assert.ok(!seen.has(line), line);
      seen.add(line);
      assert.deepEqual(generator.generate(seed)?.made.puzzle, puzzle, "the same seed, the same");
    }
  };
  check(70, 75, [0, 1, 2].map((i) => puzzleSeed(1, i)));
  // Seed 18 finds its 8.5-9.5 puzzle in 8 tries (most take a hundred or more).
  check(85, 95, [18]);
});

Deno.test("se generator: a band no try reaches gives nothing", () => {
  assert.equal(new SeGenerator({ min: 199, max: 199 }, "none", 3).generate(5), undefined);
});
