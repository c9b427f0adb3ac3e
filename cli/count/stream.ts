/**
 * What `count` and `solve` share: the flags both take, and the run itself. Every input is
 * read in order, its grids parsed, gathered into batches and counted on this thread or in
 * worker threads (`pool.ts`), and each grid's output written in input order as soon as it
 * is known; an SVG sheet is written once every grid is in.
 *
 * @module
 */

import {
  blockSideOf,
  FormDetector,
  type GridParser,
  InputError,
  type InputForm,
  LineFormatParser,
  type ParsedGrid,
  type ParseEvent,
  parserFor,
  symbolsProblem,
} from "../../lib/grid/mod.ts";
import { type Board, sheetSvgParts } from "../../lib/picture/mod.ts";
import { quoteInput } from "../../lib/text/mod.ts";
import { type Batch, countBatch, type CountSettings, epochNow } from "./batch.ts";
import { boardOfRecord } from "./format.ts";
import { type GridProgress, Pool } from "./pool.ts";
import { MAX_BATCH, MAX_BATCH_16, REDRAW_EVERY, SLOW_AFTER } from "./settings.ts";
import {
  CommandError,
  EXIT_OK,
  EXIT_USAGE,
  lineText,
  openInputs,
  Output,
  printError,
  readByteLines,
  requirePermission,
  StatusLine,
  UsageError,
} from "../io.ts";
import { choiceFlag, colorFlag, coreCount, intFlag, numberFlag } from "../flags.ts";

/** Check the value of `--symbols`, or throw a {@linkcode UsageError} saying what is wrong. */
export function symbolsFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const problem = symbolsProblem(value);
  if (problem !== undefined) throw new UsageError(`--symbols ${quoteInput(value, 80)} ${problem}`);
  return value;
}

/** The flags `count` and `solve` both take, for `parseFlags`. */
export const SHARED_FLAGS = {
  "time-limit": { type: "string" },
  variant: { type: "string" },
  input: { type: "string" },
  symbols: { type: "string" },
  color: { type: "string" },
  jobs: { type: "string" },
} as const;

/** The values of {@linkcode SHARED_FLAGS} as `parseFlags` gives them. */
export interface SharedFlagValues {
  readonly "time-limit"?: string;
  readonly variant?: string;
  readonly input?: string;
  readonly symbols?: string;
  readonly color?: string;
  readonly jobs?: string;
}

/** What the shared flags say: their part of the settings, the input form and the threads. */
export function sharedFlags(values: SharedFlagValues): {
  settings: Pick<CountSettings, "variant" | "symbols" | "timeLimit" | "color">;
  form: "auto" | InputForm;
  jobs: number;
} {
  return {
    settings: {
      variant: values.variant === undefined
        ? undefined
        : choiceFlag("variant", values.variant, ["sudoku", "x", "latin"] as const, "sudoku"),
      symbols: symbolsFlag(values.symbols),
      timeLimit: 1000 * numberFlag("time-limit", values["time-limit"], 0.001, 1_000_000, 0),
      color: colorFlag(values.color),
    },
    form: choiceFlag("input", values.input, ["auto", "line", "grid", "tokens"] as const, "auto"),
    // More threads than cores only add memory; workers start as the input needs them.
    jobs: Math.min(intFlag("jobs", values.jobs, 1, 1024, coreCount()), coreCount()),
  };
}

/** Grids per batch sent to a worker: small puzzles in bulk, large ones one at a time. */
function batchLimit(size: number): number {
  return size <= 9 ? MAX_BATCH : size <= 16 ? MAX_BATCH_16 : 1;
}

/** Collects grids into batches and hands them on. */
class Batcher {
  // The batch being filled, in arrays with room for the largest batch (the cells for a full
  // batch of the first grid's size, grown if more come): no push per grid, one cut at the end.
  #sizes = new Uint8Array(0);
  #indexes = new Uint32Array(0);
  #lines = new Uint32Array(0);
  #cells = new Uint8Array(0);
  #count = 0;
  #cellCount = 0;
  #id = 0;
  /** Grids the batch being filled may hold, set by its first grid. */
  #limit = MAX_BATCH;

  /**
   * `limit(size)`: how many grids a batch that starts with a grid of that size may hold, at
   * most {@linkcode batchLimit} (a batch also ends at the limit of any grid it takes).
   */
  constructor(
    readonly send: (batch: Batch) => void | Promise<void>,
    readonly limit: (size: number) => number = batchLimit,
  ) {}

  /** Take a grid; when that fills the batch, the batch is sent and the promise says when. */
  add(grid: ParsedGrid, index: number): Promise<void> | undefined {
    const n = grid.cells.length;
    if (this.#count === 0) {
      this.#sizes = new Uint8Array(MAX_BATCH);
      this.#indexes = new Uint32Array(MAX_BATCH);
      this.#lines = new Uint32Array(MAX_BATCH);
      this.#limit = this.limit(grid.size);
      this.#cells = new Uint8Array(this.#limit * n);
    } else if (this.#cellCount + n > this.#cells.length) {
      const more = new Uint8Array(Math.max(2 * this.#cells.length, this.#cellCount + n));
      more.set(this.#cells.subarray(0, this.#cellCount));
      this.#cells = more;
    }
    const k = this.#count++;
    this.#sizes[k] = grid.size;
    this.#indexes[k] = index;
    this.#lines[k] = grid.line;
    this.#cells.set(grid.cells, this.#cellCount);
    this.#cellCount += n;
    return this.#count >= Math.min(this.#limit, batchLimit(grid.size)) ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    const k = this.#count;
    if (k === 0) return;
    const full = k === MAX_BATCH && this.#cellCount === this.#cells.length;
    const batch: Batch = {
      id: this.#id++,
      sizes: full ? this.#sizes : this.#sizes.slice(0, k),
      indexes: full ? this.#indexes : this.#indexes.slice(0, k),
      lines: full ? this.#lines : this.#lines.slice(0, k),
      cells: full ? this.#cells : this.#cells.slice(0, this.#cellCount),
    };
    this.#count = 0;
    this.#cellCount = 0;
    await this.send(batch);
  }
}

/**
 * The progress line on a terminal's stderr: the grid being counted when it is slow
 * (nodes, solutions so far, seconds), else grids done, rate, and time left when known.
 * Disabled (every method a no-op) when stderr is not a terminal.
 */
class Progress extends StatusLine {
  readonly #start = performance.now();
  #last = 0;
  #done = 0;
  #bytes = 0;
  #total = 0;
  #slow: GridProgress | undefined;
  /** Grids read so far (counted or not), for the time left. */
  gridsRead: () => number = () => 0;
  /**
   * The chunk of input being parsed (its length in bytes, the end of its line being
   * parsed): where parsing is, which lags reading by up to a chunk. Set per line, read
   * only when the line is drawn.
   */
  buffer = 0;
  lineEnd = 0;

  input(size: number | undefined): void {
    this.#bytes = 0;
    this.#total = size ?? 0;
  }

  bytes(n: number): void {
    this.#bytes += n;
  }

  /** The share of the current input not read yet (0..1), undefined when its size is unknown. */
  unread(): number | undefined {
    return this.#total > 0 ? Math.max(0, 1 - this.#bytes / this.#total) : undefined;
  }

  counted(n: number): void {
    this.#done += n;
    this.#draw(false);
  }

  /** The slow grid being counted, or undefined once there is none. */
  grid(p: GridProgress | undefined): void {
    this.#slow = p;
    this.#draw(p === undefined);
  }

  #draw(force: boolean): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (!force && (now - this.#last < REDRAW_EVERY || now - this.#start < SLOW_AFTER)) return;
    this.#last = now;
    const p = this.#slow;
    let line: string;
    if (p !== undefined && epochNow() - p.start >= SLOW_AFTER) {
      const secs = Math.floor((epochNow() - p.start) / 1000);
      line = `grid ${p.puzzle} (line ${p.line}): ${p.nodes.toLocaleString("en-US")} nodes, ` +
        `${p.solutions.toLocaleString("en-US")} solutions so far, ${secs} s`;
    } else {
      if (now - this.#start < SLOW_AFTER) return;
      const secs = (now - this.#start) / 1000;
      line = `grids done: ${this.#done}, ${Math.round(this.#done / secs)}/s`;
      if (this.#total > 0 && this.#bytes > 0) {
        // The share done: of the input parsed, the part whose grids are counted (a chunk is
        // read at once, and its grids wait while the ones before them are counted).
        const parsed = Math.max(0, this.#bytes - (this.buffer - this.lineEnd)) / this.#total;
        const read = this.gridsRead();
        const share = parsed * (read > 0 ? Math.min(1, this.#done / read) : 1);
        const left = share > 0 ? secs * (1 / share - 1) : 0;
        line += `, ${Math.round(100 * parsed)}% read, about ${Math.ceil(left)} s left`;
      }
    }
    this.show(line);
  }
}

/**
 * The output of `count`. When standard output is the terminal that shows the progress
 * line too, the line is cleared before any result is written, so that no result lands
 * after the progress text; it is drawn again at its next update.
 */
class CountOutput extends Output {
  readonly #progress: Progress | undefined;
  /** Whether text was written since the last flush. */
  #pending = false;

  constructor(progress: Progress) {
    super();
    this.#progress = progress.enabled && Deno.stdout.isTerminal() ? progress : undefined;
  }

  override write(text: string): void {
    if (text !== "") this.#pending = true;
    // May flush, through `flush` below.
    super.write(text);
  }

  override flush(): void {
    if (this.#pending) {
      this.#pending = false;
      this.#progress?.clear();
    }
    super.flush();
  }

  /** Write what is left: called once, when every grid is in (or input failed). */
  end(): void {
    this.flush();
  }
}

/**
 * The output of an SVG sheet: each grid's text is {@linkcode boardOfRecord} lines, kept as
 * boards until {@linkcode SheetOutput.end} draws them all as one document, written board by
 * board as it is drawn (memory grows with the boards, not with the document's text).
 */
class SheetOutput extends CountOutput {
  readonly #boards: Board[] = [];

  constructor(
    progress: Progress,
    readonly symbols: string | undefined,
    readonly paper: boolean,
  ) {
    super(progress);
  }

  override write(text: string): void {
    let start = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
      this.#boards.push(boardOfRecord(text.slice(start, nl), this.symbols));
      start = nl + 1;
    }
  }

  // Nothing is buffered before the end (`write` keeps boards), so a flush writes nothing.
  override end(): void {
    // Written as drawn: the whole text of a large sheet would not fit in one string.
    for (const part of sheetSvgParts(this.#boards, this.paper ? { paper: "a4" } : {})) {
      super.write(part);
    }
    super.flush();
  }
}

/** How {@linkcode runCount} reads and counts. */
export interface RunOptions {
  /** The command running, for messages. */
  readonly command: "count" | "solve";
  /** The files to read (standard input when none, or for `-`). */
  readonly files: readonly string[];
  /** The input form, or `auto` to detect it from each input's first lines. */
  readonly form: InputForm | "auto";
  /** Counting threads, this one included. */
  readonly jobs: number;
  /** How grids are counted and printed (progress is decided here). */
  readonly settings: Omit<CountSettings, "progress" | "command">;
}

/** What a run did: its exit status so far, and the grids without exactly one solution. */
export interface RunResult {
  /** {@linkcode EXIT_OK}, or {@linkcode EXIT_USAGE} after bad input (reported already). */
  readonly status: number;
  /** Grids printed whose solution is not known to be unique (for `solve`'s exit status). */
  readonly misses: number;
}

/**
 * Count the grids of every input and print them in input order. Bad input ends the run
 * after what came before it is printed (the sheet too), with the error reported; a file
 * that cannot be opened throws a {@linkcode CommandError} after the same.
 */
export async function runCount(options: RunOptions): Promise<RunResult> {
  const { command, files, form, jobs } = options;
  // The files first: without read access, they are what the user needs to hear about.
  for (const name of files) {
    if (name !== "-") requirePermission(command, { name: "read", path: name }, `to ${name}`);
  }
  const progress = new Progress();
  const settings: CountSettings = { ...options.settings, command, progress: progress.enabled };
  // Puzzles alone are drawn to be printed and solved: on A4 pages.
  const out = settings.format === "svg"
    ? new SheetOutput(progress, settings.symbols, settings.show === "puzzle")
    : new CountOutput(progress);
  let misses = 0;
  const counted = (grids: number, m: number) => {
    misses += m;
    progress.counted(grids);
  };
  const here = (
    batch: Batch,
    write: (text: string, misses: number, grids: number) => void,
    budget?: number,
  ) => countHere(batch, settings, write, out, progress, budget);
  const pool = jobs > 1
    ? new Pool(
      jobs,
      settings,
      out,
      here,
      () => progress.unread(),
      counted,
      (p) => progress.grid(p),
    )
    : undefined;
  const batcher = new Batcher(
    async (batch) => {
      if (pool !== undefined) return await pool.submit(batch);
      here(batch, (text, m, grids) => {
        out.write(text);
        if (grids > 0) counted(grids, m);
      });
    },
    pool === undefined ? batchLimit : (size) => pool.batchSize(size, batchLimit(size)),
  );
  const named = files.length > 0;
  let index = 0;
  progress.gridsRead = () => index;
  try {
    for await (const input of openInputs(files, command)) {
      progress.input(input.size);
      try {
        await readInput(
          input,
          form,
          settings,
          (grid) => batcher.add(grid, ++index),
          async () => {
            // About to wait for input: what was read so far is counted and printed now.
            await batcher.flush();
            out.flush();
          },
          progress,
        );
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        await batcher.flush();
        await pool?.drain();
        out.end();
        progress.clear();
        printError(named ? `${input.name}: ${e.message}` : e.message);
        return { status: EXIT_USAGE, misses };
      }
    }
    await batcher.flush();
    await pool?.drain();
  } catch (e) {
    // A later input that cannot be opened must not cost the counts of the earlier ones.
    if (e instanceof CommandError) {
      await batcher.flush();
      await pool?.drain();
      out.end();
      progress.clear();
    }
    throw e;
  } finally {
    pool?.close();
    progress.clear();
  }
  out.end();
  return { status: EXIT_OK, misses };
}

/**
 * Count a batch on this thread, handing each grid's text to `write` at once; a slow grid
 * flushes what is written before it and shows its progress. With a `budget` (ms), a grid
 * larger than 9×9 that runs longer is abandoned and the batch ends there; returns the
 * grids counted.
 */
function countHere(
  batch: Batch,
  settings: CountSettings,
  write: (text: string, misses: number, grids: number) => void,
  out: Output,
  progress: Progress,
  budget?: number,
): number {
  let slow = false;
  return countBatch(batch, settings, (text, misses, grids) => {
    write(text, misses, grids);
    if (slow) {
      slow = false;
      progress.grid(undefined);
    }
  }, (k, start, nodes, solutions) => {
    out.flush();
    if (!progress.enabled || epochNow() - start < SLOW_AFTER) return;
    slow = true;
    progress.grid({ puzzle: batch.indexes[k], line: batch.lines[k], nodes, solutions, start });
  }, budget);
}

/** Feed one input's lines to the parser of its form, handing on each grid. */
async function readInput(
  input: { stream: ReadableStream<Uint8Array>; size?: number },
  form: InputForm | "auto",
  settings: CountSettings,
  onGrid: (grid: ParsedGrid) => Promise<void> | undefined,
  beforeWait: () => Promise<void>,
  progress: Progress,
): Promise<void> {
  const { variant, symbols } = settings;
  // Auto-detection looks at the first two meaningful lines before parsing any. A line of
  // a size without blocks is read only when --variant says what it is (latin; sudoku and
  // x refuse it below, naming the size).
  const latin = variant !== undefined;
  const detector = new FormDetector(input.size, symbols, latin);
  let parser: GridParser | undefined = form === "auto"
    ? undefined
    : parserFor(form, input.size, symbols, latin);
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
    // One puzzle per line has the size of its symbols; other forms are told here.
    if (symbols !== undefined && grid.size !== symbols.length) {
      const s = grid.size;
      const k = symbols.length;
      throw new InputError(
        `a ${s}×${s} grid, but --symbols gives ${k} symbol${k === 1 ? "" : "s"}, for ` +
          `${k}×${k} grids: ` +
          `${settings.command ?? "count"} only ${k}×${k} grids with it, or leave it out`,
        grid.line,
        1,
        grid.index,
      );
    }
    pending.push(grid);
  };
  // Hands the pending grids on without waiting while batches are not full (an await per
  // line cost more than its parse); a promise only when a full batch must be sent first.
  const handOn = (): Promise<void> | undefined => {
    if (pending.length === 1) {
      // The usual case, one grid a line: popped, as emptying the queue by its length was a
      // runtime call per line.
      const sent = onGrid(pending.pop()!);
      return sent === undefined ? undefined : sent.then(handOn);
    }
    for (let i = 0; i < pending.length; i++) {
      const sent = onGrid(pending[i]);
      if (sent !== undefined) {
        pending.splice(0, i + 1);
        return sent.then(handOn);
      }
    }
    pending.length = 0;
    return undefined;
  };
  const chunks = readByteLines(input.stream, {
    onBytes: (n) => progress.bytes(n),
    beforeWait: async () => {
      // Input paused after one meaningful line: decide the form now unless the next line
      // could still change it (a lone small integer may start the grid format).
      parser ??= detector.settle(emit);
      await handOn();
      await beforeWait();
    },
  });
  try {
    for await (const chunk of chunks) {
      const { bytes, starts, ends } = chunk;
      progress.buffer = bytes.length;
      for (let i = 0; i < chunk.count; i++) {
        progress.lineEnd = ends[i];
        if (parser === undefined) {
          parser = detector.push(lineText(chunk, i), emit);
          if (parser === undefined) continue;
        } else if (
          // One puzzle a line is parsed from the bytes; other forms, and the lines the
          // fast path declines (so that `feed` words the error), from the text.
          !(parser instanceof LineFormatParser && parser.feedBytes(bytes, starts[i], ends[i], emit))
        ) {
          parser.feed(lineText(chunk, i), emit);
        }
        const sending = handOn();
        if (sending !== undefined) await sending;
      }
    }
    parser ??= detector.decide(emit);
    parser.finish();
  } finally {
    // Grids completed before a fault on the same line are still counted.
    await handOn();
  }
}
