/**
 * The example game of the CodeCup 2012 quantum tic-tac-toe statement, shared by the tests
 * of the rules engine, the referee and the CLI.
 *
 * @module
 */

/** Outputs of X and O alternately. */
export const EXAMPLE: readonly string[] = [
  "AB",
  "AB",
  "ACD",
  "CD",
  "CEF",
  "EF",
  "EGJ",
  "IM",
  "IM",
  "MGJ",
  "GHN",
  "HK",
  "HK",
  "H",
];
