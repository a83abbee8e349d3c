// npm run db:seed: migrate and load the demo catalogue into an empty database.
import { seedDemoCatalog } from "../app/server/shop/open.server.ts";
import { openForTool } from "./open-for-tool.ts";

const database = await openForTool();
try {
  console.log((await seedDemoCatalog(database)) ? "Demo catalogue loaded." : "The catalogue already has products; nothing was seeded.");
} finally {
  await database.close();
}
