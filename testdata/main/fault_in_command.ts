// Preloaded by cli/main_test.ts (`deno run --preload`): reading standard input fails
// as a bug would, inside a command.
Object.defineProperty(Deno.stdin, "readable", {
  get() {
    throw new TypeError("injected fault");
  },
});
