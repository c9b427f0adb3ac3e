import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";

const FILE = "testdata/rate/se_ratings.txt";
const PUZZLES = Deno.readTextFileSync(repoPath(FILE)).split("\n").filter((l) => l.length === 81);
/** SE 1.2.1.3's own `serate --format=%r/%p/%d` output on FILE, line by line. */
const SE = Deno.readTextFileSync(repoPath("testdata/rate/se_ratings.se")).trimEnd().split("\n");
/** The first chain puzzle of the file (SE 7.0 and up), to keep the --steps runs short. */
const CHAIN = PUZZLES[SE.findIndex((l) => Number(l.split("/")[0]) >= 7)];

Deno.test("rate --scale se: SE's numbers, the technique, json and steps", async (t) => {
  const runs = {
    text: runCli(["rate", "--scale", "se", FILE]),
    json: runCli(["rate", "--scale", "se", "--format", "json"], CHAIN + "\n"),
    steps: runCli(["rate", "--scale", "se", "--steps"], CHAIN + "\n"),
    stepsJson: runCli(["rate", "--scale", "se", "--steps", "--format", "json"], CHAIN + "\n"),
    invalid: runCli(["rate", "--scale", "se"], ".".repeat(81) + "\n" + PUZZLES[0] + "\n"),
  };
  await t.step("ER, EP and ED are SE's on every puzzle of the sample", async () => {
    const r = await runs.text;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const lines = r.stdout.trimEnd().split("\n");
    assert.deepEqual(lines.map((l) => l.split(" ").slice(0, 3).join("/")), SE);
    assert.ok(lines.every((l) => /^\d+\.\d \d+\.\d \d+\.\d [A-Z][A-Za-z0-9 ()-]+$/.test(l)));
    assert.match(lines[0], / Hidden Single$/);
  });
  await t.step("--format json: er, ep, ed, the technique and the count of each", async () => {
    const r = await runs.json;
    const o = JSON.parse(r.stdout);
    const [text] = (await runs.steps).stdout.split("\n");
    assert.equal(`${o.er.toFixed(1)} ${o.ep.toFixed(1)} ${o.ed.toFixed(1)} ${o.technique}`, text);
    assert.equal(o.scale, "se");
    assert.ok(o.techniques[o.technique] >= 1);
    const placed = Object.values(o.techniques as Record<string, number>).reduce((a, b) => a + b);
    assert.ok(placed >= 81 - o.clues);
  });
  await t.step("--steps: each step rated, in words, the hardest is ER", async () => {
    const [head, ...steps] = (await runs.steps).stdout.trimEnd().split("\n");
    const ratings = steps.map((s) => Number(/^ {2}(\d+\.\d) /.exec(s)?.[1]));
    assert.ok(ratings.every((x) => x > 0), steps.join("\n"));
    assert.equal(Math.max(...ratings).toFixed(1), head.split(" ")[0]);
    // A chain shows its links.
    assert.ok(steps.some((s) => / -> /.test(s)), steps.join("\n"));
    const j = JSON.parse((await runs.stepsJson).stdout);
    assert.equal(j.steps.length, steps.length);
    assert.deepEqual(j.steps.map((s: { text: string }) => "  " + s.text), steps);
  });
  await t.step("a puzzle without one solution says why, the rest go on", async () => {
    const r = await runs.invalid;
    assert.equal(r.code, 0);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines[0], "invalid more than one solution");
    assert.equal(lines[1].split(" ").slice(0, 3).join("/"), SE[0]);
  });
});

Deno.test("rate --scale se: bad usage and input", async (t) => {
  const runs = {
    scale: runCli(["rate", "--scale", "sudokuexplainer"], PUZZLES[0] + "\n"),
    variant: runCli(["rate", "--scale", "se", "--variant", "x"], PUZZLES[0] + "\n"),
    size: runCli(["rate", "--scale", "se"], PUZZLES[0] + "\n" + "1...".repeat(4) + "\n"),
  };
  await t.step("a bad option names itself, exit 2", async () => {
    const s = await runs.scale;
    assert.equal(s.code, 2);
    assert.match(s.stderr, /^error: --scale must be one of qqwing, se, not 'sudokuexplainer'\n/);
    const v = await runs.variant;
    assert.equal(v.code, 2);
    assert.match(v.stderr, /^error: --scale se rates 9×9 sudoku only, not --variant 'x'\n/);
  });
  await t.step("a grid of another size is located, exit 2, what came before kept", async () => {
    const r = await runs.size;
    assert.equal(r.code, 2);
    assert.equal(r.stdout.split(" ").slice(0, 3).join("/"), SE[0]);
    assert.match(r.stderr, /^error: grid 2, line 2, column 1: a 4×4 grid: --scale se rates 9×9/);
  });
});
