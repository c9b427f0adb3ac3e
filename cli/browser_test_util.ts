/**
 * Test helper: a headless Chromium (Debian's `chromium` package) driven through the
 * DevTools protocol, with no dependency. The protocol runs over a pipe
 * (`--remote-debugging-pipe`: Chromium reads commands on fd 3 and answers on fd 4, here
 * mapped to its standard input and output by `sh`), so a test needs no network permission
 * and no port. Chromium runs in a process group of its own (through `setsid`) that
 * {@linkcode Browser.close} ends as a whole, then removes the throw-away profile.
 *
 * A test that needs a browser fails, never skips, when Chromium is missing: `.ci/run`
 * installs it.
 *
 * @module
 */

import { succeeds } from "./match/bots.ts";

/** Flags for a quiet, reproducible headless browser that never reaches the network. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
  "--disable-crash-reporter",
  "--disable-breakpad",
  "--hide-scrollbars",
  "--mute-audio",
  "--remote-debugging-pipe",
];

/** Browser names tried in turn when `CHROMIUM` does not name one. */
const CANDIDATES = ["chromium", "chromium-browser", "google-chrome"];

/** Keep at most this much of Chromium's standard error, for the message when it fails. */
const STDERR_KEPT = 4000;

/** Whether `sh` finds `program` on the PATH. */
function found(program: string): Promise<boolean> {
  return succeeds("sh", ["-c", 'command -v "$1" >/dev/null 2>&1', "sh", program], false);
}

/** The Chromium to run: `$CHROMIUM`, else the first candidate on the PATH. */
async function chromiumPath(): Promise<string> {
  const chosen = Deno.env.get("CHROMIUM");
  if (chosen !== undefined && chosen !== "") return chosen;
  for (const name of CANDIDATES) if (await found(name)) return name;
  throw new Error(
    "Chromium is not installed: install Debian's package ('apt-get install -y chromium', " +
      "as .ci/run does) or set CHROMIUM to a Chromium binary",
  );
}

/** A reply or an event of the DevTools protocol. */
interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly sessionId?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly message: string };
}

/** The virtual key codes Chromium wants with each key the replay page uses. */
const KEY_CODES: Record<string, number> = { ArrowLeft: 37, ArrowRight: 39, Home: 36, End: 35 };

/** A headless Chromium; start one per test file with {@linkcode Browser.launch}. */
export class Browser {
  readonly #child: Deno.ChildProcess;
  readonly #group: boolean;
  readonly #profile: string;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #pending = new Map<number, { ok: (m: Message) => void; fail: (e: Error) => void }>();
  readonly #waiters: { method: string; session: string; resolve: (m: Message) => void }[] = [];
  readonly #pumped: Promise<void>;
  readonly #drained: Promise<void>;
  #nextId = 0;
  #closed = false;
  #stderr = "";

  /** The browser's throw-away profile directory: in the command line of all its processes. */
  get profile(): string {
    return this.#profile;
  }

  private constructor(child: Deno.ChildProcess, group: boolean, profile: string) {
    this.#child = child;
    this.#group = group;
    this.#profile = profile;
    this.#writer = child.stdin.getWriter();
    this.#pumped = this.#pump();
    this.#drained = this.#drain();
  }

  /** Start a headless Chromium with a fresh profile; throws when it is missing. */
  static async launch(): Promise<Browser> {
    const chromium = await chromiumPath();
    const profile = await Deno.makeTempDir({ prefix: "sudokit-chromium-" });
    // fd 3 is where Chromium reads commands, fd 4 where it writes replies.
    const script = 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null';
    const args = ["-c", script, "sh", chromium, ...FLAGS, `--user-data-dir=${profile}`];
    const group = await found("setsid");
    let child: Deno.ChildProcess;
    try {
      child = new Deno.Command(group ? "setsid" : "sh", {
        args: group ? ["sh", ...args] : args,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
    } catch (e) {
      await Deno.remove(profile, { recursive: true });
      throw e;
    }
    const browser = new Browser(child, group, profile);
    try {
      await browser.send("Browser.getVersion");
    } catch (e) {
      await browser.close();
      throw e;
    }
    return browser;
  }

  /** Read NUL-separated messages from Chromium until the pipe closes. */
  async #pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of this.#child.stdout) {
        buffered += decoder.decode(chunk, { stream: true });
        let end = buffered.indexOf("\0");
        while (end >= 0) {
          this.#dispatch(JSON.parse(buffered.slice(0, end)));
          buffered = buffered.slice(end + 1);
          end = buffered.indexOf("\0");
        }
      }
    } catch {
      // The pipe broke: Chromium is gone, as below.
    }
    this.#closed = true;
    const gone = new Error(`Chromium closed the DevTools pipe; its last output:\n${this.#stderr}`);
    for (const p of this.#pending.values()) p.fail(gone);
    this.#pending.clear();
  }

  /** Keep the tail of standard error (Chromium blocks when nobody reads it). */
  async #drain(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.#child.stderr) {
        this.#stderr = (this.#stderr + decoder.decode(chunk, { stream: true })).slice(-STDERR_KEPT);
      }
    } catch {
      // Closed with the process.
    }
  }

  #dispatch(m: Message): void {
    if (m.id !== undefined) {
      const p = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (p === undefined) return;
      if (m.error !== undefined) p.fail(new Error(`DevTools: ${m.error.message}`));
      else p.ok(m);
      return;
    }
    const i = this.#waiters.findIndex((w) =>
      w.method === m.method && w.session === (m.sessionId ?? "")
    );
    if (i >= 0) this.#waiters.splice(i, 1)[0].resolve(m);
  }

  /** Send a command (to a page when `session` is given) and return its result. */
  async send(
    method: string,
    params: Record<string, unknown> = {},
    session?: string,
  ): Promise<Record<string, unknown>> {
    if (this.#closed) throw new Error(`Chromium is gone; its last output:\n${this.#stderr}`);
    const id = ++this.#nextId;
    const reply = new Promise<Message>((ok, fail) => this.#pending.set(id, { ok, fail }));
    const message = JSON.stringify({ id, method, params, sessionId: session });
    await this.#writer.write(new TextEncoder().encode(message + "\0"));
    return (await reply).result ?? {};
  }

  /**
   * The next event `method` of a page; ask for it before causing it, and `cancel` it when
   * it will not come (a waiter left behind would take the next one).
   */
  event(method: string, session: string): { promise: Promise<Message>; cancel: () => void } {
    let waiter: { method: string; session: string; resolve: (m: Message) => void } | undefined;
    const promise = new Promise<Message>((resolve) => {
      waiter = { method, session, resolve };
      this.#waiters.push(waiter);
    });
    const cancel = () => {
      const i = this.#waiters.indexOf(waiter!);
      if (i >= 0) this.#waiters.splice(i, 1);
    };
    return { promise, cancel };
  }

  /** A new tab of `width` × `height` CSS pixels. */
  async newPage(width = 1280, height = 900): Promise<Page> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new Page(this, String(sessionId), String(targetId));
    await page.send("Page.enable");
    await page.send("Runtime.enable");
    await page.send("Emulation.setDeviceMetricsOverride", {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    });
    return page;
  }

  /**
   * Close the browser and wait for it; kills its whole process group should it linger, and
   * removes the profile. Safe to call twice.
   */
  async close(): Promise<void> {
    if (!this.#closed) {
      // Closing the pipe alone also ends Chromium; Browser.close is the polite way.
      this.send("Browser.close").catch(() => {});
    }
    await this.#writer.close().catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000)));
    await Promise.race([this.#child.status, grace]);
    clearTimeout(timer);
    // Its helpers (zygotes, renderers) share its process group: end them all.
    try {
      if (this.#group) Deno.kill(-this.#child.pid, "SIGKILL");
      else this.#child.kill("SIGKILL");
    } catch {
      // All gone already.
    }
    await this.#child.status;
    await this.#pumped;
    await this.#drained;
    await Deno.remove(this.#profile, { recursive: true }).catch(() => {});
  }
}

/** One tab of a {@linkcode Browser}. */
export class Page {
  readonly #browser: Browser;
  readonly #session: string;
  readonly #target: string;

  /** A page attached as `session`; made by {@linkcode Browser.newPage}. */
  constructor(browser: Browser, session: string, target: string) {
    this.#browser = browser;
    this.#session = session;
    this.#target = target;
  }

  /** Send a command to this page. */
  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return this.#browser.send(method, params, this.#session);
  }

  /**
   * Open `url` and wait for its load event. A URL that differs from the page's only after
   * `#` loads nothing: open another page first to load the same one afresh.
   */
  async goto(url: string): Promise<void> {
    const loaded = this.#browser.event("Page.loadEventFired", this.#session);
    let r: Record<string, unknown>;
    try {
      r = await this.send("Page.navigate", { url });
    } catch (e) {
      loaded.cancel();
      throw e;
    }
    if (typeof r.errorText === "string" && r.errorText !== "") {
      loaded.cancel();
      throw new Error(`cannot open ${url}: ${r.errorText}`);
    }
    // A same-document navigation (only the #fragment changed) has no loader and no load.
    if (r.loaderId === undefined) {
      loaded.cancel();
      return;
    }
    await loaded.promise;
  }

  /** The value of a JavaScript expression in the page (JSON-like values only). */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    const thrown = r.exceptionDetails as { exception?: { description?: string } } | undefined;
    if (thrown !== undefined) {
      throw new Error(`in the page: ${thrown.exception?.description ?? JSON.stringify(thrown)}`);
    }
    return (r.result as { value: T }).value;
  }

  /** Press and release a key (`ArrowLeft`, `ArrowRight`, `Home`, `End`) as a user would. */
  async press(key: string): Promise<void> {
    const code = KEY_CODES[key];
    if (code === undefined) throw new Error(`no key code for ${key}`);
    const base = { key, code: key, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code };
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...base });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...base });
  }

  /** A PNG of the viewport, also written to `path` when given. */
  async screenshot(path?: string): Promise<Uint8Array> {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" });
    const bytes = Uint8Array.from(atob(String(data)), (c) => c.charCodeAt(0));
    if (path !== undefined) await Deno.writeFile(path, bytes);
    return bytes;
  }

  /** Close the tab. */
  async close(): Promise<void> {
    await this.#browser.send("Target.closeTarget", { targetId: this.#target });
  }
}

/** Whether `bytes` start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return bytes.length > signature.length && signature.every((b, i) => bytes[i] === b);
}
