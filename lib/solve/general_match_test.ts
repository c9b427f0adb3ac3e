import assert from "node:assert/strict";
import { Matcher32 } from "./general_match.ts";
import { Matcher64 } from "./general_match64.ts";
import { Rng } from "../grid/mod.ts";

/** A seeded generator of floats in [0, 1), so failures repeat. */
function rng(seed: number): () => number {
  const r = new Rng(seed);
  return () => r.float();
}

/** Whether every position can take a value of its own (Kuhn's algorithm on arrays). */
function perfect(dom: number[][]): boolean {
  const owner = new Map<number, number>();
  const tryPos = (x: number, seen: Set<number>): boolean => {
    for (const d of dom[x]) {
      if (seen.has(d)) continue;
      seen.add(d);
      const y = owner.get(d);
      if (y === undefined || tryPos(y, seen)) {
        owner.set(d, x);
        return true;
      }
    }
    return false;
  };
  return dom.every((_, x) => tryPos(x, new Set()));
}

/** The definition: -1 without a perfect matching, else per position the values in none. */
function reference(dom: number[][]): { result: number; drop: number[][] } {
  if (!perfect(dom)) return { result: -1, drop: [] };
  const drop = dom.map((vals, x) =>
    vals.filter((d) => {
      const fixed = dom.map((v, y) => (y === x ? [d] : v));
      return !perfect(fixed);
    })
  );
  return { result: drop.some((v) => v.length > 0) ? 1 : 0, drop };
}

/**
 * Random value sets of `size` positions: a random perfect matching plus extra values
 * (sometimes none, so positions are solved), or without the matching now and then.
 */
function randomDomains(size: number, next: () => number): number[][] {
  const perm = [...Array(size).keys()].sort(() => next() - 0.5);
  const extra = next() * 3 / size;
  const broken = next() < 0.1;
  return perm.map((p) => {
    const vals = new Set<number>();
    if (!broken || next() < 0.8) vals.add(p);
    for (let d = 0; d < size; d++) if (next() < extra) vals.add(d);
    if (vals.size === 0) vals.add(Math.floor(next() * size));
    return [...vals].sort((a, b) => a - b);
  });
}

/** The places view the engine keeps: exact, except a value held alone may be anywhere. */
function placesOf(dom: number[][], size: number, next: () => number): number[][] {
  const places: number[][] = Array.from({ length: size }, () => []);
  dom.forEach((vals, x) => vals.forEach((d) => places[d].push(x)));
  dom.forEach((vals) => {
    if (vals.length === 1 && next() < 0.5) places[vals[0]] = [Math.floor(next() * size)];
  });
  return places;
}

Deno.test("Matcher32.match drops exactly the values in no perfect matching", () => {
  const next = rng(7);
  for (const size of [1, 2, 4, 6, 9, 12, 16, 25, 32]) {
    // Hints for 3 constraints, reused across the cases as the engine does.
    const m = new Matcher32(size, 3);
    const trials = size <= 12 ? 400 : 120;
    for (let t = 0; t < trials; t++) {
      const dom = randomDomains(size, next);
      const places = placesOf(dom, size, next);
      const constraint = t % 3;
      const st = new Int32Array(5 + size);
      places.forEach((p, d) => st[5 + d] = p.reduce((a, x) => a | (1 << x), 0));
      dom.forEach((vals, x) => m.mk[x] = vals.reduce((a, d) => a | (1 << d), 0));
      const got = m.match(constraint * size, st, 5);
      const want = reference(dom);
      assert.equal(got, want.result, `size ${size} trial ${t}: ${JSON.stringify(dom)}`);
      if (got < 0) continue;
      for (let x = 0; x < size; x++) {
        const drop = got === 0 ? 0 : m.mk[x];
        assert.equal(drop, want.drop[x].reduce((a, d) => a | (1 << d), 0), `size ${size}`);
      }
    }
  }
});

Deno.test("Matcher64.match drops exactly the values in no perfect matching", () => {
  const next = rng(11);
  for (const size of [1, 5, 16, 33, 40, 49, 64]) {
    const m = new Matcher64(size, 3);
    const trials = size <= 16 ? 300 : 60;
    for (let t = 0; t < trials; t++) {
      const dom = randomDomains(size, next);
      const places = placesOf(dom, size, next);
      const constraint = t % 3;
      const st = new Int32Array(3 + 2 * size);
      places.forEach((p, d) => {
        for (const x of p) st[3 + 2 * d + (x >> 5)] |= 1 << x;
      });
      dom.forEach((vals, x) => {
        m.mkLo[x] = m.mkHi[x] = 0;
        for (const d of vals) {
          if (d < 32) m.mkLo[x] |= 1 << d;
          else m.mkHi[x] |= 1 << d;
        }
      });
      const got = m.match(constraint * size, st, 3);
      const want = reference(dom);
      assert.equal(got, want.result, `size ${size} trial ${t}: ${JSON.stringify(dom)}`);
      if (got < 0) continue;
      for (let x = 0; x < size; x++) {
        let lo = 0;
        let hi = 0;
        for (const d of want.drop[x]) {
          if (d < 32) lo |= 1 << d;
          else hi |= 1 << d;
        }
        assert.equal(got === 0 ? 0 : m.mkLo[x], lo, `size ${size} position ${x}`);
        assert.equal(got === 0 ? 0 : m.mkHi[x], hi, `size ${size} position ${x}`);
      }
    }
  }
});
