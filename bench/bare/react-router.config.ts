// Bare React Router 8 fixture: the framework's floor that the shop's budgets are measured
// against (docs/PERFORMANCE.md). Built with the root project's CLI: `react-router build bench/bare`.
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
} satisfies Config;
