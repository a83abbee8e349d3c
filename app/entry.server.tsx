// The server entry: React Router renders every page through its default export, and
// server.ts takes what it needs from the same module (build.entry.module).
export { default, handleError, streamTimeout } from "./server/render.server.tsx";
import { routeInstrumentations } from "./server/telemetry/trace.server.ts";

// Spans for each route's loader and action, when tracing.ts started OpenTelemetry
// before this build loaded (issue 47); undefined, and nothing wrapped, when it did not.
export const instrumentations = routeInstrumentations();

// What server.ts needs from the app. It takes them from the build it loads
// (build.entry.module is this module), never from app/server directly, so one process
// holds one copy of each module and the routes share its context keys and classes
// (docs/decisions/016-one-module-copy-at-run-time.md).
export { compressionOptions } from "./server/compression.server.ts";
export { requestInfoContext, shopContext } from "./server/context.server.ts";
export { DataDirLockedError, lockDataDir } from "./server/db/lock.server.ts";
export { checkServerEnv, ConfigError, readEnv } from "./server/env.server.ts";
export { CROSS_SITE_REFUSAL, refusesCrossSiteWrite } from "./server/security/same-origin.server.ts";
export { startKeptMailRetry } from "./server/use-cases/kept-messages.server.ts";
export { startPaymentSweep } from "./server/payments/sweep.server.ts";
export { startSubscriptionJob } from "./server/subscriptions/job.server.ts";
export { startRetentionJob } from "./server/privacy/retention-job.server.ts";
export { startExportJob } from "./server/privacy/export-job.server.ts";
export { openShop } from "./server/open-shop.server.ts";
export { shopOptionsFromEnv } from "./server/shop-options.server.ts";
export { ShopError } from "./server/shop/port.server.ts";
export { bodyLimitFor, UNREADABLE_FORM } from "./domain/body-limits.ts";
export * as edge from "./server/edge.server.ts";
export { collectRequestStats, newRequestStats, serverTiming } from "./server/request-scope.server.ts";
export { imageStoreFor, MEDIA_PATH } from "./server/images/store.server.ts";
export { serveMedia } from "./server/images/serve.server.ts";
export { cookieSecret } from "./server/security/secret.server.ts";
export { languageBuilds } from "./server/i18n.server.ts";
