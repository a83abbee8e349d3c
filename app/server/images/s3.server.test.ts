// The S3 adapter against a stand-in for an S3-compatible service: an in-process HTTP server that
// checks each request as S3 does (the Authorization header's shape, the credential scope, the
// payload hash against the body, and the signature, recomputed here from the raw request by an
// implementation of its own) and keeps the objects it is given. The signer itself is checked
// against AWS's published example first, so the two cannot agree on a mistake.
import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../env.server.ts";
import { pagePolicy } from "../security/headers.server.ts";
import { storePhoto } from "./photos.server.ts";
import { objectUrl, s3Config, s3Store, signV4 } from "./s3.server.ts";
import { imageStoreFor } from "./store.server.ts";

const KEY_ID = "AKIAIOSFODNN7EXAMPLE";
const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

describe("signV4", () => {
  it("signs AWS's GET Object example to the signature AWS's documentation gives", () => {
    const headers = signV4({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { Range: "bytes=0-9" },
      payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      region: "us-east-1",
      now: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("s3Config", () => {
  const keys = { IMAGE_STORE_ACCESS_KEY_ID: KEY_ID, IMAGE_STORE_SECRET_ACCESS_KEY: SECRET };
  it("reads AWS's virtual-hosted buckets, another service's path-style ones, and a CDN in front", () => {
    const aws = s3Config(readEnv({ ...keys, IMAGE_STORE_URL: "s3://haat-photos/shop/products", IMAGE_STORE_REGION: "ap-south-1" }))!;
    expect(objectUrl(aws, "x.webp").href).toBe("https://haat-photos.s3.ap-south-1.amazonaws.com/shop/products/x.webp");
    expect(aws.publicBase).toBe("https://haat-photos.s3.ap-south-1.amazonaws.com/shop/products");
    const minio = s3Config(readEnv({ ...keys, IMAGE_STORE_URL: "s3://photos", IMAGE_STORE_ENDPOINT: "http://127.0.0.1:9000" }))!;
    expect(objectUrl(minio, "x.webp").href).toBe("http://127.0.0.1:9000/photos/x.webp");
    const r2 = s3Config(
      readEnv({ ...keys, IMAGE_STORE_URL: "https://acct.r2.cloudflarestorage.com/photos/p", IMAGE_STORE_REGION: "auto", IMAGE_PUBLIC_URL: "https://img.haat.example/p/" }),
    )!;
    expect(objectUrl(r2, "x.webp").href).toBe("https://acct.r2.cloudflarestorage.com/photos/p/x.webp");
    expect(r2.publicBase).toBe("https://img.haat.example/p");
    expect(s3Config(readEnv({}))).toBeNull();
  });
  it("refuses a bucket without its key, and what is not a bucket URL", () => {
    expect(() => readEnv({ IMAGE_STORE_URL: "s3://photos" })).toThrow(/IMAGE_STORE_ACCESS_KEY_ID and IMAGE_STORE_SECRET_ACCESS_KEY/);
    expect(() => readEnv({ ...keys, IMAGE_STORE_URL: "ftp://photos" })).toThrow(/IMAGE_STORE_URL must look like/);
    expect(() => readEnv({ ...keys, IMAGE_STORE_URL: "s3://Bad_Bucket" })).toThrow(/IMAGE_STORE_URL must look like/);
  });
  it("lets pages load photos from the bucket's or the CDN's origin, and from nowhere else new", () => {
    const imgSrc = (source: NodeJS.ProcessEnv) =>
      pagePolicy("n", readEnv(source))
        .split("; ")
        .find((d) => d.startsWith("img-src"));
    expect(imgSrc({})).toBe("img-src 'self' data: blob:");
    expect(imgSrc({ ...keys, IMAGE_STORE_URL: "s3://haat-photos/p", IMAGE_STORE_REGION: "ap-south-1" })).toBe(
      "img-src 'self' data: blob: https://haat-photos.s3.ap-south-1.amazonaws.com",
    );
    expect(imgSrc({ ...keys, IMAGE_STORE_URL: "s3://haat-photos/p", IMAGE_PUBLIC_URL: "https://img.haat.example/p" })).toBe("img-src 'self' data: blob: https://img.haat.example");
  });
});

interface Stored {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/** An S3-compatible service in miniature: SigV4 checked as S3 checks it, objects kept in memory. */
function standIn(bucket: string, secrets: Record<string, string>) {
  const objects = new Map<string, Stored>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
  const refuse = (res: http.ServerResponse, status: number, code: string) => {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const authorization = req.headers.authorization ?? "";
      requests.push({ method: req.method!, path: req.url!, authorization });
      const shape = /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
      if (!shape) return refuse(res, 400, "AuthorizationHeaderMalformed");
      const [, keyId, day, region, signedHeaders, signature] = shape;
      const secret = secrets[keyId!];
      if (!secret) return refuse(res, 403, "InvalidAccessKeyId");
      const amzDate = String(req.headers["x-amz-date"] ?? "");
      if (!amzDate.startsWith(day!) || Math.abs(Date.now() - Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"))) > 15 * 60_000) {
        return refuse(res, 403, "RequestTimeTooSkewed");
      }
      const names = signedHeaders!.split(";");
      for (const needed of ["host", "x-amz-date", "x-amz-content-sha256"]) if (!names.includes(needed)) return refuse(res, 403, "AccessDenied");
      const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
      if (payloadHash !== createHash("sha256").update(body).digest("hex")) return refuse(res, 400, "XAmzContentSHA256Mismatch");
      const [path, query = ""] = req.url!.split("?");
      const canonicalQuery = query.split("&").filter(Boolean).sort().join("&");
      const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join("");
      const canonical = `${req.method}\n${path}\n${canonicalQuery}\n${canonicalHeaders}\n${signedHeaders}\n${payloadHash}`;
      const scope = `${day}/${region}/s3/aws4_request`;
      const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash("sha256").update(canonical).digest("hex")}`;
      const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), "s3"), "aws4_request");
      if (createHmac("sha256", key).update(toSign).digest("hex") !== signature) return refuse(res, 403, "SignatureDoesNotMatch");
      // Path style: /bucket/key…
      const [, inBucket, ...key2] = decodeURIComponent(path!).split("/");
      if (inBucket !== bucket) return refuse(res, 404, "NoSuchBucket");
      const objectKey = key2.join("/");
      if (req.method === "PUT") {
        objects.set(objectKey, { body, contentType: req.headers["content-type"], cacheControl: req.headers["cache-control"] });
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        return res.end();
      }
      if (req.method === "HEAD" || req.method === "GET") {
        const found = objects.get(objectKey);
        if (!found) return refuse(res, 404, "NoSuchKey");
        res.writeHead(200, { "content-type": found.contentType ?? "application/octet-stream", "content-length": found.body.length });
        return res.end(req.method === "GET" ? found.body : undefined);
      }
      refuse(res, 405, "MethodNotAllowed");
    });
  });
  return { server, objects, requests };
}

describe("the S3 store against a stand-in service", () => {
  const service = standIn("haat-photos", { [KEY_ID]: SECRET });
  let endpoint = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => service.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => service.server.close(() => resolve())));

  const env = (secret = SECRET) =>
    readEnv({
      IMAGE_STORE_URL: "s3://haat-photos/shop/products",
      IMAGE_STORE_ENDPOINT: endpoint,
      IMAGE_STORE_ACCESS_KEY_ID: KEY_ID,
      IMAGE_STORE_SECRET_ACCESS_KEY: secret,
      IMAGE_PUBLIC_URL: "https://img.haat.example/products",
    });

  it("stores every variant of a photo with its type and a year's immutable caching, and finds it stored the next time", async () => {
    const store = imageStoreFor(env());
    expect(store.directory).toBeNull();
    expect(store.origin).toBe("https://img.haat.example");
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#c05020" } })
      .jpeg()
      .toBuffer();
    const photo = await storePhoto(jpeg, store);
    expect(photo.reused).toBe(false);
    expect(photo.url).toMatch(/^https:\/\/img\.haat\.example\/products\/[0-9a-f]{20}-600x400-600\.webp$/);
    expect([...service.objects.keys()].sort()).toEqual(photo.files.map((f) => `shop/products/${f.name}`).sort());
    expect(photo.files.map((f) => `${f.width}.${f.format}`).sort()).toEqual(["240.avif", "240.webp", "480.avif", "480.webp", "600.avif", "600.webp"]);
    for (const f of photo.files) {
      const object = service.objects.get(`shop/products/${f.name}`)!;
      expect(object.contentType).toBe(f.format === "avif" ? "image/avif" : "image/webp");
      expect(object.cacheControl).toBe("public, max-age=31536000, immutable");
      expect((await sharp(object.body).metadata()).width).toBe(f.width);
    }
    expect(service.requests.every((r) => r.method === "HEAD" || r.method === "PUT")).toBe(true);

    const puts = service.requests.filter((r) => r.method === "PUT").length;
    const again = await storePhoto(jpeg, store);
    expect(again).toMatchObject({ url: photo.url, reused: true });
    expect(service.requests.filter((r) => r.method === "PUT").length).toBe(puts);
  });

  it("says what the service answered when it refuses the key", async () => {
    const store = s3Store(s3Config(env("not-the-secret"))!);
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#2050c080" } })
      .png()
      .toBuffer();
    await expect(storePhoto(png, store)).rejects.toThrow(
      /PutObject http:\/\/127\.0\.0\.1:\d+\/haat-photos\/shop\/products\/[0-9a-f]{20}-300x300-\d+\.(avif|webp) failed: HTTP 403 SignatureDoesNotMatch/,
    );
  });
});
