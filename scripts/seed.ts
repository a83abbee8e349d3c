// npm run db:seed: migrate and load the demo catalogue into an empty database, with the demo's
// photos made into the configured image store (DATA_DIR/images, or IMAGE_STORE_URL's bucket).
import { imageStoreFor } from "../app/server/images/store.server.ts";
import { seedDemoCatalog } from "../app/server/shop/open.server.ts";
import { openForTool } from "./open-for-tool.ts";
import { toolEnv } from "./tool-env.ts";

const images = imageStoreFor(toolEnv());
const database = await openForTool();
try {
  console.log((await seedDemoCatalog(database, images)) ? "Demo catalogue loaded." : "The catalogue already has products; nothing was seeded.");
} finally {
  await database.close();
}
