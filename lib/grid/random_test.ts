import assert from "node:assert/strict";
import { Rng } from "./random.ts";

Deno.test("Rng", async (t) => {
  await t.step("Rng is reproducible and in range", () => {
    const a = new Rng(5), b = new Rng(5), c = new Rng(6);
    const xs = Array.from({ length: 50 }, () => a.below(7));
    assert.deepEqual(xs, Array.from({ length: 50 }, () => b.below(7)));
    assert.notDeepEqual(xs, Array.from({ length: 50 }, () => c.below(7)));
    assert.ok(xs.every((x) => Number.isInteger(x) && x >= 0 && x < 7));
    assert.equal(new Set(xs).size, 7);
  });
  await t.step("float is in [0, 1) and shuffle permutes", () => {
    const r = new Rng(9);
    for (let i = 0; i < 1000; i++) {
      const x = r.float();
      assert.ok(x >= 0 && x < 1);
    }
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = new Rng(3).shuffle(items.slice());
    assert.notDeepEqual(shuffled, items);
    assert.deepEqual(shuffled.slice().sort((a, b) => a - b), items);
  });
});
