/**
 * Shared I/O of the subcommands: reading inputs line by line, buffered output, flags,
 * errors and exit codes. Everything that touches `Deno` for more than one subcommand
 * lives here once.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { type GridParser, InputError, type ParseEvent } from "../lib/grid/parse.ts";

/** Exit status: success. */
export const EXIT_OK = 0;
/** Exit status: a negative answer of a predicate command (a losing move). */
export const EXIT_NEGATIVE = 1;
/** Exit status: bad usage or bad input. */
export const EXIT_USAGE = 2;

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

/** Print a help text on stdout; returns the success status. */
export function printHelp(text: string): number {
  const out = new Output();
  out.write(text);
  out.flush();
  return EXIT_OK;
}

/** Print `error: message` on stderr. */
export function printError(message: string): void {
  writeAllSync(Deno.stderr, `error: ${message}\n`);
}

const encoder = new TextEncoder();

function writeAllSync(file: { writeSync(p: Uint8Array): number }, text: string): void {
  let bytes = encoder.encode(text);
  while (bytes.length > 0) {
    const n = file.writeSync(bytes);
    bytes = bytes.subarray(n);
  }
}

/**
 * Buffered writer to stdout that flushes in large chunks, and at once when asked (bot
 * protocols need every line flushed; reports do not). A closed pipe (`| head`) ends the
 * process quietly instead of raising.
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
    if (this.#size === 0 && this.#buffer.length === 0) return;
    const text = this.#buffer.join("");
    this.#buffer = [];
    this.#size = 0;
    try {
      writeAllSync(Deno.stdout, text);
    } catch (e) {
      if (e instanceof Deno.errors.BrokenPipe) Deno.exit(EXIT_OK);
      throw e;
    }
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
export async function* openInputs(files: readonly string[]): AsyncGenerator<Input> {
  if (files.length === 0) {
    yield { name: "<stdin>", stream: Deno.stdin.readable };
    return;
  }
  for (const name of files) {
    if (name === "-") {
      yield { name: "<stdin>", stream: Deno.stdin.readable };
      continue;
    }
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
    yield { name, stream: file.readable, size: info.size };
  }
}

/** A short reason for a failed file operation. */
export function describeOsError(e: unknown): string {
  if (e instanceof Deno.errors.NotFound) return "no such file";
  if (e instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (e instanceof Deno.errors.IsADirectory) return "it is a directory";
  return e instanceof Error ? e.message : String(e);
}

/**
 * The lines of a byte stream, decoded as UTF-8, without their `\n` or `\r\n` endings; a
 * last line without an ending is still yielded. Reports bytes consumed through `onBytes`.
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  onBytes?: (n: number) => void,
): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  let rest = "";
  for await (const chunk of stream) {
    onBytes?.(chunk.length);
    const text = rest + decoder.decode(chunk, { stream: true });
    let start = 0;
    let nl = text.indexOf("\n");
    while (nl >= 0) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      yield text.slice(start, end);
      start = nl + 1;
      nl = text.indexOf("\n", start);
    }
    rest = text.slice(start);
  }
  rest += decoder.decode();
  if (rest.length > 0) yield rest.endsWith("\r") ? rest.slice(0, -1) : rest;
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
  try {
    writeAllSync(Deno.stdout, line + "\n");
  } catch (e) {
    if (e instanceof Deno.errors.BrokenPipe) Deno.exit(EXIT_OK);
    throw e;
  }
}

/**
 * `node:util` parseArgs, strict, with its errors turned into {@linkcode UsageError}s that
 * read like the rest of the toolkit's messages.
 */
export function parseFlags<T extends ParseArgsConfig["options"]>(
  args: string[],
  options: T,
): {
  values: ReturnType<typeof parseArgs<{ options: T; allowPositionals: true }>>["values"];
  positionals: string[];
} {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option '${unknown[1]}'`);
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message);
    if (missing) {
      throw new UsageError(`option '${missing[1].split(",").pop()!.trim()}' needs a value`);
    }
    throw new UsageError(message.split("\n")[0].replace(/\.$/, ""));
  }
}

/** Parse an integer flag value within bounds, or throw a {@linkcode UsageError}. */
export function intFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value)) {
    throw new UsageError(`--${name} takes a whole number, not '${value}'`);
  }
  const n = Number(value);
  if (n < min || n > max) {
    throw new UsageError(`--${name} must be between ${min} and ${max}, not ${n}`);
  }
  return n;
}

/** Parse a number (seconds) flag value within bounds, or throw a {@linkcode UsageError}. */
export function numberFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a number between ${min} and ${max}, not '${value}'`);
  }
  return n;
}

/** Check an enumerated flag value, or throw a {@linkcode UsageError}. */
export function choiceFlag<C extends string>(
  name: string,
  value: string | undefined,
  choices: readonly C[],
  fallback: C,
): C {
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as C;
  throw new UsageError(`--${name} must be one of ${choices.join(", ")}, not '${value}'`);
}

/**
 * Run a subcommand body, turning every failure into a one-line message and an exit code:
 * usage errors get a pointer to the subcommand's help, and anything unexpected is reported
 * as an internal error in one line, never as a stack trace.
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
      writeAllSync(Deno.stderr, `Run 'sudokit ${command} --help' for usage.\n`);
      return EXIT_USAGE;
    }
    if (e instanceof CommandError) {
      printError(e.message);
      return EXIT_USAGE;
    }
    if (e instanceof Deno.errors.BrokenPipe) return EXIT_OK;
    printError(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT_USAGE;
  }
}

/**
 * Feed the lines of every input (`files`, or standard input) to a fresh parser each, handing
 * its events to `emit`. Bad input ends it all: what was written so far is flushed, then one
 * line `error: [file: ]grid G, line L, column C: ...` (`describe` may reword the location)
 * and exit status 2.
 */
export async function feedInputs(
  files: readonly string[],
  out: Output,
  makeParser: () => GridParser,
  emit: (event: ParseEvent) => void,
  describe: (e: InputError) => string = (e) => e.message,
): Promise<number> {
  const named = files.length > 0;
  try {
    for await (const input of openInputs(files)) {
      const parser = makeParser();
      try {
        for await (const line of readLines(input.stream)) parser.feed(line, emit);
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
