import assert from "node:assert/strict";
import { analyzeSolutions, type GameValue, MoveStatus, SolutionGame } from "./endgame.ts";
import { countSolutions } from "../solve/count.ts";
import { parseGrid81 } from "./rules.ts";
import { cases, outcomes } from "../../testdata/play/labelled.ts";

/**
 * Plain reference: the solution-set game by definition, on arrays of strings, memoised on
 * the sorted set. Returns whether the side to move wins.
 */
function refWins(set: string[], memo: Map<string, boolean>): boolean {
  const key = [...set].sort().join("|");
  const known = memo.get(key);
  if (known !== undefined) return known;
  let win = false;
  for (let c = 0; c < 81 && !win; c++) {
    for (let d = 1; d <= 9 && !win; d++) {
      const child = set.filter((s) => s[c] === String(d));
      if (child.length === 0 || child.length === set.length) continue;
      if (child.length === 1 || !refWins(child, memo)) win = true;
    }
  }
  memo.set(key, win);
  return win;
}

/** Reference value and winning moves (as `cell:digit`, sorted). */
function refAnalyze(set: string[]): { value: GameValue; winning: string[] } {
  const memo = new Map<string, boolean>();
  const winning: string[] = [];
  let win1 = false;
  for (let c = 0; c < 81; c++) {
    for (let d = 1; d <= 9; d++) {
      const child = set.filter((s) => s[c] === String(d));
      if (child.length === 0 || child.length === set.length) continue;
      if (child.length === 1) win1 = true;
      if (child.length === 1 || !refWins(child, memo)) winning.push(`${c}:${d}`);
    }
  }
  const value: GameValue = win1 ? "WIN1" : winning.length > 0 ? "WIN2" : "LOSS";
  return { value, winning: winning.sort() };
}

function toBuffer(set: string[]): Uint8Array {
  const buf = new Uint8Array(set.length * 81);
  set.forEach((s, i) => {
    for (let c = 0; c < 81; c++) buf[i * 81 + c] = s.charCodeAt(c) - 48;
  });
  return buf;
}

/** Deterministic small pseudo-random generator for the test sets. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

/** `n` distinct vectors of 81 digits where only `vary` cells vary, over `digits` digits. */
function randomSet(rand: () => number, n: number, vary: number, digits: number): string[] {
  const base = Array.from({ length: 81 }, () => 1 + Math.floor(rand() * 9));
  const cells = Array.from({ length: vary }, () => Math.floor(rand() * 81));
  const out = new Set<string>();
  let guard = 0;
  while (out.size < n && guard++ < 10_000) {
    const v = base.slice();
    for (const c of cells) v[c] = 1 + Math.floor(rand() * digits);
    out.add(v.join(""));
  }
  return [...out];
}

function solutionsOf(text: string): { buf: Uint8Array; n: number } {
  const grid = parseGrid81(text)!;
  const buf = new Uint8Array(4000 * 81);
  let n = 0;
  countSolutions(grid, 9, {
    limit: 4000,
    onSolution: (s) => {
      buf.set(s, n * 81);
      n++;
    },
  });
  return { buf, n };
}

Deno.test("codecup_endgame", async (t) => {
  const game = new SolutionGame({ tableBits: 12 });

  await t.step("agrees with the plain reference on random small sets", () => {
    const rand = lcg(7);
    let checked = 0;
    const seen = new Set<GameValue>();
    for (let i = 0; i < 300; i++) {
      const set = randomSet(rand, 2 + Math.floor(rand() * 11), 2 + Math.floor(rand() * 5), 3);
      if (set.length < 2) continue;
      const ref = refAnalyze(set);
      const got = analyzeSolutions(game, toBuffer(set), set.length, {}, true);
      assert.equal(got.value, ref.value, `set ${i}: ${set.length} solutions`);
      const moves = got.winning.map((m) => `${m.cell}:${m.digit}`).sort();
      assert.deepEqual(moves, ref.winning, `set ${i}: winning moves`);
      seen.add(ref.value);
      checked++;
    }
    assert.ok(checked > 250);
    // The sets must exercise all three values, or the comparison proves little.
    assert.deepEqual([...seen].sort(), ["LOSS", "WIN1", "WIN2"]);
  });

  await t.step("first-win mode gives the same value", () => {
    const rand = lcg(99);
    for (let i = 0; i < 100; i++) {
      const set = randomSet(rand, 2 + Math.floor(rand() * 11), 3, 3);
      if (set.length < 2) continue;
      const all = analyzeSolutions(game, toBuffer(set), set.length, {}, true);
      const first = analyzeSolutions(game, toBuffer(set), set.length, {}, false);
      assert.equal(first.value, all.value);
      assert.ok(
        first.winning.every((m) =>
          all.winning.some((w) => w.cell === m.cell && w.digit === m.digit)
        ),
      );
    }
  });

  await t.step("labelled positions: every 10th of the 1,000 real positions", () => {
    const big = new SolutionGame({ tableBits: 16 });
    for (let i = 0; i < cases.length; i += 10) {
      const { buf, n } = solutionsOf(cases[i]);
      const got = analyzeSolutions(big, buf, n, {}, false);
      assert.equal(got.value, outcomes[i], `position ${i + 1} (${n} solutions)`);
    }
  });

  await t.step("a node budget stops the search without a value", () => {
    // Position 1 is a WIN2 needing some search; 3 nodes are not enough.
    const { buf, n } = solutionsOf(cases[0]);
    const small = new SolutionGame({ tableBits: 16 });
    small.load(buf, n);
    const moves = small.rootMoves();
    assert.equal(small.solveMoves(moves, { maxNodes: 3 }), undefined);
    assert.ok(small.aborted);
    assert.ok(moves.some((m) => m.status === MoveStatus.Unknown));
    // A clock already past the deadline stops it too.
    small.load(buf, n);
    const again = small.rootMoves();
    assert.equal(small.solveMoves(again, { deadline: 0, now: () => 1 }), undefined);
    // Without limits it finishes with the labelled value.
    small.load(buf, n);
    assert.equal(small.solveMoves(small.rootMoves()), outcomes[0]);
  });

  await t.step("root moves are the pairs held by some but not all solutions", () => {
    const set = ["1".repeat(81), "2" + "1".repeat(80), "3" + "1".repeat(79) + "2"];
    game.load(toBuffer(set), 3);
    const moves = game.rootMoves().map((m) => `${m.cell}:${m.digit}:${m.count}`).sort();
    assert.deepEqual(moves, ["0:1:1", "0:2:1", "0:3:1", "80:1:2", "80:2:1"]);
  });
});
