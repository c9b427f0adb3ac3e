// Preloaded by cli/main_test.ts (`deno run --preload`): a callback that throws, outside
// any command's guard, queued as the program reads its arguments.
const args = Deno.args;
Object.defineProperty(Deno, "args", {
  get() {
    queueMicrotask(() => {
      throw new RangeError("injected fault outside a command");
    });
    return args;
  },
});
