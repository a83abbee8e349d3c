// Serves the directory store's files at /media (server.ts mounts it): only names the pipeline
// makes (so no path, dot file or traversal ever reaches the file system), with the type their
// format has, a year's immutable caching (a name never changes its content) and nosniff.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { PHOTO_CONTENT_TYPES, PHOTO_FILE_NAME, type PhotoFormat } from "../../domain/photo.ts";
import { IMMUTABLE } from "./image-store.server.ts";

type Next = (error?: unknown) => void;

/** A handler for requests under /media (`req.url` is the rest of the path, as Express mounts it). */
export function serveMedia(directory: string) {
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = (req.url ?? "").split("?")[0]!.replace(/^\//, "");
    const notFound = () => {
      res.statusCode = 404;
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Not found");
    };
    if (!PHOTO_FILE_NAME.test(name)) return notFound();
    const file = path.join(directory, name);
    fs.stat(file, (error, stat) => {
      if (error || !stat.isFile()) return notFound();
      const etag = `"${name}"`;
      res.setHeader("Content-Type", PHOTO_CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1) as PhotoFormat]);
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("ETag", etag);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (req.headers["if-none-match"] === etag) {
        res.statusCode = 304;
        return res.end();
      }
      res.setHeader("Content-Length", stat.size);
      if (req.method === "HEAD") return res.end();
      fs.createReadStream(file)
        .on("error", (streamError) => (res.headersSent ? res.destroy(streamError) : next(streamError)))
        .pipe(res);
    });
  };
}
