import assert from "node:assert/strict";
import { formatVerdict, formatVerdictJson, type Verdict, verdict } from "./verdict.ts";
import { Rng } from "../grid/mod.ts";

/** Deterministic floats in [0, 1), so failures reproduce. */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

const grid = (line: string) => Uint8Array.from(line.replaceAll(".", "0"), Number);

function peers(i: number, j: number): boolean {
  const ri = Math.floor(i / 9), ci = i % 9, rj = Math.floor(j / 9), cj = j % 9;
  return ri === rj || ci === cj ||
    (Math.floor(ri / 3) === Math.floor(rj / 3) && Math.floor(ci / 3) === Math.floor(cj / 3));
}

/** Reference verdict: a pairwise check of the givens, then plain backtracking to 2. */
function refVerdict(cells: Uint8Array): Verdict {
  const g = Array.from(cells);
  for (let i = 0; i < 81; i++) {
    for (let j = i + 1; j < 81; j++) {
      if (g[i] !== 0 && g[i] === g[j] && peers(i, j)) return "Illegal";
    }
  }
  let found = 0;
  const rec = (from: number) => {
    let i = from;
    while (i < 81 && g[i] !== 0) i++;
    if (i === 81) {
      found++;
      return;
    }
    for (let v = 1; v <= 9 && found < 2; v++) {
      let ok = true;
      for (let j = 0; j < 81 && ok; j++) if (g[j] === v && peers(i, j)) ok = false;
      if (!ok) continue;
      g[i] = v;
      rec(i + 1);
      g[i] = 0;
    }
  };
  rec(0);
  return found === 0 ? "Impossible" : found === 1 ? "Unique" : "Ambiguous";
}

const SAMPLE = [
  "003900760040006009607010004200670090004305600010049007700090201300200040029008500",
  "003900760040006009600010004000670090004005600010049000700090201300200040020008500",
  "003900760040006009607010004200670090004305600010049007720090201300200040029008500",
  "003900760040006009607010004200670090004305600010049007750090201300200040029008500",
];

const SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Deno.test("verdict", async (t) => {
  await t.step("the four sample grids", () => {
    assert.deepEqual(SAMPLE.map((s) => verdict(grid(s))), [
      "Unique",
      "Ambiguous",
      "Illegal",
      "Impossible",
    ]);
  });

  await t.step("a full legal grid is Unique, an empty one Ambiguous", () => {
    assert.equal(verdict(grid(SOLVED)), "Unique");
    assert.equal(verdict(new Uint8Array(81)), "Ambiguous");
  });

  await t.step("a full grid with a repetition is Illegal", () => {
    const bad = grid(SOLVED);
    bad[0] = bad[1];
    assert.equal(verdict(bad), "Illegal");
  });

  await t.step(
    "a legal grid with an empty cell without candidates is Impossible, not Illegal",
    () => {
      // Cell (1,1) sees 1..8 in its row and 9 in its column.
      const g = grid("0" + "12345678" + "9" + "0".repeat(71));
      assert.equal(verdict(g), "Impossible");
    },
  );

  await t.step("the hard legal-but-impossible grid is Impossible", () => {
    const g = grid(
      ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
    );
    assert.equal(verdict(g), "Impossible");
  });

  await t.step("matches the reference on random grids near a solution", () => {
    const rand = rng(40);
    const seen = new Set<Verdict>();
    for (let k = 0; k < 150; k++) {
      const g = grid(SOLVED);
      const empties = 5 + Math.floor(rand() * 45);
      for (let e = 0; e < empties; e++) g[Math.floor(rand() * 81)] = 0;
      if (k % 3 === 0) g[Math.floor(rand() * 81)] = 1 + Math.floor(rand() * 9);
      const want = refVerdict(g);
      seen.add(want);
      assert.equal(verdict(g), want, Array.from(g).join(""));
    }
    assert.equal(seen.size, 4, `reached ${[...seen]}`);
  });
});

Deno.test("formatVerdict", () => {
  assert.equal(formatVerdict(1, "Unique"), "Case 1: Unique.");
  assert.equal(formatVerdict(12, "Impossible"), "Case 12: Impossible.");
});

Deno.test("formatVerdictJson", () => {
  assert.equal(formatVerdictJson(1, "Unique"), '{"case":1,"verdict":"Unique"}');
  assert.equal(formatVerdictJson(12, "Illegal"), '{"case":12,"verdict":"Illegal"}');
});
