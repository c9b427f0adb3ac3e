import assert from "node:assert/strict";
import { BotSession } from "./session.ts";
import { SudokuBot } from "./bot.ts";
import { judge, Position } from "./rules.ts";

/** A session around a small random bot, on a fake clock that the test moves. */
function session(debugMax = 3_000) {
  let clock = 0;
  const now = () => clock;
  const bot = new SudokuBot({ level: "random", seed: 5, now, tableBits: 12 });
  const s = new BotSession(bot, { totalMs: 30_000, startedAt: 0, debugMax });
  return {
    s,
    bot,
    at: (t: number) => (clock = t),
    line: (text: string) => s.line(text, clock, now),
  };
}

Deno.test("bot session", async (t) => {
  await t.step("Start: a legal move; blank lines are skipped; Quit stops", () => {
    const { line } = session();
    assert.deepEqual(line("   "), { stop: false });
    const step = line("Start");
    assert.equal(step.stop, false);
    assert.equal(judge(new Position(), step.reply!).status, "OK");
    assert.deepEqual(line("Quit"), { stop: true });
  });

  await t.step("the opponent's moves are answered, each reply legal", () => {
    const { line } = session();
    const position = new Position();
    let text = "Ea5";
    for (let i = 0; i < 6; i++) {
      position.play(judge(position, text).move!);
      const step = line(text);
      const verdict = judge(position, step.reply!);
      assert.equal(verdict.status, "OK");
      position.play(verdict.move!, verdict.witness);
      // The next opponent move: any legal one, found by trying the cells in order.
      text = "";
      for (let c = 0; c < 81 && text === ""; c++) {
        for (let d = 1; d <= 9 && text === ""; d++) {
          const m = String.fromCharCode(65 + Math.floor(c / 9), 97 + c % 9) + d;
          if (judge(position, m).status === "OK") text = m;
        }
      }
    }
  });

  await t.step("a claim by the opponent ends the game; later lines wait for Quit", () => {
    const { line } = session();
    assert.deepEqual(line("Ea5!"), { stop: false });
    assert.deepEqual(line("Fb6"), { stop: false });
    assert.deepEqual(line("Quit"), { stop: true });
  });

  await t.step("a move that cannot be taken stops with the reason", () => {
    const { line } = session();
    line("Ea5");
    const step = line("Ea6");
    assert.equal(step.reply, undefined);
    assert.equal(step.stop, true);
    assert.match(step.error!, /the opponent's move 'Ea6' goes to Ea, which holds 5/);
    assert.match(session().line("hello").error!, /cannot parse the opponent's move 'hello'/);
  });

  await t.step("start-up time counts as used, at most 3 s", () => {
    const a = session();
    a.at(1_200);
    a.line("Start");
    assert.ok(a.s.used >= 1_200 && a.s.used < 1_300, String(a.s.used));
    const b = session();
    b.at(20_000);
    b.line("Start");
    assert.ok(b.s.used >= 3_000 && b.s.used < 3_100, String(b.s.used));
  });

  await t.step("moving second, only the start-up until the wait counts, not the wait", () => {
    const a = session();
    a.at(150);
    a.s.ready(150);
    a.at(5_000); // the opponent's start-up and first move
    a.line("Ea5");
    assert.ok(a.s.used >= 150 && a.s.used < 250, String(a.s.used));
    // A driver that never says when it began to wait counts nothing for a second player.
    const b = session();
    b.at(5_000);
    b.line("Ea5");
    assert.ok(b.s.used < 100, String(b.s.used));
    // Moving first, the wait for Start counts even after ready.
    const c = session();
    c.s.ready(100);
    c.at(900);
    c.line("Start");
    assert.ok(c.s.used >= 900 && c.s.used < 1_000, String(c.s.used));
  });

  await t.step("debug lines: no sentinel values, cut to the allowance", () => {
    const { line } = session(60);
    const first = line("Start").debug!;
    assert.match(first, /^[A-I][a-i][1-9]!? random( sols=\d+)? 0ms used=0\.00s$/);
    assert.doesNotMatch(first, /-1|undefined|NaN/);
    let total = first.length + 1;
    for (const m of ["Ia1", "Ib2", "Ic3"]) {
      const d = line(m).debug;
      if (d !== undefined) total += d.length + 1;
    }
    assert.ok(total <= 60 + 1, `debug ${total} characters`);
  });
});
