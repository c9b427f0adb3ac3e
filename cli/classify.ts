/**
 * `sudokit classify`: the Latin square / Sudoku / Sudoku-X report of each grid.
 *
 * @module
 */

import { classify, formatHeader, formatReport, formatReportJson } from "../lib/report/classify.ts";
import { MAX_SIZE } from "../lib/grid/geometry.ts";
import { GridFormatParser } from "../lib/grid/parse.ts";
import { choiceFlag, feedInputs, Output, parseFlags, printHelp } from "./io.ts";

/** Help text of `classify`. */
export const classifyHelp = `Usage: sudokit classify [--format text|json] [FILE...]

Classify each grid as Sudoku-X, Sudoku or Latin square (Solved, Unsolved or
Incorrect), listing every improper duplicate of each class reported.

Reads each FILE in order (standard input when none is named, or for '-'), each
in the grid format: the number of grids G, then for each grid its size S and S
rows of S integers, 0 for an empty cell (rows of S <= 9 may be written as one
run of digits). Each FILE gets its own report.

Options:
  --format text|json  text: the canonical report (default); json: one JSON
                      object per grid and line
  -h, --help          show this help

Reports are printed as soon as each grid is read. Limits: a line may hold at
most 65536 characters; the grid count must fit in the input (a file of B bytes
holds at most B/4 grids).

Exit status: 0 when every grid was read, 1 when the output cannot be written,
2 on bad usage or bad input (the reports of the grids before the fault are
still printed).

Example:
  sudokit classify testdata/classify/sample2.txt
`;

/**
 * What input that does not start with a grid count is told: what classify reads, and
 * what reads one puzzle per line.
 */
const CLASSIFY_FORM_HINT = "classify reads the grid format (a grid count, then per " +
  "grid its size and rows); for one puzzle per line use 'sudokit count', or 'sudokit " +
  "verdict' for 9×9";

/** Run `classify` with its arguments; returns the exit status. */
export async function classifyCommand(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    format: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(classifyHelp);
  const format = choiceFlag("format", values.format, ["text", "json"] as const, "text");
  const out = new Output();
  const parser = (bytes: number | undefined) =>
    new GridFormatParser(MAX_SIZE, bytes, CLASSIFY_FORM_HINT);
  return await feedInputs("classify", positionals, out, parser, (event) => {
    if (event.kind === "count") {
      if (format === "text") out.write(formatHeader(event.count));
      return;
    }
    const { index, cells, size } = event.grid;
    const report = classify(cells, size);
    out.write(
      format === "text" ? formatReport(index, report) : formatReportJson(index, report) + "\n",
    );
  });
}
