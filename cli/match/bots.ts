/**
 * The bots of a match: commands split like a shell would, each bot a child process in a
 * process group of its own (through `setsid`, when available), its output read as a queue
 * of timed lines, and every child killed and reaped at the end of its game or when the
 * runner is interrupted.
 *
 * @module
 */

import { CommandError, describeOsError } from "../io.ts";

/** Characters that make a command need a real shell. */
const SHELL_SPECIAL = new Set("|&;<>()$`*?[]{}~#".split(""));

/**
 * Split a command line into words like a POSIX shell for simple commands: blanks separate
 * words, single quotes keep everything, double quotes keep all but `\\`, `\"`, `\$` and
 * `` \` `` escapes, a backslash outside quotes escapes the next character. Returns
 * undefined when the command needs a real shell (pipes, redirections, variables, globs,
 * unbalanced quotes) or has no words.
 */
export function splitCommand(command: string): string[] | undefined {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i];
    if (ch === "'") {
      const j = command.indexOf("'", i + 1);
      if (j < 0) return undefined;
      word += command.slice(i + 1, j);
      inWord = true;
      i = j + 1;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        const c = command[j];
        if (c === "\\" && j + 1 < command.length && '"\\$`'.includes(command[j + 1])) {
          word += command[++j];
        } else if (c === "$" || c === "`") {
          return undefined;
        } else {
          word += c;
        }
      }
      if (j >= command.length) return undefined;
      inWord = true;
      i = j + 1;
    } else if (ch === "\\") {
      if (i + 1 >= command.length) return undefined;
      word += command[i + 1];
      inWord = true;
      i += 2;
    } else if (ch === " " || ch === "\t" || ch === "\n") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (SHELL_SPECIAL.has(ch)) {
      return undefined;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words.length > 0 ? words : undefined;
}

/**
 * A bot's command for one game: each `{game}` replaced by the game number (to vary a
 * bot's seed), each `{time}` by the seconds each side has for the game (for a bot that
 * plans its clock, `sudokit play --time {time}`).
 */
export function withGame(command: string, index: number, seconds: number): string {
  return command.replaceAll("{game}", String(index)).replaceAll("{time}", String(seconds));
}

/** The argv to start a command with: its words, or `sh -c` when it needs a shell. */
export function commandArgv(command: string): string[] {
  return splitCommand(command) ?? ["sh", "-c", command];
}

/** One line a bot wrote, with the time it arrived. */
interface Line {
  readonly text: string;
  readonly at: number;
}

/** Longest line kept whole; a bot that writes more without a newline is cut (and loses). */
const MAX_LINE = 1 << 16;

/** `promise`, or `fallback` after `ms`; the timer never outlives the race. */
async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Bots started and not yet reaped, to kill them all when the runner is interrupted. */
const live = new Set<Bot>();

/** Kill every running bot and end the runner (on Ctrl-C or SIGTERM). */
export function interrupted(): void {
  for (const bot of live) bot.kill();
  Deno.exit(130);
}

/** Call {@linkcode interrupted} on these signals; returns those the platform supports. */
export function listenFor(signals: Deno.Signal[]): Deno.Signal[] {
  return signals.filter((signal) => {
    try {
      Deno.addSignalListener(signal, interrupted);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether `command args...` runs and succeeds with no input or output; `fallback` if it cannot start. */
export async function succeeds(
  command: string,
  args: string[],
  fallback: boolean,
): Promise<boolean> {
  try {
    const r = await new Deno.Command(command, {
      args,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return r.success;
  } catch {
    return fallback;
  }
}

/** Whether `setsid` can start bots in process groups of their own on this machine. */
export function canSetsid(): Promise<boolean> {
  return succeeds("setsid", ["true"], false);
}

/**
 * Whether a program name resolves to something runnable, asked of `sh` (bots started through
 * `setsid` cannot report a missing program themselves).
 */
export function runnable(program: string): Promise<boolean> {
  return succeeds("sh", ["-c", 'command -v "$1" >/dev/null 2>&1', "sh", program], true);
}

/** A running bot: its process, a line queue fed from its stdout, and a way to end it. */
export class Bot {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #queue: Line[] = [];
  #eof = false;
  #wake: (() => void) | undefined;
  #status: Deno.CommandStatus | undefined;
  readonly #exited: Promise<Deno.CommandStatus>;
  readonly #pumped: Promise<void>;

  /** Whether the bot leads its own process group (started through `setsid`). */
  readonly #group: boolean;

  /**
   * Start `argv`, in a process group of its own when `group` (so that killing it also
   * kills whatever it started); throws what `Deno.Command.spawn` throws when it cannot.
   */
  constructor(argv: readonly string[], stderr: "inherit" | "null", group: boolean) {
    const full = group ? ["setsid", ...argv] : argv;
    this.#child = new Deno.Command(full[0], {
      args: full.slice(1),
      stdin: "piped",
      stdout: "piped",
      stderr,
    }).spawn();
    this.#group = group;
    live.add(this);
    this.#exited = this.#child.status.then((s) => (this.#status = s));
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.getReader();
    this.#pumped = this.#pump();
  }

  async #pump(): Promise<void> {
    const decoder = new TextDecoder();
    let rest = "";
    const push = (text: string, at: number) => {
      this.#queue.push({ text: text.endsWith("\r") ? text.slice(0, -1) : text, at });
    };
    try {
      for (;;) {
        const { value, done } = await this.#reader.read();
        if (done) break;
        const at = performance.now();
        rest += decoder.decode(value, { stream: true });
        let nl = rest.indexOf("\n");
        while (nl >= 0) {
          push(rest.slice(0, nl), at);
          rest = rest.slice(nl + 1);
          nl = rest.indexOf("\n");
        }
        if (rest.length > MAX_LINE) {
          push(rest, at);
          rest = "";
        }
        this.#notify();
      }
      rest += decoder.decode();
      if (rest.length > 0) push(rest, performance.now());
    } catch {
      // Cancelled at the end of the game, or the pipe broke: either way no more lines.
    }
    this.#eof = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Write one line; a bot that has gone away shows up as end of output on the next read. */
  send(line: string): void {
    this.#writer.write(new TextEncoder().encode(line + "\n")).catch(() => {});
  }

  /** The next line, or `eof` when the bot closed its output, or `timeout` after `ms`. */
  async next(ms: number): Promise<Line | "eof" | "timeout"> {
    const deadline = performance.now() + ms;
    for (;;) {
      const line = this.#queue.shift();
      if (line !== undefined) return line;
      if (this.#eof) return "eof";
      const left = deadline - performance.now();
      if (left <= 0) return "timeout";
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        timer = setTimeout(resolve, left + 1);
      });
      clearTimeout(timer);
      this.#wake = undefined;
    }
  }

  /** How the process ended, waiting at most `ms` for it; undefined if it is still running. */
  async exitStatus(ms: number): Promise<Deno.CommandStatus | undefined> {
    return this.#status ?? await within(this.#exited, ms, undefined);
  }

  /** Kill the process (and its process group) at once: it keeps nothing worth waiting for. */
  kill(): void {
    if (this.#group) {
      try {
        Deno.kill(-this.#child.pid, "SIGKILL");
      } catch {
        // The whole group is gone already.
      }
    }
    if (this.#status !== undefined) return;
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // It exited in the meantime.
    }
  }

  /**
   * End the bot: send `Quit` (when `quit`), close its input, give it `graceMs` to exit,
   * then kill it; always reaps the process and stops reading. Returns whether it exited
   * by itself.
   */
  async stop(quit: boolean, graceMs: number): Promise<boolean> {
    if (quit) this.send("Quit");
    await within(this.#writer.close().catch(() => {}), graceMs, undefined);
    const status = await this.exitStatus(graceMs);
    // Also ends anything the bot left running in its group.
    if (status === undefined || this.#group) this.kill();
    await this.#exited;
    live.delete(this);
    try {
      await this.#reader.cancel();
    } catch {
      // Already closed.
    }
    await this.#pumped;
    return status !== undefined;
  }
}

/** Describe how a process ended, for a CRASH reason. */
export function describeExit(status: Deno.CommandStatus | undefined): string {
  if (status === undefined) return "closed its output before answering";
  if (status.signal !== null) return `was killed by ${status.signal} before answering`;
  return `exited with code ${status.code} before answering`;
}

/** Start a bot, or fail the match with a clear message. */
export function startBot(command: string, stderr: "inherit" | "null", group: boolean): Bot {
  const argv = commandArgv(command);
  try {
    return new Bot(argv, stderr, group);
  } catch (e) {
    throw new CommandError(`cannot start '${command}': ${describeOsError(e)}`);
  }
}
