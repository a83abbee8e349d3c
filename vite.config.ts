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
function hindiReader(): Plugin {
  const source = path.resolve(import.meta.dirname, "app/domain/i18n/hindi-page.ts");
  return {
    name: "haat-hindi-reader",
    resolveId: (id) => (id === "virtual:hindi-reader" ? "\0virtual:hindi-reader" : undefined),
    load(id) {
      if (id !== "\0virtual:hindi-reader") return;
      if (this.environment.config.command === "serve") return `export default ${JSON.stringify(`/@fs${source}`)};`;
      const ref = this.emitFile({ type: "chunk", id: source, name: "hindi-reader" });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), hindiReader()],
});
