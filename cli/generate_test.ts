import assert from "node:assert/strict";
import { generateHelp } from "./generate.ts";
import { repoPath, runCli } from "./test_util.ts";

const SAMPLE = Deno.readTextFileSync(repoPath("testdata/generate/qqwing_sample.csv"))
  .split("\n").filter((l) => l !== "" && !l.startsWith("#")).map((l) => l.split(","));

Deno.test("generate: puzzles, levels, seeds and formats", async (t) => {
  const runs = {
    easy: runCli(["generate", "--count", "5", "--seed", "2026", "--difficulty", "easy"]),
    json: runCli([
      "generate",
      "--count",
      "3",
      "--seed",
      "2026",
      "--difficulty",
      "expert",
      "--format",
      "json",
    ]),
    symmetric: runCli(["generate", "--seed", "3", "--symmetry", "rotate180", "--format", "json"]),
    random: runCli([
      "generate",
      "--count",
      "6",
      "--seed",
      "1",
      "--symmetry",
      "random",
      "--format",
      "json",
    ]),
    x: runCli(["generate", "--seed", "5", "--variant", "x", "--difficulty", "intermediate"]),
    four: runCli(["generate", "--size", "4", "--count", "3", "--seed", "8"]),
    jobs: runCli([
      "generate",
      "--count",
      "5",
      "--seed",
      "2026",
      "--difficulty",
      "easy",
      "--jobs",
      "2",
    ]),
    noSeed: runCli(["generate", "--count", "2"]),
  };
  await t.step("one puzzle per line, the recorded ones for the same seed", async () => {
    const r = await runs.easy;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const want = SAMPLE.filter((s) => s[1] === "easy").slice(0, 5).map((s) => s[0]);
    assert.deepEqual(r.stdout.trimEnd().split("\n"), want);
    assert.equal((await runs.jobs).stdout, r.stdout);
  });
  await t.step("rate agrees with the level asked for", async () => {
    const r = await runCli(["rate"], (await runs.easy).stdout);
    assert.equal(r.stdout, "easy hidden-single\n".repeat(5));
  });
  await t.step("--format json: puzzle, solution, level, technique, clues, seed", async () => {
    const r = await runs.json;
    assert.equal(r.code, 0);
    const objects = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(objects.length, 3);
    for (const o of objects) {
      assert.equal(o.level, "expert");
      assert.equal(o.clues, o.puzzle.replace(/\./g, "").length);
      assert.match(o.solution, /^[1-9]{81}$/);
      assert.ok(typeof o.hardest === "string" && o.minimal === true);
    }
    assert.equal(objects[0].seed, 2026);
    // A puzzle's own seed gives it back.
    const again = await runCli([
      "generate",
      "--seed",
      String(objects[2].seed),
      "--difficulty",
      "expert",
    ]);
    assert.equal(again.stdout, objects[2].puzzle + "\n");
  });
  await t.step("symmetry, Sudoku-X, 4×4", async () => {
    const s = JSON.parse((await runs.symmetric).stdout);
    assert.equal(s.symmetry, "rotate180");
    for (let i = 0; i < 81; i++) assert.equal(s.puzzle[i] === ".", s.puzzle[80 - i] === ".");
    const kinds = (await runs.random).stdout.trimEnd().split("\n").map((l) =>
      JSON.parse(l).symmetry
    );
    assert.ok(kinds.length === 6 && kinds.every((k: string) => k !== undefined));
    const x = await runs.x;
    assert.equal(x.code, 0);
    const rx = await runCli(["rate", "--variant", "x"], x.stdout);
    assert.match(rx.stdout, /^intermediate /);
    const f = await runs.four;
    assert.match(f.stdout, /^([.1-4]{16}\n){3}$/);
    assert.equal((await runs.noSeed).stdout.trimEnd().split("\n").length, 2);
  });
});

Deno.test("generate: bad usage", async (t) => {
  const runs = {
    help: runCli(["generate", "--help"]),
    size: runCli(["generate", "--size", "10"]),
    difficulty: runCli(["generate", "--difficulty", "hard"]),
    seed: runCli(["generate", "--seed", "-1"]),
    file: runCli(["generate", "puzzles.txt"]),
    unreachable: runCli(["generate", "--size", "4", "--count", "2", "--difficulty", "expert"]),
  };
  await t.step("--help", async () => {
    const r = await runs.help;
    assert.deepEqual([r.code, r.stdout], [0, generateHelp]);
  });
  await t.step("each bad option says what it takes, exit 2", async () => {
    const expect: [Promise<{ code: number; stderr: string }>, RegExp][] = [
      [runs.size, /^error: --size must be one of 4, 9, 16, 25, not '10'\n/],
      [runs.difficulty, /^error: --difficulty must be one of any, simple, easy, .*, not 'hard'\n/],
      [runs.seed, /^error: --seed must be a whole number from 0 to 4294967295, not '-1'\n/],
      [runs.file, /^error: generate takes no file, not 'puzzles.txt'\n/],
    ];
    for (const [run, message] of expect) {
      const r = await run;
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
    }
  });
  await t.step("a target the size cannot reach: exit 2, saying so", async () => {
    const r = await runs.unreachable;
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.match(r.stderr, /^error: puzzle 1: no 4×4 sudoku puzzle of difficulty expert was found/);
  });
});
