/**
 * Test helper: run the real `sudokit` CLI in a child process, as a user would.
 *
 * @module
 */

import denoJson from "../deno.json" with { type: "json" };

/** What a CLI run produced. */
export interface CliRun {
  /** Exit status. */
  readonly code: number;
  /** Standard output, decoded. */
  readonly stdout: string;
  /** Standard error, decoded. */
  readonly stderr: string;
}

const MAIN = new URL("./main.ts", import.meta.url).pathname;
const ROOT = new URL("../", import.meta.url).pathname;

/**
 * The permission flags of the deno.json task that runs `sudokit command` (the words between
 * `deno run` and `cli/main.ts`), so tests run each command as its task does; undefined
 * when no task runs it.
 */
export function taskPermissions(command: string): string[] | undefined {
  for (const line of Object.values(denoJson.tasks)) {
    // The tasks use no quoting: words split at spaces.
    const words = line.split(/\s+/);
    const main = words.indexOf("cli/main.ts");
    if (words[0] !== "deno" || words[1] !== "run" || main < 0) continue;
    if (words[main + 1] === command) return words.slice(2, main);
  }
  return undefined;
}

/**
 * Run `sudokit args...` from the repository root with the subcommand's task permissions
 * (read ones for anything else), feeding `stdin` (a string, or nothing: then standard
 * input is empty).
 */
export async function runCli(args: string[], stdin?: string): Promise<CliRun> {
  const perms = taskPermissions(args[0]) ?? ["--allow-read"];
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...perms, MAIN, ...args],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  try {
    if (stdin !== undefined) await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  } catch (e) {
    // A program that fails before reading its input closes the pipe; that is its answer.
    if (!(e instanceof Deno.errors.BrokenPipe)) throw e;
  }
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

/** Path of a file under the repository root, for tests that pass files as arguments. */
export function repoPath(relative: string): string {
  return ROOT + relative;
}

/**
 * A `sudokit` subcommand running as a bot, driven line by line, to check that every reply
 * arrives (is flushed) as soon as its input was sent.
 */
export class LiveBot {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<string>;
  #buffered = "";

  /** Start `sudokit args...` with no permissions (the bot then searches in one thread). */
  constructor(args: string[]) {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", MAIN, ...args],
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** Send one line. */
  async send(line: string): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(line + "\n"));
  }

  /** The next line the bot writes; throws when it closes its output first. */
  async readLine(): Promise<string> {
    while (!this.#buffered.includes("\n")) {
      const { value, done } = await this.#reader.read();
      if (done) throw new Error("bot closed its output");
      this.#buffered += value;
    }
    const i = this.#buffered.indexOf("\n");
    const line = this.#buffered.slice(0, i);
    this.#buffered = this.#buffered.slice(i + 1);
    return line;
  }

  /**
   * Send `Quit` (when `quit`), close the input, and return the exit status together with
   * whatever the bot still wrote (which should be nothing).
   */
  async finish(quit: boolean): Promise<{ code: number; rest: string }> {
    if (quit) await this.send("Quit");
    await this.#writer.close();
    let rest = this.#buffered;
    for (;;) {
      const { value, done } = await this.#reader.read();
      if (done) break;
      rest += value;
    }
    return { code: (await this.#child.status).code, rest };
  }
}
