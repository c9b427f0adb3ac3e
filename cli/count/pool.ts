/**
 * The counting threads of `count --jobs N`: this one and up to N workers. Results come
 * out in batch order, each grid's as soon as the grids before it are out. A worker left
 * without work takes over branches of a lone large grid that another worker is
 * searching, so one hard 25×25 puzzle (or the last of a file) keeps every core busy.
 *
 * Grids of 9×9 and smaller are counted on this thread, which is warm from its first batch,
 * until the input proves long enough to pay for a worker (N - 1 of them, with this thread
 * counting too): a worker costs ~12 ms here and ~50 ms before it counts, more than 2,000
 * easy puzzles take. A loaded worker is then kept two batches ahead, and this thread
 * counts whenever it is. Larger grids are counted here too until a worker has started: a
 * lone one (one per batch) that runs long is shared with workers from this thread's
 * search, a batch of several is handed to them from its slow grid on. Later large grids
 * go to workers: up to N, one per batch in flight, and with a lone large grid (17×17 and
 * up, one per batch) the rest of the N to share its search.
 *
 * @module
 */

import {
  type Batch,
  countGrid,
  type CountSettings,
  epochNow,
  formatCount,
  type GridCount,
} from "./batch.ts";
import { isMiss } from "./format.ts";
import {
  BATCH_MS,
  ESTIMATE_AFTER,
  FIRST_BATCH,
  largeBudget,
  QUEUE,
  SHARE_AFTER,
  SLOW_GRID,
  START_AFTER,
  WORTH,
} from "./settings.ts";
import { type Output, requirePermission } from "../io.ts";
import { workerSources, workerUrl } from "../worker_url.ts";

/** Messages to a worker. */
export type ToWorker =
  | { kind: "init"; index: number; hungry: Int32Array; cancel: Int32Array; done: Int32Array }
  | { kind: "batch"; token: number; batch: Batch; settings: CountSettings }
  | {
    kind: "part";
    token: number;
    id: number;
    puzzle: number;
    line: number;
    cells: Uint8Array;
    size: number;
    allowed: Uint32Array;
    allowedHigh: Uint32Array | undefined;
    nogoods: Int32Array | undefined;
    deadline: number | undefined;
    settings: CountSettings;
  };

/** A branch of a lone grid's search, given away to be counted as a part of it. */
export interface Branch {
  /** The grid's batch. */
  id: number;
  cells: Uint8Array;
  size: number;
  /** The branch, as allowed digits per cell. */
  allowed: Uint32Array;
  allowedHigh: Uint32Array | undefined;
  /** The nogoods of the giving search's restarts, which keep the branch out of counted parts. */
  nogoods: Int32Array | undefined;
  /** When every part of the grid stops (`epochNow`), if there is a time limit. */
  deadline: number | undefined;
}

/** Messages from a worker. */
export type FromWorker =
  | { kind: "text"; id: number; token: number; text: string; grids: number; misses: number }
  | { kind: "partial"; id: number; text: string; grids: number; misses: number }
  | { kind: "grid"; batch: Batch; token: number; result: GridCount; start: number; end: number }
  | ({ kind: "give" } & Branch)
  | { kind: "part"; id: number; token: number; result: GridCount; end: number }
  | {
    kind: "progress";
    worker: number;
    id: number;
    puzzle: number;
    line: number;
    nodes: number;
    solutions: number;
    start: number;
  }
  | { kind: "error"; id: number; token: number; error: string; stack?: string };

/** What a slow grid's search has done so far, for the progress line. */
export interface GridProgress {
  /** Puzzle number. */
  readonly puzzle: number;
  /** Line it starts on. */
  readonly line: number;
  /** Search nodes so far (all parts). */
  readonly nodes: number;
  /** Solutions so far (all parts). */
  readonly solutions: number;
  /** When its search started (`epochNow` of `batch.ts`). */
  readonly start: number;
}

/** A lone grid whose search was (or may be) shared: its parts' results added up. */
interface Shared {
  batch?: Batch;
  count: number;
  exact: boolean;
  timedOut: boolean;
  nodes: number;
  conflict?: string;
  /** Parts given away and not back yet, and searches in all. */
  outstanding: number;
  parts: number;
  start: number;
  end: number;
}

/**
 * Output of a batch not written yet: text ready, its grids and those of them without
 * exactly one solution, and whether the batch is complete.
 */
interface Pending {
  /** The text, in pieces: one string may not hold a batch's text. */
  text: string[];
  grids: number;
  misses: number;
  complete: boolean;
}

/** Counts batches on this thread and in workers, writing results in batch order with bounded memory. */
export class Pool {
  readonly #jobs: number;
  readonly #workers: Worker[] = [];
  readonly #busy: number[] = [];
  /** Whether each worker is counted in `#hungry` (idle, waiting for a branch). */
  readonly #wants: boolean[] = [];
  /** Idle workers not yet claimed by a search: the searches poll it. */
  readonly #hungry = new Int32Array(new SharedArrayBuffer(4));
  /** Per worker, the token of a job to stop (its grid has reached the limit). */
  readonly #cancel: Int32Array;
  /** Running jobs that belong to lone grids: token to worker and batch. */
  readonly #running = new Map<number, { w: number; id: number }>();
  /** Lone grids submitted and not written yet: batch id to puzzle and line. */
  readonly #lone = new Map<number, { puzzle: number; line: number }>();
  readonly #shared = new Map<number, Shared>();
  /** The latest progress report of each worker, while its job runs. */
  readonly #reports = new Map<number, FromWorker & { kind: "progress" }>();
  #token = 0;
  readonly #pending = new Map<number, Pending>();
  /** The next batch to write; set by the first batch submitted (the caller may count some). */
  #next = -1;
  // Batches sent but not yet written: bounds memory even when one slow batch holds up the rest.
  #unwritten = 0;
  #waiters: (() => void)[] = [];
  /** What went wrong in a worker: a bug, since workers never see input text. */
  #failure: Error | undefined;
  /**
   * Per worker, -1 until its module has loaded, then the jobs (batches and search parts)
   * it has finished: read without waiting for its messages, which this thread takes in
   * only between batches of its own.
   */
  readonly #done: Int32Array;
  /** Per worker, the jobs sent to it. */
  readonly #sent: number[] = [];
  /** Milliseconds this thread has spent counting batches itself. */
  #hereMs = 0;
  /** Of those, the milliseconds and the grids of batches of grids up to 9×9. */
  #smallMs = 0;
  #smallGrids = 0;
  /** Whether a large grid ran out of its {@linkcode largeBudget} here: large ones go to workers. */
  #largeToWorkers = false;

  /**
   * A pool of up to `jobs` workers (none started yet). Throws a `CommandError`
   * when the workers' module cannot be read (run without `--allow-read`).
   */
  constructor(
    jobs: number,
    readonly settings: CountSettings,
    readonly out: Output,
    readonly here: (
      batch: Batch,
      write: (text: string, misses: number, grids: number) => void,
      budget?: number,
    ) => number,
    readonly unread: () => number | undefined,
    readonly onCounted: (grids: number, misses: number) => void,
    readonly onProgress: (p: GridProgress | undefined) => void = () => {},
    /** This thread's clock for its share of the counting; tests give it a fake one. */
    readonly now: () => number = () => performance.now(),
  ) {
    for (const path of workerSources("count")) {
      requirePermission(
        settings.command ?? "count",
        { name: "read", path },
        "to start its worker threads (--jobs 1 needs none)",
      );
    }
    this.#jobs = jobs;
    this.#cancel = new Int32Array(new SharedArrayBuffer(4 * jobs)).fill(-1);
    this.#done = new Int32Array(new SharedArrayBuffer(4 * jobs)).fill(-1);
  }

  /** Start one more worker; the only place where count workers are created. */
  #start(): number {
    const w = this.#workers.length;
    const worker = new Worker(workerUrl("count"), { type: "module" });
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      this.#receive(w, e.data);
      this.out.flush();
      this.#waiters.splice(0).forEach((f) => f());
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.#failure ??= new Error(`a worker failed: ${e.message}`);
      this.#waiters.splice(0).forEach((f) => f());
    };
    worker.postMessage(
      {
        kind: "init",
        index: w,
        hungry: this.#hungry,
        cancel: this.#cancel,
        done: this.#done,
      } satisfies ToWorker,
    );
    this.#workers.push(worker);
    this.#sent.push(0);
    this.#busy.push(0);
    this.#wants.push(false);
    this.#idle(w);
    return w;
  }

  #receive(w: number, m: FromWorker): void {
    if (m.kind === "progress") {
      this.#reports.set(w, m);
      this.onProgress(this.#progress());
      return;
    }
    if (m.kind === "partial") {
      this.#append(m.id, m.text, m.grids, false, m.misses);
      return;
    }
    if (m.kind === "give") {
      this.#givePart(this.#leastBusy(), m);
      return;
    }
    this.#busy[w]--;
    if (this.#reports.delete(w)) this.onProgress(this.#progress());
    if (m.kind === "error") {
      if (this.#failure === undefined) {
        this.#failure = new Error(`a worker failed: ${m.error}`);
        if (m.stack !== undefined) this.#failure.stack = m.stack;
      }
    } else if (m.kind === "text") {
      this.#append(m.id, m.text, m.grids, true, m.misses);
    } else {
      this.#running.delete(m.token);
      if (m.kind === "grid") {
        this.#addPart(m.batch.id, m.result, m.end, { batch: m.batch, start: m.start });
      } else {
        this.#addPart(m.id, m.result, m.end);
      }
    }
    if (this.#busy[w] === 0) this.#idle(w);
  }

  /**
   * Count a lone large grid on this thread. Past {@linkcode SHARE_AFTER} ms it shares the
   * search: N - 1 workers start, and each is given the search's largest open branch
   * whenever it has nothing to count (seen in `#done`: this thread takes in no message
   * while it searches). Their parts come back as messages; the grid's line is written
   * when the last is in. If this thread's part ends while every worker is still busy, the
   * rest of the N workers start, and the busy ones hand them branches in the usual way.
   */
  #countLone(batch: Batch): void {
    const id = batch.id;
    const size = batch.sizes[0];
    const [puzzle, line] = [batch.indexes[0], batch.lines[0]];
    const start = epochNow();
    const deadline = this.settings.timeLimit > 0 ? start + this.settings.timeLimit : undefined;
    let to = -1;
    let given = false;
    let reported = false;
    const r = countGrid(batch.cells, size, this.settings, {
      deadline,
      share: {
        poll: () => {
          if (epochNow() - start < SHARE_AFTER) return "go";
          if (this.#workers.length < this.#jobs - 1) this.#start();
          to = this.#idleWorker();
          return to >= 0 ? "split" : "go";
        },
        give: (allowed, allowedHigh, nogoods) => {
          given = true;
          this.#lone.set(id, { puzzle, line });
          this.#givePart(to, {
            id,
            cells: batch.cells.slice(),
            size,
            allowed,
            allowedHigh,
            nogoods,
            deadline,
          });
        },
      },
      onPoll: (nodes, solutions) => {
        if (epochNow() - start < SLOW_GRID) return;
        reported = true;
        this.onProgress({ puzzle, line, nodes, solutions, start });
      },
    });
    if (reported) this.onProgress(undefined);
    const end = epochNow();
    if (!given) {
      this.#appendGrid(id, r, batch, end - start);
      return;
    }
    this.#addPart(id, r, end, { batch, start });
    // Parts still running and no worker free to take branches from them (a free one is
    // offered to them once its message is read): the rest of the N workers start.
    if (this.#shared.has(id) && this.#idleWorker() < 0) {
      while (this.#workers.length < this.#jobs) this.#start();
    }
  }

  /** Send worker `to` a branch of lone grid `part.id`'s search to count. */
  #givePart(to: number, part: Branch): void {
    const s = this.#sharedOf(part.id);
    s.outstanding++;
    s.parts++;
    const where = this.#lone.get(part.id) ?? { puzzle: 0, line: 0 };
    const token = this.#send(
      to,
      {
        kind: "part",
        token: this.#token,
        id: part.id,
        ...where,
        cells: part.cells,
        size: part.size,
        allowed: part.allowed,
        allowedHigh: part.allowedHigh,
        nogoods: part.nogoods,
        deadline: part.deadline,
        settings: this.settings,
      },
      [part.allowed, part.allowedHigh, part.nogoods].flatMap((a) =>
        a === undefined ? [] : [a.buffer as ArrayBuffer]
      ),
    );
    this.#running.set(token, { w: to, id: part.id });
  }

  /**
   * Add up a finished search of a lone grid: a part given away, or with `first` the search
   * the grid began with (its batch and start). The grid's line is written once the first
   * search and every part are in.
   */
  #addPart(id: number, r: GridCount, end: number, first?: { batch: Batch; start: number }): void {
    const s = this.#sharedOf(id);
    s.count += r.count;
    s.nodes += r.nodes;
    s.exact &&= r.exact;
    s.timedOut ||= r.timedOut === true;
    s.end = Math.max(s.end, end);
    if (first !== undefined) {
      s.batch = first.batch;
      s.start = first.start;
      s.conflict = r.conflict;
    } else {
      s.outstanding--;
    }
    if (s.count >= this.settings.limit) {
      // The grid is decided: its other parts stop at their next poll.
      for (const [token, job] of this.#running) {
        if (job.id === id) Atomics.store(this.#cancel, job.w, token);
      }
    }
    if (s.batch !== undefined && s.outstanding === 0) {
      this.#shared.delete(id);
      const limit = this.settings.limit;
      const reached = s.count >= limit;
      const result: GridCount = {
        count: Math.min(s.count, limit),
        exact: s.exact && !reached,
        nodes: s.nodes,
        parts: s.parts,
        ...(s.timedOut && !reached ? { timedOut: true } : {}),
        ...(s.conflict === undefined ? {} : { conflict: s.conflict }),
      };
      this.#appendGrid(id, result, s.batch, s.end - s.start);
    }
  }

  /** The progress of the oldest grid some worker reports on, all its parts together. */
  #progress(): GridProgress | undefined {
    let first: (FromWorker & { kind: "progress" }) | undefined;
    for (const r of this.#reports.values()) if (first === undefined || r.id < first.id) first = r;
    if (first === undefined) return undefined;
    const done = this.#shared.get(first.id);
    let nodes = done?.nodes ?? 0;
    let solutions = done?.count ?? 0;
    let start = first.start;
    for (const r of this.#reports.values()) {
      if (r.id !== first.id) continue;
      nodes += r.nodes;
      solutions += r.solutions;
      start = Math.min(start, r.start);
    }
    return { puzzle: first.puzzle, line: first.line, nodes, solutions, start };
  }

  #sharedOf(id: number): Shared {
    let s = this.#shared.get(id);
    if (s === undefined) {
      s = {
        count: 0,
        exact: true,
        timedOut: false,
        nodes: 0,
        outstanding: 0,
        parts: 1,
        start: 0,
        end: 0,
      };
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

  /**
   * Whether the input left is enough work for one more worker (with this thread, N count).
   * A worker costs this thread 12–17 ms to create and takes ~50 ms to load, then some to
   * warm up, so it pays only when this thread would count for a few hundred ms more:
   * estimated from its time so far and the share of the input read, or, when the input's
   * size is unknown (a pipe), assumed once it has counted {@linkcode START_AFTER} ms.
   */
  #worthAWorker(): boolean {
    const here = this.#hereMs;
    const unread = this.unread();
    if (unread === undefined) return here >= START_AFTER;
    // The first ms are cold (slower) and reading runs ahead of counting: no estimate yet.
    return here >= ESTIMATE_AFTER && unread < 1 && (here * unread) / (1 - unread) >= WORTH;
  }

  /** A loaded worker with fewer than {@linkcode QUEUE} jobs left, or -1. */
  #hungryWorker(): number {
    return this.#loadedWith(QUEUE);
  }

  /** A loaded worker with nothing to count, or -1. */
  #idleWorker(): number {
    return this.#loadedWith(1);
  }

  /** A loaded worker with fewer than `jobs` jobs sent and not finished, or -1. */
  #loadedWith(jobs: number): number {
    for (let w = 0; w < this.#workers.length; w++) {
      const done = Atomics.load(this.#done, w);
      if (done >= 0 && this.#sent[w] - done < jobs) return w;
    }
    return -1;
  }

  #leastBusy(): number {
    let w = 0;
    for (let k = 1; k < this.#workers.length; k++) if (this.#busy[k] < this.#busy[w]) w = k;
    return w;
  }

  /** An idle worker, a new one while fewer than N run, or else the least busy. */
  #pick(): number {
    const w = this.#workers.length === 0 ? -1 : this.#leastBusy();
    if (w >= 0 && this.#busy[w] === 0) return w;
    if (this.#workers.length < this.#jobs) return this.#start();
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
    this.#sent[w]++;
    this.#workers[w].postMessage(message, transfer);
    return this.#token++;
  }

  /**
   * Add output of batch `id` (`grids` grids, `misses` of them without exactly one
   * solution); write, in batch order, everything that is ready.
   */
  #append(id: number, text: string, grids: number, complete: boolean, misses = 0): void {
    let p = this.#pending.get(id);
    if (p === undefined) {
      p = { text: [], grids: 0, misses: 0, complete: false };
      this.#pending.set(id, p);
    }
    if (text !== "") p.text.push(text);
    p.grids += grids;
    p.misses += misses;
    p.complete ||= complete;
    for (let next = this.#pending.get(this.#next); next !== undefined;) {
      for (const piece of next.text) this.out.write(piece);
      if (next.grids > 0) this.onCounted(next.grids, next.misses);
      next.text = [];
      next.grids = 0;
      next.misses = 0;
      if (!next.complete) break;
      this.#pending.delete(this.#next);
      this.#lone.delete(this.#next);
      this.#next++;
      this.#unwritten--;
      next = this.#pending.get(this.#next);
    }
  }

  /** Add the output of a lone grid, the whole of batch `id`, counted in `ms`. */
  #appendGrid(id: number, r: GridCount, batch: Batch, ms: number): void {
    const piece = (text: string) => this.#append(id, text, 0, false);
    const text = formatCount(r, batch, 0, 0, ms, this.settings, piece);
    this.#append(id, text, 1, true, isMiss(r) ? 1 : 0);
  }

  /**
   * Count a batch, in a worker or on this thread: grids of 9×9 and smaller stay here unless
   * a worker is ready and short of work; other batches go to a worker, after waiting
   * while too many batches are unwritten.
   */
  async submit(batch: Batch): Promise<void> {
    this.#check();
    if (this.#next < 0) this.#next = batch.id;
    // Waiting here is also when this thread takes in the workers' results.
    while (this.#unwritten >= 3 * this.#jobs) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
      this.#check();
    }
    const smallGrids = small(batch);
    if (
      smallGrids ? this.#hungryWorker() < 0 : this.#workers.length === 0 && !this.#largeToWorkers
    ) {
      // Decided when the next batch comes, so that the last one starts no worker.
      if (this.#workers.length < this.#jobs - 1 && this.#worthAWorker()) this.#start();
      const start = this.now();
      this.#unwritten++;
      const id = batch.id;
      if (!smallGrids && batch.sizes.length === 1 && !this.settings.solutions) {
        this.#countLone(batch);
        this.#hereMs += this.now() - start;
        return;
      }
      // Streams when every earlier batch is out, else waits in order like a worker's text.
      const counted = this.here(
        batch,
        (text, misses, grids) => this.#append(id, text, grids, false, misses),
        smallGrids ? undefined : largeBudget(batch),
      );
      const took = this.now() - start;
      this.#hereMs += took;
      if (smallGrids) {
        this.#smallMs += took;
        this.#smallGrids += counted;
      }
      if (counted === batch.sizes.length) {
        this.#append(id, "", 0, true);
        return;
      }
      // A large grid that takes long: from it on, this batch and every later large one go
      // to workers, which share such a grid's search. Its output follows what was printed.
      this.#largeToWorkers = true;
      this.#unwritten--;
      batch = rest(batch, counted);
    }
    // Small grids go to the worker found short of work; others to an idle worker or a
    // new one.
    const hungry = smallGrids ? this.#hungryWorker() : -1;
    const w = hungry >= 0 ? hungry : this.#pick();
    this.#unwritten++;
    const transfer = [batch.cells, batch.sizes, batch.indexes, batch.lines].map(
      (a) => a.buffer as ArrayBuffer,
    );
    // Read before the arrays are transferred away.
    const id = batch.id;
    const lone = batch.sizes.length === 1 && !this.settings.solutions;
    const large = batch.sizes[0] > 16;
    if (lone) this.#lone.set(id, { puzzle: batch.indexes[0], line: batch.lines[0] });
    const token = this.#send(
      w,
      { kind: "batch", token: this.#token, batch, settings: this.settings },
      transfer,
    );
    if (lone) {
      this.#running.set(token, { w, id });
      // Helpers for its search: they start idle, and the search hands them branches.
      if (large) { while (this.#workers.length < this.#jobs) this.#start(); }
    }
  }

  /** Wait until every batch submitted is written. */
  async drain(): Promise<void> {
    while (this.#unwritten > 0 && this.#failure === undefined) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    this.#check();
  }

  #check(): void {
    // An internal error (exit 3), the worker's stack shown with SUDOKIT_DEBUG=1.
    if (this.#failure !== undefined) throw this.#failure;
  }

  /** Stop every worker. */
  close(): void {
    for (const w of this.#workers) w.terminate();
  }

  /**
   * How many grids a batch that starts with a grid of `size` should hold, at most `most`:
   * for grids up to 9×9, about {@linkcode BATCH_MS} of counting at the pace this thread
   * has seen (before it has seen any, {@linkcode FIRST_BATCH}), so that slow grids (a high
   * limit, solutions printed) come a few at a time and a worker can take some while this
   * thread counts others. Easy puzzles fill the largest batches.
   */
  batchSize(size: number, most: number): number {
    if (size > 9) return most;
    if (this.#smallGrids === 0) return Math.min(most, FIRST_BATCH);
    const perGrid = this.#smallMs / this.#smallGrids;
    return Math.max(1, Math.min(most, Math.floor(BATCH_MS / perGrid)));
  }

  /** Workers whose module has loaded, ready to count. */
  get loaded(): number {
    let n = 0;
    for (let w = 0; w < this.#workers.length; w++) if (Atomics.load(this.#done, w) >= 0) n++;
    return n;
  }

  /** Workers started so far. */
  get started(): number {
    return this.#workers.length;
  }
}

/** Whether every grid of a batch is 9×9 or smaller. */
function small(batch: Batch): boolean {
  for (const s of batch.sizes) if (s > 9) return false;
  return true;
}

/** The grids of a batch from the `k`-th on, as a batch of the same id. */
function rest(batch: Batch, k: number): Batch {
  let offset = 0;
  for (let i = 0; i < k; i++) offset += batch.sizes[i] * batch.sizes[i];
  return {
    id: batch.id,
    sizes: batch.sizes.slice(k),
    indexes: batch.indexes.slice(k),
    lines: batch.lines.slice(k),
    cells: batch.cells.slice(offset),
  };
}

/** Take one from a shared counter unless it is 0 (other threads take from it too). */
export function takeOne(counter: Int32Array): boolean {
  for (let h = Atomics.load(counter, 0); h > 0; h = Atomics.load(counter, 0)) {
    if (Atomics.compareExchange(counter, 0, h, h - 1) === h) return true;
  }
  return false;
}
