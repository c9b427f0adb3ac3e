import assert from "node:assert/strict";
import { LiveBot, repoPath, runCli } from "../test_util.ts";
import { judge, parseGrid81, Position } from "../../lib/sudoku_game/mod.ts";
import { cases, outcomes } from "../../testdata/play/labelled.ts";

/** Judge `lines` as alternating moves from the empty grid; all must be OK (or the last WIN). */
function assertLegalGame(lines: string[]): void {
  const pos = new Position();
  lines.forEach((line, i) => {
    const v = judge(pos, line);
    const last = i === lines.length - 1;
    assert.ok(
      v.status === "OK" || (last && v.status === "WIN"),
      `move ${i + 1} ${line}: ${v.status}`,
    );
    if (v.status === "OK") pos.play(v.move!);
  });
}

Deno.test("play", async (t) => {
  /** `play --analyze` of labelled position i, run once for the steps that read it. */
  const analyzed = new Map<number, ReturnType<typeof runCli>>();
  const analyze = (i: number) => {
    if (!analyzed.has(i)) analyzed.set(i, runCli(["play", "--analyze", cases[i]]));
    return analyzed.get(i)!;
  };
  await t.step("Start: one legal move, then a clean exit at end of input", async () => {
    const r = await runCli(["play", "--level", "random", "--seed", "1"], "\n\nStart\n\n");
    assert.equal(r.code, 0);
    const lines = r.stdout.trim().split("\n");
    assert.equal(lines.length, 1);
    assertLegalGame(lines);
    assert.ok(r.stderr.length < 3000);
  });

  await t.step("answers an opponent's first move; Quit ends it at once", async () => {
    const r = await runCli(["play", "--seed", "4"], "Ee5\nQuit\nAa1\n");
    assert.equal(r.code, 0);
    const lines = r.stdout.trim().split("\n");
    assert.equal(lines.length, 1);
    assertLegalGame(["Ee5", lines[0]]);
  });

  await t.step("a live game: replies are flushed one by one, Quit ends it", async () => {
    for (const level of ["random", "strong"]) {
      const bot = new LiveBot(["play", "--level", level, "--seed", "7", "--time", "10"]);
      const moves: string[] = [];
      await bot.send("Start");
      moves.push(await bot.readLine());
      const pos = new Position();
      assert.equal(judge(pos, moves[0]).status, "OK");
      pos.play(judge(pos, moves[0]).move!);
      // Answer with the first legal move in reading order, a few times.
      for (let i = 0; i < 4; i++) {
        let mine = "";
        for (let c = 0; c < 81 && mine === ""; c++) {
          for (let d = 1; d <= 9 && mine === ""; d++) {
            const text = String.fromCharCode(65 + Math.floor(c / 9), 97 + c % 9) + d;
            if (judge(pos, text).status === "OK") mine = text;
          }
        }
        pos.play(judge(pos, mine).move!);
        moves.push(mine);
        await bot.send("");
        await bot.send(mine);
        const reply = await bot.readLine();
        const v = judge(pos, reply);
        assert.equal(v.status, "OK", `${level}: ${reply}`);
        pos.play(v.move!);
        moves.push(reply);
      }
      assert.deepEqual(await bot.finish(true), { code: 0, rest: "" });
      assert.equal(moves.length, 9);
    }
  });

  await t.step("an opponent's move that cannot be taken: one line, exit 2", async () => {
    for (const level of ["random", "strong"]) {
      // The first reply stays printed; the bad move is named; no internal error.
      const form = ": a move is a row A-I, a column a-i and a digit 1-9, like Dg7";
      const cases: [string, RegExp][] = [
        ["Ee5\nEe5\n", /^error: the opponent's move 'Ee5' goes to Ee, which holds 5\n$/],
        ["Ee5\nZq7\n", new RegExp(`^error: cannot parse the opponent's move 'Zq7'${form}\n$`)],
        ["Ee5\nEe6x\n", new RegExp(`^error: cannot parse the opponent's move 'Ee6x'${form}\n$`)],
        ["Ee5\nEa5\n", /^error: the opponent's move 'Ea5' leaves no solution\n$/],
        [
          "Ee5\n\x1b[2J\n",
          new RegExp(`^error: cannot parse the opponent's move '\\\\x1b\\[2J'${form}\n$`),
        ],
      ];
      for (const [input, message] of cases) {
        // A 5 s game: the strong bot's first reply comes sooner (its calibration takes a
        // hundredth of the game's time); what follows does not depend on it.
        const r = await runCli(["play", "--level", level, "--seed", "3", "--time", "5"], input);
        assert.equal(r.code, 2, `${level} ${JSON.stringify(input)}: ${r.stderr}`);
        const replies = r.stdout.trim().split("\n");
        assert.equal(replies.length, 1);
        assertLegalGame(["Ee5", replies[0]]);
        // Debug lines go to stderr too; the error is the last line, alone.
        const last = r.stderr.split("\n").filter((l) => l !== "").at(-1)! + "\n";
        assert.match(last, message, `${level}: ${r.stderr}`);
        assert.doesNotMatch(r.stderr, /internal error|-1|undefined/);
      }
    }
  });

  await t.step("the same seed gives the same moves", async () => {
    const a = await runCli(["play", "--level", "random", "--seed", "9"], "Start\n");
    const b = await runCli(["play", "--level", "random", "--seed", "9"], "Start\n");
    assert.equal(a.stdout, b.stdout);
  });

  await t.step("no input at all: clean exit, nothing written", async () => {
    const r = await runCli(["play"], "");
    assert.equal(r.code, 0);
    assert.equal(r.stdout, "");
  });

  await t.step("--analyze gives the labelled value", async () => {
    for (const i of [0, 37, 74]) {
      const r = await analyze(i);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^value: ${outcomes[i]}$`, "m"));
      assert.match(r.stdout, /^solutions: \d+$/m);
      assert.match(r.stdout, /^nodes: \d+$/m);
      const moves = /^winning moves: (.*)$/m.exec(r.stdout)![1];
      if (outcomes[i] === "LOSS") assert.equal(moves, "-");
      else {
        // Every winning move listed is legal in the position.
        const pos = new Position("final", parseGrid81(cases[i])!);
        for (const m of moves.split(" ")) {
          const v = judge(pos, m);
          assert.ok(v.status === "OK" || v.status === "WIN", `${m}: ${v.status}`);
        }
      }
    }
  });

  await t.step("--analyze of a unique grid: '!' wins at once", async () => {
    const solved =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const r = await runCli(["play", "--analyze", "." + solved.slice(1)]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^value: WIN1$/m);
    assert.match(r.stdout, /^winning moves: !$/m);
  });

  await t.step("--analyze --format json: the text's fields in one object", async () => {
    const [text, json] = await Promise.all([
      analyze(37),
      runCli(["play", "--analyze", cases[37], "--format", "json"]),
    ]);
    assert.deepEqual([json.code, json.stderr], [0, ""]);
    assert.equal(json.stdout.split("\n").length, 2, "one line");
    const o = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(o), [
      "grid",
      "value",
      "winning_moves",
      "solutions",
      "solutions_exact",
      "nodes",
      "ms",
    ]);
    const line = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(text.stdout)![1];
    assert.equal(o.grid, line("grid"));
    assert.equal(o.value, outcomes[37]);
    assert.equal(o.value, line("value"));
    assert.equal(
      o.winning_moves.length === 0 ? "-" : o.winning_moves.join(" "),
      line("winning moves"),
    );
    assert.equal(String(o.solutions), line("solutions"));
    assert.equal(o.solutions_exact, true);
    assert.equal(String(o.nodes), line("nodes"));
    assert.equal(typeof o.ms, "number");
  });

  await t.step(
    "--analyze of 81 empty cells with --time: refused at once, the cap named",
    async () => {
      const empty = ".".repeat(81);
      const message = "error: --analyze: the grid has about 9.0e+21 solutions (estimated), " +
        "far more than the 4,000,000 it can enumerate: fill in more cells\n";
      for (const extra of [["--time", "0.5"], [], ["--format", "json", "--time", "2"]]) {
        const r = await runCli(["play", "--analyze", empty, ...extra]);
        assert.deepEqual([r.code, r.stdout, r.stderr], [2, "", message], extra.join(" "));
      }
    },
  );

  await t.step("--analyze over the cap, not obviously so: refused after counting", async () => {
    // Three rows and a few cells given: 56,342,016 solutions, estimated at 3.9e7.
    const grid = "123456789456789123789123456234" + ".".repeat(51);
    const r = await runCli(["play", "--analyze", grid]);
    assert.deepEqual([r.code, r.stdout], [2, ""]);
    assert.equal(
      r.stderr,
      "error: --analyze: the grid has more than 4,000,000 solutions, the most it can " +
        "enumerate: fill in more cells\n",
    );
  });

  await t.step("--analyze: --time bounds the enumeration too; exit 0, value UNKNOWN", async () => {
    // 632,016 solutions: the first clock check of the enumeration (after 1,024) is already
    // past a millisecond, which the estimate before it takes.
    const grid = "123456789456789123789123456234567891" + ".".repeat(45);
    const [text, json] = await Promise.all([
      runCli(["play", "--analyze", grid, "--time", "0.001"]),
      runCli(["play", "--analyze", grid, "--time", "0.001", "--format", "json"]),
    ]);
    assert.deepEqual([text.code, text.stderr], [0, ""]);
    assert.match(
      text.stdout,
      new RegExp(
        `^grid: ${grid}\nvalue: UNKNOWN\nwinning moves: -\n` +
          "solutions: at least \\d+ \\(enumeration stopped at the time limit\\)\n" +
          "nodes: 0\ntime: \\d+\\.\\d ms\n$",
      ),
    );
    assert.deepEqual([json.code, json.stderr], [0, ""]);
    const o = JSON.parse(json.stdout);
    assert.deepEqual(
      [o.value, o.winning_moves, o.solutions_exact, o.nodes],
      ["UNKNOWN", [], false, 0],
    );
    assert.ok(o.solutions >= 1024 && o.solutions < 632_016, String(o.solutions));
  });

  await t.step("--analyze: a grid that is not one says what is wrong", async () => {
    const form = "error: --analyze takes a grid of 81 characters, row by row: '1'..'9' for " +
      "givens, '.' or '0' for empty cells; ";
    const usage = "Run 'sudokit play --help' for usage.\n";
    const cases: [string, string][] = [
      ["123", "'123' has 3 characters"],
      ["x".repeat(5000), `'${"x".repeat(40)}…' has 5000 characters`],
      [".".repeat(40) + "\x1b" + ".".repeat(40), "character 41 is character U+001B"],
      ["12a" + ".".repeat(78), "character 3 is 'a'"],
    ];
    for (const [grid, why] of cases) {
      const r = await runCli(["play", "--analyze", grid]);
      assert.deepEqual([r.code, r.stdout, r.stderr], [2, "", `${form}${why}\n${usage}`]);
    }
  });

  await t.step("--format: only with --analyze, text or json", async () => {
    const usage = "Run 'sudokit play --help' for usage.\n";
    const [bot, qttt, xml] = await Promise.all([
      runCli(["play", "--format", "json"], "Start\n"),
      runCli(["play", "--game", "qttt", "--format", "text"], "Start\n"),
      runCli(["play", "--analyze", cases[0], "--format", "xml"]),
    ]);
    const only = "error: --format is for --analyze only: the bot speaks the game's protocol\n";
    assert.deepEqual([bot.code, bot.stdout, bot.stderr], [2, "", only + usage]);
    assert.deepEqual([qttt.code, qttt.stdout, qttt.stderr], [2, "", only + usage]);
    assert.deepEqual(
      [xml.code, xml.stdout, xml.stderr],
      [2, "", "error: --format must be one of text, json, not 'xml'\n" + usage],
    );
  });

  await t.step("bad usage: exit 2 with a one-line message", async () => {
    // `--analyze 123`: the step on grids that are not one checks its whole message.
    for (
      const args of [
        ["play", "--level", "genius"],
        ["play", "--time", "-3"],
        ["play", "--bogus"],
        ["play", "--analyze", "11" + ".".repeat(79)],
        ["play", "--game", "chess"],
      ]
    ) {
      const r = await runCli(args);
      assert.equal(r.code, 2, args.join(" "));
      assert.match(r.stderr, /^error: /, args.join(" "));
      assert.ok(!r.stderr.includes("    at "), "no stack trace");
    }
  });

  await t.step(
    "--jobs: threads for the bot's games only, with the read access they need",
    async () => {
      const usage = "Run 'sudokit play --help' for usage.\n";
      const cases: [string[], string][] = [
        [["play", "--jobs", "0"], "error: --jobs must be a whole number from 1 to 64, not '0'\n"],
        [
          ["play", "--analyze", ".".repeat(81), "--jobs", "2"],
          "error: --jobs is for the bot's games: --analyze searches in one thread\n",
        ],
      ];
      for (const [args, message] of cases) {
        const r = await runCli(args);
        assert.deepEqual([r.code, r.stdout, r.stderr], [2, "", message + usage], args.join(" "));
      }
      // Without read access: asked for, a clear error; by default, one thread and no error.
      const bare = (args: string[]) =>
        new Deno.Command(Deno.execPath(), {
          args: ["run", "--quiet", repoPath("cli/main.ts"), ...args],
          stdin: "null",
          stdout: "piped",
          stderr: "piped",
        }).output();
      const denied = await bare(["play", "--jobs", "2"]);
      assert.equal(denied.code, 2);
      assert.equal(
        new TextDecoder().decode(denied.stderr),
        "error: play needs read access for --jobs (to start its threads): run it with " +
          "'deno task play', which grants it, or add --allow-read to 'deno run'\n",
      );
      const quiet = await bare(["play", "--seed", "3"]);
      // Only the seed is said (as in every game), no error.
      assert.deepEqual([quiet.code, new TextDecoder().decode(quiet.stderr)], [0, "seed 3\n"]);
    },
  );

  await t.step("--help and --game qttt --help", async () => {
    const r = await runCli(["play", "--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /--analyze GRID/);
    // The bot's real thresholds (bot.ts), the cap of --analyze (endgame.ts).
    assert.match(
      r.stdout,
      /once an\s+estimate is below 750,000 solutions it enumerates\s+them, at most 500,000/,
    );
    assert.match(r.stdout, /at most\s+4,000,000: a grid with more is refused/);
    assert.match(r.stdout, /--format text\|json/);
    assert.doesNotMatch(r.stdout, /million/);
    const q = await runCli(["play", "--game", "qttt", "--help"]);
    assert.equal(q.code, 0);
  });
});
