import assert from "node:assert/strict";
import { applyTurn, Qttt } from "./game.ts";
import { MctsBot, playRandomTurn, turnBudget } from "./bot.ts";
import { Rng } from "../grid/mod.ts";

function play(turns: string[]): Qttt {
  const q = new Qttt();
  for (const t of turns) assert.equal(typeof applyTurn(q, t), "object", t);
  return q;
}

Deno.test("random level", async (t) => {
  await t.step("every turn it writes is legal, and a seed repeats the game", () => {
    const games: string[] = [];
    for (const seed of [5, 5, 6]) {
      const rng = new Rng(seed);
      const turns: string[] = [];
      for (let g = 0; g < 200; g++) {
        const q = new Qttt();
        const check = new Qttt();
        while (!q.over) {
          const text = playRandomTurn(q, rng);
          const r = applyTurn(check, text);
          assert.equal(typeof r, "object", `${text}: ${r}`);
          assert.equal(check.board(), q.board());
          turns.push(text);
        }
      }
      games.push(turns.join(" "));
    }
    assert.equal(games[0], games[1]);
    assert.notEqual(games[0], games[2]);
  });
  await t.step("fair coin and uniform pairs on the first move", () => {
    const rng = new Rng(9);
    const counts = new Map<string, number>();
    for (let i = 0; i < 12000; i++) {
      const t = playRandomTurn(new Qttt(), rng);
      const key = [...t].sort().join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    assert.equal(counts.size, 120);
    for (const c of counts.values()) assert.ok(c > 50 && c < 160, `count ${c}`);
  });
});

Deno.test("mcts level", async (t) => {
  await t.step("a seeded search with an iteration cap is reproducible and legal", () => {
    const a = new MctsBot({ seed: 3, maxNodes: 100_000 });
    const b = new MctsBot({ seed: 3, maxNodes: 100_000 });
    const q1 = new Qttt(), q2 = new Qttt();
    const t1 = a.playTurn(q1, 1e9, 500);
    const t2 = b.playTurn(q2, 1e9, 500);
    assert.equal(t1, t2);
    assert.equal(typeof applyTurn(new Qttt(), t1), "object");
  });
  await t.step("it picks the collapse that wins first (15/5 instead of going on)", () => {
    // Collapsing O8 into H gives X row ABCD (first, move 7) and O row EFGH.
    const q = play(["AE", "AE", "EBF", "BF", "FCG", "CG", "GDH", "DH"]);
    const bot = new MctsBot({ seed: 1, maxNodes: 200_000 });
    assert.equal(bot.playTurn(q, 1e9, 3000), "H");
  });
  await t.step("as O it chooses the collapse that makes its line first", () => {
    const q = play(["AE", "AE", "EBF", "BF", "FCG", "CG", "GMN", "DH", "DH"]);
    const bot = new MctsBot({ seed: 1, maxNodes: 200_000 });
    assert.equal(bot.playTurn(q, 1e9, 3000), "D");
  });
  await t.step("it beats random play", () => {
    // Exact from 10 marks rather than 9: one game's solve at 9 takes seconds, at 10 ms.
    const bot = new MctsBot({ seed: 11, maxNodes: 300_000, exactFrom: 10 });
    const rng = new Rng(12);
    let wins = 0, points = 0;
    const games = 8;
    for (let g = 0; g < games; g++) {
      const seat = g % 2;
      const q = new Qttt();
      while (!q.over) {
        if (q.toMove() === seat) {
          const check = q.clone();
          const text = bot.playTurn(q, 1e9, 1500);
          assert.equal(typeof applyTurn(check, text), "object", text);
        } else {
          playRandomTurn(q, rng);
        }
      }
      const o = q.outcome();
      if (o.winner === seat) wins++;
      points += o.points[seat];
    }
    assert.ok(wins >= 6, `won ${wins} of ${games}`);
    assert.ok(points / games > 15, `mean ${points / games}`);
  });
  await t.step("turn budget spreads the time left over the remaining own turns", () => {
    // X's first of five searched turns: what is left after the quarter kept back, a fifth.
    assert.equal(turnBudget(5000, new Qttt(), 5000), 750);
    assert.equal(turnBudget(1000, new Qttt(), 5000), 0);
    const late = play(["AB", "AB", "ACD", "CD", "CEF", "EF", "EGJ", "IM", "IM", "MGJ", "GHN"]);
    assert.equal(turnBudget(1000, late, 5000), 450);
    assert.equal(turnBudget(-5, late, 5000), 0);
  });
});
