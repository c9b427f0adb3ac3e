/**
 * Benchmarks of the endgame solver, and (run directly) the measurement over all 1,000
 * labelled positions:
 *
 *   deno run --allow-read lib/sudoku_game/endgame_bench.ts [first|all] [wasm|js]
 *
 * `first` stops at the first winning move (the game value only), `all` lists every winning
 * move as `play --analyze` does; `wasm` (the default) searches the frames in WebAssembly,
 * `js` in JavaScript. Prints mismatches, the total and the worst time.
 *
 * @module
 */

import { SolutionGame } from "./endgame.ts";
import { analyzeSolutions } from "./endgame_analyze.ts";
import { collectSolutions } from "../solve/mod.ts";
import { parseGrid81 } from "./rules.ts";
import { cases, outcomes } from "../../testdata/play/labelled.ts";

let buf: Uint8Array = new Uint8Array(0);

/** Enumerate a grid's solutions into `buf`; returns their number. */
function enumerate(text: string): number {
  const r = collectSolutions(parseGrid81(text)!, 9, { limit: 1 << 22 });
  buf = r.solutions;
  return r.count;
}

const game = new SolutionGame({ tableBits: 20, wasm: Deno.args[1] !== "js" });

if (import.meta.main) {
  const all = Deno.args[0] === "all";
  let right = 0;
  let total = 0;
  let worst = 0;
  let worstAt = -1;
  let nodes = 0;
  const times: number[] = [];
  for (let i = 0; i < cases.length; i++) {
    const t0 = performance.now();
    const n = enumerate(cases[i]);
    const a = analyzeSolutions(game, buf, n, {}, all);
    const dt = performance.now() - t0;
    times.push(dt);
    total += dt;
    nodes += a.nodes;
    if (dt > worst) {
      worst = dt;
      worstAt = i + 1;
    }
    if (a.value === outcomes[i]) right++;
    else console.log(`position ${i + 1}: got ${a.value}, labelled ${outcomes[i]}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${all ? "all winning moves" : "value only"} (${Deno.args[1] === "js" ? "js" : "wasm"}): ` +
      `${right}/${cases.length} right, ` +
      `total ${(total / 1000).toFixed(1)} s, median ${times[times.length >> 1].toFixed(1)} ms, ` +
      `worst ${worst.toFixed(0)} ms (position ${worstAt}), nodes ${nodes}`,
  );
} else {
  for (const i of [0, 1, 2, 74]) {
    const n = enumerate(cases[i]);
    const copy = buf.slice(0, n * 81);
    // Each iteration starts from an empty table (cleared untimed): a table kept from the
    // last iteration would answer at the root.
    Deno.bench(
      `analyze labelled position ${i + 1} (${n} solutions, value only)`,
      { n: 5, warmup: 1 },
      (b) => {
        game.clearTable();
        b.start();
        analyzeSolutions(game, copy, n, {}, false);
        b.end();
      },
    );
  }
  Deno.bench("enumerate + analyze the first 20 labelled positions", { n: 3, warmup: 1 }, (b) => {
    game.clearTable();
    b.start();
    for (let i = 0; i < 20; i++) analyzeSolutions(game, buf, enumerate(cases[i]), {}, false);
    b.end();
  });
}
