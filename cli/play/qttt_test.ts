import assert from "node:assert/strict";
import { LiveBot, runCli } from "../test_util.ts";
import { applyTurn, parseInput, playRandomTurn, Qttt } from "../../lib/qttt/mod.ts";
import { Rng } from "../../lib/grid/mod.ts";
import { EXAMPLE } from "../../testdata/qttt/example_game.ts";

Deno.test("check-move --game qttt", async (t) => {
  const check = (...turns: string[]) => runCli(["check-move", "--game", "qttt", ...turns]);
  await t.step("a legal turn mid-game", async () => {
    const r = await check("AB", "AB", "ACD", "CD");
    assert.equal(r.stdout, "OK\n");
    assert.equal(r.code, 0);
  });
  await t.step("the statement's game ends with X's line", async () => {
    // O's last turn is the collapse that gives X the line: a legal turn, lost by its mover.
    const r = await check(...EXAMPLE);
    assert.equal(r.stdout, "LOSE 2-22: X has a line of four (X 22, O 2)\n");
    assert.equal(r.code, 0);
    const won = await check(...EXAMPLE.slice(0, -1));
    assert.equal(won.stdout, "OK\n");
  });
  await t.step("a draw with the last-square rule", async () => {
    const r = await check(
      ..."AB AB BCD CD DEF EF FGH GH HJI JI ILK LK KMN NO OM MPP".split(" "),
    );
    assert.equal(r.stdout, "DRAW 11-11: no line of four (X 11, O 11)\n");
    assert.equal(r.code, 0);
  });
  await t.step("an illegal judged turn", async () => {
    const r = await check("AB", "AB", "CD");
    assert.match(r.stdout, /^ILLEGAL: collapse letter missing/);
    assert.equal(r.code, 1);
  });
  await t.step("an illegal earlier turn is bad input", async () => {
    const r = await check("AB", "AA", "CD");
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, "error: turn 2 (AA) is not legal: same square A twice\n");
    assert.equal(r.code, 2);
  });
  await t.step("a trailing ! must match a closed cycle", async () => {
    assert.equal((await check("AB", "AB!", "ACD")).code, 0);
    assert.equal((await check("AB!", "CD")).code, 2);
  });
  await t.step("batch mode: one verdict per line", async () => {
    const r = await runCli(
      ["check-move", "--game", "qttt"],
      "AB AB ACD\nAB AB CD\n" + EXAMPLE.join(" ") + "\n",
    );
    assert.equal(
      r.stdout,
      "OK\nILLEGAL: collapse letter missing: move 2 closed a cycle, " +
        "choose A or B first\nLOSE 2-22: X has a line of four (X 22, O 2)\n",
    );
    assert.equal(r.code, 1);
    const bad = await runCli(["check-move", "--game", "qttt"], "AB\nAA AB\n");
    assert.equal(
      bad.stdout,
      "OK\nERROR: line 2: turn 1 (AA) is not legal: same square A twice\n",
    );
    assert.equal(bad.stderr, "error: line 2: turn 1 (AA) is not legal: same square A twice\n");
    assert.equal(bad.code, 2);
  });
  await t.step("help", async () => {
    const r = await check("--help");
    assert.match(r.stdout, /check-move --game qttt/);
    assert.equal(r.code, 0);
  });
});

/** Play the bot (as X when seat is 0) against lib random play; its replies and the game. */
async function game(args: string[], seat: 0 | 1, seed: number) {
  const bot = new LiveBot(["play", "--game", "qttt", ...args]);
  const rng = new Rng(seed);
  const q = new Qttt();
  let last = "Start";
  let cycle = false;
  const replies: string[] = [];
  while (!q.over) {
    if (q.toMove() === seat) {
      await bot.send(last === "Start" ? last : last + (cycle ? "!" : ""));
      const reply = await bot.readLine();
      replies.push(reply);
      const r = applyTurn(q, parseInput(reply).turn);
      if (typeof r === "string") throw new Error(`bot played ${reply}: ${r}`);
      cycle = r.cycle;
      last = r.text;
    } else {
      const before = q.moves;
      last = playRandomTurn(q, rng);
      cycle = q.moves > before && q.pending();
    }
  }
  const { code, rest } = await bot.finish(true);
  assert.equal(rest, "", "no output after the game");
  return { replies, code, q };
}

Deno.test("play --game qttt", async (t) => {
  await t.step("mcts bot plays whole games as X and as O", async () => {
    for (const seat of [0, 1] as const) {
      const g = await game(["--time", "1", "--seed", "3"], seat, 40 + seat);
      assert.equal(g.code, 0);
      assert.ok(g.replies.length >= 1);
    }
  });
  await t.step("random level repeats with a seed and ignores empty lines", async () => {
    const a = await game(["--level", "random", "--seed", "8"], 1, 5);
    const b = await game(["--level", "random", "--seed", "8"], 1, 5);
    assert.deepEqual(a.replies, b.replies);
    assert.equal(a.q.board(), b.q.board());
    const r = await runCli(["play", "--game", "qttt", "--level", "random"], "\n\nStart\n\n");
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^[A-P]{2}\n$/);
  });
  await t.step(
    "without --seed, a fresh seed each run, said on stderr, repeats the game",
    async () => {
      // X's first turn alone: any later turn may meet a cycle the random turns closed.
      const turns = "Start\n";
      const runs = await Promise.all(
        [0, 1, 2].map(() => runCli(["play", "--game", "qttt", "--level", "random"], turns)),
      );
      const seeds = runs.map((r) => /^seed (\d+)\n$/.exec(r.stderr)?.[1]);
      assert.ok(seeds.every((x) => x !== undefined), runs.map((r) => r.stderr).join("|"));
      assert.equal(new Set(seeds).size, 3, "fresh seeds");
      const again = await runCli(
        ["play", "--game", "qttt", "--level", "random", "--seed", seeds[0]!],
        turns,
      );
      assert.deepEqual([again.stdout, again.stderr], [runs[0].stdout, `seed ${seeds[0]}\n`]);
    },
  );
  await t.step("bad options", async () => {
    const r = await runCli(["play", "--game", "qttt", "--level", "genius"], "");
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      "error: --level must be one of random, mcts, not 'genius'\nRun 'sudokit play --help' for usage.\n",
    );
  });
  await t.step("--analyze: the exact value and every best turn", async () => {
    const analyze = (...extra: string[]) => runCli(["play", "--game", "qttt", ...extra]);
    // O must collapse X's cycle; either square gives X the line, H the smaller bonus.
    const before = EXAMPLE.slice(0, -1).join(" ");
    const r = await analyze("--analyze", before);
    assert.equal(r.code, 0);
    const lines = r.stdout.split("\n");
    assert.deepEqual(lines.slice(0, 3), [
      "position: mark 13 closed a cycle, O to collapse it and move, board OXOXOXO.OX..X...",
      "value: -20 for O (final score difference with best play)",
      "best turns: H",
    ]);
    assert.match(lines[4], /^time: \d+\.\d ms$/);
    // One move earlier X can win with more than one turn; each is checked by check-move.
    const earlier = await analyze("--analyze", EXAMPLE.slice(0, 10).join(" "));
    const best = earlier.stdout.match(/^best turns: (.+)$/m)![1].split(" ");
    assert.match(earlier.stdout, /^value: \+21 for X /m);
    assert.ok(best.includes("GNO"));
    for (const turn of best) {
      const v = await runCli(["check-move", "--game", "qttt", ...EXAMPLE.slice(0, 10), turn]);
      assert.match(v.stdout, /^(OK|WIN)/, turn);
    }
  });
  await t.step("--analyze --format json: the text's fields in one object", async () => {
    const before = EXAMPLE.slice(0, -1).join(" ");
    const r = await runCli(["play", "--game", "qttt", "--analyze", before, "--format", "json"]);
    assert.deepEqual([r.code, r.stderr], [0, ""]);
    assert.equal(r.stdout.split("\n").length, 2, "one line");
    const o = JSON.parse(r.stdout);
    assert.equal(typeof o.ms, "number");
    assert.equal(typeof o.nodes, "number");
    assert.deepEqual({ ...o, nodes: 0, ms: 0 }, {
      position: "mark 13 closed a cycle, O to collapse it and move",
      player: "O",
      board: "OXOXOXO.OX..X...",
      value: -20,
      best_turns: ["H"],
      nodes: 0,
      ms: 0,
    });
    const unknown = await runCli(
      ["play", "--game", "qttt", "--analyze", "", "--time", "0.05", "--format", "json"],
    );
    assert.equal(unknown.code, 0);
    const u = JSON.parse(unknown.stdout);
    assert.deepEqual(
      [u.position, u.player, u.board, u.value, u.best_turns],
      ["X to play mark 1", "X", ".".repeat(16), null, []],
    );
  });

  await t.step("an opponent's turn that cannot be taken: one line naming it, exit 2", async () => {
    // X played AB, the bot (O) answered; then X's turn puts both halves in one square. The
    // seed is fixed: an answer BA would close a cycle, and X's turn would then need a
    // collapse letter first (a different error).
    const bad = await runCli(
      ["play", "--game", "qttt", "--level", "random", "--seed", "1"],
      "AB\n\nCC\n",
    );
    assert.equal(bad.code, 2);
    assert.equal(bad.stdout, "KA\n", "the first answer stays printed");
    assert.equal(
      bad.stderr,
      "seed 1\nerror: line 3: the opponent's turn 'CC' is not legal: same square C twice\n",
    );
    const escaped = await runCli(["play", "--game", "qttt"], "A\x1bB\n");
    assert.equal(escaped.code, 2);
    assert.equal(
      escaped.stderr.replace(/^seed \d+\n/, ""),
      "error: line 1: the opponent's turn 'A\\x1bB' is not legal: " +
        'malformed turn "A\\x1bB": expected letters A..P\n',
    );
    const twice = await runCli(["play", "--game", "qttt", "--level", "random"], "AB\nStart\n");
    assert.equal(twice.code, 2);
    assert.equal(
      twice.stderr.replace(/^seed \d+\n/, ""),
      "error: line 2: 'Start' after the game began: it may only come first\n",
    );
  });

  await t.step("--analyze: out of time, bad turns, a finished game", async () => {
    const analyze = (...extra: string[]) => runCli(["play", "--game", "qttt", ...extra]);
    const r = await analyze("--analyze", "", "--time", "0.05");
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^position: X to play mark 1, board \.{16}\nvalue: UNKNOWN\n/);
    const bad = await analyze("--analyze", "AB AA");
    assert.equal(bad.stderr, "error: --analyze: turn 2 (AA) is not legal: same square A twice\n");
    assert.equal(bad.code, 2);
    const bang = await analyze("--analyze", "AB! AB");
    assert.equal(bang.stderr, "error: --analyze: turn 1 (AB!) carries ! but closed no cycle\n");
    assert.equal(bang.code, 2);
    const over = await analyze("--analyze", EXAMPLE.join(" "));
    assert.equal(
      over.stderr,
      "error: --analyze: the game is over: X has a line of four (X 22, O 2)\n",
    );
    assert.equal(over.code, 2);
    assert.equal(over.stdout, "");
  });
});
