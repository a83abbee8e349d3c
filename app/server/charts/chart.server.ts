// A dashboard chart as SVG, drawn on the server by Vega (issue 46 item 5, decision 080): no DOM,
// no canvas, no script on the page. A specification is compiled and parsed once; each request
// only gives it its rows.
import type { TopLevelSpec } from "vega-lite";
import type { Runtime } from "vega";

type Vega = { runtime(spec: TopLevelSpec): Runtime; svg(runtime: Runtime, rows: object[]): Promise<string> };

let vega: Promise<Vega> | null = null;
// Loaded on first use: an instance no staff member asks for a chart never pays for Vega.
function loadVega(): Promise<Vega> {
  return (vega ??= (async () => {
    const [{ compile }, { logger, None, parse, View }, { expressionInterpreter }] = await Promise.all([import("vega-lite"), import("vega"), import("vega-interpreter")]);
    // Vega-Lite's warnings (a layered line's scale domains merged) are about the specification, not a request: not logged per process.
    const quiet = logger(None);
    return {
      // ast + the interpreter: Vega evaluates its expressions without new Function (a CSP without unsafe-eval holds).
      runtime: (spec) => parse(compile(spec, { logger: quiet }).spec, undefined, { ast: true }),
      async svg(runtime, rows) {
        const view = new View(runtime, { renderer: "none", expr: expressionInterpreter }).data("rows", rows);
        try {
          return await view.toSVG();
        } finally {
          view.finalize();
        }
      },
    };
  })());
}

const runtimes = new WeakMap<TopLevelSpec, Runtime>();

/**
 * The chart of `rows` as an SVG element's markup, scaled to its container (its viewBox kept, its
 * fixed size dropped). Vega escapes every text it draws, so product titles are safe in it.
 */
export async function chartSvg(spec: TopLevelSpec, rows: object[]): Promise<string> {
  const v = await loadVega();
  let runtime = runtimes.get(spec);
  if (!runtime) runtimes.set(spec, (runtime = v.runtime(spec)));
  const svg = await v.svg(runtime, rows);
  // Vega's own class stays first (an element keeps only its first class attribute).
  return svg.replace(/^<svg([^>]*?) class="marks" width="[\d.]+" height="[\d.]+"/, '<svg$1 class="marks h-auto w-full" focusable="false"');
}
