/**
 * `sudokit generate`: new puzzles with exactly one solution, minimal, of a QQWing level
 * or a hardest technique, streamed one per line as each is found, or laid out as a sheet
 * to print (SVG pages, or text) with their answers after them; the same seed and options
 * give the same puzzles on any machine.
 *
 * @module
 */

import { workerSources, workerUrl } from "./worker_url.ts";
import { formatLine, valueOfSymbol } from "../lib/grid/mod.ts";
import {
  type Generated,
  Generator,
  puzzleSeed,
  SYMMETRIES,
  type Symmetry,
  type Target,
} from "../lib/generate/mod.ts";
import { levelOf, LEVELS, TECHNIQUES, TOP_RUNG } from "../lib/human/mod.ts";
import {
  answersTextParts,
  puzzleSheetSvgParts,
  puzzleText,
  type SheetPuzzle,
} from "../lib/picture/mod.ts";
import { quoteInput } from "../lib/text/mod.ts";
import { formatRating, type SeBand, type SeGenerated, SeGenerator } from "../lib/se/mod.ts";
import {
  CommandError,
  EXIT_OK,
  Output,
  printHelp,
  requirePermission,
  StatusLine,
  UsageError,
} from "./io.ts";
import { choiceFlag, coreCount, intFlag, parseFlags, seedFlag } from "./flags.ts";

/** The technique names `--difficulty` takes: every rung but the guess, which no try finds. */
const FINER = TECHNIQUES.filter((t) => t !== "guess");

/** Help text of `generate`. */
export const generateHelp = `Usage: sudokit generate [options]

Generate puzzles with exactly one solution, one per line in the one-line form
'count' and 'rate' read, each written as soon as it is found; or as a sheet
to print and solve on paper (--format svg or readable). Without symmetry
every puzzle is minimal: removing any clue gives a second solution; with
symmetry, removing any symmetric group of clues does.

Options:
  --count N            puzzles to generate (default 1)
  --size S             4, 9 (default), 16 or 25
  --variant V          sudoku (default) or x (the two main diagonals hold
                       every digit once too)
  --difficulty D       any (default); a QQWing level: simple, easy,
                       intermediate or expert (what 'qqwing --solve --stats'
                       says of the puzzle); or the hardest technique the
                       puzzle needs on the ladder of 'sudokit rate':
                       ${FINER.slice(0, 5).join(" ")}
                       ${FINER.slice(5, 10).join(" ")}
                       ${FINER.slice(10, 14).join(" ")}
                       ${FINER.slice(14).join(" ")}
  --se MIN-MAX         9×9 sudoku only: puzzles whose Sudoku Explainer
                       rating ER (see 'sudokit rate --help', --scale se)
                       lies in the band, both ends included, e.g. 8.5-9.5
                       (one minimal puzzle in about 200: some half a second
                       of work a puzzle)
  --symmetry S         none (default), rotate90, rotate180, mirror (left to
                       right), flip (top to bottom) or random (one of these
                       five per puzzle)
  --seed N             0 to 4294967295: the same seed and options give the
                       same puzzles on every machine (default: a fresh one
                       per run, printed by --format json, svg and readable)
  --jobs N             generating threads, at most the number of cores
                       (default: one per core); each generates whole
                       puzzles, and the output is the same, in the same
                       order, whatever N
  --format F           text (default; line is the same): one puzzle per
                       line; json: one object per puzzle: puzzle, solution,
                       level, hardest technique, clues, symmetry, whether it
                       is proven minimal, and its own seed (with --seed of
                       it and --count 1, the same options give it back);
                       svg: a sheet to print, A4 pages of boards holding the
                       givens only (<g data-grid="N" class="puzzle">), each
                       captioned with its number, level, hardest technique
                       and seed, written once all are found; readable: the
                       same as text, each puzzle under its caption; with
                       --se, SE's er, ep, ed and technique instead of level
                       and hardest technique
  --answers            with svg or readable: the solutions after the puzzles,
                       smaller (svg: from a new page, <g data-grid="N"
                       class="answer">; readable: rows of symbols, several
                       side by side, at the end)
  -h, --help           show this help

Sizes: 16×16 puzzles take about half a second each, 25×25 a few seconds; a
25×25 puzzle is minimal only where each check fits a small search (JSON:
"minimal"). Some targets are rare: a try that finds none in 5000 attempts
ends with an error. On a terminal, progress shows on standard error.

Exit status: 0 on success, 1 when the output cannot be written, 2 on bad
usage or when no puzzle of the target was found (those before it are printed).

Examples:
  sudokit generate --count 10 --difficulty easy --seed 1
  sudokit generate --count 6 --format svg --answers > puzzles.svg
  sudokit generate --se 7.0-7.5 --count 2 --seed 1 --format json
  sudokit generate --size 16 --symmetry rotate180 --format json
  sudokit generate --difficulty x-wing | sudokit rate --steps
`;

/** Run `generate` with its arguments; returns the exit status. */
export async function generateCommand(args: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(args, {
    count: { type: "string" },
    size: { type: "string" },
    variant: { type: "string" },
    difficulty: { type: "string" },
    se: { type: "string" },
    symmetry: { type: "string" },
    seed: { type: "string" },
    jobs: { type: "string" },
    format: { type: "string" },
    answers: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(generateHelp);
  if (positionals.length > 0) {
    throw new UsageError(`generate takes no file, not ${quoteInput(positionals[0], 40)}`);
  }
  const count = intFlag("count", values.count, 1, Number.MAX_SAFE_INTEGER, 1);
  const sizeText = choiceFlag("size", values.size, ["4", "9", "16", "25"] as const, "9");
  const size = Number(sizeText);
  const variant = choiceFlag("variant", values.variant, ["sudoku", "x"] as const, "sudoku");
  const target = choiceFlag<Target>(
    "difficulty",
    values.difficulty,
    ["any", ...LEVELS, ...FINER],
    "any",
  );
  const symmetry = choiceFlag<Symmetry | "random">(
    "symmetry",
    values.symmetry,
    [...SYMMETRIES, "random"],
    "none",
  );
  const seed = seedFlag(values.seed, 0xffffffff);
  const jobs = Math.min(intFlag("jobs", values.jobs, 1, 1024, coreCount()), coreCount());
  const format = choiceFlag(
    "format",
    values.format,
    ["text", "line", "json", "svg", "readable"] as const,
    "text",
  );
  const answers = values.answers ?? false;
  if (answers && format !== "svg" && format !== "readable") {
    throw new UsageError(
      "--answers is for --format svg and readable (json holds each solution already)",
    );
  }
  // The sheets are made of the JSON records: puzzle, solution, level and seed.
  const json = format !== "text" && format !== "line";
  const se = values.se === undefined ? undefined : seBand(values.se);
  if (se !== undefined) {
    const other = size !== 9
      ? `--size ${size}`
      : variant !== "sudoku"
      ? `--variant ${variant}`
      : target !== "any"
      ? `--difficulty ${target}`
      : undefined;
    if (other !== undefined) {
      throw new UsageError(`--se makes 9×9 sudoku puzzles of any difficulty, not ${other}`);
    }
  }

  const settings: GenerateSettings = { size, variant, target, symmetry, json, se };
  const out = new Output();
  const progress = new Progress(count);
  const sheet = new Sheet(format, variant, answers, out);
  let jobCount = Math.min(jobs, count);
  try {
    let written = 0;
    const write = (text: string) => {
      sheet.add(text, written + 1);
      // Each puzzle is out as soon as it is found.
      progress.clear();
      out.flush();
      progress.done(++written);
    };
    if (jobCount > 1) {
      for (const path of workerSources("generate")) {
        const read = { name: "read", path } as const;
        // Threads by default only where they may start ('deno task generate' lets them).
        if (values.jobs === undefined && Deno.permissions.querySync(read).state !== "granted") {
          jobCount = 1;
          break;
        }
        requirePermission("generate", read, "for --jobs (to start its threads)");
      }
    }
    if (jobCount > 1) written = await inWorkers(settings, seed, count, jobCount, write);
    const generator = makerFor(settings);
    for (let i = written; i < count; i++) {
      const text = renderPuzzle(generator, settings, puzzleSeed(seed, i));
      if (text === undefined) throw notFound(settings, i);
      write(text);
    }
  } finally {
    // Also when a puzzle was not found: the sheet of those before it.
    sheet.end();
    out.flush();
    progress.clear();
  }
  return EXIT_OK;
}

/**
 * What `generate` writes of each puzzle found: its line or JSON record as made, or, for a
 * sheet, the puzzle under its caption (readable, at once) or kept for the SVG pages and the
 * answers, written at the end.
 */
class Sheet {
  readonly #puzzles: SheetPuzzle[] = [];
  /** A readable sheet's answers, kept small: the solutions' values one after another. */
  #solutions = new Uint8Array(0);
  readonly #numbers: number[] = [];
  #size = 0;

  constructor(
    readonly format: "text" | "line" | "json" | "svg" | "readable",
    readonly variant: "sudoku" | "x",
    readonly answers: boolean,
    readonly out: Output,
  ) {}

  /** Puzzle `number` (1-based), as `renderPuzzle` gave it. */
  add(text: string, number: number): void {
    if (this.format !== "svg" && this.format !== "readable") {
      this.out.write(text);
      return;
    }
    const r = JSON.parse(text) as JsonRecord;
    const cells = (line: string) =>
      Uint8Array.from(line, (ch) => Math.max(0, valueOfSymbol(ch.charCodeAt(0))));
    const p: SheetPuzzle = {
      size: r.size,
      variant: this.variant,
      puzzle: cells(r.puzzle),
      solution: cells(r.solution),
      number,
      title: `Puzzle ${number} · ${rank(r)} · seed ${r.seed}`,
    };
    // Only what is drawn at the end is kept.
    if (this.format === "svg") this.#puzzles.push(p);
    else {
      this.out.write(puzzleText(p));
      if (this.answers) this.#keepAnswer(p);
    }
  }

  /** Keep `p`'s solution for the answers: its values only, in blocks that double. */
  #keepAnswer(p: SheetPuzzle): void {
    const cells = p.size * p.size, at = this.#numbers.length * cells;
    if (at + cells > this.#solutions.length) {
      const grown = new Uint8Array(Math.max(2 * this.#solutions.length, 64 * cells));
      grown.set(this.#solutions);
      this.#solutions = grown;
    }
    this.#solutions.set(p.solution!, at);
    this.#numbers.push(p.number);
    this.#size = p.size;
  }

  /** The kept answers as sheet puzzles, made one at a time. */
  *#answers(): IterableIterator<SheetPuzzle> {
    const size = this.#size, cells = size * size;
    for (const [k, number] of this.#numbers.entries()) {
      const solution = this.#solutions.subarray(k * cells, (k + 1) * cells);
      yield { size, variant: this.variant, puzzle: solution, solution, number, title: "" };
    }
  }

  /** Write what waits for the end: the SVG pages, or the answers. */
  end(): void {
    if (this.format === "svg" && this.#puzzles.length > 0) {
      // Written as drawn: a sheet of many puzzles would not fit in one string.
      for (const part of puzzleSheetSvgParts(this.#puzzles, this.answers)) this.out.write(part);
    } else if (this.format === "readable" && this.answers) {
      // Written a row of answers at a time, from the kept values.
      for (const part of answersTextParts(this.#answers())) this.out.write(part);
    }
  }
}

/** What every puzzle of a run shares. */
export interface GenerateSettings {
  /** Side. */
  readonly size: number;
  /** Rule set. */
  readonly variant: "sudoku" | "x";
  /** Level or technique. */
  readonly target: Target;
  /** Symmetry of the clues. */
  readonly symmetry: Symmetry | "random";
  /** One JSON object a line rather than the puzzle alone. */
  readonly json: boolean;
  /** SE's band, in tenths, when puzzles are chosen by their SE rating. */
  readonly se?: SeBand;
}

/** What makes the puzzles: the generator, or for `--se` the generator and SE's rater. */
export type Maker = Generator | SeGenerator;

/** The maker of `s`'s puzzles. */
export function makerFor(s: GenerateSettings): Maker {
  return s.se === undefined ? new Generator(s) : new SeGenerator(s.se, s.symmetry);
}

/** The band of `--se MIN-MAX` in tenths, or a usage error. */
function seBand(text: string): SeBand {
  const m = /^(\d{1,2}(?:\.\d)?)-(\d{1,2}(?:\.\d)?)$/.exec(text);
  const min = m === null ? NaN : Math.round(Number(m[1]) * 10);
  const max = m === null ? NaN : Math.round(Number(m[2]) * 10);
  if (!(min >= 10 && max <= 199 && min <= max)) {
    throw new UsageError(
      `--se takes a band of ratings MIN-MAX from 1.0 to 19.9, like 8.5-9.5, not ${
        quoteInput(text, 20)
      }`,
    );
  }
  return { min, max };
}

/** The line of the puzzle of seed `seed`, or undefined when no try found one. */
export function renderPuzzle(
  generator: Maker,
  s: GenerateSettings,
  seed: number,
): string | undefined {
  if (generator instanceof SeGenerator) {
    const found = generator.generate(seed);
    if (found === undefined) return undefined;
    return s.json ? seJsonLine(found, seed) : formatLine(found.made.puzzle, 9) + "\n";
  }
  const made = generator.generate(seed);
  if (made === undefined) return undefined;
  return s.json
    ? jsonLine(made, generator, s.size, s.variant, seed)
    : formatLine(made.puzzle, s.size) + "\n";
}

function notFound(s: GenerateSettings, index: number): CommandError {
  if (s.se !== undefined) {
    return new CommandError(
      `puzzle ${index + 1}: no puzzle rated ${formatRating(s.se.min)}-${
        formatRating(s.se.max)
      } by SE was found in 5000 tries; ask for a wider --se band`,
    );
  }
  return new CommandError(
    `puzzle ${index + 1}: no ${s.size}×${s.size} ${s.variant} puzzle of difficulty ` +
      `${s.target} was found in 5000 tries; ask for another --difficulty (or a larger --size)`,
  );
}

/** A message from a generate worker: the line of puzzle `index`, or none found. */
export interface WorkerReply {
  /** 0-based index of the puzzle in the run. */
  readonly index: number;
  /** Its line, undefined when no try found one. */
  readonly text: string | undefined;
}

/** A job for a generate worker. */
export interface WorkerJob {
  /** The run's settings. */
  readonly settings: GenerateSettings;
  /** 0-based index of the puzzle in the run. */
  readonly index: number;
  /** The puzzle's own seed. */
  readonly seed: number;
}

/**
 * Generate puzzles in \`jobs\` worker threads, one puzzle a job, handing their lines to
 * \`write\` in input order; returns how many were written. A worker that cannot start
 * (the one-file bundle has no worker module) ends the threads, and the caller generates
 * the rest on this thread: the same lines either way.
 */
function inWorkers(
  settings: GenerateSettings,
  seed: number,
  count: number,
  jobs: number,
  write: (text: string) => void,
): Promise<number> {
  const workers: Worker[] = [];
  const done = new Map<number, string | undefined>();
  let next = 0;
  let written = 0;
  return new Promise<number>((resolve, reject) => {
    let over = false;
    const finish = (error?: unknown) => {
      if (over) return;
      over = true;
      for (const w of workers) w.terminate();
      if (error === undefined) resolve(written);
      else reject(error);
    };
    const send = (w: Worker) => {
      if (next >= count) return;
      const job: WorkerJob = { settings, index: next, seed: puzzleSeed(seed, next) };
      next++;
      w.postMessage(job);
    };
    for (let k = 0; k < jobs; k++) {
      let w: Worker;
      try {
        w = new Worker(workerUrl("generate"), { type: "module" });
      } catch {
        finish();
        return;
      }
      workers.push(w);
      w.onerror = (e) => {
        e.preventDefault();
        finish();
      };
      w.onmessage = (e: MessageEvent<WorkerReply>) => {
        done.set(e.data.index, e.data.text);
        try {
          while (done.has(written)) {
            const text = done.get(written);
            done.delete(written);
            if (text === undefined) return finish(notFound(settings, written));
            write(text);
            written++;
          }
        } catch (error) {
          return finish(error);
        }
        if (written >= count) return finish();
        send(w);
      };
      send(w);
    }
  });
}

/** The fields of a JSON record of `generate --format json` (QQWing's level, or with --se SE's). */
interface JsonRecord {
  readonly puzzle: string;
  readonly solution: string;
  readonly size: number;
  readonly level?: string;
  readonly hardest?: string | null;
  readonly er?: number;
  readonly technique?: string;
  readonly seed: number;
}

/** A caption's word on the difficulty: `easy, hidden-single` or `SE 8.5, Forcing Chain`. */
function rank(r: JsonRecord): string {
  if (r.er !== undefined) return `SE ${r.er.toFixed(1)}, ${r.technique}`;
  return `${r.level}${r.hardest === null || r.hardest === undefined ? "" : `, ${r.hardest}`}`;
}

function jsonLine(
  made: Generated,
  generator: Generator,
  size: number,
  variant: string,
  seed: number,
): string {
  const hardest = generator.hardest(made.puzzle, TOP_RUNG, made.solution);
  return JSON.stringify({
    puzzle: formatLine(made.puzzle, size),
    solution: formatLine(made.solution, size),
    size,
    variant,
    level: levelOf(Math.max(0, hardest)),
    hardest: hardest < 0 ? null : TECHNIQUES[hardest],
    clues: made.clues,
    symmetry: made.symmetry,
    minimal: made.minimal,
    seed,
  }) + "\n";
}

function seJsonLine(found: SeGenerated, seed: number): string {
  const { made, rating } = found;
  return JSON.stringify({
    puzzle: formatLine(made.puzzle, 9),
    solution: formatLine(made.solution, 9),
    size: 9,
    variant: "sudoku",
    er: rating.er / 10,
    ep: rating.ep / 10,
    ed: rating.ed / 10,
    technique: rating.hardest ?? "none",
    clues: made.clues,
    symmetry: made.symmetry,
    minimal: made.minimal,
    seed,
  }) + "\n";
}

/** Milliseconds between two redraws of the progress line, and before the first. */
const REDRAW_EVERY = 250;
const SHOW_AFTER = 1000;

/** `generated K/N` on a terminal's stderr once a run takes more than a second. */
class Progress extends StatusLine {
  readonly #start = performance.now();
  #last = 0;

  constructor(readonly total: number) {
    super();
  }

  done(k: number): void {
    if (!this.enabled || k >= this.total) return;
    const now = performance.now();
    if (now - this.#start < SHOW_AFTER || now - this.#last < REDRAW_EVERY) return;
    this.#last = now;
    const rate = k / ((now - this.#start) / 1000);
    this.show(`generated ${k}/${this.total}, ${rate.toFixed(1)}/s`);
  }
}
