/**
 * `sudokit verdict`: the UVa 10957 "Case N" verdict of each 9×9 grid.
 *
 * @module
 */

import { formatVerdict, formatVerdictJson, verdict } from "../lib/report/mod.ts";
import { TokenFormatParser } from "../lib/grid/mod.ts";
import { feedInputs, Output, printHelp } from "./io.ts";
import { choiceFlag, parseFlags } from "./flags.ts";

/** Help text of `verdict`. */
export const verdictHelp = `Usage: sudokit verdict [--format text|json] [FILE...]

Judge each 9×9 sudoku: 'Case N: Illegal.' when the givens repeat in a row,
column or box, else 'Impossible.', 'Unique.' or 'Ambiguous.' by whether it has
0, 1 or 2+ completions.

Reads each FILE in order (standard input when none is named, or for '-') as
tokens until the end: 81 digits per grid, 0 for empty, separated by any white
space; or one grid per line as 81 characters with '0' or '.' for empty. Cases
are numbered across all inputs.

Options:
  --format text|json  text: 'Case N: Verdict.' lines (default); json: one
                      JSON object a line per case, {"case":1,"verdict":"Unique"}
                      (verdict Illegal, Impossible, Unique or Ambiguous)
  -h, --help          show this help

Cases are printed as soon as each grid is read; a line may hold at most 65536
characters.

Exit status: 0 when every grid was read, 1 when the output cannot be written,
2 on bad usage or bad input (the cases before the fault are still printed).

Example:
  echo ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. | sudokit verdict
`;

/** Run `verdict` with its arguments; returns the exit status. */
export async function verdictCommand(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    help: { type: "boolean", short: "h" },
    format: { type: "string" },
  });
  if (values.help) return printHelp(verdictHelp);
  const format = choiceFlag("format", values.format, ["text", "json"] as const, "text");
  const show = format === "json" ? formatVerdictJson : formatVerdict;
  const out = new Output();
  let cases = 0;
  return await feedInputs(
    "verdict",
    positionals,
    out,
    () => new TokenFormatParser(),
    (event) => {
      if (event.kind === "grid") {
        out.write(show(++cases, verdict(event.grid.cells)) + "\n");
      }
    },
    // Grids are numbered across inputs, like the cases.
    (e) => `grid ${cases + 1}, line ${e.line}, column ${e.column}: ${e.detail}`,
  );
}
