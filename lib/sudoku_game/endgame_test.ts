import assert from "node:assert/strict";
import { type GameValue, MoveStatus, SolutionGame } from "./endgame.ts";
import { analyzePosition, analyzeSolutions } from "./endgame_analyze.ts";
import {
  LOSS,
  secondKey,
  solutionKeys,
  tableBytes,
  TranspositionTable,
  WIN,
} from "./endgame_table.ts";
import { collectSolutions, countSolutions } from "../solve/mod.ts";
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

/**
 * Plain exact reference on an enumerated set: whether the side to move wins the set of
 * solutions `idx` (indices into `sol`), by the definition of the game, memoised on the
 * set itself (its sorted indices as text: no hashing, no collisions).
 */
function exactWins(sol: Uint8Array, idx: number[], memo: Map<string, boolean>): boolean {
  const key = idx.join(",");
  const known = memo.get(key);
  if (known !== undefined) return known;
  const groups = new Map<number, number[]>();
  for (const i of idx) {
    for (let c = 0; c < 81; c++) {
      const g = c * 10 + sol[i * 81 + c];
      const list = groups.get(g);
      if (list === undefined) groups.set(g, [i]);
      else list.push(i);
    }
  }
  let win = false;
  const moves: number[][] = [];
  for (const child of groups.values()) {
    if (child.length === idx.length) continue;
    if (child.length === 1) win = true;
    else moves.push(child);
  }
  // Fewest solutions first only makes it faster; every move is tried until one wins.
  moves.sort((a, b) => a.length - b.length);
  for (const child of moves) {
    if (win) break;
    if (!exactWins(sol, child, memo)) win = true;
  }
  memo.set(key, win);
  return win;
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

/** The labelled positions of about 5,000 solutions, as 81-character lines. */
const POSITIONS_5K = Deno.readTextFileSync(
  new URL("../../testdata/play/positions_5k.txt", import.meta.url),
).trim().split("\n");

/**
 * The first of them enumerated once, with one memo of the exact reference that the steps
 * checking against it share (its keys are indices into these solutions).
 */
const first5k = (() => {
  let kept: { r: ReturnType<typeof collectSolutions>; memo: Map<string, boolean> } | undefined;
  return () => {
    kept ??= {
      r: collectSolutions(parseGrid81(POSITIONS_5K[0])!, 9, { limit: 10_000 }),
      memo: new Map(),
    };
    return kept;
  };
})();

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

  await t.step("analyzePosition: each refusal, the labelled value, a deadline", () => {
    const conflict = analyzePosition(parseGrid81("11" + ".".repeat(79))!);
    assert.equal(conflict.kind, "conflict");
    // A9 can only be 9, which B9 holds: no solution, though no rule is broken.
    const none = analyzePosition(parseGrid81("12345678." + "........9" + ".".repeat(63))!);
    assert.equal(none.kind, "no-solution");
    const many = analyzePosition(new Uint8Array(81));
    assert.ok(many.kind === "too-many" && many.estimate! > 1e21, JSON.stringify(many));
    const labelled = analyzePosition(parseGrid81(cases[37])!);
    assert.ok(labelled.kind === "value");
    assert.deepEqual([labelled.value, labelled.exact], [outcomes[37], true]);
    const late = analyzePosition(parseGrid81(cases[37])!, { deadline: 0, now: () => 1 });
    assert.ok(late.kind === "value");
    assert.deepEqual([late.value, late.winning, late.nodes], [undefined, [], 0]);
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

  await t.step("a deadline stops the loading of many solutions: no value, an empty game", () => {
    // Four rows and three cells given: 18,972 solutions, more than a clock check apart.
    const grid = parseGrid81("123456789456789123789123456234567891561" + ".".repeat(42))!;
    const r = collectSolutions(grid, 9, { limit: 100_000 });
    assert.equal(r.count, 18_972);
    const game = new SolutionGame({ tableBits: 16 });
    const late = { deadline: 0, now: () => 1 };
    assert.equal(game.load(r.solutions, r.count, late), false);
    assert.equal(game.n, 0);
    assert.deepEqual(game.rootMoves(), []);
    assert.deepEqual(analyzeSolutions(game, r.solutions, r.count, late), {
      value: undefined,
      winning: [],
      solutions: 18_972,
      nodes: 0,
    });
    // In time, the same load goes through.
    assert.equal(game.load(r.solutions, r.count, { deadline: 2, now: () => 1 }), true);
    assert.equal(game.n, 18_972);
  });

  await t.step("set keys: the two halves are independent (no key of linear steps)", () => {
    // Keys of 4,000 distinct rows, then XORs of 300,000 random small sets of them. Among
    // those, some pairs of different sets share the first 32-bit half (a birthday
    // collision: about ten expected); the second half must then differ. Keys whose second
    // half is a linear function of the first (xorshift steps) fail here at once.
    const rand = lcg(11);
    const pool = 4000;
    const k1 = new Int32Array(pool);
    const k2 = new Int32Array(pool);
    const rows = new Set<string>();
    const row = new Uint8Array(81);
    for (let i = 0; i < pool; i++) {
      for (let c = 0; c < 81; c++) row[c] = 1 + Math.floor(rand() * 9);
      rows.add(row.join(""));
      k1[i] = solutionKeys(row, 0);
      k2[i] = secondKey.value;
    }
    assert.equal(rows.size, pool);
    const seen = new Map<number, { h2: number; set: string }>();
    let collisions = 0;
    for (let t = 0; t < 300_000; t++) {
      const members = new Set<number>();
      const size = 2 + Math.floor(rand() * 6);
      while (members.size < size) members.add(Math.floor(rand() * pool));
      let h1 = 0;
      let h2 = 0;
      for (const i of members) {
        h1 ^= k1[i];
        h2 ^= k2[i];
      }
      const set = [...members].sort((a, b) => a - b).join(",");
      const other = seen.get(h1);
      if (other !== undefined && other.set !== set) {
        collisions++;
        assert.notEqual(other.h2, h2, `sets ${other.set} and ${set} share all 64 key bits`);
      }
      seen.set(h1, { h2, set });
    }
    assert.ok(collisions >= 2, `only ${collisions} half collisions: the test proves little`);
  });

  await t.step("values agree with an exact reference on positions of about 5,000", () => {
    const solver = new SolutionGame({ tableBits: 18 });
    for (const [k, grid] of POSITIONS_5K.slice(0, 2).entries()) {
      const { r, memo } = k === 0
        ? first5k()
        : { r: collectSolutions(parseGrid81(grid)!, 9, { limit: 10_000 }), memo: new Map() };
      assert.ok(r.count > 4000 && r.count < 5000);
      const idx = Array.from({ length: r.count }, (_, i) => i);
      const want = exactWins(r.solutions, idx, memo);
      const got = analyzeSolutions(solver, r.solutions, r.count, {}, false);
      assert.equal(got.value === "LOSS" ? false : true, want, grid);
    }
  });

  await t.step(
    "checkMove: exact answers as the reference, a capped one leaves out only larger replies",
    () => {
      const { r, memo } = first5k();
      const solver = new SolutionGame({ tableBits: 16 });
      solver.load(r.solutions, r.count);
      const holding = (idx: number[], cell: number, digit: number) =>
        idx.filter((i) => r.solutions[i * 81 + cell] === digit);
      const all = Array.from({ length: r.count }, (_, i) => i);
      const cap = 300;
      const seen = new Set<string>();
      const moves = solver.rootMoves().filter((m) => m.count > cap && m.count < 1500);
      for (const m of moves) {
        if (seen.has("loss") && seen.has("safe")) break;
        const child = holding(all, m.cell, m.digit);
        const got = solver.checkMove(m, cap);
        seen.add(got);
        const opponentWins = exactWins(r.solutions, child, memo);
        if (got === "loss" || got === "win") {
          assert.equal(got === "loss", opponentWins, `move ${m.cell}:${m.digit}`);
          continue;
        }
        assert.equal(got, "safe");
        // No reply the check searched wins for the opponent; a winning reply, if any, is larger.
        for (let c = 0; c < 81; c++) {
          for (let d = 1; d <= 9; d++) {
            const reply = holding(child, c, d);
            if (reply.length === 0 || reply.length === child.length || reply.length > cap) continue;
            assert.ok(reply.length > 1 && exactWins(r.solutions, reply, memo), `reply ${c}:${d}`);
          }
        }
      }
      assert.ok(seen.has("loss") && seen.has("safe"), `only ${[...seen]}: the test proves little`);
      // Capped answers left nothing false in the table: uncapped checks match the reference.
      for (
        const m of solver.rootMoves().filter((m) => m.count > cap && m.count < 1500).slice(0, 24)
      ) {
        const got = solver.checkMove(m, Infinity);
        const opponentWins = exactWins(r.solutions, holding(all, m.cell, m.digit), memo);
        assert.equal(got, opponentWins ? "loss" : "win", `move ${m.cell}:${m.digit}`);
      }
    },
  );

  await t.step("checkMove after a search whose last refutation is over the cap", () => {
    // The reply that refuted the last root move is tried first at the next one: when it
    // is over a check's cap it must not end the check before the smaller replies.
    const { r, memo } = first5k();
    const all = Array.from({ length: r.count }, (_, i) => i);
    const holding = (idx: number[], cell: number, digit: number) =>
      idx.filter((i) => r.solutions[i * 81 + cell] === digit);
    const cap = 300;
    let safe = 0;
    {
      const solver = new SolutionGame({ tableBits: 16 });
      solver.load(r.solutions, r.count);
      // The killer is private state: read it, and put it back before each check below.
      const state = solver as unknown as { killer: number };
      const killer = () => state.killer;
      // A lost large move whose refutation leaves more than the cap: it becomes the killer.
      let big = 0;
      for (const b of solver.rootMoves().filter((x) => x.count >= 2000)) {
        if (solver.checkMove(b, Infinity) !== "loss") continue;
        const k = killer();
        const left = holding(holding(all, b.cell, b.digit), k >> 4, k & 15).length;
        if (left > cap) {
          big = k;
          break;
        }
      }
      assert.ok(big !== 0, "no refutation over the cap: the test proves little");
      const candidates = solver.rootMoves().filter((x) => x.count > cap && x.count < 1500)
        .sort((a, b) => b.count - a.count);
      for (const m of candidates.slice(0, 16)) {
        state.killer = big;
        const got = solver.checkMove(m, cap);
        const child = holding(all, m.cell, m.digit);
        if (got === "loss") {
          assert.ok(exactWins(r.solutions, child, memo), `move ${m.cell}:${m.digit}`);
        }
        if (got !== "safe") continue;
        safe++;
        for (let c = 0; c < 81; c++) {
          for (let d = 1; d <= 9; d++) {
            const reply = holding(child, c, d);
            if (reply.length === 0 || reply.length === child.length || reply.length > cap) continue;
            assert.ok(
              reply.length > 1 && exactWins(r.solutions, reply, memo),
              `move ${m.cell}:${m.digit} called safe, reply ${c}:${d} wins`,
            );
          }
        }
      }
    }
    assert.ok(safe > 0, "no safe check: the test proves little");
  });

  await t.step("all winning moves agree with the exact reference (labelled positions)", () => {
    const solver = new SolutionGame({ tableBits: 16 });
    let checked = 0;
    for (let i = 0; i < cases.length && checked < 8; i += 7) {
      const r = collectSolutions(parseGrid81(cases[i])!, 9, { limit: 4000 });
      if (r.count > 400) continue;
      const memo = new Map<string, boolean>();
      const want: string[] = [];
      for (let c = 0; c < 81; c++) {
        for (let d = 1; d <= 9; d++) {
          const child: number[] = [];
          for (let s = 0; s < r.count; s++) if (r.solutions[s * 81 + c] === d) child.push(s);
          if (child.length === 0 || child.length === r.count) continue;
          if (child.length === 1 || !exactWins(r.solutions, child, memo)) want.push(`${c}:${d}`);
        }
      }
      const got = analyzeSolutions(solver, r.solutions, r.count, {}, true);
      assert.deepEqual(
        got.winning.map((m) => `${m.cell}:${m.digit}`).sort(),
        want.sort(),
        cases[i],
      );
      checked++;
    }
    assert.equal(checked, 8);
  });

  await t.step("the table's part in use grows with the position and stays right", () => {
    const table = new TranspositionTable(16);
    table.store(0x1234, 0x5678, 9, WIN, 0x35, 3);
    assert.equal(table.probe(0x1234, 0x5678, 9), WIN);
    assert.equal(table.move, 0x35);
    assert.equal(table.probe(0x1234, 0x5678, 10), 0, "the count is part of the key");
    // Grown, the same key may map elsewhere: no answer, never a wrong one.
    table.use(1 << 16);
    const after = table.probe(0x1234, 0x5678, 9);
    assert.ok(after === 0 || after === WIN);
    table.store(0x7fff1234, 0x5678, 9, LOSS, 0, 3);
    assert.equal(table.probe(0x7fff1234, 0x5678, 9), LOSS);
    table.clear();
    assert.equal(table.probe(0x7fff1234, 0x5678, 9), 0);
    // One game solving a small position, a large one and the small one again gives the
    // labelled values every time.
    const shared = new SolutionGame({ tableBits: 18 });
    for (const i of [3, 0, 3]) {
      const r = collectSolutions(parseGrid81(cases[i])!, 9, { limit: 4000 });
      assert.equal(analyzeSolutions(shared, r.solutions, r.count, {}, false).value, outcomes[i]);
    }
  });

  await t.step("an entry torn between two threads' stores answers neither set", () => {
    // Sets A and B share a bucket (their first key halves differ above its mask) and the
    // rest of the key; a reader may see B's first word with A's other words.
    const a = new ArrayBuffer(tableBytes(4));
    const b = new ArrayBuffer(tableBytes(4));
    new TranspositionTable(4, a).store(0x1234, 0x5678, 9, WIN, 0x35, 3);
    new TranspositionTable(4, b).store(0x1234 ^ 0x10000, 0x5678, 9, LOSS, 0, 5);
    const words = new Int32Array(a);
    const e = words.findIndex((x) => x !== 0);
    words[e] = new Int32Array(b)[e];
    const torn = new TranspositionTable(4, a);
    assert.equal(torn.probe(0x1234, 0x5678, 9), 0);
    assert.equal(torn.probe(0x1234 ^ 0x10000, 0x5678, 9), 0);
    // Whole entries written through either view are found.
    torn.store(0x1234, 0x5678, 9, WIN, 0x35, 3);
    assert.equal(new TranspositionTable(4, a).probe(0x1234, 0x5678, 9), WIN);
  });

  await t.step("root moves are the pairs held by some but not all solutions", () => {
    const set = ["1".repeat(81), "2" + "1".repeat(80), "3" + "1".repeat(79) + "2"];
    game.load(toBuffer(set), 3);
    const moves = game.rootMoves().map((m) => `${m.cell}:${m.digit}:${m.count}`).sort();
    assert.deepEqual(moves, ["0:1:1", "0:2:1", "0:3:1", "80:1:2", "80:2:1"]);
  });
});
