import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * `virtual:hindi-reader`: the URL of app/domain/i18n/hindi-page.ts built as a chunk of its own,
 * which Hindi pages import by that URL (entry.client.tsx). A plain `import()` of it would make
 * every page's entry load Vite's preload helper, which English pages do not otherwise need
 * (issue 27: at most 2 kB more JavaScript on English pages).
 */
export function hindiReader(): Plugin {
  const source = path.resolve(import.meta.dirname, "app/domain/i18n/hindi-page.ts");
  // The browser's build comes first: the server's build then names the chunk it made, so a Hindi
  // page can preload it (issue 43).
  let ref: string | null = null;
  let clientFile: string | null = null;
  return {
    name: "haat-hindi-reader",
    resolveId: (id) => (id === "virtual:hindi-reader" ? "\0virtual:hindi-reader" : undefined),
    load(id) {
      if (id !== "\0virtual:hindi-reader") return;
      if (this.environment.config.command === "serve") return `export default ${JSON.stringify(`/@fs${source}`)};`;
      if (this.environment.name !== "client") {
        if (!clientFile) this.error("The Hindi reader's chunk is named by the browser's build, which must come first.");
        return `export default ${JSON.stringify(this.environment.config.base + clientFile)};`;
      }
      ref = this.emitFile({ type: "chunk", id: source, name: "hindi-reader" });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    generateBundle() {
      if (this.environment.name === "client" && ref) clientFile = this.getFileName(ref);
    },
  };
}

/**
 * Fewer, larger scripts for a page's first visit (issue 43): on a slow phone each script is a
 * request with its own round trip, and a page asked for 27-31 before it hydrated. Everything the
 * root route and the browser's entry import (the shell every page runs) goes in two chunks, the
 * libraries and the shop's own; what routes share beyond it is grouped by the routes that use it,
 * small groups merged. What only some pages use (the map, Clerk, a Hindi page's reader) stays
 * apart, loaded when needed.
 */
function fewerScripts(): Plugin {
  const entries = [path.resolve(import.meta.dirname, "app/root.tsx"), path.resolve(import.meta.dirname, "app/entry.client.tsx")];
  let shell: Set<string> | null = null;
  const shellOf = (ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
    if (shell) return shell;
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
    };
    entries.forEach(walk);
    return (shell = seen);
  };
  // Which route modules reach a module through static imports (read up its importers), once each.
  type Graph = { getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null };
  const routesReaching = new Map<string, ReadonlySet<string>>();
  const isRoute = (id: string) => /[\\/]app[\\/]routes[\\/][^\\/?]+\.tsx?$/.test(id);
  const routesOf = (id: string, ctx: Graph): ReadonlySet<string> => {
    const known = routesReaching.get(id);
    if (known) return known;
    const found = new Set<string>();
    const seen = new Set<string>([id]);
    const up = [id];
    while (up.length) {
      const at = up.pop()!;
      if (isRoute(at)) found.add(at);
      for (const importer of ctx.getModuleInfo(at)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        up.push(importer);
      }
    }
    routesReaching.set(id, found);
    return found;
  };
  // The pages a first visit lands on (bench:mobile's four): each gets its own code in one chunk,
  // and what two or more of them run in one more, the catalogue's.
  const firstVisitRoutes = ["home", "products", "product", "cart"];
  const routeFile = (name: string) => path.resolve(import.meta.dirname, `app/routes/${name}.tsx`);
  // Route modules stay out: a route's module in a group became a facade chunk and the group's.
  const firstVisitOf = (id: string, ctx: Graph) =>
    !/[\\/]app[\\/]/.test(id) || isRoute(id) || id.includes("?") || shellOf(ctx).has(id) || importsZod(id, ctx)
      ? []
      : firstVisitRoutes.filter((name) => routesOf(id, ctx).has(routeFile(name)));
  // A module most pages run (the meta tags' helpers) joins the shell: a chunk of its own was a
  // request for 300 bytes, and in the catalogue's chunk it would bring that chunk to every page.
  const pageCount = fs.readdirSync(path.resolve(import.meta.dirname, "app/routes")).filter((file) => file.endsWith(".tsx")).length;
  const mostPagesRun = (id: string, ctx: Graph) => /[\\/]app[\\/]/.test(id) && !isRoute(id) && routesOf(id, ctx).size >= pageCount / 2;
  // A module with a schema: left to the bundler, which gives zod only to the pages that run a
  // schema in the browser (a page may use such a module's other exports without it).
  const importsZod = (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) =>
    (ctx.getModuleInfo(id)?.importedIds ?? []).some((i) => /[\\/]node_modules[\\/](zod|@conform-to)[\\/]/.test(i));
  return {
    name: "haat-fewer-scripts",
    apply: "build",
    buildStart() {
      shell = null;
      routesReaching.clear();
    },
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // The bundler's helpers (interop for React's CommonJS) go with the libraries that need them, not in a request of their own.
                  { name: "libraries", test: /rolldown[\\/]runtime/, priority: 30 },
                  {
                    name: (id, ctx) =>
                      shellOf(ctx).has(id) ? (/[\\/]node_modules[\\/]/.test(id) ? "libraries" : "shell") : mostPagesRun(id, ctx) && !importsZod(id, ctx) ? "shell" : null,
                    priority: 20,
                  },
                  // What two or more of the first-visit pages run is one chunk, the catalogue's.
                  {
                    name: (id, ctx) => (firstVisitOf(id, ctx).length > 1 ? "catalogue" : null),
                    priority: 16,
                  },
                  // The rest of a first-visit page's code beside its route's chunk, in one chunk: a
                  // page outside the four that shares a piece of it loads that chunk too.
                  {
                    name: (id, ctx) => {
                      const pages = firstVisitOf(id, ctx);
                      return pages.length === 1 ? `${pages[0]}-page` : null;
                    },
                    priority: 15,
                  },
                  {
                    name: (id, ctx) => (/[\\/]app[\\/]/.test(id) && !shellOf(ctx).has(id) && !importsZod(id, ctx) ? "shared" : null),
                    minShareCount: 2,
                    entriesAware: true,
                    entriesAwareMergeThreshold: 6 * 1024,
                    priority: 10,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), hindiReader(), fewerScripts()],
});
