import assert from "node:assert/strict";
import { commandArgv, splitCommand } from "./match.ts";
import { runCli } from "../test_util.ts";
import { judge, Position } from "../../lib/sudoku_game/mod.ts";

const DENO = Deno.execPath();
/** A fake bot of testdata/match/fake_bot.ts in a mode, as a command line. */
const fake = (mode: string) => `'${DENO}' run --quiet testdata/match/fake_bot.ts ${mode}`;

/** The table row of bot `A` or `B`, split into its columns. */
function row(
  stdout: string,
  bot: "A" | "B",
): { games: number; wins: number; points: number; statuses: string } {
  const line = stdout.split("\n").find((l) => l.startsWith(bot + " "));
  assert.ok(line !== undefined, stdout);
  const cells = line.split(/\s+/);
  return {
    games: Number(cells[1]),
    wins: Number(cells[2]),
    points: Number(cells[3]),
    statuses: cells.slice(6).join(" "),
  };
}

/** Run a match and check it ended without a referee error. */
async function matchOk(args: string[]): Promise<string> {
  const r = await runCli(["match", ...args]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.stderr, "");
  return r.stdout;
}

Deno.test("match: command splitting", () => {
  assert.deepEqual(splitCommand("deno run bot.ts --level random"), [
    "deno",
    "run",
    "bot.ts",
    "--level",
    "random",
  ]);
  assert.deepEqual(splitCommand(`python3 'my bot.py' "a \\"b\\"" c\\ d`), [
    "python3",
    "my bot.py",
    'a "b"',
    "c d",
  ]);
  assert.deepEqual(splitCommand("  ./bot  "), ["./bot"]);
  assert.equal(splitCommand("bot | tee log"), undefined);
  assert.equal(splitCommand("bot > log"), undefined);
  assert.equal(splitCommand('echo "$HOME"'), undefined);
  assert.equal(splitCommand("'unbalanced"), undefined);
  assert.equal(splitCommand(""), undefined);
  assert.deepEqual(commandArgv("bot 2>/dev/null"), ["sh", "-c", "bot 2>/dev/null"]);
});

Deno.test("match: two random fake bots, with a CSV record", async () => {
  const out = await Deno.makeTempFile({ suffix: ".csv" });
  try {
    const a = fake("random --seed 1");
    const b = fake("random --seed 2");
    const stdout = await matchOk(["--games", "2", "--out", out, "--", a, b]);
    for (const bot of ["A", "B"] as const) assert.equal(row(stdout, bot).games, 2);
    assert.equal(row(stdout, "A").wins + row(stdout, "B").wins, 2);
    assert.equal(row(stdout, "A").points + row(stdout, "B").points, 6);
    const lines = (await Deno.readTextFile(out)).trim().split("\n");
    assert.equal(
      lines[0],
      "Game,Round,IsSwiss,User1,Score1,Status1,User2,Score2,Status2,Moves,Solution",
    );
    assert.equal(lines.length, 3);
    for (const [i, line] of lines.slice(1).entries()) {
      const f = line.split(",");
      assert.deepEqual(f.slice(0, 4), [String(i + 1), "1", "match", i === 0 ? a : b]);
      assert.equal(f[6], i === 0 ? b : a);
      // The record replays: every move OK, the last a winning claim by its winner.
      const moves = f[9].split(" ");
      const p = new Position();
      for (const [k, m] of moves.entries()) {
        const v = judge(p, m);
        assert.equal(v.status, k === moves.length - 1 ? "WIN" : "OK", `${m} in ${line}`);
        if (v.status === "WIN") assert.equal(v.solution, f[10]);
        p.play(v.move!, v.witness);
      }
      const winner = (moves.length - 1) & 1;
      assert.equal(f[5 + 3 * winner], "WIN");
      assert.equal(f[5 + 3 * (1 - winner)], "LOSE");
      assert.equal(f[4 + 3 * winner], "2");
    }
  } finally {
    await Deno.remove(out);
  }
});

Deno.test("match: {time} and {game} in a bot command, the clock and the game number", async () => {
  // Scripted bots write the moves they are given: the placeholders show in the record.
  const out = await Deno.makeTempFile({ suffix: ".csv" });
  try {
    await matchOk([
      "--games",
      "1",
      "--time",
      "7",
      "--format",
      "text",
      "--out",
      out,
      "--",
      fake("script Aa{time}"),
      fake("script Ab{game}"),
    ]);
    const [, record] = (await Deno.readTextFile(out)).trim().split("\n");
    assert.equal(record.split(",")[9], "Aa7 Ab1");
  } finally {
    await Deno.remove(out);
  }
});

Deno.test("match: faults end the game with the right status", async (t) => {
  const cases: [string, string, string, number][] = [
    // [mode of A, mode of B, status of A, points of A]
    ["crash 2", "random", "CRASH", 0],
    ["exit 1", "random", "CRASH", 0],
    ["garbage 3", "random", "ILLEGAL", 0],
    ["script Aa1 Ba1", "script Ib2", "DOUBLED_SOMEWHERE", 0],
    ["script Aa1 Ib2", "script Ib2", "ILLEGAL", 0],
    ["script Aa1!", "random", "NO_UNIQUE_CLAIM", 0],
    ["script Aa1 Ac3 Ae5 Ag7 Ai9", "script Ab2 Ad4 Af6 Dh8", "NO_SOLUTIONS_LEFT", 1],
    ["script Aa1 Ac3 Ae5 Ag7 Ai8", "script Ab2 Ad4 Af6 Dh8", "NO_SOLUTION_DECREASED", 1],
  ];
  for (const [a, b, status, points] of cases) {
    await t.step(`${a} -> ${status}`, async () => {
      const stdout = await matchOk(["--games", "1", "--time", "10", "--", fake(a), fake(b)]);
      assert.deepEqual(row(stdout, "A"), { games: 1, wins: 0, points, statuses: `${status} 1` });
      assert.deepEqual(row(stdout, "B"), { games: 1, wins: 1, points: 2, statuses: "WIN 1" });
      assert.match(
        stdout,
        new RegExp(`^game 1: A \\(first, \\d+ moves recorded\\) ${status}`, "m"),
      );
    });
  }
});

Deno.test("match: a bot that sleeps past the limit loses on TIMEOUT, at once", async () => {
  const stdout = await matchOk([
    "--games",
    "2",
    "--time",
    "2",
    "--",
    fake("sleep 0 --seed 515151"),
    fake("random"),
  ]);
  assert.equal(await running("sleep 0 --seed 515151"), false);
  assert.deepEqual(row(stdout, "A"), { games: 2, wins: 0, points: 2, statuses: "TIMEOUT 2" });
  assert.deepEqual(row(stdout, "B"), { games: 2, wins: 2, points: 4, statuses: "WIN 2" });
  const maxTime = Number(stdout.split("\n").find((l) => l.startsWith("A "))!.split(/\s+/)[5]);
  // The sleeper had its whole two seconds before it lost (how soon after is the clock's business,
  // not a test's).
  assert.ok(maxTime >= 2, stdout);
});

/** Whether some process's command line contains `marker`. */
async function running(marker: string): Promise<boolean> {
  const ps = await new Deno.Command("ps", { args: ["-eo", "args"], stdout: "piped" }).output();
  return new TextDecoder().decode(ps.stdout).includes(marker);
}

Deno.test("match: a bot that ignores Quit is killed after the game, helpers too", async () => {
  // Behind a shell that does not exec it, the bot is a grandchild of the runner.
  const a = `${fake("noquit --seed 424242")}; true`;
  const stdout = await matchOk(["--games", "1", "--", a, fake("random")]);
  assert.equal(row(stdout, "A").games, 1);
  assert.match(stdout, /note: A did not exit within 1 s of Quit in 1 game\(s\) and was killed/);
  assert.equal(await running("noquit --seed 424242"), false);
});

Deno.test("match: concurrent games keep the CSV in game order", async () => {
  const out = await Deno.makeTempFile({ suffix: ".csv" });
  try {
    await matchOk([
      "--games",
      "4",
      "--jobs",
      "2",
      "--out",
      out,
      "--",
      fake("random"),
      fake("slow 5"),
    ]);
    const lines = (await Deno.readTextFile(out)).trim().split("\n").slice(1);
    assert.deepEqual(lines.map((l) => l.split(",")[0]), ["1", "2", "3", "4"]);
    assert.deepEqual(lines.map((l) => l.split(",")[1]), ["1", "1", "2", "2"]);
  } finally {
    await Deno.remove(out);
  }
});

Deno.test("match: classic rules, a full grid without a claim is a draw", async () => {
  const solution =
    "714892356862153749395476128941527683573648291286319574429731865637985412158264937";
  const moves = [...solution].map((d, i) =>
    "ABCDEFGHI"[Math.floor(i / 9)] + "abcdefghi"[i % 9] + d
  );
  const a = fake("script " + moves.filter((_, i) => i % 2 === 0).join(" "));
  const b = fake("script " + moves.filter((_, i) => i % 2 === 1).join(" "));
  const out = await Deno.makeTempFile({ suffix: ".csv" });
  try {
    const stdout = await matchOk(["--rules", "classic", "--games", "1", "--out", out, "--", a, b]);
    assert.deepEqual(row(stdout, "A"), { games: 1, wins: 0, points: 1, statuses: "DRAW 1" });
    assert.deepEqual(row(stdout, "B"), { games: 1, wins: 0, points: 1, statuses: "DRAW 1" });
    const f = (await Deno.readTextFile(out)).trim().split("\n")[1].split(",");
    assert.equal(f[9], moves.join(" "));
    assert.equal(f[10], solution);
  } finally {
    await Deno.remove(out);
  }
});

Deno.test("match: qttt through the same runner", async () => {
  // The fake sudoku bot writes garbage to qttt; the referee plays on for it.
  const qttt = `'${DENO}' run --quiet cli/main.ts play --game qttt --level random`;
  const stdout = await matchOk(["--game", "qttt", "--games", "1", "--", fake("garbage 0"), qttt]);
  assert.match(stdout, /^bot +games +wins +points +bonus +mean_s/);
  const a = stdout.split("\n").find((l) => l.startsWith("A "))!.split(/\s+/);
  const b = stdout.split("\n").find((l) => l.startsWith("B "))!.split(/\s+/);
  assert.deepEqual([a[1], a[2], a[3], a.slice(7).join(" ")], ["1", "0", "0", "ILLEGAL 1"]);
  assert.deepEqual([b[1], b[2], b.slice(7).join(" ")], ["1", "1", "WIN 1"]);
  assert.equal(Number(b[3]), 20 + Number(b[4]));
});

Deno.test("match --replay: a page and a log per game, the log agreeing with the CSV", async () => {
  const dir = await Deno.makeTempDir({ prefix: "sudokit-match-" });
  try {
    const out = `${dir}/games.csv`;
    const replay = `${dir}/replays/sudoku`;
    const stdout = await matchOk([
      "--games",
      "3",
      "--out",
      out,
      "--replay",
      replay,
      "--",
      fake("random --seed 5"),
      fake("crash 3"),
    ]);
    assert.equal(row(stdout, "A").games, 3);
    const rows = (await Deno.readTextFile(out)).trim().split("\n").slice(1).map((l) =>
      l.split(",")
    );
    for (const [i, f] of rows.entries()) {
      const n = i + 1;
      const html = await Deno.readTextFile(`${replay}/game-${n}.html`);
      assert.match(html, /^<!DOCTYPE html>/);
      assert.match(html, new RegExp(`<h1>Game ${n}<`));
      const log = JSON.parse(await Deno.readTextFile(`${replay}/game-${n}.json`));
      assert.equal(log.format, "sudokit-game-log/1");
      assert.deepEqual([log.game, log.rules, log.index, log.timeLimitMs], [
        "sudoku",
        "final",
        n,
        30000,
      ]);
      // User1 moved first: its bot is A in odd games.
      assert.deepEqual(log.labels, n % 2 === 1 ? ["A", "B"] : ["B", "A"]);
      assert.deepEqual(log.players, [f[3], f[6]]);
      const played = log.steps.filter((s: { played: boolean }) => s.played);
      assert.equal(played.map((s: { move: string }) => s.move).join(" "), f[9]);
      assert.deepEqual(log.result.statuses, [f[5], f[8]]);
      assert.deepEqual(log.result.points, [Number(f[4]), Number(f[7])]);
      // The crashing bot's last step: the fault, with the time it used, and no move.
      const last = log.steps[log.steps.length - 1];
      assert.deepEqual([last.move, last.status, last.played], ["", "CRASH", false]);
      assert.match(last.reason, /exited with code 3 before answering/);
      assert.equal(typeof last.ms, "number");
      // Each step's clock adds up its side's times; counts are kept up to 1000.
      const clock = [0, 0];
      for (const s of log.steps) {
        clock[s.seat] += s.ms;
        assert.deepEqual(s.clockMs.map(Math.round), clock.map(Math.round));
        if (s.played) assert.ok(s.solutions.count >= 1 && s.solutions.count <= 1000);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("match: bad usage exits 2", async (t) => {
  const cases: [string[], RegExp][] = [
    [["--", "bot"], /two bot commands/],
    [["--games", "0", "--", "a", "b"], /--games must be a whole number from 1 to 1000000, not '0'/],
    [
      ["--games", "-3", "--", "a", "b"],
      /--games must be a whole number from 1 to 1000000, not '-3'/,
    ],
    [["--time", "-1", "--", "a", "b"], /--time must be a number from 0.001 to 86400, not '-1'/],
    [["--jobs", "1.5", "--", "a", "b"], /--jobs must be a whole number from 1 to 64, not '1.5'/],
    [["--format", "csv", "--", "a", "b"], /--format must be one of text, not 'csv'/],
    [["--time", "soon", "--", "a", "b"], /--time must be a number/],
    [["--game", "chess", "--", "a", "b"], /--game must be one of/],
    [["--game", "qttt", "--rules", "classic", "--", "a", "b"], /--rules applies/],
    [["--games", "1", "--", "./no-such-bot-here", "./no-such-bot-here"], /cannot start/],
    [["--replay", "", "--", "a", "b"], /--replay needs a directory/],
    [
      ["--replay", "deno.json/replays", "--", "true", "true"],
      /^error: cannot create the replay directory deno.json\/replays: .*; choose another with --replay\n$/,
    ],
  ];
  for (const [args, message] of cases) {
    await t.step(args.join(" "), async () => {
      const r = await runCli(["match", ...args]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, "");
    });
  }
});
