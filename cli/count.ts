/**
 * `sudokit count`: how many solutions each grid has, up to a limit, for every size and
 * rule set; streams inputs of any length through worker threads in input order.
 *
 * @module
 */

import type { Variant } from "../lib/solve/engine.ts";
import { blockSideOf } from "../lib/grid/geometry.ts";
import {
  detectForm,
  type GridParser,
  InputError,
  type InputForm,
  type ParsedGrid,
  type ParseEvent,
  parserFor,
} from "../lib/grid/parse.ts";
import { type Batch, countBatch, type CountSettings } from "./count_batch.ts";
import { Pool } from "./count_pool.ts";
import {
  choiceFlag,
  CommandError,
  EXIT_OK,
  EXIT_USAGE,
  intFlag,
  openInputs,
  Output,
  parseFlags,
  printError,
  printHelp,
  readLines,
} from "./io.ts";

/** Help text of `count`. */
export const countHelp = `Usage: sudokit count [options] [FILE...]

Count the solutions of each grid, stopping at a limit. Prints one line per
grid in input order: the count, with '+' appended when the limit cut the
search short (0, 1, 2+; with --limit 1000: 288 or 1000+).

Reads each FILE in order (standard input when none is named, or for '-').
Input forms, detected from the content unless --input says:
  line    one puzzle per line, S*S symbols: '.' or '0' empty, 1-9 then A-Z
          (16×16: 1-9A-G, 25×25: 1-9A-P); '#' lines and blank lines skipped
  grid    the grid format of 'classify': G, then S and S rows per grid
  tokens  the 81-token format of 'verdict' (9×9 only)

Options:
  --limit N            stop counting a grid at N solutions (default 2)
  --variant V          sudoku (rows, columns, blocks), x (sudoku plus both
                       main diagonals) or latin (rows and columns); default:
                       sudoku for sizes 1, 4, 9, 16, ..., latin otherwise
  --input F            auto (default), line, grid or tokens
  --format text|json   text (default) or one JSON object per grid with the
                       count, whether it is exact, search nodes and time (ms);
                       "parts" when workers shared the grid's search
  --solutions          also print the solutions found, one per line after the
                       grid's count line (in JSON: a "solutions" array)
  --jobs N             worker threads (default: the number of cores); a
                       worker left idle takes over branches of a large grid
                       another one is searching (not with --solutions)
  -h, --help           show this help

Sizes: sudoku and x for S = 1, 4, 9, 16, 25, 36, 49, 64; latin for S = 1..64.
Grids whose givens already break the rules count 0 (JSON says why).

Exit status: 0 when every grid was read, 2 on bad usage or bad input (the
counts of the grids before the fault are still printed).

Examples:
  sudokit count --jobs 1 < testdata/count/17_clue_2000.txt
  sudokit count --limit 1000 --format json puzzles.txt
  echo ................ | sudokit count --limit 1000       # 288 4×4 sudokus
`;

/** Grids per batch sent to a worker: small puzzles in bulk, large ones one at a time. */
function batchLimit(size: number): number {
  return size <= 9 ? 512 : size <= 16 ? 8 : 1;
}

/** Collects grids into batches and hands them on. */
class Batcher {
  #sizes: number[] = [];
  #indexes: number[] = [];
  #lines: number[] = [];
  #cells: Uint8Array[] = [];
  #cellCount = 0;
  #id = 0;

  constructor(readonly send: (batch: Batch) => void | Promise<void>) {}

  async add(grid: ParsedGrid, index: number): Promise<void> {
    this.#sizes.push(grid.size);
    this.#indexes.push(index);
    this.#lines.push(grid.line);
    // Every parser hands out a fresh array per grid, so no copy is needed.
    this.#cells.push(grid.cells);
    this.#cellCount += grid.cells.length;
    if (this.#sizes.length >= batchLimit(grid.size)) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#sizes.length === 0) return;
    const cells = new Uint8Array(this.#cellCount);
    let o = 0;
    for (const c of this.#cells) {
      cells.set(c, o);
      o += c.length;
    }
    const batch: Batch = {
      id: this.#id++,
      sizes: Uint8Array.from(this.#sizes),
      indexes: Uint32Array.from(this.#indexes),
      lines: Uint32Array.from(this.#lines),
      cells,
    };
    this.#sizes = [];
    this.#indexes = [];
    this.#lines = [];
    this.#cells = [];
    this.#cellCount = 0;
    await this.send(batch);
  }
}

/** A progress line on a terminal's stderr: puzzles done, rate, and time left when known. */
class Progress {
  readonly #enabled: boolean;
  readonly #start = performance.now();
  #last = 0;
  #done = 0;
  #bytes = 0;
  #total = 0;
  #shown = false;

  constructor() {
    this.#enabled = Deno.stderr.isTerminal();
  }

  input(size: number | undefined): void {
    this.#bytes = 0;
    this.#total = size ?? 0;
  }

  bytes(n: number): void {
    this.#bytes += n;
  }

  counted(n: number): void {
    this.#done += n;
    if (!this.#enabled) return;
    const now = performance.now();
    if (now - this.#last < 250 || now - this.#start < 1000) return;
    this.#last = now;
    const secs = (now - this.#start) / 1000;
    const rate = this.#done / secs;
    let line = `${this.#done} grids, ${Math.round(rate)}/s`;
    if (this.#total > 0 && this.#bytes > 0) {
      const left = secs * (this.#total / this.#bytes - 1);
      line += `, ${Math.round((100 * this.#bytes) / this.#total)}% read, about ${
        Math.ceil(left)
      } s left`;
    }
    Deno.stderr.writeSync(new TextEncoder().encode(`\r${line}\x1b[K`));
    this.#shown = true;
  }

  clear(): void {
    if (this.#shown) Deno.stderr.writeSync(new TextEncoder().encode("\r\x1b[K"));
  }
}

/** Run `count` with its arguments; returns the exit status. */
export async function countCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    limit: { type: "string" },
    variant: { type: "string" },
    input: { type: "string" },
    format: { type: "string" },
    solutions: { type: "boolean" },
    jobs: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return printHelp(countHelp);
  const settings: CountSettings = {
    limit: intFlag("limit", values.limit, 1, 2 ** 31 - 1, 2),
    variant: values.variant === undefined
      ? undefined
      : choiceFlag("variant", values.variant, ["sudoku", "x", "latin"] as const, "sudoku"),
    format: choiceFlag("format", values.format, ["text", "json"] as const, "text"),
    solutions: values.solutions ?? false,
  };
  const form = choiceFlag(
    "input",
    values.input,
    ["auto", "line", "grid", "tokens"] as const,
    "auto",
  );
  const jobs = intFlag("jobs", values.jobs, 1, 256, navigator.hardwareConcurrency || 1);

  const out = new Output();
  const progress = new Progress();
  const pool = jobs > 1 ? new Pool(jobs, settings, out, (n) => progress.counted(n)) : undefined;
  const batcher = new Batcher(async (batch) => {
    if (pool !== undefined) return await pool.submit(batch);
    out.write(countBatch(batch, settings));
    progress.counted(batch.sizes.length);
  });
  const named = positionals.length > 0;
  let index = 0;
  try {
    for await (const input of openInputs(positionals)) {
      progress.input(input.size);
      try {
        await readInput(
          input.stream,
          form,
          settings.variant,
          (grid) => batcher.add(grid, ++index),
          progress,
        );
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        await batcher.flush();
        await pool?.drain();
        out.flush();
        progress.clear();
        printError(named ? `${input.name}: ${e.message}` : e.message);
        return EXIT_USAGE;
      }
    }
    await batcher.flush();
    await pool?.drain();
  } catch (e) {
    // A later input that cannot be opened must not cost the counts of the earlier ones.
    if (e instanceof CommandError) {
      await batcher.flush();
      await pool?.drain();
      out.flush();
    }
    throw e;
  } finally {
    pool?.close();
    progress.clear();
  }
  out.flush();
  return EXIT_OK;
}

/** Feed one input's lines to the parser of its form, handing on each grid. */
async function readInput(
  stream: ReadableStream<Uint8Array>,
  form: InputForm | "auto",
  variant: Variant | undefined,
  onGrid: (grid: ParsedGrid) => Promise<void>,
  progress: Progress,
): Promise<void> {
  let parser: GridParser | undefined = form === "auto" ? undefined : parserFor(form);
  const pending: ParsedGrid[] = [];
  const emit = (event: ParseEvent) => {
    if (event.kind !== "grid") return;
    const grid = event.grid;
    if (variant !== undefined && variant !== "latin" && blockSideOf(grid.size) === 0) {
      throw new InputError(
        `variant ${variant} needs a perfect-square size, not ${grid.size}`,
        grid.line,
        1,
        grid.index,
      );
    }
    pending.push(grid);
  };
  // Auto-detection looks at the first two meaningful lines before parsing any.
  const head: string[] = [];
  let meaningful = 0;
  const handOn = async () => {
    for (const g of pending) await onGrid(g);
    pending.length = 0;
  };
  try {
    for await (const line of readLines(stream, (n) => progress.bytes(n))) {
      if (parser === undefined) {
        head.push(line);
        const t = line.trim();
        if (t !== "" && !t.startsWith("#") && t !== "\ufeff") meaningful++;
        if (meaningful < 2) continue;
        parser = parserFor(detectForm(head));
        for (const h of head) parser.feed(h, emit);
        head.length = 0;
      } else {
        parser.feed(line, emit);
      }
      await handOn();
    }
    if (parser === undefined) {
      parser = parserFor(detectForm(head));
      for (const h of head) parser.feed(h, emit);
    }
    parser.finish();
  } finally {
    // Grids completed before a fault on the same line are still counted.
    await handOn();
  }
}
