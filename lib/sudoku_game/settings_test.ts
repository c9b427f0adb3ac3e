import assert from "node:assert/strict";
import { DEFAULT_TUNING, measuredSpeed, timeKeys, tuningAt } from "./settings.ts";
import { SudokuBot, turnBudget } from "./bot.ts";

Deno.test("bot settings", async (t) => {
  await t.step("the speed is the load's time against the competition's", () => {
    const n = 400_000;
    const atCompetition = DEFAULT_TUNING.keyMicros * n / 1000;
    assert.equal(measuredSpeed(DEFAULT_TUNING, n, atCompetition), 1);
    assert.equal(measuredSpeed(DEFAULT_TUNING, n, atCompetition / 2), 2);
    // A helper thread adds its gain; too small a load to time says nothing.
    assert.equal(
      measuredSpeed(DEFAULT_TUNING, n, atCompetition / 2, 1),
      2 * (1 + DEFAULT_TUNING.helperGain),
    );
    assert.equal(measuredSpeed(DEFAULT_TUNING, 5_000, 1), 1);
    assert.equal(measuredSpeed(DEFAULT_TUNING, n, 0), 1);
    // A stalled or absurdly fast load does not push the plan past its bounds.
    assert.equal(measuredSpeed(DEFAULT_TUNING, n, 1e9), 0.5);
    assert.equal(measuredSpeed(DEFAULT_TUNING, n, 1e-3), 8);
  });

  await t.step("calibrate: the work done in the time measured, by the bot's clock", () => {
    // A fake clock that advances `step` ms a reading: the loop reads it once a round.
    const clock = (step: number) => {
      let t = 0;
      return () => (t += step);
    };
    const slow = timeKeys(clock(1), 300);
    const fast = timeKeys(clock(0.1), 300);
    assert.ok(slow.ms >= 300 && fast.ms >= 300);
    assert.ok(Math.abs(fast.n / slow.n - 10) < 0.1, `${fast.n} against ${slow.n}`);
    const speed = new SudokuBot({ now: clock(0.1) }).calibrate();
    const want = measuredSpeed(DEFAULT_TUNING, fast.n, fast.ms);
    assert.ok(Math.abs(speed - want) < 0.01 * want, `${speed} against ${want}`);
    assert.equal(new SudokuBot({ level: "random", now: clock(0.1) }).calibrate(), 1);
  });

  await t.step("a faster machine goes all in on larger sets, and only there", () => {
    const total = 30_000;
    const usable = total - 2100;
    const set = 1.5 * DEFAULT_TUNING.allInBelow;
    // Near the competition's speed, the measure's noise changes nothing.
    for (const near of [0.7, 1, 1.2, 1.45]) {
      assert.deepEqual(tuningAt(DEFAULT_TUNING, near), DEFAULT_TUNING);
    }
    assert.equal(tuningAt(DEFAULT_TUNING, 0.5).allInBelow, 0.5 * DEFAULT_TUNING.allInBelow);
    const fast = tuningAt(DEFAULT_TUNING, 2);
    assert.equal(fast.allInBelow, 2 * DEFAULT_TUNING.allInBelow);
    assert.equal(fast.smallSet, 2 * DEFAULT_TUNING.smallSet);
    assert.equal(fast.defenseCap, DEFAULT_TUNING.defenseCap);
    const slow = turnBudget(total, total, set, 0.8 * set, DEFAULT_TUNING);
    const quick = turnBudget(total, total, set, 0.8 * set, fast);
    assert.equal(slow, DEFAULT_TUNING.largeExactShare * usable);
    assert.equal(quick, DEFAULT_TUNING.exactShare * usable);
    // A handover turn is no longer at either speed.
    assert.equal(
      turnBudget(total, total, 300_000, 200_000, fast),
      turnBudget(total, total, 300_000, 200_000, DEFAULT_TUNING),
    );
  });
});
