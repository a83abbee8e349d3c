// What every place a product photo's files can live in offers (decision 041), apart from the
// choice of place (store.server.ts): the directory store and the S3 one both build on it.
import { PHOTO_FILE_NAME } from "../../domain/photo.ts";

/** How long a browser or a CDN keeps a file: its name changes whenever its content would. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

export interface ImageStore {
  /** Where the files go, for messages and logs. */
  readonly description: string;
  /** The directory server.ts serves at MEDIA_PATH, or null when the files are read from elsewhere. */
  readonly directory: string | null;
  /** The origin browsers load the files from when it is not the shop's own (the CSP's img-src), else null. */
  readonly origin: string | null;
  /** Stores `bytes` under `name` (a name the pipeline made); the same name again is the same bytes. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Whether `name` is stored already (the same photo uploaded twice is not made twice). */
  has(name: string): Promise<boolean>;
  /** The URL a page gives browsers for `name`. */
  url(name: string): string;
}

export function checkName(name: string): void {
  if (!PHOTO_FILE_NAME.test(name)) throw new Error(`Not a photo file name: ${JSON.stringify(name)}`);
}
