import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lazy route discovery keeps the manifest out of the first page's JavaScript.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
