// Preloaded with `node --import ./tests/record-modules.ts server.ts` by the traces test: writes
// the URL of every OpenTelemetry module the process resolves (import or require) to the file
// RECORD_MODULES_TO names, to show which of them a server with tracing off ever loads.
import fs from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.RECORD_MODULES_TO;
if (file) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.includes("/@opentelemetry/")) fs.appendFileSync(file, `${resolved.url}\n`);
      return resolved;
    },
  });
}
