import { rate } from "./rate.ts";

/** The recorded set's 503 puzzles (QQWing's levels, collections too). */
const grids = Deno.readTextFileSync(
  new URL("../../testdata/rate/qqwing_levels.csv", import.meta.url),
)
  .split("\n")
  .filter((l) => l !== "" && !l.startsWith("#"))
  .map((l) => Uint8Array.from(l.split(",")[0], (ch) => (ch === "." ? 0 : Number(ch))));

Deno.bench("rate: the 503 puzzles of the recorded set", { n: 20 }, () => {
  for (const g of grids) rate(g, 9);
});

Deno.bench(
  "rate --steps: the same, every step recorded, chains with their proofs",
  { n: 20 },
  () => {
    for (const g of grids) rate(g, 9, { steps: true });
  },
);
