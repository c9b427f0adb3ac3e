/**
 * `sudokit classify`: the Latin square / Sudoku / Sudoku-X report of each grid.
 *
 * @module
 */

import {
  type ClassifiedGrid,
  classify,
  classifySheetSvgParts,
  formatHeader,
  formatReadable,
  formatReport,
  formatReportJson,
} from "../lib/report/mod.ts";
import { GridFormatParser, MAX_SIZE } from "../lib/grid/mod.ts";
import { feedInputs, Output, printHelp } from "./io.ts";
import { choiceFlag, colorFlag, parseFlags } from "./flags.ts";

/** Help text of `classify`. */
export const classifyHelp = `Usage: sudokit classify [--format text|json|readable|svg]
                        [--color auto|always|never] [FILE...]

Classify each grid as Sudoku-X, Sudoku or Latin square (Solved, Unsolved or
Incorrect), listing every improper duplicate of each class reported.

Reads each FILE in order (standard input when none is named, or for '-'), each
in the grid format: the number of grids G, then for each grid its size S and S
rows of S integers, 0 for an empty cell (rows of S <= 9 may be written as one
run of digits). Each FILE gets its own report.

Options:
  --format FORMAT     text: the canonical report (default); json: one JSON
                      object per grid and line; readable: each grid drawn with
                      rules between its blocks, every cell of an improper
                      duplicate in brackets ([5]), then the rules broken
                      ('row 3: 5 at (3,1) (3,7)'); svg: one SVG sheet of all
                      grids, the duplicates' cells shaded (class 'conflict',
                      the rules each breaks in data-rules="row block"): red
                      for a row, column or block, violet for diagonals only
                      (class 'diagonal-only'); each grid captioned with its
                      verdicts, then one line per rule broken; written once
                      the input is read
  --color WHEN        colour the readable form (conflicts red): auto (default:
                      when the output is a terminal and NO_COLOR is not set),
                      always or never
  -h, --help          show this help

Reports are printed as soon as each grid is read (the SVG sheet at the end).
Limits: a line may hold at most 65536 characters; the grid count must fit in
the input (a file of B bytes holds at most B/4 grids).

Exit status: 0 when every grid was read, 1 when the output cannot be written,
2 on bad usage or bad input (the reports of the grids before the fault are
still printed; for svg, the sheet of those grids).

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
    color: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(classifyHelp);
  const format = choiceFlag(
    "format",
    values.format,
    ["text", "json", "readable", "svg"] as const,
    "text",
  );
  const color = colorFlag(values.color) && format === "readable";
  const out = new Output();
  // The sheet is laid out once every grid is known; a caption names the file of its grid
  // when there are several (each file numbers its grids from 1, as its report does).
  const sheet: ClassifiedGrid[] = [];
  const several = positionals.length > 1;
  let inputs = 0;
  const parser = (bytes: number | undefined) => {
    inputs++;
    return new GridFormatParser(MAX_SIZE, bytes, CLASSIFY_FORM_HINT);
  };
  try {
    return await feedInputs("classify", positionals, out, parser, (event) => {
      if (event.kind === "count") {
        if (format === "text" || format === "readable") out.write(formatHeader(event.count));
        return;
      }
      const { index, cells, size } = event.grid;
      const report = classify(cells, size);
      switch (format) {
        case "text":
          out.write(formatReport(index, report));
          break;
        case "json":
          out.write(formatReportJson(index, report) + "\n");
          break;
        case "readable":
          out.write(formatReadable(index, report, cells, { color }));
          break;
        case "svg": {
          const file = positionals[inputs - 1];
          const label = several
            ? `${file === "-" ? "standard input" : file}, grid ${index}`
            : `Grid ${index}`;
          // Kept as handed on: the grid-format parser gives each grid a fresh array.
          sheet.push({ label, cells, report });
        }
      }
    });
  } finally {
    // Also after bad input: the sheet of the grids before the fault, as the text report
    // keeps theirs.
    if (sheet.length > 0) {
      // Written as drawn: a sheet of many grids would not fit in one string.
      for (const part of classifySheetSvgParts(sheet)) out.write(part);
      out.flush();
    }
  }
}
