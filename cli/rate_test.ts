import assert from "node:assert/strict";
import { rateHelp } from "./rate.ts";
import { repoPath, runCli } from "./test_util.ts";

const SAMPLE = Deno.readTextFileSync(repoPath("testdata/rate/sample.txt"));
const PUZZLES = SAMPLE.split("\n").filter((l) => l.length === 81);

Deno.test("rate: levels, techniques and steps", async (t) => {
  const runs = {
    text: runCli(["rate", "testdata/rate/sample.txt"]),
    stdin: runCli(["rate"], SAMPLE),
    json: runCli(["rate", "--format", "json"], PUZZLES[4] + "\n"),
    steps: runCli(["rate", "--steps"], PUZZLES[4] + "\n"),
    stepsJson: runCli(["rate", "--steps", "--format", "json"], PUZZLES[0] + "\n"),
    chains: runCli(["rate", "--steps"], PUZZLES[7] + "\n"),
    guess: runCli(
      ["rate", "--steps"],
      ".2.4...8......9..2..9.3............5..8..7....4.5..82...46..21.6.21..4...1......8\n",
    ),
    invalid: runCli(
      ["rate"],
      ".".repeat(81) + "\n" + "55" + ".".repeat(79) + "\n" + PUZZLES[0] + "\n",
    ),
    grid: runCli(["rate"], "1\n4\n0 0 0 1\n4 0 0 0\n0 2 0 0\n0 0 3 0\n"),
    tokens: runCli(["rate", "--input", "tokens"], PUZZLES[2].split("").join(" ") + "\n"),
    x: runCli(["rate", "--variant", "x", "testdata/rate/sudokux9_andrebarbosa_8.txt"]),
  };
  await t.step("one line per puzzle: the level, then the hardest technique", async () => {
    const r = await runs.text;
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    const lines = r.stdout.trimEnd().split("\n");
    assert.deepEqual(lines.map((l) => l.split(" ")[0]), [
      "simple",
      "simple",
      "easy",
      "easy",
      "intermediate",
      "intermediate",
      "expert",
      "expert",
    ]);
    assert.deepEqual(lines.slice(0, 4), [
      "simple naked-single",
      "simple naked-single",
      "easy hidden-single",
      "easy hidden-single",
    ]);
    assert.equal((await runs.stdin).stdout, r.stdout);
  });
  await t.step("--format json counts each technique", async () => {
    const r = await runs.json;
    assert.equal(r.code, 0);
    const o = JSON.parse(r.stdout);
    assert.equal(o.level, "intermediate");
    assert.equal(o.puzzle, 1);
    const total = Object.values(o.techniques as Record<string, number>)
      .reduce((a, b) => a + b, 0);
    assert.ok(total >= 81 - o.clues, JSON.stringify(o.techniques));
    assert.ok(o.techniques[o.hardest] >= 1);
  });
  await t.step("--steps: one line per step, every placement of the solution", async () => {
    const r = await runs.steps;
    assert.equal(r.code, 0);
    const [head, ...steps] = r.stdout.trimEnd().split("\n");
    assert.match(head, /^intermediate /);
    assert.ok(
      steps.every((s) => /^ {2}[a-z-]+( [^:]*)?: (r\d+c\d+(=|<>)\d+ ?)+$/.test(s)),
      steps.join("\n"),
    );
    // What a step places comes after its last ': ' (a forcing chain's 'if r1c1=8' does not).
    const placed = steps.flatMap((s) =>
      [...s.slice(s.lastIndexOf(": ")).matchAll(/r\d+c\d+=\d+/g)].map((m) => m[0])
    );
    assert.equal(placed.length, PUZZLES[4].split("").filter((c) => c === ".").length);
    const j = JSON.parse((await runs.stepsJson).stdout);
    assert.ok(j.steps.length > 0);
    assert.deepEqual(Object.keys(j.steps[0]), ["technique", "text", "place", "remove"]);
  });
  await t.step("--steps: chains show their links and candidates, a guess says why", async () => {
    // The proofs are followed on a plain board in lib/human's tests; here, their words.
    const r = await runs.chains;
    assert.equal(r.code, 0);
    const lines = r.stdout.split("\n");
    const cell = "r\\dc\\d";
    const xy = new RegExp(
      `^  xy-chain \\(\\d=\\d\\)${cell}( - \\(\\d=\\d\\)${cell})+, so one end is \\d: (${cell}<>\\d ?)+$`,
    );
    assert.ok(lines.some((l) => xy.test(l)), r.stdout);
    const forcing = new RegExp(
      `^  forcing-chain if ${cell}=\\d( then (${cell}=\\d \\((naked single|hidden single in ` +
        `(row|column|box) \\d)\\)(, )?)+, and)? .*, so ${cell} is not \\d: ${cell}<>\\d$`,
    );
    assert.ok(lines.some((l) => forcing.test(l)), r.stdout);
    // A puzzle that opens with a guess: it says it is one, and why.
    assert.equal(
      (await runs.guess).stdout.split("\n")[1],
      "  guess (no technique of the ladder up to forcing-chain applies; r2c4 has the " +
        "fewest candidates, 7/8, and the one solution has 7 there): r2c4=7",
    );
  });
  await t.step("invalid puzzles say why, and the rest go on", async () => {
    const r = await runs.invalid;
    assert.equal(r.code, 0);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines[0], "invalid more than one solution");
    assert.match(lines[1], /^invalid .*5/);
    assert.equal(lines[2], "simple naked-single");
  });
  await t.step("every input form count reads, and Sudoku-X", async () => {
    const g = await runs.grid;
    assert.deepEqual([g.code, g.stderr], [0, ""]);
    assert.match(g.stdout, /^(simple|easy|intermediate|expert) /);
    const k = await runs.tokens;
    assert.equal(k.stdout, "easy hidden-single\n");
    const x = await runs.x;
    assert.equal(x.code, 0);
    assert.equal(x.stdout.trimEnd().split("\n").length, 8);
    assert.ok(!x.stdout.includes("invalid"));
  });
});

Deno.test("rate: bad usage and input", async (t) => {
  const runs = {
    help: runCli(["rate", "--help"]),
    format: runCli(["rate", "--format", "xml"]),
    badChar: runCli(
      ["rate"],
      PUZZLES[0] + "\n" + PUZZLES[1].slice(0, 40) + "x" + PUZZLES[1].slice(41) + "\n",
    ),
    missing: runCli(["rate", "no/such/file.txt"]),
    variant: runCli(["rate", "--variant", "x"], ".".repeat(25) + "\n"),
  };
  await t.step("--help", async () => {
    const r = await runs.help;
    assert.deepEqual([r.code, r.stdout], [0, rateHelp]);
  });
  await t.step("a bad option names itself and its values", async () => {
    const r = await runs.format;
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: --format must be one of text, json, not 'xml'\n/);
  });
  await t.step("bad input: located, exit 2, what came before kept", async () => {
    const r = await runs.badChar;
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "simple naked-single\n");
    assert.match(r.stderr, /^error: grid 2, line 2, column 41: 'x'/);
    const m = await runs.missing;
    assert.equal(m.code, 2);
    assert.match(m.stderr, /^error: cannot read no\/such\/file.txt: no such file\n$/);
    const v = await runs.variant;
    assert.equal(v.code, 2);
    assert.match(
      v.stderr,
      /^error: grid 1, line 1, column 1: variant x needs a perfect-square size, not 5\n$/,
    );
  });
});
