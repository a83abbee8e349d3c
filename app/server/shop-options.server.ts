// The Shop's options from the environment (issue 24): the one place server.ts gets them from, so
// what a deployer sets reaches every back end. STAFF_EMAILS works in both modes; with the ERP
// and AUTH_PROVIDER=clerk the adapter is given Clerk's keys, to send the ERP the customer's
// Clerk session tokens (decision 043).
import path from "node:path";
import { cookieSecret } from "./security/secret.server.ts";
import type { Env } from "./env.server.ts";
import type { ImageStore } from "./images/image-store.server.ts";
import type { OpenShopOptions } from "./open-shop.server.ts";

export function shopOptionsFromEnv(env: Env, images: ImageStore | null): OpenShopOptions {
  const staffEmails = env.STAFF_EMAILS ?? [];
  const clerk = env.AUTH_PROVIDER === "clerk" && env.CLERK_SECRET_KEY ? { secretKey: env.CLERK_SECRET_KEY, ...(env.CLERK_API_URL && { apiUrl: env.CLERK_API_URL }) } : null;
  return {
    target: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, preparedStatements: env.DATABASE_PREPARED_STATEMENTS }
      : { kind: "pglite", dir: path.join(env.dataDir, "pglite"), preparedStatements: env.DATABASE_PREPARED_STATEMENTS },
    seedDemo: env.seedDemo,
    refreshMs: env.CATALOG_REFRESH_SECONDS * 1000,
    payments: { razorpay: env.razorpay, publicOrigin: env.publicOrigin, prepaidPercent: env.prepaidPercent, staffEmails },
    images,
    // The brand's ERP as the system of record (decision 043).
    erp:
      env.SHOP_BACKEND === "erp" && env.ERP_URL
        ? { url: env.ERP_URL, timeoutMs: env.ERP_TIMEOUT_MS, syncMs: env.ERP_CATALOG_SYNC_SECONDS * 1000, secret: cookieSecret(env), clerk, staffEmails }
        : undefined,
  };
}
