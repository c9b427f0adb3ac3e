/**
 * Grids: geometry of every size (rows, columns, blocks, diagonals), symbol sets as two
 * 32-bit words, the input forms and their streaming parsers, the bitboard validators that
 * find duplicates and rule breaks, and the seeded random numbers used for random grids and
 * by the bots; the CNF of a grid for SAT solvers.
 *
 * The ground floor of the library: it imports nothing else of `lib/` but `text/`.
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
export { lowestBit, popcount, SymbolSets } from "./symbols.ts";
export {
  formatLine,
  GridFormatParser,
  type GridParser,
  InputError,
  type InputForm,
  type ParsedGrid,
  type ParseEvent,
  TokenFormatParser,
} from "./parse.ts";
export { LineFormatParser } from "./line_form.ts";
export { detectForm, FormDetector, parserFor } from "./forms.ts";
export { describeDuplicate, type Duplicate, findConflict, findDuplicates } from "./validate.ts";
export { Rng } from "./random.ts";
export { dimacs, type GridCnf, gridCnf, modelGrid, unitsOf } from "./cnf.ts";
