/**
 * One vocabulary across the commands, read from every command's help and tried: each
 * command that prints text takes `--format text` (its plain output); `--jobs` means
 * threads at most one per core, one per core by default, or the help says why not;
 * `--seed` is fresh by default and printed where a run can be repeated; cells are named
 * `r3c7` in human output, but for classify's required `(3,7)`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { repoPath, runCli } from "./test_util.ts";
import { EXAMPLE } from "../testdata/qttt/example_game.ts";

/** Every command's help, as `sudokit ... --help` prints it; games apart. */
const HELPS: Record<string, string[]> = {
  classify: ["classify"],
  verdict: ["verdict"],
  count: ["count"],
  solve: ["solve"],
  generate: ["generate"],
  rate: ["rate"],
  play: ["play"],
  "play --game qttt": ["play", "--game", "qttt"],
  "check-move": ["check-move"],
  "check-move --game qttt": ["check-move", "--game", "qttt"],
  match: ["match"],
};

/** The entry of `option` in a help's option list, its lines joined, or undefined. */
function entry(help: string, option: string): string | undefined {
  const lines = help.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^ {2}${option}\\b`).test(l));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && /^ {4,}\S/.test(lines[end]) && !/^ {2}-/.test(lines[end])) end++;
  return lines.slice(start, end).join(" ").replace(/\s+/g, " ").trim();
}

const PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const FAKE = `'${Deno.execPath()}' run --quiet testdata/match/fake_bot.ts`;

/** Each command that prints text, run as is and with `--format text`. */
const TEXT_RUNS: { name: string; args: string[]; stdin?: string; vary?: RegExp }[] = [
  { name: "classify", args: ["classify", "testdata/classify/sample1.txt"] },
  { name: "verdict", args: ["verdict", "testdata/verdict/sample.txt"] },
  { name: "count", args: ["count", "--limit", "1000"], stdin: "................\n" },
  { name: "solve", args: ["solve"], stdin: PUZZLE + "\n" },
  { name: "generate", args: ["generate", "--seed", "4", "--count", "2", "--jobs", "1"] },
  { name: "rate", args: ["rate", "--steps"], stdin: PUZZLE + "\n" },
  { name: "check-move", args: ["check-move", "Ec8", "Ia6", "Fg6", "Dg7!"] },
  {
    name: "play",
    args: [
      "play",
      "--analyze",
      "95316....862734951417952836746893125281645397395271468138529674574386219629417583",
    ],
    vary: /^time: .*$/m,
  },
  {
    name: "play --game qttt",
    args: ["play", "--game", "qttt", "--analyze", EXAMPLE.slice(0, -1).join(" ")],
    vary: /^time: .*$/m,
  },
  {
    name: "match",
    args: ["match", "--games", "1", "--", `${FAKE} script Aa1`, `${FAKE} script Ab2`],
    vary: /^[AB] .*$/gm,
  },
];

Deno.test("one vocabulary: --format text, --jobs, --seed and cell names", async (t) => {
  const helps = Object.fromEntries(
    await Promise.all(
      Object.entries(HELPS).map(async ([name, args]) => {
        const r = await runCli([...args, "--help"]);
        assert.equal(r.code, 0, name);
        return [name, r.stdout] as const;
      }),
    ),
  );
  const texts = TEXT_RUNS.map((c) =>
    Promise.all([
      runCli(c.args, c.stdin),
      // Right after the command: match takes the bots' commands after '--'.
      runCli([c.args[0], "--format", "text", ...c.args.slice(1)], c.stdin),
    ])
  );

  await t.step("every command that prints text takes --format text, its plain output", async () => {
    for (const [k, c] of TEXT_RUNS.entries()) {
      const [plain, text] = await texts[k];
      assert.deepEqual([text.code, text.stderr], [plain.code, plain.stderr], c.name);
      const same = (s: string) => (c.vary === undefined ? s : s.replace(c.vary, "…"));
      assert.equal(same(text.stdout), same(plain.stdout), c.name);
      assert.ok(plain.stdout.length > 0, c.name);
      // And the help names it.
      const format = entry(helps[c.name], "--format");
      assert.match(format ?? "", /^--format\b.*\btext\b/, c.name);
    }
    // Where a plain shape had another name, it stays: line in solve and generate.
    for (const name of ["solve", "generate"]) {
      assert.match(entry(helps[name], "--format")!, /text \(default; line is the same\)/);
    }
  });

  await t.step("--jobs: threads, at most one per core; one per core by default, or why not", () => {
    const jobs = Object.entries(helps).flatMap(([name, help]) => {
      const e = entry(help, "--jobs");
      return e === undefined ? [] : [[name, e] as const];
    });
    assert.deepEqual(jobs.map(([name]) => name), ["count", "solve", "generate", "play", "match"]);
    for (const [name, e] of jobs) {
      if (name === "match") {
        // Not threads but games, each its own two processes: one at a time, and why.
        assert.match(
          e,
          /games played at once \(default 1, not one per core: bots playing at once share the cores, and their clocks with them\)/,
        );
        continue;
      }
      assert.match(e, /threads.*, at most the number of cores/, name);
      if (name === "play") {
        // The bot's endgame search is built for two threads, and its help says so.
        assert.match(e, /\(default 2, not one per core: the search is built for two threads/);
      } else {
        assert.match(e, /\(default: one per core\)/, name);
      }
    }
  });

  await t.step("--seed: fresh each run by default, and printed where a run repeats", async () => {
    const seeds = Object.entries(helps).flatMap(([name, help]) => {
      const e = entry(help, "--seed");
      return e === undefined ? [] : [[name, e] as const];
    });
    assert.deepEqual(seeds.map(([name]) => name), ["generate", "play", "play --game qttt"]);
    for (const [name, e] of seeds) assert.match(e, /default: a fresh one per run/, name);
    // The bots say theirs on stderr, where their debug goes, and it gives the game back.
    for (const name of ["play", "play --game qttt"]) {
      assert.match(seeds.find(([n]) => n === name)![1], /written to standard error as 'seed N'/);
      const args = [...HELPS[name], "--level", "random"];
      const fresh = await runCli(args, "Start\n");
      const seed = /^seed (\d+)\n/.exec(fresh.stderr)?.[1];
      assert.ok(seed !== undefined, `${name}: ${fresh.stderr}`);
      const again = await runCli([...args, "--seed", seed], "Start\n");
      assert.deepEqual([again.code, again.stdout], [0, fresh.stdout], name);
      assert.ok(again.stderr.startsWith(`seed ${seed}\n`), name);
    }
    // generate's JSON holds each puzzle's seed, which gives it back.
    const made = await runCli(["generate", "--format", "json", "--jobs", "1"]);
    const { seed, puzzle } = JSON.parse(made.stdout);
    assert.ok(Number.isInteger(seed));
    const again = await runCli(["generate", "--seed", String(seed), "--jobs", "1"]);
    assert.equal(again.stdout, puzzle + "\n");
  });

  await t.step("cells: r3c7 in human output, (3,7) in classify's report alone", async () => {
    const [rate] = await texts[TEXT_RUNS.findIndex((c) => c.name === "rate")];
    const [classify] = await texts[TEXT_RUNS.findIndex((c) => c.name === "classify")];
    assert.match(rate.stdout, /\br\dc\d\b/);
    assert.doesNotMatch(rate.stdout, /\(\d+,\d+\)/);
    assert.match(classify.stdout, /\(\d,\d\)/);
    assert.doesNotMatch(classify.stdout, /\br\dc\d\b/);
    const readable = await runCli([
      "classify",
      "--format",
      "readable",
      repoPath("testdata/classify/sample1.txt"),
    ]);
    assert.doesNotMatch(readable.stdout, /\br\dc\d\b/);
  });
});
