/**
 * Solution counting for every size and variant: a specialised 9×9 engine, a general
 * engine for sizes 1 to 64 (one- and two-word cores), and the dispatcher that picks one.
 * `README.md` in this folder explains the algorithms and the data layout.
 *
 * @module
 */

export type { Engine, SearchControl, SolutionCallback, Variant } from "./engine.ts";
export { POLL_NODES, pollInterval } from "./engine.ts";
export {
  type CollectedSolutions,
  collectSolutions,
  type CountOptions,
  type CountResult,
  countSolutions,
  defaultVariant,
  engineFor,
} from "./count.ts";
export { Engine9 } from "./engine9.ts";
export { GeneralEngine } from "./engine_general.ts";
