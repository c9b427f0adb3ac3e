/**
 * `sudokit rate`: the level QQWing would give each puzzle, the hardest technique of
 * sudokit's own ladder it needs, and on request the count of each technique or the whole
 * solving path.
 *
 * @module
 */

import {
  blockSideOf,
  FormDetector,
  type GridParser,
  InputError,
  type InputForm,
  type ParsedGrid,
  type ParseEvent,
  parserFor,
  symbolsProblem,
  type Variant,
} from "../lib/grid/mod.ts";
import {
  cellLabel,
  describeStep,
  humanTables,
  MAX_HUMAN_SIZE,
  rate,
  type Rating,
} from "../lib/human/mod.ts";
import { defaultVariant } from "../lib/solve/mod.ts";
import { quoteInput } from "../lib/text/mod.ts";
import {
  CommandError,
  EXIT_OK,
  EXIT_USAGE,
  openInputs,
  Output,
  printError,
  printHelp,
  readLineChunks,
  requirePermission,
  UsageError,
} from "./io.ts";
import { choiceFlag, parseFlags } from "./flags.ts";
import { seLines, seScaleProblem } from "./rate_se.ts";

/** Help text of `rate`. */
export const rateHelp = `Usage: sudokit rate [options] [FILE...]

Rate each puzzle as a person would solve it. Prints one line per puzzle in
input order: the level QQWing gives it, then the hardest technique it needed
on sudokit's ladder, e.g. 'intermediate naked-pair'. A puzzle without
exactly one solution is 'invalid', with the reason.

Levels (those of QQWing 1.3.4, the same on every 9×9 of our test set):
  simple        naked singles only
  easy          hidden singles too
  intermediate  pointing pairs/triples, box/line reduction, naked or hidden
                pairs too
  expert        anything beyond: where QQWing guesses

The ladder, easiest first (the hardest rung used is the one printed):
  naked-single hidden-single pointing box-line naked-pair hidden-pair
  x-wing naked-triple swordfish hidden-triple xy-wing xyz-wing naked-quad
  jellyfish hidden-quad simple-colouring xy-chain forcing-chain guess
A guess (the last resort) places the digit of the one solution.

Reads each FILE in order (standard input when none is named, or for '-'), in
every form 'count' reads: one puzzle per line, the grid format of 'classify'
or the 81 tokens of 'verdict' (see 'sudokit count --help'). Sizes up to
${MAX_HUMAN_SIZE}×${MAX_HUMAN_SIZE}.

Options:
  --scale S            qqwing (default): the levels above; or se: Sudoku
                       Explainer 1.2.1's rating, 9×9 sudoku only, one line
                       'ER EP ED technique' per puzzle (e.g. '8.3 1.2 1.2
                       Cell Forcing Chains'): ER the hardest step of SE's
                       path, EP the hardest up to its first placement, ED its
                       first step, the technique in SE's words
  --variant V          sudoku, x (the two main diagonals are houses too) or
                       latin; default: sudoku for square sizes, else latin
                       (a line of such a size only with --variant latin)
  --input F            auto (default), line, grid or tokens
  --symbols CHARS      the symbols of one puzzle per line (see count --help)
  --format text|json   text (default) or one JSON object per puzzle, with the
                       count of each technique used (with --scale se: er,
                       ep, ed, technique and techniques)
  --steps              the solving path: after each puzzle's line, one line
                       per step, the technique, its pattern (digits, houses,
                       cells) and what it places (r1c3=4) or removes (r5c3<>4)
  -h, --help           show this help

Exit status: 0 when every puzzle was read (invalid ones too), 1 when the
output cannot be written, 2 on bad usage or bad input (the puzzles before the
fault are still rated).

Examples:
  sudokit rate testdata/rate/qqwing_levels.txt
  sudokit rate --scale se testdata/rate/se_ratings.txt
  echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudokit rate --steps
`;

interface RateSettings {
  readonly se: boolean;
  readonly variant: Variant | undefined;
  readonly json: boolean;
  readonly steps: boolean;
}

/** Run `rate` with its arguments; returns the exit status. */
export async function rateCommand(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    scale: { type: "string" },
    variant: { type: "string" },
    input: { type: "string" },
    symbols: { type: "string" },
    format: { type: "string" },
    steps: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(rateHelp);
  const se = choiceFlag("scale", values.scale, ["qqwing", "se"] as const, "qqwing") === "se";
  if (se && values.variant !== undefined && values.variant !== "sudoku") {
    throw new UsageError(
      `--scale se rates 9×9 sudoku only, not --variant ${quoteInput(values.variant, 20)}`,
    );
  }
  const settings: RateSettings = {
    se,
    variant: values.variant === undefined
      ? undefined
      : choiceFlag("variant", values.variant, ["sudoku", "x", "latin"] as const, "sudoku"),
    json: choiceFlag("format", values.format, ["text", "json"] as const, "text") === "json",
    steps: values.steps ?? false,
  };
  const form = choiceFlag(
    "input",
    values.input,
    ["auto", "line", "grid", "tokens"] as const,
    "auto",
  );
  const symbols = values.symbols;
  if (symbols !== undefined) {
    const problem = symbolsProblem(symbols);
    if (problem !== undefined) {
      throw new UsageError(`--symbols ${quoteInput(symbols, 80)} ${problem}`);
    }
  }
  for (const name of positionals) {
    if (name !== "-") requirePermission("rate", { name: "read", path: name }, `to ${name}`);
  }
  const out = new Output();
  const named = positionals.length > 0;
  try {
    for await (const input of openInputs(positionals, "rate")) {
      // A line of a size without blocks only when --variant says what it is (as count).
      const parser = new DetectingParser(form, input.size, symbols, settings.variant !== undefined);
      const emit = (event: ParseEvent) => {
        if (event.kind === "grid") rateGrid(event.grid, settings, out);
      };
      try {
        const chunks = readLineChunks(input.stream, {
          beforeWait: () => {
            parser.settle(emit);
            out.flush();
          },
        });
        for await (const lines of chunks) for (const line of lines) parser.feed(line, emit);
        parser.finish(emit);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        out.flush();
        printError(named ? `${input.name}: ${e.message}` : e.message);
        return EXIT_USAGE;
      }
    }
  } catch (e) {
    if (e instanceof CommandError) out.flush();
    throw e;
  } finally {
    out.flush();
  }
  return EXIT_OK;
}

/** The parser of a fixed form, or one that tells the form from the first lines (as `count`). */
class DetectingParser {
  #parser: GridParser | undefined;
  readonly #detector: FormDetector;

  constructor(
    form: InputForm | "auto",
    inputBytes: number | undefined,
    symbols: string | undefined,
    latin: boolean,
  ) {
    this.#detector = new FormDetector(inputBytes, symbols, latin);
    if (form !== "auto") this.#parser = parserFor(form, inputBytes, symbols, latin);
  }

  feed(line: string, emit: (event: ParseEvent) => void): void {
    if (this.#parser !== undefined) this.#parser.feed(line, emit);
    else this.#parser = this.#detector.push(line, emit);
  }

  /** Input is about to wait: decide now unless the next line could still change the form. */
  settle(emit: (event: ParseEvent) => void): void {
    this.#parser ??= this.#detector.settle(emit);
  }

  finish(emit: (event: ParseEvent) => void): void {
    (this.#parser ?? this.#detector.decide(emit)).finish();
  }
}

/** Rate one grid and write its lines. */
function rateGrid(grid: ParsedGrid, settings: RateSettings, out: Output): void {
  const size = grid.size;
  if (settings.se) {
    const problem = seScaleProblem(grid);
    if (problem !== undefined) throw problem;
    out.write(seLines(grid, settings.json, settings.steps));
    return;
  }
  const where = (detail: string) => new InputError(detail, grid.line, 1, grid.index);
  if (size > MAX_HUMAN_SIZE) {
    throw where(
      `a ${size}×${size} grid: rate works on grids up to ${MAX_HUMAN_SIZE}×${MAX_HUMAN_SIZE}; ` +
        `count its solutions with 'sudokit count'`,
    );
  }
  const variant = settings.variant ?? defaultVariant(size);
  if (variant !== "latin" && blockSideOf(size) === 0) {
    throw where(`variant ${variant} needs a perfect-square size, not ${size}`);
  }
  const rating = rate(grid.cells, size, { variant, steps: settings.steps });
  let clues = 0;
  for (const d of grid.cells) if (d !== 0) clues++;
  out.write(
    settings.json ? jsonLine(grid, rating, clues, variant) : textLines(rating, size, variant),
  );
  if (size > 9) out.flush();
}

function textLines(r: Rating, size: number, variant: Variant): string {
  if (!r.valid) return `invalid ${r.reason}\n`;
  let text = `${r.level} ${r.hardest ?? "none"}\n`;
  if (r.steps !== undefined) {
    const t = humanTables(size, variant);
    for (const step of r.steps) text += `  ${describeStep(step, t)}\n`;
  }
  return text;
}

function jsonLine(grid: ParsedGrid, r: Rating, clues: number, variant: Variant): string {
  const head = { puzzle: grid.index, line: grid.line, size: grid.size, variant, clues };
  if (!r.valid) return JSON.stringify({ ...head, level: "invalid", reason: r.reason }) + "\n";
  const body: Record<string, unknown> = {
    ...head,
    level: r.level,
    hardest: r.hardest ?? null,
    techniques: r.counts,
  };
  if (r.steps !== undefined) {
    const t = humanTables(grid.size, variant);
    body.steps = r.steps.map((s) => ({
      technique: s.technique,
      text: describeStep(s, t),
      place: s.placements.map(([c, d]) => ({ cell: cellLabel(c, grid.size), digit: d })),
      remove: s.eliminations.map(([c, d]) => ({ cell: cellLabel(c, grid.size), digit: d })),
    }));
  }
  return JSON.stringify(body) + "\n";
}
