/**
 * `sudokit count`: how many solutions each grid has, up to a limit, for every size and
 * rule set; streams inputs of any length in input order, on the main thread and, for long
 * inputs and hard large grids, in worker threads too (`stream.ts`, `pool.ts`).
 *
 * @module
 */

import type { Format } from "./format.ts";
import { runCount, SHARED_FLAGS, sharedFlags } from "./stream.ts";
import { printHelp, UsageError } from "../io.ts";
import { choiceFlag, intFlag, parseFlags } from "../flags.ts";

/** Help text of `count`. */
export const countHelp = `Usage: sudokit count [options] [FILE...]

Count the solutions of each grid, stopping at a limit. Prints one line per
grid in input order, as soon as it is known: the count, with '+' appended
when the limit cut the search short (0, 1, 2+; with --limit 1000: 288 or
1000+), or '?' when the time limit did (the solutions found so far: 0?, 1?).

Reads each FILE in order (standard input when none is named, or for '-').
Input forms, detected from the content unless --input says:
  line    one puzzle per line, S*S symbols: '.' or '0' empty, 1-9 then A-Z
          (16×16: 1-9A-G, 25×25: 1-9A-P), or those of --symbols; '#' lines
          and blank lines skipped. A line of 16×16 or more that holds both
          '.' and '0' is refused: its 0s may be digits (a grid written 0-F),
          which --symbols 0123456789ABCDEF says
  grid    the grid format of 'classify': G, then S and S rows per grid
  tokens  the 81-token format of 'verdict' (9×9 only)

Options:
  --limit N            stop counting a grid at N solutions (default 2; at
                       most 9007199254740991)
  --time-limit S       stop counting a grid after S seconds (a decimal, e.g.
                       0.5), print what was found with '?' and go on to the
                       next grid; checked every 256 search nodes (16
                       from 25×25 up)
  --variant V          sudoku (rows, columns, blocks), x (sudoku plus both
                       main diagonals) or latin (rows and columns); default:
                       sudoku for sizes 1, 4, 9, 16, ..., latin otherwise;
                       a line of one of those (36 symbols: 6×6, 100: 10×10)
                       is refused without --variant latin, as likely a slip
  --input F            auto (default), line, grid or tokens
  --format F           text (default), line, grid, readable, json or svg:
                       text and line print the count line, then each
                       solution found in the one-line form; grid (rows of
                       symbols) and readable (rules between the blocks, the
                       puzzle beside each solution) print the count line
                       and each solution with a blank line between any two;
                       json prints one object per
                       grid with the count, whether it is exact, search
                       nodes and time (ms), "parts" when workers shared
                       the grid's search, "timed_out" with --time-limit;
                       svg writes one SVG sheet of every solution found,
                       givens bold, filled cells blue, each captioned
                       with its puzzle (a grid without any: its puzzle,
                       captioned why), at the end (needs --solutions)
  --solutions          also print the solutions found after the grid's count
                       line, in the shape of --format (in JSON: a
                       "solutions" array of one-line strings)
  --color WHEN         auto (default), always or never: colour the readable
                       shape, givens bold and filled cells cyan; auto
                       colours when standard output is a terminal and
                       NO_COLOR is not set
  --symbols CHARS      the symbols of one puzzle per line, value 1 first:
                       --symbols 0123456789ABCDEF reads and writes a 16×16
                       with digits 0-F. '.' stays empty, and '0' is a digit
                       only when listed; the size is their number (every
                       grid must have it, whatever its form); --solutions
                       writes with them. Distinct printable ASCII
                       characters, not '.' or '#', at most 64
  --jobs N             counting threads, at most the number of cores
                       (default: one per core); grids are counted on the
                       main thread until the input proves long enough for
                       workers (N - 1 then, with the main thread counting
                       grids up to 9×9) or a larger grid takes long (a
                       lone one is then shared with the workers, later
                       ones go to them), and a worker left idle takes
                       over branches of a large grid another thread is
                       searching (not with --solutions)
  -h, --help           show this help

On a terminal, a grid that takes more than a second shows its progress on
standard error (grid, search nodes, solutions so far, seconds); never when
standard error is a file or a pipe. The line is cleared before each result
written to the same terminal, and drawn again after it.

Limits: a line may hold at most 65536 characters (a 64×64 grid on one line
needs about 12,300); a longer line, or input that never ends a line, is
refused after that many characters. A grid count (grid format) must fit in
the input: a file of B bytes holds at most B/4 grids.

Sizes: sudoku and x for S = 1, 4, 9, 16, 25, 36, 49, 64; latin for S = 1..64.
Grids whose givens already break the rules count 0 (JSON says why).

Exit status: 0 when every grid was read (a grid cut short by --time-limit
too), 1 when the output cannot be written, 2 on bad usage or bad input (the
counts of the grids before the fault are still printed).

Examples:
  sudokit count --jobs 1 < testdata/count/17_clue_2000.txt
  sudokit count --limit 1000 --format json puzzles.txt
  sudokit count --time-limit 10 testdata/classify/test1.txt
  echo ................ | sudokit count --limit 1000       # 288 4×4 sudokus
  sudokit count --symbols 0123456789ABCDEF --solutions puzzles16.txt
  sudokit count --limit 3 --solutions --format readable puzzle.txt
`;

/** The shapes `count --format` takes. */
const COUNT_FORMATS: readonly Format[] = ["text", "json", "line", "grid", "readable", "svg"];

/** Run `count` with its arguments; returns the exit status. */
export async function countCommand(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    ...SHARED_FLAGS,
    limit: { type: "string" },
    format: { type: "string" },
    solutions: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(countHelp);
  const format = choiceFlag("format", values.format, COUNT_FORMATS, "text");
  const solutions = values.solutions ?? false;
  if (format === "svg" && !solutions) {
    throw new UsageError(
      "--format svg draws the solutions found: add --solutions, or choose another format",
    );
  }
  const shared = sharedFlags(values);
  const settings = {
    limit: intFlag("limit", values.limit, 1, Number.MAX_SAFE_INTEGER, 2),
    format,
    solutions,
    ...shared.settings,
  };
  const { form, jobs } = shared;
  const { status } = await runCount({ command: "count", files: positionals, form, jobs, settings });
  return status;
}
