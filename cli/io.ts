/**
 * Shared I/O of the subcommands: reading inputs line by line, buffered output, errors and
 * exit codes. Everything that touches `Deno` for more than one subcommand lives here once,
 * but the flags (`flags.ts`).
 *
 * @module
 */

import { type GridParser, InputError, MAX_LINE_LENGTH, type ParseEvent } from "../lib/grid/mod.ts";
import { escapeText } from "../lib/text/mod.ts";

/** Exit status: success. */
export const EXIT_OK = 0;
/** Exit status: a negative answer of a predicate command (a losing move). */
export const EXIT_NEGATIVE = 1;
/** Exit status: the output could not be written (a full disk); shares 1 with a "no". */
export const EXIT_WRITE_FAILED = 1;
/** Exit status: bad usage or bad input. */
export const EXIT_USAGE = 2;
/** Exit status: an internal error, a bug in sudokit (not bad input). */
export const EXIT_INTERNAL = 3;

/** The environment variable that adds the stack to an internal error's message. */
export const DEBUG_VARIABLE = "SUDOKIT_DEBUG";

/** Bad usage of a subcommand: printed with a pointer to `--help`, exit 2. */
export class UsageError extends Error {
  /** Build one; `message` is the whole sentence, without `error:`. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A failure that ends a subcommand with a one-line message and exit 2 (no usage hint). */
export class CommandError extends Error {
  /** Build one; `message` is the whole sentence, without `error:`. */
  constructor(message: string) {
    super(message);
    this.name = "CommandError";
  }
}

/** A file the command writes (not stdout) could not be written: one line, exit 1. */
export class WriteError extends Error {
  /** Build one; `message` is the whole sentence, without `error:`. */
  constructor(message: string) {
    super(message);
    this.name = "WriteError";
  }
}

/** Print a help text on stdout; returns the success status. */
export function printHelp(text: string): number {
  const out = new Output();
  out.write(text);
  out.flush();
  return EXIT_OK;
}

/** Longest error message printed, in characters (the quoted input in it is shorter still). */
const MAX_MESSAGE = 600;

/**
 * Print `error: message` on stderr, on one line: any control character that got into the
 * message is shown escaped, so input can never drive the terminal. Never throws (an
 * unwritable stderr has nowhere to report to).
 */
export function printError(message: string): void {
  writeStderr(`error: ${escapeText(message, MAX_MESSAGE)}\n`);
}

/** Write text to stderr, ignoring failures. */
export function writeStderr(text: string): void {
  try {
    writeAllSync(Deno.stderr, text);
  } catch {
    // Nothing sensible is left to do when stderr itself is closed or full.
  }
}

const encoder = new TextEncoder();

function writeAllSync(file: { writeSync(p: Uint8Array): number }, text: string): void {
  let bytes = encoder.encode(text);
  while (bytes.length > 0) {
    const n = file.writeSync(bytes);
    bytes = bytes.subarray(n);
  }
}

/** Write to stdout; a closed pipe ends the process quietly, a write error with exit 1. */
function writeStdout(text: string): void {
  try {
    writeAllSync(Deno.stdout, text);
  } catch (e) {
    // Exiting here, wherever the write happens (a worker's message handler too), keeps a
    // failed write from surfacing as an uncaught error.
    if (e instanceof Deno.errors.BrokenPipe) Deno.exit(EXIT_OK);
    printError(`cannot write the output: ${describeOsError(e)}`);
    Deno.exit(EXIT_WRITE_FAILED);
  }
}

/**
 * Buffered writer to stdout. Commands flush it whenever they are about to wait (for input,
 * for a worker, or inside a long search), so every result is out as soon as it is known
 * without a write per line; it also flushes by itself when its buffer is full. A closed
 * pipe (`| head`) ends the process quietly; a failed write (a full disk) ends it with one
 * line on stderr and exit status 1.
 */
export class Output {
  #buffer: string[] = [];
  #size = 0;
  readonly #limit: number;

  /** `limit`: characters buffered before an automatic flush (0: flush every write). */
  constructor(limit = 1 << 16) {
    this.#limit = limit;
  }

  /** Append text; flushes when the buffer is full. */
  write(text: string): void {
    this.#buffer.push(text);
    this.#size += text.length;
    if (this.#size >= this.#limit) this.flush();
  }

  /** Write everything buffered. */
  flush(): void {
    if (this.#buffer.length === 0) return;
    const text = this.#buffer.join("");
    this.#buffer = [];
    this.#size = 0;
    if (text !== "") writeStdout(text);
  }
}

/**
 * A status line on standard error, drawn over itself (`\r`, then clear to the end of the
 * line) and cleared before results are written; nothing at all when standard error is not
 * a terminal, so that a file or a pipe never gets progress text.
 */
export class StatusLine {
  /** Whether standard error is a terminal: only then is anything drawn. */
  readonly enabled: boolean = Deno.stderr.isTerminal();
  #shown = false;

  /** Draw `text` in place of the line shown. */
  show(text: string): void {
    if (!this.enabled) return;
    writeStderr(`\r${text}\x1b[K`);
    this.#shown = true;
  }

  /** Remove the line, if one is shown. */
  clear(): void {
    if (this.#shown) writeStderr("\r\x1b[K");
    this.#shown = false;
  }
}

/** One input: a file named on the command line, or standard input (`-` or none named). */
export interface Input {
  /** The name to use in error messages (`<stdin>` for standard input). */
  readonly name: string;
  /** Its bytes. */
  readonly stream: ReadableStream<Uint8Array>;
  /** Its size in bytes when known (for progress). */
  readonly size?: number;
}

/**
 * The inputs named by `files`, in order (standard input when there are none), opened lazily
 * so that a missing file is reported only after the earlier ones were processed.
 */
export async function* openInputs(
  files: readonly string[],
  command: string,
): AsyncGenerator<Input> {
  if (files.length === 0) {
    yield stdinInput(command);
    return;
  }
  for (const name of files) {
    if (name === "-") {
      yield stdinInput(command);
      continue;
    }
    requirePermission(command, { name: "read", path: name }, `to ${name}`);
    let file: Deno.FsFile;
    try {
      file = await Deno.open(name);
    } catch (e) {
      throw new CommandError(`cannot read ${name}: ${describeOsError(e)}`);
    }
    const info = await file.stat();
    if (info.isDirectory) {
      file.close();
      throw new CommandError(`cannot read ${name}: it is a directory`);
    }
    // Devices and pipes report no meaningful size.
    yield { name, stream: file.readable, size: info.isFile ? info.size : undefined };
  }
}

/** Standard input (its size is unknown: Deno gives no `stat` of it to a plain task). */
function stdinInput(command: string): Input {
  hintAtTerminal(command);
  return { name: "<stdin>", stream: Deno.stdin.readable };
}

/**
 * When standard input is a terminal, say on stderr that the command reads it: run without
 * a file, it would otherwise wait in silence for what the user did not mean to type.
 */
export function hintAtTerminal(command: string): void {
  if (!Deno.stdin.isTerminal()) return;
  writeStderr(
    `sudokit ${command}: reading standard input, this terminal: type or paste the input, ` +
      `then Ctrl-D; or name a file ('sudokit ${command} --help')\n`,
  );
}

/** A short reason for a failed file operation, without Deno's `(os error N)` tail. */
export function describeOsError(e: unknown): string {
  if (e instanceof Deno.errors.NotFound) return "no such file";
  if (e instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (e instanceof Deno.errors.IsADirectory) return "it is a directory";
  const text = (e instanceof Error ? e.message : String(e)).replace(/ \(os error \d+\)$/, "");
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The `deno run` flag that grants a permission, e.g. `--allow-read`. */
function flagOf(name: string): string {
  return `--allow-${name}`;
}

/**
 * Make sure a permission is granted before the work that needs it starts; otherwise a
 * {@linkcode CommandError} names the permission and the `deno task` that grants it (run
 * through plain `deno run` without the flags, Deno would fail later and less clearly, or
 * prompt). `purpose` completes "needs read access ...", e.g. `to a.txt`.
 */
export function requirePermission(
  command: string,
  descriptor: Deno.PermissionDescriptor,
  purpose: string,
): void {
  if (Deno.permissions.querySync(descriptor).state === "granted") return;
  throw new CommandError(
    `${command} needs ${descriptor.name} access ${purpose}: run it with 'deno task ${command}', ` +
      `which grants it, or add ${flagOf(descriptor.name)} to 'deno run'`,
  );
}

/** How {@linkcode readLines} reads. */
export interface ReadOptions {
  /** Told the size of each chunk read (for progress). */
  readonly onBytes?: (n: number) => void;
  /**
   * Called whenever reading is about to wait for more input, after every line read so far
   * was handed on: the moment to flush what is ready, so that results stream.
   */
  readonly beforeWait?: () => void | Promise<void>;
  /** Longest line accepted, in characters (default {@linkcode MAX_LINE_LENGTH}). */
  readonly maxLine?: number;
}

/**
 * The lines of a byte stream, decoded as UTF-8, without their `\n` or `\r\n` endings; a
 * last line without an ending is still yielded. A line longer than `maxLine` is refused
 * with an {@linkcode InputError} as soon as that many characters of it are read, so that
 * memory stays bounded on endless or binary input (`/dev/zero`).
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  options: ReadOptions = {},
): AsyncGenerator<string> {
  for await (const lines of readLineChunks(stream, options)) yield* lines;
}

/**
 * {@linkcode readLines}, handing on the complete lines of each chunk read as one array:
 * a consumer of many short lines pays for one step of the asynchronous iteration a chunk
 * instead of one a line. A line that is too long is refused after the lines before it were
 * handed on.
 */
export async function* readLineChunks(
  stream: ReadableStream<Uint8Array>,
  options: ReadOptions = {},
): AsyncGenerator<string[]> {
  for await (const chunk of readByteLines(stream, options)) {
    const lines: string[] = new Array(chunk.count);
    for (let i = 0; i < chunk.count; i++) lines[i] = lineText(chunk, i);
    yield lines;
  }
}

/** The complete lines of one chunk of input, as byte ranges of one buffer. */
export interface ByteLines {
  /** The bytes the lines are cut from; valid until the next chunk is asked for. */
  readonly bytes: Uint8Array;
  /** Line i is `bytes[starts[i], ends[i])`, without its `\n` or `\r\n`. */
  readonly starts: Int32Array;
  /** Where each line ends (exclusive). */
  readonly ends: Int32Array;
  /** How many lines. */
  readonly count: number;
}

/** Decodes UTF-8 without dropping a leading U+FEFF: only the input's first one is a BOM. */
const lineDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Line i of a {@linkcode ByteLines} chunk as text. */
export function lineText(chunk: ByteLines, i: number): string {
  return lineDecoder.decode(chunk.bytes.subarray(chunk.starts[i], chunk.ends[i]));
}

/**
 * The length in UTF-16 units (what a string's `length` says) of UTF-8 `bytes[start, end)`:
 * one per byte that starts a character, two for the four-byte ones.
 */
function textLength(bytes: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if ((b & 0xc0) !== 0x80) n += b >= 0xf0 ? 2 : 1;
  }
  return n;
}

/**
 * {@linkcode readLineChunks} without decoding: each chunk's complete lines as byte ranges,
 * so that a consumer can parse plain ASCII lines straight from the bytes and decode only
 * the others ({@linkcode lineText}). A byte order mark at the start of the input is left
 * out of the first line, as a decoder would; limits count characters, as for text.
 */
export async function* readByteLines(
  stream: ReadableStream<Uint8Array>,
  options: ReadOptions = {},
): AsyncGenerator<ByteLines> {
  const max = options.maxLine ?? MAX_LINE_LENGTH;
  const reader = stream.getReader();
  const lines = new LineSplitter(max);
  let rest = new Uint8Array(0);
  let done = false;
  const tooLongError = () =>
    new InputError(
      `line is longer than ${max} characters, more than any grid or move list needs`,
      lines.lineNo + 1,
      max + 1,
    );
  try {
    for (;;) {
      await options.beforeWait?.();
      const r = await reader.read();
      if (r.done) break;
      const chunk = r.value;
      options.onBytes?.(chunk.length);
      let bytes = chunk;
      if (rest.length > 0) {
        bytes = new Uint8Array(rest.length + chunk.length);
        bytes.set(rest);
        bytes.set(chunk, rest.length);
      }
      const restStart = lines.split(bytes);
      if (lines.count > 0) {
        yield { bytes, starts: lines.starts, ends: lines.ends, count: lines.count };
      }
      if (restStart < 0) throw tooLongError();
      // A copy: the stream may hand the same buffer back for its next chunk.
      rest = bytes.slice(restStart);
      // A trailing '\r' may still be the first half of a '\r\n'.
      if (lines.tooLong(rest, lines.firstStart(rest, 0), rest.length, max + 1)) {
        throw tooLongError();
      }
    }
    done = true;
    const start = lines.firstStart(rest, 0);
    let end = rest.length;
    if (end > start && rest[end - 1] === 13) end--;
    if (lines.tooLong(rest, start, end, max)) throw tooLongError();
    if (end > start) {
      yield { bytes: rest, starts: Int32Array.of(start), ends: Int32Array.of(end), count: 1 };
    }
  } finally {
    if (!done) {
      // Stopped early (bad input, or the consumer gave up): let the input go.
      reader.cancel().catch(() => {});
    }
    reader.releaseLock();
  }
}

/**
 * Finds the lines of each chunk for {@linkcode readByteLines}: a plain method, as the
 * generator's own loop ran a third slower (its locals live in the generator's frame), with
 * the native `indexOf` for line ends (twice as fast as a loop over the bytes: 16 against
 * 32 ms on 16 MB of 9×9 puzzles).
 */
class LineSplitter {
  /** Where each line of the last chunk starts; reused, as a chunk is used before the next. */
  starts: Int32Array = new Int32Array(1024);
  /** Where each line of the last chunk ends, without its `\n` or `\r\n`. */
  ends: Int32Array = new Int32Array(1024);
  /** Complete lines of the last chunk. */
  count = 0;
  /** Lines before the last chunk's first unfinished one. */
  lineNo = 0;

  constructor(readonly max: number) {}

  /**
   * The complete lines of `bytes`; returns where the unfinished rest starts, or -1 when a
   * line is longer than `max` (`count` lines before it were found).
   */
  split(bytes: Uint8Array): number {
    let starts = this.starts, ends = this.ends;
    let start = 0, k = 0;
    const max = this.max;
    for (let nl = bytes.indexOf(10); nl >= 0; nl = bytes.indexOf(10, nl + 1)) {
      if (this.lineNo === 0) start = this.firstStart(bytes, start);
      const end = nl > start && bytes[nl - 1] === 13 ? nl - 1 : nl;
      if (this.tooLong(bytes, start, end, max)) {
        start = -1;
        break;
      }
      if (k === starts.length) {
        this.starts = starts = grow(starts);
        this.ends = ends = grow(ends);
      }
      this.lineNo++;
      starts[k] = start;
      ends[k++] = end;
      start = nl + 1;
    }
    this.count = k;
    return start;
  }

  /** Whether `bytes[start, end)` holds more than `limit` characters. */
  tooLong(bytes: Uint8Array, start: number, end: number, limit: number): boolean {
    // Only a line of more bytes than that needs its characters counted.
    return end - start > limit && textLength(bytes, start, end) > limit;
  }

  /** Where a line starting at `start` begins: past the input's byte order mark, if any. */
  firstStart(bytes: Uint8Array, start: number): number {
    return this.lineNo === 0 && bytes.length - start >= 3 && bytes[start] === 0xef &&
        bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf
      ? start + 3
      : start;
  }
}

/** A copy of `a` with twice the room. */
function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/**
 * Standard input as lines, for the bot protocols: each line is available as soon as it
 * arrives (nothing waits for a buffer to fill).
 */
export function stdinLines(): AsyncGenerator<string> {
  return readLines(Deno.stdin.readable);
}

/** Write one line to stdout and flush it at once (bot protocols). */
export function writeLineNow(line: string): void {
  writeStdout(line + "\n");
}

/**
 * Report an error that no check foresaw (a bug): one line `error: internal error: ...` and
 * {@linkcode EXIT_INTERNAL}; the stack follows only with `SUDOKIT_DEBUG=1` in the
 * environment (and the permission to read it, which the tasks grant).
 */
export function reportInternalError(e: unknown): number {
  const message = e instanceof Error ? e.message : String(e);
  const debug = debugWanted();
  printError(`internal error: ${message}${debug ? "" : ` (${DEBUG_VARIABLE}=1 shows where)`}`);
  if (debug) writeStderr(`${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
  return EXIT_INTERNAL;
}

/** Whether `SUDOKIT_DEBUG=1` is set and may be read (no permission prompt, no throw). */
function debugWanted(): boolean {
  try {
    const env = { name: "env", variable: DEBUG_VARIABLE } as const;
    if (Deno.permissions.querySync(env).state !== "granted") return false;
    return Deno.env.get(DEBUG_VARIABLE) === "1";
  } catch {
    return false;
  }
}

/**
 * Run a subcommand body, turning every failure into a one-line message and an exit code:
 * usage errors get a pointer to the subcommand's help, input errors and command errors
 * exit 2. Anything else is a bug: one line and exit 3 ({@linkcode reportInternalError}).
 */
export async function guard(
  command: string,
  body: () => Promise<number> | number,
): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof UsageError) {
      printError(e.message);
      writeStderr(`Run 'sudokit ${command} --help' for usage.\n`);
      return EXIT_USAGE;
    }
    if (e instanceof CommandError || e instanceof InputError) {
      printError(e.message);
      return EXIT_USAGE;
    }
    if (e instanceof WriteError) {
      printError(e.message);
      return EXIT_WRITE_FAILED;
    }
    if (e instanceof Deno.errors.BrokenPipe) return EXIT_OK;
    // A permission missing where no check came first: still one line, with the cure.
    if (e instanceof Deno.errors.NotCapable) {
      printError(`${command}: ${e.message.split("\n")[0]} (run it with 'deno task ${command}')`);
      return EXIT_USAGE;
    }
    return reportInternalError(e);
  }
}

/**
 * Feed the lines of every input (`files`, or standard input) to a fresh parser each, handing
 * its events to `emit`; the output is flushed whenever reading waits, so results stream.
 * Bad input ends it all: what was written so far is flushed, then one line
 * `error: [file: ]grid G, line L, column C: ...` (`describe` may reword the location) and
 * exit status 2.
 */
export async function feedInputs(
  command: string,
  files: readonly string[],
  out: Output,
  makeParser: (inputBytes: number | undefined) => GridParser,
  emit: (event: ParseEvent) => void,
  describe: (e: InputError) => string = (e) => e.message,
): Promise<number> {
  const named = files.length > 0;
  try {
    for await (const input of openInputs(files, command)) {
      const parser = makeParser(input.size);
      try {
        const chunks = readLineChunks(input.stream, { beforeWait: () => out.flush() });
        for await (const lines of chunks) for (const line of lines) parser.feed(line, emit);
        parser.finish();
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        out.flush();
        printError(named ? `${input.name}: ${describe(e)}` : describe(e));
        return EXIT_USAGE;
      }
    }
  } finally {
    // Whatever ends the loop (a file that cannot be opened too), what was already
    // reported is not lost.
    out.flush();
  }
  return EXIT_OK;
}
