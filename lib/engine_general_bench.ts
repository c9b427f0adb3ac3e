import type { Variant } from "./engine.ts";
import { GeneralEngine } from "./engine_general.ts";
import { LineFormatParser, type ParsedGrid } from "./parse.ts";

function readSet(name: string): { size: number; grids: Uint8Array[] } {
  const text = Deno.readTextFileSync(new URL(`../testdata/count/${name}`, import.meta.url));
  const parser = new LineFormatParser();
  const grids: ParsedGrid[] = [];
  for (const line of text.split("\n")) {
    parser.feed(line, (e) => e.kind === "grid" && grids.push(e.grid));
  }
  return { size: grids[0].size, grids: grids.map((g) => g.cells) };
}

/**
 * One bench per set: every puzzle counted to 2, the whole set per iteration. A `slow` set
 * runs once, without warm-up.
 */
function benchSet(name: string, variant: Variant, slow = false): void {
  const { size, grids } = readSet(name);
  const engine = new GeneralEngine(size, variant);
  Deno.bench({
    name: `${name} (${grids.length} puzzles, ${variant}, limit 2)`,
    group: `${size}x${size}`,
    ...(slow ? { n: 1, warmup: 0 } : {}),
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
// The 18 minimal 25×25 puzzles take about 200 s in all (0.05–63 s each): one pass.
benchSet("sudoku25_gecode_frisch.txt", "sudoku", true);
