// Product photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces…),
// with plain HTTP requests signed by AWS Signature Version 4 (node:crypto): PutObject to store,
// HeadObject to find a photo stored already. Browsers read the files from the bucket's public
// URL, or from IMAGE_PUBLIC_URL (a CDN in front of it): the bucket must allow public reads of
// the prefix (a bucket policy; object ACLs are off on new AWS buckets, so none is sent).
import { createHash, createHmac } from "node:crypto";
import type { Env } from "../env.server.ts";
import { checkName, IMMUTABLE, type ImageStore } from "./image-store.server.ts";

export interface S3Config {
  /** The service's origin: https://s3.ap-south-1.amazonaws.com, http://127.0.0.1:9000… */
  endpoint: string;
  bucket: string;
  /** Key prefix, without slashes at either end ("" for none). */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.host/key`: any endpoint but AWS's own. */
  pathStyle: boolean;
  /** Where browsers read the files, without a trailing slash. */
  publicBase: string;
}

type S3Env = Pick<Env, "IMAGE_STORE_URL" | "IMAGE_STORE_ENDPOINT" | "IMAGE_STORE_REGION" | "IMAGE_STORE_ACCESS_KEY_ID" | "IMAGE_STORE_SECRET_ACCESS_KEY" | "IMAGE_PUBLIC_URL">;

/**
 * IMAGE_STORE_URL as `s3://bucket/prefix` (AWS, or IMAGE_STORE_ENDPOINT's service) or as a
 * path-style URL `https://host/bucket/prefix`; null when unset (photos stay in DATA_DIR/images).
 */
export function s3Config(env: S3Env): S3Config | null {
  if (!env.IMAGE_STORE_URL || !env.IMAGE_STORE_ACCESS_KEY_ID || !env.IMAGE_STORE_SECRET_ACCESS_KEY) return null;
  const url = new URL(env.IMAGE_STORE_URL);
  const region = env.IMAGE_STORE_REGION;
  const segments = url.pathname.split("/").filter(Boolean);
  let endpoint: string;
  let bucket: string;
  let pathStyle: boolean;
  if (url.protocol === "s3:") {
    bucket = url.hostname;
    endpoint = env.IMAGE_STORE_ENDPOINT ? new URL(env.IMAGE_STORE_ENDPOINT).origin : `https://s3.${region}.amazonaws.com`;
    // A bucket name with dots cannot be a TLS host name's label: path style for those too.
    pathStyle = Boolean(env.IMAGE_STORE_ENDPOINT) || bucket.includes(".");
  } else {
    endpoint = url.origin;
    bucket = segments.shift() ?? "";
    pathStyle = true;
  }
  const config: S3Config = {
    endpoint,
    bucket,
    prefix: segments.join("/"),
    region,
    accessKeyId: env.IMAGE_STORE_ACCESS_KEY_ID,
    secretAccessKey: env.IMAGE_STORE_SECRET_ACCESS_KEY,
    pathStyle,
    publicBase: "",
  };
  config.publicBase = (env.IMAGE_PUBLIC_URL ?? objectUrl(config, "").href).replace(/\/+$/, "");
  return config;
}

/** RFC 3986 encoding, as Signature V4 wants it (encodeURIComponent leaves !'()* alone). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The object's URL, each path segment encoded once (S3 signs the path as sent, not encoded again). */
export function objectUrl(config: Pick<S3Config, "endpoint" | "bucket" | "prefix" | "pathStyle">, name: string): URL {
  const key = [...config.prefix.split("/").filter(Boolean), ...(name ? [name] : [])].map(encode).join("/");
  const base = new URL(config.endpoint);
  if (config.pathStyle) return new URL(`${base.origin}/${encode(config.bucket)}/${key}`);
  return new URL(`${base.protocol}//${config.bucket}.${base.host}/${key}`);
}

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (S3 checks it against what arrives). */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  now?: Date;
}

/** AWS Signature Version 4: the headers to send (Authorization, x-amz-date, x-amz-content-sha256 and the signed ones). */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? "s3";
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, " ");
  headers.host = input.url.host;
  headers["x-amz-content-sha256"] = input.payloadHash;
  headers["x-amz-date"] = amzDate;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const query = [...input.url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [input.method, input.url.pathname || "/", query, ...names.map((n) => `${n}:${headers[n]}`), "", signedHeaders, input.payloadHash].join("\n");
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  const { host: _host, ...sent } = headers;
  return { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

const EMPTY_SHA256 = sha256Hex("");

/** The error S3 answers with (`<Code>` of its XML body), for a message a deployer can act on. */
async function failure(action: string, url: URL, response: Response): Promise<Error> {
  const body = await response.text().catch(() => "");
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  return new Error(`${action} ${url.href} failed: HTTP ${response.status}${code ? ` ${code}` : ""}`);
}

export function s3Store(config: S3Config, fetcher: typeof fetch = fetch): ImageStore {
  const sign = (method: string, url: URL, payloadHash: string, headers?: Record<string, string>) =>
    signV4({ method, url, headers, payloadHash, accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region });
  return {
    description: `s3://${config.bucket}/${config.prefix} at ${config.endpoint}`,
    directory: null,
    origin: new URL(config.publicBase).origin,
    async put(name, bytes, contentType) {
      checkName(name);
      const url = objectUrl(config, name);
      // Stored with the object, so the bucket (and a CDN before it) answers with them.
      const headers = { "content-type": contentType, "cache-control": IMMUTABLE };
      const response = await fetcher(url, {
        method: "PUT",
        headers: sign("PUT", url, sha256Hex(bytes), headers),
        // Never a SharedArrayBuffer's view here (sharp's and fs's buffers), which is all the cast says.
        body: bytes as Uint8Array<ArrayBuffer>,
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw await failure("PutObject", url, response);
      await response.body?.cancel();
    },
    async has(name) {
      checkName(name);
      const url = objectUrl(config, name);
      const response = await fetcher(url, { method: "HEAD", headers: sign("HEAD", url, EMPTY_SHA256), signal: AbortSignal.timeout(10_000) });
      // Without s3:ListBucket a missing key answers 403 rather than 404.
      if (response.status === 404 || response.status === 403) return false;
      if (!response.ok) throw await failure("HeadObject", url, response);
      return true;
    },
    url: (name) => `${config.publicBase}/${name}`,
  };
}
