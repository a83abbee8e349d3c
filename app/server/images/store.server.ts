// Where product photos' files live (decision 041): one small interface, two places. By default a
// directory, DATA_DIR/images, which server.ts serves at /media; with IMAGE_STORE_URL an
// S3-compatible bucket that browsers read from directly (or through IMAGE_PUBLIC_URL, a CDN).
// Every name comes from the pipeline (a content hash), never from an upload, so a file never
// changes under its name and is cached for a year.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "../env.server.ts";
import { checkName, type ImageStore } from "./image-store.server.ts";
import { s3Config, s3Store } from "./s3.server.ts";

/** Where the directory store's files are served from (server.ts, app/server/images/serve.server.ts). */
export const MEDIA_PATH = "/media";

/** Files in `dir`, written whole or not at all (a temporary file renamed into place). */
export function directoryStore(dir: string): ImageStore {
  let made: Promise<unknown> | null = null;
  return {
    description: dir,
    directory: dir,
    origin: null,
    async put(name, bytes) {
      checkName(name);
      await (made ??= fs.mkdir(dir, { recursive: true }));
      const temporary = path.join(dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, path.join(dir, name));
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async has(name) {
      checkName(name);
      return fs.access(path.join(dir, name)).then(
        () => true,
        () => false,
      );
    },
    url: (name) => `${MEDIA_PATH}/${name}`,
  };
}

const stores = new Map<string, ImageStore>();
const byEnv = new WeakMap<Env, ImageStore>();

/** The store the configuration names: a bucket with IMAGE_STORE_URL, else DATA_DIR/images. One per configuration. */
export function imageStoreFor(env: Env): ImageStore {
  let store = byEnv.get(env);
  if (store) return store;
  const s3 = s3Config(env);
  const key = s3 ? `s3:${s3.endpoint}/${s3.bucket}/${s3.prefix}>${s3.publicBase}` : `dir:${env.dataDir}`;
  store = stores.get(key);
  if (!store) stores.set(key, (store = s3 ? s3Store(s3) : directoryStore(path.join(env.dataDir, "images"))));
  byEnv.set(env, store);
  return store;
}
