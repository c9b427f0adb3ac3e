/**
 * Where the `count --jobs N` workers load their module from.
 *
 * From the source tree (and from `deno compile`, which `--include`s the file) it is
 * `worker.ts` beside this module. In the one-file bundle that `cli/bundle.ts` writes
 * there is no such file next to the bundle: the bundler defines
 * `SUDOKIT_COUNT_WORKER_SOURCE` as the worker's own bundle, and the workers start from a
 * `data:` URL of it.
 *
 * @module
 */

/** Replaced by the worker bundle's text in `dist/sudokit.js`; not defined elsewhere. */
declare const SUDOKIT_COUNT_WORKER_SOURCE: string | undefined;

let inlined: string | undefined;

/** The module URL to start a count worker from (a module worker). */
export function countWorkerUrl(): string {
  // `typeof` on an undeclared global is safe: it is "undefined" outside the bundle.
  if (typeof SUDOKIT_COUNT_WORKER_SOURCE === "string") {
    inlined ??= "data:text/javascript;charset=utf-8," +
      encodeURIComponent(SUDOKIT_COUNT_WORKER_SOURCE);
    return inlined;
  }
  return new URL("./worker.ts", import.meta.url).href;
}
