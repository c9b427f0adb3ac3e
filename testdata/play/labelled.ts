/**
 * The 1,000 labelled CodeCup positions of this folder (from maksverver/codecup-sudoku):
 * each grid, in 81 characters, and its game value for the side to move.
 *
 * @module
 */

const read = (name: string) =>
  Deno.readTextFileSync(new URL(name, import.meta.url)).trim().split("\n");

/** The grids, in file order. */
export const cases: readonly string[] = read("random-play-until-2k-cases.txt")
  .map((l) => l.trim().split(/\s+/)[2]);

/** The value of each grid (`LOSS`, `WIN1`, `WIN2`), in the same order. */
export const outcomes: readonly string[] = read("random-play-until-2k-outcomes.txt")
  .map((l) => l.trim().split(/\s+/).pop()!);
