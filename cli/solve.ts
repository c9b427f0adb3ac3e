/**
 * `sudokit solve`: the solution of each puzzle, or why it has none. It is `count` to two
 * solutions that keeps them (`count/stream.ts`): the same inputs, threads and order, and
 * the output shapes `count --solutions` takes (`count/format.ts`).
 *
 * @module
 */

import type { Format } from "./count/format.ts";
import { runCount, SHARED_FLAGS, sharedFlags } from "./count/stream.ts";
import { EXIT_NEGATIVE, EXIT_OK, printHelp, UsageError } from "./io.ts";
import { choiceFlag, parseFlags } from "./flags.ts";

/** Help text of `solve`. */
export const solveHelp = `Usage: sudokit solve [options] [FILE...]

Solve each puzzle: prints its solution, in input order as soon as it is
known, or in its place one line saying why there is none to print:
  no solution          the givens break the rules, or lead nowhere
  several solutions    the puzzle is not unique (JSON gives two of them)
  unknown: time limit  --time-limit ran out before the answer was known

Reads each FILE in order (standard input when none is named, or for '-'),
in every input form, size and variant that 'sudokit count' reads: one
puzzle per line ('.' or '0' empty, 1-9 then A-Z), the grid format of
'classify', or the 81-token format of 'verdict' (see 'sudokit count --help').

Options:
  --format F           text (default; line is the same): the solution in the
                       one-line form; grid: rows of symbols; readable: the
                       puzzle beside its solution, rows with rules between
                       the blocks (grid and readable: a blank line between
                       puzzles); json: one object per puzzle with
                       "puzzle" (its number), "line", "size", "status"
                       (unique, none, several or unknown), "solution"
                       (unique) or "solutions" (several: the first two;
                       unknown: any found), "conflict" when the givens
                       break the rules, "nodes" and "ms"; svg: one SVG
                       sheet written at the end, a board per puzzle
                       (<g data-grid="N">, N the puzzle's number), givens
                       bold and filled cells blue; a puzzle without a
                       unique solution is drawn as given, its caption
                       saying why
  --show W             what svg draws: solution (default), or puzzle: the
                       givens alone, to print and solve, on A4 pages (six
                       9×9 boards a page)
  --time-limit S       stop a puzzle after S seconds (a decimal, e.g. 0.5)
                       and go on to the next: 'unknown: time limit'
  --variant V          sudoku (rows, columns, blocks), x (sudoku plus both
                       main diagonals) or latin (rows and columns); default:
                       sudoku for sizes 1, 4, 9, 16, ..., latin otherwise;
                       a line of one of those (36 symbols: 6×6, 100: 10×10)
                       is refused without --variant latin, as likely a slip
  --input F            auto (default), line, grid or tokens
  --symbols CHARS      the symbols of one puzzle per line, value 1 first:
                       --symbols 0123456789ABCDEF reads and writes a 16×16
                       with digits 0-F ('.' stays empty; the size is their
                       number)
  --color WHEN         auto (default), always or never: colour the readable
                       shape, givens bold and filled cells cyan; auto
                       colours when standard output is a terminal and
                       NO_COLOR is not set
  --jobs N             solving threads, at most the number of cores
                       (default: one per core); workers start only when the
                       input proves long enough, as for 'count'
  -h, --help           show this help

Exit status: 0 when every puzzle had exactly one solution, 1 when some did
not (none, several, or unknown in the time limit), or when the output cannot
be written, 2 on bad usage or bad input (the puzzles before the fault are
still answered, and an SVG sheet still drawn of them).

Examples:
  sudokit solve testdata/count/17_clue_2000.txt
  sudokit solve --format readable puzzle.txt
  sudokit solve --format svg puzzles.txt > solutions.svg
  sudokit solve --format svg --show puzzle puzzles.txt > to_print.svg
  sudokit solve --symbols 0123456789ABCDEF --format grid puzzles16.txt
`;

/** The shapes `solve --format` takes; `text`, the plain one, is the one-line form. */
const SOLVE_FORMATS: readonly (Format | "text")[] = [
  "text",
  "line",
  "grid",
  "readable",
  "json",
  "svg",
];

/** Run `solve` with its arguments; returns the exit status. */
export async function solveCommand(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    ...SHARED_FLAGS,
    format: { type: "string" },
    show: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(solveHelp);
  const shared = sharedFlags(values);
  const format = choiceFlag("format", values.format, SOLVE_FORMATS, "text");
  if (values.show !== undefined && format !== "svg") {
    throw new UsageError("--show is for --format svg");
  }
  const settings = {
    // Two solutions tell a unique puzzle from one with several.
    limit: 2,
    format: format === "text" ? "line" : format,
    solutions: true,
    show: choiceFlag("show", values.show, ["solution", "puzzle"] as const, "solution"),
    ...shared.settings,
  };
  const { form, jobs } = shared;
  const { status, misses } = await runCount({
    command: "solve",
    files: positionals,
    form,
    jobs,
    settings,
  });
  if (status !== EXIT_OK) return status;
  return misses > 0 ? EXIT_NEGATIVE : EXIT_OK;
}
