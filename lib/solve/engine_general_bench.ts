import type { Variant } from "./engine.ts";
import { GeneralEngine } from "./engine_general.ts";
import { LineFormatParser, type ParsedGrid } from "../grid/mod.ts";

function readSet(name: string): { size: number; grids: Uint8Array[] } {
  const text = Deno.readTextFileSync(new URL(`../../testdata/count/${name}`, import.meta.url));
  const parser = new LineFormatParser();
  const grids: ParsedGrid[] = [];
  for (const line of text.split("\n")) {
    parser.feed(line, (e) => e.kind === "grid" && grids.push(e.grid));
  }
  return { size: grids[0].size, grids: grids.map((g) => g.cells) };
}

/**
 * One bench per set: every puzzle counted to 2 (or those numbered in `only`, from 1), the
 * whole set per iteration.
 */
function benchSet(name: string, variant: Variant, only?: number[]): void {
  const set = readSet(name);
  const size = set.size;
  const grids = only === undefined ? set.grids : only.map((k) => set.grids[k - 1]);
  const engine = new GeneralEngine(size, variant);
  const which = only === undefined ? "" : ` #${only.join(",")}`;
  Deno.bench({
    name: `${name}${which} (${grids.length} puzzles, ${variant}, limit 2)`,
    group: `${size}x${size}`,
    fn() {
      for (const grid of grids) {
        if (engine.count(grid, 2) !== 1) throw new Error(`${name}: a puzzle is not unique`);
      }
    },
  });
}

benchSet("sudoku16_gecode_janko.txt", "sudoku");
benchSet("sudoku16_vu_kr_100.txt", "sudoku");
benchSet("sudokuX16_andrebarbosa_2.txt", "x");
benchSet("sudoku25_jxa3695_1.txt", "sudoku");
// The 18 minimal 25×25 puzzles take about 49 s in all (0.01–11 s each), and a bench runs
// its function at least three times: the nine that take under 2 s here, the whole set with
// `deno task count --jobs 1 --format json < testdata/count/sudoku25_gecode_frisch.txt`.
benchSet("sudoku25_gecode_frisch.txt", "sudoku", [2, 3, 6, 7, 12, 13, 14, 17, 18]);
