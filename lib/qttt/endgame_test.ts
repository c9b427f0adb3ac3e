import assert from "node:assert/strict";
import { Qttt } from "./game.ts";
import { playRandomTurn } from "./bot.ts";
import { ACTION_CLAIM, ACTION_COLLAPSE, QtttSolver } from "./endgame.ts";
import { Rng } from "../grid/mod.ts";

/** Finished games with a line of four for both players that the reference met. */
let doubles = 0;
/** Positions the reference visited. */
let reached = 0;

/** One scratch position per depth of the reference's recursion (no allocation per node). */
const scratch: Qttt[] = [];

/**
 * Plain minimax over whole atomic actions, no pruning, no table: the best final score
 * difference for the player acting in `q`. Written from the rules alone.
 */
function reference(q: Qttt, outcome = false, depth = 0): number {
  reached++;
  const me = q.toMove();
  if (scratch.length === depth) scratch.push(new Qttt());
  const c = scratch[depth];
  let best = -Infinity;
  // The value of the position after an action, for the player acting in q.
  const value = (): number => {
    if (c.over) {
      const o = c.outcome();
      if (o.double) doubles++;
      return outcome
        ? (o.winner === -1 ? 0 : o.winner === me ? 1 : -1)
        : o.points[me] - o.points[1 - me];
    }
    return c.toMove() === me
      ? reference(c, outcome, depth + 1)
      : 0 - reference(c, outcome, depth + 1);
  };
  if (q.pending()) {
    for (const sq of [q.pendingA, q.pendingB]) {
      c.copyFrom(q);
      c.collapse(sq);
      best = Math.max(best, value());
    }
    return best;
  }
  const free: number[] = [];
  for (let s = 0; s < 16; s++) if (!(((q.xs | q.os) >> s) & 1)) free.push(s);
  if (free.length === 1) {
    c.copyFrom(q);
    c.claimLast();
    return value();
  }
  for (let i = 0; i < free.length; i++) {
    for (let j = i + 1; j < free.length; j++) {
      c.copyFrom(q);
      c.place(free[i], free[j]);
      best = Math.max(best, value());
    }
  }
  return best;
}

/** Positions from random play that the reference can still search in a moment. */
function latePositions(seed: number, count: number, maxFree: number): Qttt[] {
  const rng = new Rng(seed);
  const out: Qttt[] = [];
  while (out.length < count) {
    const q = new Qttt();
    // Stop at a random point once few squares are free, sometimes with a collapse pending.
    while (!q.over) {
      const free = 16 - ((q.xs | q.os).toString(2).split("1").length - 1);
      if (free <= maxFree && rng.below(3) === 0) break;
      if (q.pending() && free <= maxFree + 1 && rng.below(2) === 0) break;
      playRandomTurn(q, rng);
    }
    if (!q.over && 16 - (q.xs | q.os).toString(2).split("1").length + 1 <= maxFree + 1) {
      out.push(q);
    }
  }
  return out;
}

Deno.test("exact endgame", async (t) => {
  await t.step("agrees with a plain minimax on 80 random late positions", () => {
    const solver = new QtttSolver(16);
    let decisive = 0;
    for (const q of latePositions(11, 80, 6)) {
      const want = reference(q);
      const got = solver.solve(q);
      assert.equal(got.value, want, q.board());
      if (want !== 0) decisive++;
      // The action it names reaches that value.
      const c = q.clone();
      const act = got.best;
      if (act >= ACTION_CLAIM) c.claimLast();
      else if (act >= ACTION_COLLAPSE) c.collapse(act - ACTION_COLLAPSE);
      else c.place(act >> 4, act & 15);
      const me = q.toMove();
      const v = c.over
        ? c.outcome().points[me] - c.outcome().points[1 - me]
        : c.toMove() === me
        ? reference(c)
        : 0 - reference(c);
      assert.equal(v, want, `best action of ${q.board()}`);
    }
    assert.ok(decisive > 24, `only ${decisive} positions with a nonzero value`);
    // The 15/5 rule was exercised, and the trees were not trivial.
    assert.ok(doubles > 0, "no double line of four met");
    assert.ok(reached > 100_000, `only ${reached} positions visited`);
  });

  await t.step("every action's value agrees with the plain minimax", () => {
    const solver = new QtttSolver(16);
    for (const q of latePositions(12, 60, 5)) {
      const values = solver.actionValues(q);
      assert.ok(values !== null);
      const me = q.toMove();
      for (const { action, value } of values) {
        const c = q.clone();
        if (action >= ACTION_CLAIM) c.claimLast();
        else if (action >= ACTION_COLLAPSE) c.collapse(action - ACTION_COLLAPSE);
        else c.place(action >> 4, action & 15);
        const want = c.over
          ? c.outcome().points[me] - c.outcome().points[1 - me]
          : c.toMove() === me
          ? reference(c)
          : 0 - reference(c);
        assert.equal(value, want);
      }
    }
  });

  await t.step("the outcome objective agrees with a plain minimax of who wins", () => {
    const solver = new QtttSolver(16, "outcome");
    const seen = new Set<number>();
    for (const q of latePositions(14, 40, 6)) {
      const want = reference(q, true);
      assert.equal(solver.solve(q).value, want, q.board());
      seen.add(want);
      const best = solver.optimalActions(q);
      assert.ok(best !== null && best.value === want && best.actions.length > 0);
    }
    assert.deepEqual([...seen].sort(), [-1, 0, 1]);
  });

  await t.step("a table kept across calls and a fresh one agree", () => {
    const kept = new QtttSolver(12);
    for (const q of latePositions(13, 100, 8)) {
      assert.equal(kept.solve(q).value, new QtttSolver(12).solve(q).value, q.board());
    }
  });

  await t.step("stops at its node limit and says so", () => {
    const rng = new Rng(3);
    const q = new Qttt();
    for (let i = 0; i < 4; i++) playRandomTurn(q, rng);
    const r = new QtttSolver(12).solve(q, { maxNodes: 5000 });
    assert.equal(r.value, null);
    assert.equal(r.best, -1);
  });
});
