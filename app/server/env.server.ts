// Configuration, parsed once with zod. The only reader of process.env in the app.
import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: z.string().optional(),
  CATALOG_REFRESH_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
});

export type Env = z.infer<typeof schema> & {
  /** Absolute data directory (PGlite files, the server lock, generated secrets). */
  dataDir: string;
  /** Seed the demo catalogue into an empty database: default on for the embedded database only. */
  seedDemo: boolean;
};

export class ConfigError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
  };
}
