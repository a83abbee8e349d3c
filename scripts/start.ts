// `npm start`: build when needed, then run the production server (which creates
// ./data, migrates, and seeds the demo catalogue into an empty database).
import "../app/server/node-env.server.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

buildIfNeeded();
const { main } = await import("../server.ts");
await main();
