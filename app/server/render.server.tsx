// Haat renders each page whole, then sends it in one piece. Pages hold no deferred data,
// so streaming would gain nothing, and the many small chunks a streamed render writes each
// cost a compression call: buffering the page more than doubled throughput (docs/PERFORMANCE.md).
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import fs from "node:fs";
import appCss from "../app.css?url";
import { RequestIdContext } from "../components/request-id.ts";
import { StylesheetTextContext } from "../components/stylesheet.tsx";
import { projectPath } from "./project-root.server.ts";
import { compressBody, negotiateEncoding } from "./compression.server.ts";
import { documentPersonalContext, partRecorderContext, requestInfoContext, signedInContext } from "./context.server.ts";
import { PartRecorderContext } from "../components/splice-protocol.tsx";
import { SIGNED_OUT, PersonalContext } from "../components/splice-protocol.tsx";
import { appEnv } from "./env.server.ts";
import { errorFields, log } from "./log.server.ts";
import { currentRequestStats } from "./request-scope.server.ts";
import { newNonce, pagePolicy } from "./security/headers.server.ts";
import { messageSliceOf, notingMessages, withMessageSlice } from "./message-slice.server.ts";
import { hasStylesheet } from "./stylesheet.server.ts";
import { localeOfBasename } from "../domain/i18n/locale.ts";
import { scriptsLinkHeader } from "./early-scripts.server.ts";

export const streamTimeout = 5_000;

// The built stylesheet's text, read once (components/stylesheet.tsx). Should the file be
// missing, an @import of it keeps the page styled.
const stylesheetText = (() => {
  if (import.meta.env.DEV) return null;
  try {
    return fs.readFileSync(projectPath("build", "client", appCss.replace(/^\//, "")), "utf8").replace(/<\/style/gi, "<\\/style");
  } catch {
    return `@import url("${appCss}");`;
  }
})();

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  // A fresh nonce for each page; a page kept by the page cache keeps the policy it was rendered with.
  const nonce = newNonce();
  responseHeaders.set("Content-Security-Policy", pagePolicy(nonce, appEnv()));
  // The page's scripts, asked for before its pictures (server/early-scripts.server.ts).
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const reader = (loaderData.root as { reader?: string | null } | undefined)?.reader;
  const scripts = scriptsLinkHeader(
    routerContext.manifest,
    matches.map((match) => match.route.id),
    reader ? [reader] : [],
  );
  if (scripts) responseHeaders.append("Link", scripts);
  const requestId = loadContext.get(requestInfoContext).requestId;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const started = performance.now();
  const stats = currentRequestStats();
  const signedIn = loadContext.get(signedInContext) !== null;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        // A Hindi page ends with the messages its render looked up (server/message-slice.server.ts).
        let body: Buffer = withMessageSlice(Buffer.concat(chunks), messageSliceOf(localeOfBasename(routerContext.staticHandlerContext.basename), messages));
        if (stats) stats.renderMs = performance.now() - started;
        // A signed-in shopper's page is never kept: compressed here, whole, in one call.
        if (signedIn) {
          const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
          body = compressBody(body, encoding, "personal");
          if (encoding !== "identity") responseHeaders.set("Content-Encoding", encoding);
          responseHeaders.append("Vary", "Accept-Encoding");
        }
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.byteLength));
        resolve(new Response(body as Buffer<ArrayBuffer>, { status, headers: responseHeaders }));
        callback();
      },
    });
    const messages = new Set<string>();
    const { pipe, abort } = notingMessages(messages, () =>
      renderToPipeableStream(
        <RequestIdContext value={requestId}>
          <StylesheetTextContext value={hasStylesheet(request) ? null : stylesheetText}>
            <PersonalContext value={loadContext.get(documentPersonalContext) ?? SIGNED_OUT}>
              <PartRecorderContext value={loadContext.get(partRecorderContext)}>
                <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
              </PartRecorderContext>
            </PersonalContext>
          </StylesheetTextContext>
        </RequestIdContext>,
        {
          // The page is sent whole (onAllReady), so React must not move a large finished Suspense
          // boundary to the end of the page behind a script that reveals it: without JavaScript
          // it would stay hidden (Review Order's address form is one).
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onAllReady() {
            pipe(sink);
          },
          onShellError(error: unknown) {
            clearTimeout(timeout);
            reject(error);
          },
          onError(error: unknown) {
            status = 500;
            log.error("render failed", errorFields(error));
          },
        },
      ),
    );
  });
}

/**
 * Errors React Router caught in a loader, an action or a middleware: logged once, with the
 * request's id and the stack. A request the shopper aborted is not an error of ours.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (request.signal.aborted) return;
  // A refusal React Router makes itself (405 for a POST to a page without a form, 404) is an
  // answer, not a fault: the request's log line has its status.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const info = context.get(requestInfoContext);
  log.error("request error", { requestId: info.requestId, route: info.route, method: request.method, path: new URL(request.url).pathname, ...errorFields(error) });
}
