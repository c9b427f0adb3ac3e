import assert from "node:assert/strict";
import { escapeText, quoteInput } from "./escape.ts";

Deno.test("escapeText and quoteInput: input made safe for a message", async (t) => {
  await t.step("printable text is kept", () => {
    assert.equal(escapeText("Ec8 é ×…"), "Ec8 é ×…");
    assert.equal(quoteInput("abc"), "'abc'");
  });
  await t.step("controls and invisible characters are escaped", () => {
    assert.equal(escapeText("a\x1b[31mb\r\n\t\x00\x7f"), "a\\x1b[31mb\\r\\n\\t\\x00\\x7f");
    assert.equal(
      escapeText("\u0085\u200b\u202e\ufeff\u00a0"),
      "\\x85\\u{200b}\\u{202e}\\u{feff}\\xa0",
    );
    assert.equal(escapeText("\ud800x"), "\\u{d800}x");
  });
  await t.step("cut with … once the result reaches the bound, never inside an escape", () => {
    assert.equal(escapeText("x".repeat(300)), "x".repeat(200) + "…");
    assert.equal(escapeText("x".repeat(200)), "x".repeat(200));
    assert.equal(escapeText("ab\x1bcd", 3), "ab\\x1b…");
    assert.equal(quoteInput("abcdef", 3), "'abc…'");
  });
  await t.step("the result never exceeds the bound by more than one escape and …", () => {
    for (let n = 0; n < 200; n++) {
      const text = String.fromCharCode(...Array.from({ length: n }, (_, i) => (i * 37) % 160));
      assert.ok(escapeText(text, 50).length <= 50 + "\\u{ffff}".length + 1);
    }
  });
});
