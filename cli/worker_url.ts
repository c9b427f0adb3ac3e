/**
 * Where the worker threads (`count`, `generate` and `play` with `--jobs N`) load their module
 * from.
 *
 * From the source tree (and from `deno compile`, which `--include`s the files) it is the
 * worker's module file. In the one-file bundle that `cli/build/bundle.ts` writes there is no
 * such file next to the bundle: the bundler defines `SUDOKIT_WORKER_SOURCES` as each
 * worker's own bundle, and the workers start from a `data:` URL of it.
 *
 * @module
 */

/** The worker modules, by name, relative to this file. */
export const WORKER_MODULES = {
  count: "./count/worker.ts",
  generate: "./generate_worker.ts",
  play: "./play/worker.ts",
} as const;

/** A kind of worker thread. */
export type WorkerName = keyof typeof WORKER_MODULES;

/** Replaced by the worker bundles' texts in `dist/sudokit.js`; not defined elsewhere. */
declare const SUDOKIT_WORKER_SOURCES: Record<WorkerName, string> | undefined;

const inlined = new Map<WorkerName, string>();

/** The module URL to start a worker of this kind from (a module worker). */
export function workerUrl(name: WorkerName): string {
  // `typeof` on an undeclared global is safe: it is "undefined" outside the bundle.
  if (typeof SUDOKIT_WORKER_SOURCES === "object") {
    let url = inlined.get(name);
    if (url === undefined) {
      url = "data:text/javascript;charset=utf-8," +
        encodeURIComponent(SUDOKIT_WORKER_SOURCES[name]);
      inlined.set(name, url);
    }
    return url;
  }
  return new URL(WORKER_MODULES[name], import.meta.url).href;
}

/**
 * What a worker of this kind reads to start, for the read permission it needs: its module
 * file and the library it imports; nothing when it starts from an inlined source.
 */
export function workerSources(name: WorkerName): URL[] {
  const url = new URL(workerUrl(name));
  return url.protocol === "file:" ? [url, new URL("../lib/", import.meta.url)] : [];
}
