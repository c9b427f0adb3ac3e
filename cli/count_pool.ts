/**
 * The worker threads of `count --jobs N`: batches go to the least busy worker and their
 * results come out in batch order. A worker left without work takes over branches of a
 * lone large grid that another worker is searching, so one hard 25×25 puzzle (or the last
 * of a file) keeps every core busy.
 *
 * @module
 */

import { type Batch, type CountSettings, formatCount, type GridCount } from "./count_batch.ts";
import { CommandError, type Output } from "./io.ts";
import { countWorkerUrl } from "./count_worker_url.ts";

/** Messages to a worker. */
export type ToWorker =
  | { kind: "init"; index: number; hungry: Int32Array; cancel: Int32Array }
  | { kind: "batch"; token: number; batch: Batch; settings: CountSettings }
  | {
    kind: "part";
    token: number;
    id: number;
    cells: Uint8Array;
    size: number;
    allowed: Uint32Array;
    allowedHigh: Uint32Array | undefined;
    settings: CountSettings;
  };

/** Messages from a worker. */
export type FromWorker =
  | { kind: "text"; id: number; token: number; text: string }
  | { kind: "grid"; batch: Batch; token: number; result: GridCount; start: number; end: number }
  | {
    kind: "give";
    id: number;
    cells: Uint8Array;
    size: number;
    allowed: Uint32Array;
    allowedHigh: Uint32Array | undefined;
  }
  | { kind: "part"; id: number; token: number; result: GridCount; end: number }
  | { kind: "error"; id: number; token: number; error: string };

/** A lone grid whose search was (or may be) shared: its parts' results added up. */
interface Shared {
  batch?: Batch;
  count: number;
  exact: boolean;
  nodes: number;
  conflict?: string;
  /** Parts given away and not back yet, and searches in all. */
  outstanding: number;
  parts: number;
  start: number;
  end: number;
}

/** Counts batches in worker threads, writing results in batch order with bounded memory. */
export class Pool {
  readonly #workers: Worker[] = [];
  readonly #busy: number[] = [];
  /** Whether each worker is counted in `#hungry` (idle, waiting for a branch). */
  readonly #wants: boolean[] = [];
  /** Idle workers not yet claimed by a search: the searches poll it. */
  readonly #hungry = new Int32Array(new SharedArrayBuffer(4));
  /** Per worker, the token of a job to stop (its grid has reached the limit). */
  readonly #cancel: Int32Array;
  /** Running jobs that belong to lone grids: token to worker and batch. */
  readonly #jobs = new Map<number, { w: number; id: number }>();
  readonly #shared = new Map<number, Shared>();
  #token = 0;
  readonly #done = new Map<number, string>();
  #next = 0;
  // Batches sent but not yet written: bounds memory even when one slow batch holds up the rest.
  #unwritten = 0;
  #waiters: (() => void)[] = [];
  #failure: string | undefined;

  constructor(
    jobs: number,
    readonly settings: CountSettings,
    readonly out: Output,
    readonly onCounted: (n: number) => void,
  ) {
    this.#cancel = new Int32Array(new SharedArrayBuffer(4 * jobs)).fill(-1);
    for (let w = 0; w < jobs; w++) {
      const worker = new Worker(countWorkerUrl(), {
        type: "module",
      });
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        this.#receive(w, e.data);
        this.#waiters.splice(0).forEach((f) => f());
      };
      worker.onerror = (e) => {
        e.preventDefault();
        this.#failure ??= e.message;
        this.#waiters.splice(0).forEach((f) => f());
      };
      worker.postMessage(
        { kind: "init", index: w, hungry: this.#hungry, cancel: this.#cancel } satisfies ToWorker,
      );
      this.#workers.push(worker);
      this.#busy.push(0);
      this.#wants.push(false);
      this.#idle(w);
    }
  }

  #receive(w: number, m: FromWorker): void {
    if (m.kind === "give") {
      const s = this.#sharedOf(m.id);
      s.outstanding++;
      s.parts++;
      const to = this.#leastBusy();
      const token = this.#send(
        to,
        {
          kind: "part",
          token: this.#token,
          id: m.id,
          cells: m.cells,
          size: m.size,
          allowed: m.allowed,
          allowedHigh: m.allowedHigh,
          settings: this.settings,
        },
        [m.allowed, m.allowedHigh].flatMap((a) => a === undefined ? [] : [a.buffer as ArrayBuffer]),
      );
      this.#jobs.set(token, { w: to, id: m.id });
      return;
    }
    this.#busy[w]--;
    if (m.kind === "error") {
      this.#failure ??= m.error;
    } else if (m.kind === "text") {
      this.#finish(m.id, m.text);
    } else {
      this.#jobs.delete(m.token);
      const id = m.kind === "grid" ? m.batch.id : m.id;
      const s = this.#sharedOf(id);
      s.count += m.result.count;
      s.nodes += m.result.nodes;
      s.exact &&= m.result.exact;
      s.end = Math.max(s.end, m.end);
      if (m.kind === "grid") {
        s.batch = m.batch;
        s.start = m.start;
        s.conflict = m.result.conflict;
      } else {
        s.outstanding--;
      }
      if (s.count >= this.settings.limit) {
        // The grid is decided: its other parts stop at their next poll.
        for (const [token, job] of this.#jobs) {
          if (job.id === id) Atomics.store(this.#cancel, job.w, token);
        }
      }
      if (s.batch !== undefined && s.outstanding === 0) {
        this.#shared.delete(id);
        const limit = this.settings.limit;
        const result: GridCount = {
          count: Math.min(s.count, limit),
          exact: s.exact && s.count < limit,
          nodes: s.nodes,
          parts: s.parts,
          ...(s.conflict === undefined ? {} : { conflict: s.conflict }),
        };
        this.#finish(id, formatCount(result, s.batch, 0, s.end - s.start, this.settings));
      }
    }
    if (this.#busy[w] === 0) this.#idle(w);
  }

  #sharedOf(id: number): Shared {
    let s = this.#shared.get(id);
    if (s === undefined) {
      s = { count: 0, exact: true, nodes: 0, outstanding: 0, parts: 1, start: 0, end: 0 };
      this.#shared.set(id, s);
    }
    return s;
  }

  /** Offer an idle worker to the running searches. */
  #idle(w: number): void {
    if (this.#wants[w]) return;
    this.#wants[w] = true;
    Atomics.add(this.#hungry, 0, 1);
  }

  #leastBusy(): number {
    let w = 0;
    for (let k = 1; k < this.#workers.length; k++) if (this.#busy[k] < this.#busy[w]) w = k;
    return w;
  }

  /** Post a job to worker `w` (withdrawing its offer of help); returns the job's token. */
  #send(w: number, message: ToWorker, transfer: ArrayBuffer[]): number {
    if (this.#wants[w]) {
      this.#wants[w] = false;
      // A search may have claimed the offer already; its branch then goes to whoever is
      // least busy when it arrives.
      takeOne(this.#hungry);
    }
    this.#busy[w]++;
    this.#workers[w].postMessage(message, transfer);
    return this.#token++;
  }

  #finish(id: number, text: string): void {
    this.#done.set(id, text);
    let next = this.#done.get(this.#next);
    while (next !== undefined) {
      this.#done.delete(this.#next);
      this.out.write(next);
      this.onCounted(countLines(next, this.settings));
      this.#next++;
      this.#unwritten--;
      next = this.#done.get(this.#next);
    }
  }

  async submit(batch: Batch): Promise<void> {
    this.#check();
    while (this.#unwritten >= 3 * this.#workers.length) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
      this.#check();
    }
    const w = this.#leastBusy();
    this.#unwritten++;
    const transfer = [batch.cells, batch.sizes, batch.indexes, batch.lines].map(
      (a) => a.buffer as ArrayBuffer,
    );
    const id = batch.id;
    const lone = batch.sizes.length === 1;
    const token = this.#send(
      w,
      { kind: "batch", token: this.#token, batch, settings: this.settings },
      transfer,
    );
    if (lone) this.#jobs.set(token, { w, id });
  }

  async drain(): Promise<void> {
    while (this.#unwritten > 0 && this.#failure === undefined) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    this.#check();
  }

  #check(): void {
    if (this.#failure !== undefined) throw new CommandError(`a worker failed: ${this.#failure}`);
  }

  close(): void {
    for (const w of this.#workers) w.terminate();
  }
}

/** Take one from a shared counter unless it is 0 (other threads take from it too). */
export function takeOne(counter: Int32Array): boolean {
  for (let h = Atomics.load(counter, 0); h > 0; h = Atomics.load(counter, 0)) {
    if (Atomics.compareExchange(counter, 0, h, h - 1) === h) return true;
  }
  return false;
}

/** Grids in a piece of output text (count lines, not solution lines). */
export function countLines(text: string, settings: CountSettings): number {
  if (!settings.solutions || settings.format === "json") {
    let n = 0;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
    return n;
  }
  let n = 0;
  for (const line of text.split("\n")) if (line !== "" && /^[0-9]+\+?$/.test(line)) n++;
  return n;
}
