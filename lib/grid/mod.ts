/**
 * Grids: geometry of every size (rows, columns, blocks, diagonals), symbol sets as two
 * 32-bit words, the input forms and their streaming parsers, the bitboard validators that
 * find duplicates and rule breaks, and the seeded random numbers used for random grids and
 * by the bots; the CNF of a grid for SAT solvers.
 *
 * The ground floor of the library: it imports nothing else of `lib/` but `text/`.
 *
 * @example A 4×4 grid in the one-line form, and the rules it breaks
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   describeDuplicate,
 *   findConflict,
 *   findDuplicates,
 *   LineFormatParser,
 *   type ParsedGrid,
 * } from "@sudokit/sudokit/grid";
 *
 * const grids: ParsedGrid[] = [];
 * const parser = new LineFormatParser(4);
 * parser.feed("1234341221434312", (e) => {
 *   if (e.kind === "grid") grids.push(e.grid);
 * });
 * parser.finish();
 * const cells = grids[0].cells;
 * assert.deepEqual([...cells], [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2]);
 * assert.equal(findConflict(cells, 4, "sudoku"), "1 is repeated in column 3");
 * assert.deepEqual(findDuplicates(cells, 4, { diagonals: false }).map(describeDuplicate), [
 *   "1 is repeated in column 3",
 *   "2 is repeated in column 4",
 * ]);
 * ```
 *
 * @module
 */

export {
  blockSideOf,
  type Geometry,
  geometry,
  MAX_SIZE,
  type UnitKind,
  type Variant,
} from "./geometry.ts";
export { lowestBit, popcount, SymbolSets, symbolsProblem } from "./symbols.ts";
export {
  formatLine,
  GridFormatParser,
  type GridParser,
  InputError,
  type InputForm,
  MAX_LINE_LENGTH,
  MAX_LINE_SIZE,
  type ParsedGrid,
  type ParseEvent,
  symbolOf,
  TokenFormatParser,
  valueOfSymbol,
} from "./parse.ts";
export { LineFormatParser } from "./line_form.ts";
export { detectForm, FormDetector, parserFor } from "./forms.ts";
export { describeDuplicate, type Duplicate, findConflict, findDuplicates } from "./validate.ts";
export { Rng } from "./random.ts";
export { dimacs, type GridCnf, gridCnf, modelGrid, unitsOf } from "./cnf.ts";
