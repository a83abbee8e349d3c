// components/later.tsx: the server renders the part whole inside its boundary; where its code is
// fetched, the part shows once it has come, and the `failed` stand-in when it could not be.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { later } from "./later.tsx";

function Greeting({ name }: { name: string }) {
  return createElement("p", null, `Hello ${name}`);
}
function Unavailable({ name }: { name: string }) {
  return createElement("p", { role: "alert" }, `Could not load ${name}`);
}

async function html(element: ReturnType<typeof createElement>): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe("later", () => {
  it("on the server, renders the part at once inside a boundary the browser can leave alone while its code comes", () => {
    // The module itself, as the server imports it at start.
    const Part = later({ Greeting }, "Greeting");
    const out = renderToString(createElement(Part, { name: "Asha" }));
    expect(out).toContain("Hello Asha");
    // React's marks of a Suspense boundary, around the part and nothing else.
    expect(out).toMatch(/^<!--\$-->.*Hello Asha.*<!--\/\$-->$/);
  });

  it("in the browser, shows the part once its code has come", async () => {
    const Part = later(async () => ({ Greeting }), "Greeting");
    expect(await html(createElement(Part, { name: "Ravi" }))).toContain("Hello Ravi");
  });

  it("says so in its place when its code could not be fetched, and shows nothing without a stand-in", async () => {
    const offline = (): Promise<{ Greeting: typeof Greeting }> => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    expect(await html(createElement(later(offline, "Greeting", { failed: Unavailable }), { name: "the footer" }))).toContain("Could not load the footer");
    expect(await html(createElement(later(offline, "Greeting"), { name: "x" }))).not.toContain("x");
  });
});
