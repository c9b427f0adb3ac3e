import assert from "node:assert/strict";
import { BotInputError, largestReply, SudokuBot, turnBudget } from "./bot.ts";
import { HANDOVER } from "./settings.ts";
import { SolutionGame } from "./endgame.ts";
import { DEFAULT_TUNING } from "./settings.ts";
import { collectSolutions } from "../solve/mod.ts";
import { judge, parseGrid81, parseMove, Position } from "./rules.ts";

/** Plain reference enumerator: every completion of a grid, by trying digits cell by cell. */
function allSolutions(grid: Uint8Array, cap: number): string[] {
  const g = Array.from(grid);
  const out: string[] = [];
  const ok = (c: number, d: number) => {
    const r = Math.floor(c / 9), k = c % 9;
    for (let i = 0; i < 9; i++) {
      if (g[r * 9 + i] === d || g[i * 9 + k] === d) return false;
    }
    const br = r - r % 3, bk = k - k % 3;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) if (g[(br + i) * 9 + bk + j] === d) return false;
    }
    return true;
  };
  const rec = (): void => {
    if (out.length >= cap) return;
    let best = -1, bestN = 10;
    for (let c = 0; c < 81; c++) {
      if (g[c] !== 0) continue;
      let n = 0;
      for (let d = 1; d <= 9; d++) if (ok(c, d)) n++;
      if (n < bestN) {
        bestN = n;
        best = c;
      }
    }
    if (best < 0) {
      out.push(g.join(""));
      return;
    }
    for (let d = 1; d <= 9; d++) {
      if (!ok(best, d)) continue;
      g[best] = d;
      rec();
      g[best] = 0;
    }
  };
  rec();
  return out;
}

/** The legal moves of a position by definition: pairs held by some but not all solutions. */
function refLegal(grid: Uint8Array): Map<string, number> {
  const sols = allSolutions(grid, 100_000);
  const moves = new Map<string, number>();
  for (let c = 0; c < 81; c++) {
    if (grid[c] !== 0) continue;
    for (let d = 1; d <= 9; d++) {
      const k = sols.filter((s) => s[c] === String(d)).length;
      if (k > 0 && k < sols.length) {
        moves.set(String.fromCharCode(65 + Math.floor(c / 9), 97 + c % 9) + d, k);
      }
    }
  }
  return moves;
}

// Position 39 of the labelled set (WIN1, a few hundred solutions at most).
const cases = Deno.readTextFileSync(
  new URL("../../testdata/play/random-play-until-2k-cases.txt", import.meta.url),
).trim().split("\n").map((l) => l.trim().split(/\s+/)[2]);

/** Play one in-process game between two bots, judged by the referee; returns the statuses. */
function playGame(a: SudokuBot, b: SudokuBot): { winner: number; statuses: string[] } {
  const pos = new Position();
  const bots = [a, b];
  const statuses: string[] = [];
  let turn = 0;
  let prev = "";
  for (let ply = 0; ply < 90; ply++) {
    if (prev !== "") bots[turn].opponent(prev);
    const line = bots[turn].move(30_000);
    const v = judge(pos, line);
    statuses.push(v.status);
    if (v.status !== "OK") return { winner: v.status === "WIN" ? turn : 1 - turn, statuses };
    pos.play(v.move!);
    prev = line;
    turn = 1 - turn;
  }
  throw new Error("game did not end");
}

Deno.test("codecup_bot", async (t) => {
  await t.step("turnBudget never plans past the reserve", () => {
    const total = 30_000;
    for (const solutions of [500_000, 40_000, 20_000, 2_000]) {
      let left = total;
      let spent = 0;
      for (let i = 0; i < 40; i++) {
        const b = turnBudget(left, total, solutions);
        assert.ok(b >= 0);
        spent += b;
        left -= b;
      }
      assert.ok(spent <= total * 0.93 + 1e-6, `${solutions}: spent ${spent}`);
    }
    assert.equal(turnBudget(2100, total, 40_000), 0);
    // Most of the time goes where a search can win the game.
    assert.ok(turnBudget(total, total, 20_000) > 10 * turnBudget(total, total, 500_000));
    // An exact turn (no move leaves the opponent a set out of its reach) on a set a
    // proof can take goes all in; on a larger one it keeps most of the clock for the later,
    // smaller turns; a turn that can still hand over such a set passes quickly.
    const usable = total - 2100;
    const allIn = turnBudget(total, total, 45_000, 30_000);
    assert.ok(allIn >= 0.8 * usable, `${allIn}`);
    const large = turnBudget(total, total, 120_000, 90_000);
    assert.ok(large <= 0.2 * usable, `${large}`);
    assert.ok(turnBudget(total - large, total, 45_000, 30_000) >= 0.8 * (usable - large));
    assert.ok(turnBudget(total, total, 120_000, 101_000) <= 0.1 * total);
    // Tuning values given override the defaults.
    const half = turnBudget(total, total, 45_000, 30_000, { ...DEFAULT_TUNING, exactShare: 0.5 });
    assert.equal(half, 0.5 * usable);
  });

  await t.step("an opponent's move that cannot be taken is a BotInputError", () => {
    const grid = parseGrid81(cases[38])!;
    const legal = refLegal(grid);
    const filled = grid.findIndex((d) => d !== 0);
    const name = (c: number) => String.fromCharCode(65 + Math.floor(c / 9), 97 + c % 9);
    // A digit that no solution has in an empty cell, or one every solution has.
    let none = "";
    let every = "";
    for (let c = 0; c < 81 && (none === "" || every === ""); c++) {
      if (grid[c] !== 0) continue;
      const held = [...legal.keys()].filter((m) => m.startsWith(name(c)));
      for (let d = 1; d <= 9; d++) {
        if (none === "" && !held.includes(name(c) + d)) none = name(c) + d;
      }
      if (held.length === 0 && every === "") {
        const sol = allSolutions(grid, 1)[0];
        every = name(c) + sol[c];
      }
    }
    assert.notEqual(every, "", "the position has a cell whose digit is forced");
    assert.notEqual(none, "");
    for (const level of ["random", "strong"] as const) {
      const fresh = () => {
        const bot = new SudokuBot({ level, tableBits: 12 });
        bot.grid.set(grid);
        return bot;
      };
      const bad: [string, RegExp][] = [
        [
          "Zz9",
          /^cannot parse the opponent's move 'Zz9': a move is a row A-I, a column a-i and a digit 1-9, like Dg7$/,
        ],
        ["!", /cannot parse/],
        ["\x1b[2J", /cannot parse/],
        [name(filled) + "1", /goes to .*, which holds/],
        [none, /leaves no solution/],
      ];
      bad.push([every, /does not decrease/]);
      for (const [line, message] of bad) {
        assert.throws(() => fresh().opponent(line), (e: unknown) => {
          assert.ok(e instanceof BotInputError, String(e));
          assert.match(e.message, message);
          return true;
        });
      }
      // The same position after a legal move goes on.
      const ok = fresh();
      ok.opponent([...legal.keys()][0]);
    }
  });

  await t.step("random level: every move is legal, by the reference", () => {
    const grid = parseGrid81(cases[38])!;
    const legal = refLegal(grid);
    assert.ok(legal.size > 3);
    const seen = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const bot = new SudokuBot({ level: "random", seed, tableBits: 12 });
      bot.grid.set(grid);
      const line = bot.move(30_000);
      const name = line.replace("!", "");
      assert.ok(legal.has(name), `seed ${seed}: ${line} is not legal`);
      // A claim exactly when one solution is left.
      assert.equal(line.endsWith("!"), legal.get(name) === 1, `seed ${seed}: ${line}`);
      seen.add(name);
    }
    // Uniform choice: 300 draws over this few moves reach nearly all of them.
    assert.ok(seen.size >= Math.min(legal.size, 20) * 0.8, `${seen.size} of ${legal.size}`);
  });

  await t.step("claims '!' when the opponent left one solution", () => {
    const sol = allSolutions(new Uint8Array(81), 1)[0];
    const grid = new Uint8Array(81);
    for (let c = 0; c < 81; c++) grid[c] = Number(sol[c]);
    // Remove a few cells of different digits: still unique (each is forced by its row).
    grid[0] = 0;
    grid[40] = 0;
    for (const level of ["random", "strong"] as const) {
      const bot = new SudokuBot({ level, tableBits: 12 });
      bot.grid.set(grid);
      assert.equal(bot.move(30_000), "!");
    }
  });

  await t.step("random against random: only legal moves, ends with a claim", () => {
    for (let g = 0; g < 6; g++) {
      const r = playGame(
        new SudokuBot({ level: "random", seed: 2 * g }),
        new SudokuBot({ level: "random", seed: 2 * g + 1 }),
      );
      assert.deepEqual(r.statuses.slice(0, -1), r.statuses.slice(0, -1).map(() => "OK"));
      assert.equal(r.statuses.at(-1), "WIN");
    }
  });

  await t.step("strong beats random, with legal moves only", () => {
    let wins = 0;
    for (let g = 0; g < 4; g++) {
      const strong = new SudokuBot({
        level: "strong",
        seed: g,
        enumLimit: 20_000,
        tableBits: 14,
        now: () => performance.now(),
        totalMs: 3_000,
      });
      const random = new SudokuBot({ level: "random", seed: 100 + g });
      const r = g % 2 === 0 ? playGame(strong, random) : playGame(random, strong);
      assert.equal(r.statuses.at(-1), "WIN");
      if (r.winner === g % 2) wins++;
    }
    assert.equal(wins, 4);
  });

  await t.step("largestReply: the most solutions a reply leaves, by a plain count", () => {
    for (const i of [0, 7, 19, 74]) {
      const r = collectSolutions(parseGrid81(cases[i])!, 9, { limit: 1 << 16 });
      const game = new SolutionGame({ tableBits: 12 });
      game.load(r.solutions, r.count);
      let checked = 0;
      for (const m of game.rootMoves().filter((_, k) => k % 7 === 0)) {
        // The solutions holding the move, then for every (cell, digit) how many hold it.
        const kept: number[] = [];
        for (let s = 0; s < r.count; s++) {
          if (r.solutions[s * 81 + m.cell] === m.digit) kept.push(s);
        }
        let most = 0;
        for (let c = 0; c < 81; c++) {
          for (let d = 1; d <= 9; d++) {
            const k = kept.filter((s) => r.solutions[s * 81 + c] === d).length;
            if (k < kept.length && k > most) most = k;
          }
        }
        assert.equal(
          largestReply(r.solutions.subarray(0, r.count * 81), m.cell, m.digit),
          most,
          `position ${i + 1}`,
        );
        checked++;
      }
      assert.ok(checked > 3);
    }
  });

  await t.step("at a handover turn: the largest handover no reply can hand back", () => {
    // Game 23 of a match against NineDigits, after 25 moves: 246,954 solutions. The
    // largest move leaves 171,188, after which a reply still leaves over 100,000.
    const moves = ("Ch6 Hf4 Ad3 Bf9 Bd7 Ia9 If5 Ci1 Fe1 Ei7 Fb6 Eb2 Aa6 Db5 Bb1 Ie8 Cf8 Cb9 " +
      "Gf7 Fa7 Ee5 Ef6 Ca3 Df3 Cc7").split(" ");
    let clock = 0;
    // A clock that runs fast, so that the turn's searches end at once.
    const bot = new SudokuBot({ seed: 3, now: () => (clock += 20), tableBits: 16 });
    const pos = new Position();
    for (const m of moves) {
      bot.opponent(m);
      pos.play(judge(pos, m).move!);
    }
    const line = bot.move(25_000);
    assert.equal(bot.last.deadEnd, true, line);
    // By the solution counter: the move leaves 100,000 or more, and no reply does.
    const v = judge(pos, line);
    assert.equal(v.status, "OK");
    pos.play(v.move!);
    const r = collectSolutions(pos.grid, 9, { limit: 300_000 });
    assert.ok(r.exact && r.count >= HANDOVER, `${line} leaves ${r.count}`);
    const counts = new Int32Array(810);
    for (let i = 0; i < r.count; i++) {
      for (let c = 0; c < 81; c++) counts[c * 10 + r.solutions[i * 81 + c]]++;
    }
    for (const k of counts) assert.ok(k === r.count || k < HANDOVER, `a reply leaves ${k}`);
    assert.ok(r.count < 171_188, "not the largest move");
  });

  await t.step("the same seed gives the same game", () => {
    const moves = (seed: number) => {
      const bot = new SudokuBot({ level: "strong", seed, enumLimit: 20_000, tableBits: 12 });
      const out: string[] = [];
      for (let i = 0; i < 8; i++) out.push(bot.move(30_000));
      return out;
    };
    assert.deepEqual(moves(3), moves(3));
    assert.notDeepEqual(moves(3), moves(4));
    assert.ok(moves(3).every((m) => parseMove(m) !== undefined));
  });
});
