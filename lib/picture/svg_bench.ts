import { Rng } from "../grid/mod.ts";
import { type Board, boardSvg, sheetSvg } from "./mod.ts";

/** 1,000 random 9×9 boards: about half the cells given, some filled, a conflict, a last move. */
function boards(count: number, size: number): Board[] {
  const rng = new Rng(9);
  const n = size * size;
  return Array.from({ length: count }, (_, k) => {
    const cells = Uint8Array.from({ length: n }, () => rng.below(size + 1));
    const givens = Uint8Array.from(cells, (v) => (rng.below(2) === 0 ? v : 0));
    return {
      size,
      cells,
      givens,
      conflicts: [rng.below(n), rng.below(n)],
      lastMove: rng.below(n),
      title: `Grid ${k + 1}: 9 is repeated on row 3`,
    };
  });
}

const nines = boards(1000, 9);
const big = boards(1, 64)[0];

Deno.bench("sheetSvg: 1,000 9×9 boards in one sheet", { n: 50 }, () => {
  const svg = sheetSvg(nines);
  if (svg.length < 1_000_000) throw new Error(`only ${svg.length} characters`);
});

Deno.bench("sheetSvg: 1,000 9×9 boards on A4 pages", { n: 50 }, () => {
  const svg = sheetSvg(nines, { paper: "a4" });
  if (svg.length < 1_000_000) throw new Error(`only ${svg.length} characters`);
});

Deno.bench("boardSvg: 1,000 9×9 boards one by one", { n: 50 }, () => {
  for (const b of nines) boardSvg(b);
});

Deno.bench("boardSvg: one 64×64 board", { n: 500 }, () => {
  boardSvg(big);
});
