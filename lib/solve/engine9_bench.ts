/**
 * Speed of Engine9 counting to 2 on the 9×9 benchmark sets in testdata/count.
 *
 * One bench iteration counts one puzzle, cycling through the set, so `iter/s` is puzzles
 * per second. Run with `deno bench --allow-read lib/solve/engine9_bench.ts`.
 *
 * @module
 */

import { Engine9 } from "./engine9.ts";

function readSet(name: string): Uint8Array[] {
  const url = new URL(`../../testdata/count/${name}`, import.meta.url);
  return Deno.readTextFileSync(url).split("\n").filter((l) => l.length >= 81).map((line) => {
    const g = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const c = line.charCodeAt(i);
      g[i] = c >= 49 && c <= 57 ? c - 48 : 0;
    }
    return g;
  });
}

const engine = new Engine9();

for (
  const name of [
    "17_clue_2000.txt",
    "magictour_top1465.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus_2000.txt",
    "serg_benchmark_2000.txt",
  ]
) {
  const grids = readSet(name);
  let k = 0;
  Deno.bench(`${name.replace(".txt", "")} (puzzles/s = iter/s)`, {
    group: "count to 2",
  }, () => {
    engine.count(grids[k], 2);
    if (++k === grids.length) k = 0;
  });
}

/**
 * Impossible grids the search once needed up to two million guesses for, and one the
 * configuration search needs 271,175 for without probing (see the test).
 */
const impossible = [
  ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
  "...........2.....5.9......2...........52..1.9...17...495.4..............4..95....",
  "............4........7...12.21.....8.7...9.......68.....75...............12....6.",
  "....2683........5....5..........5.2.368.1....2.....398..2...9..8.3..1.7....7...8.",
  "..3......4...8..36..8...1...4..6..733..9.........32.....4.7..686........78....5.4",
  "68...............5.9......2.........845..........78...95.4.............64..95....",
].map((line) => Uint8Array.from(line, (c) => (c === "." ? 0 : +c)));
Deno.bench("refute 6 hard impossible grids", { group: "impossible" }, () => {
  for (const g of impossible) engine.count(g, 2);
});

const empty = new Uint8Array(81);
Deno.bench("enumerate 10,000 grids from the empty grid", { group: "enumerate" }, () => {
  engine.count(empty, 10_000);
});
