import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lazy route discovery keeps the manifest out of the first page's JavaScript.
  routeDiscovery: { mode: "lazy" },
  // The service worker, once every environment is built (issue 26; scripts/build-sw.ts).
  async buildEnd({ viteConfig }) {
    const { buildServiceWorker } = await import("./scripts/build-sw.ts");
    const { precached, bytes } = await buildServiceWorker(viteConfig.root);
    console.log(`service worker: build/client/sw.js, ${precached} files precached (${Math.round(bytes / 1024)} kB)`);
    // Then every text file compressed once at the smallest settings, served as it is (issue 43).
    const { precompressFiles } = await import("./app/server/precompressed.server.ts");
    const { files, bytes: raw, brotliBytes } = await precompressFiles(`${viteConfig.root}/build/client`);
    console.log(`precompressed: ${files} files, ${Math.round(raw / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB with Brotli 11`);
  },
} satisfies Config;
