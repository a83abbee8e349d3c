// A local stand-in for an OpenTelemetry collector's OTLP/HTTP receiver (the traces signal), for
// tests and the tracing bench on machines without one. It follows the OTLP specification
// (opentelemetry.io/docs/specs/otlp/#otlphttp): POST /v1/traces with an
// ExportTraceServiceRequest, as JSON (`http/json`) or protobuf (`http/protobuf`), optionally
// gzip-compressed; answered 200 with an empty ExportTraceServiceResponse in the same encoding.
// JSON requests are kept as flat spans to read back; protobuf ones are counted, not decoded.
//
// Run: node tests/standins/otlp-collector.ts [port]   (listens on 127.0.0.1; GET /stats says
// how many export requests and bytes it has received)
import { createServer, type IncomingMessage } from "node:http";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value?: AnyValue };

/** A span as the tests read it: its ids, name, kind, parent and attributes as plain values. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean | (string | number | boolean)[]>;
  status: number;
  service: string | null;
}

function plain(value: AnyValue | undefined): string | number | boolean | (string | number | boolean)[] {
  if (!value) return "";
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map((v) => plain(v) as string | number | boolean);
  return "";
}

const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((a) => [a.key, plain(a.value)]));

export interface OtlpCollector {
  url: string;
  /** Every span received as JSON, in arrival order. */
  spans: CollectedSpan[];
  /** Every JSON request as received (resources, scopes, spans, statuses, events, links). */
  bodies: string[];
  /** Export requests received (JSON and protobuf), and the bytes they carried. */
  requests: number;
  bytes: number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
}

export async function startOtlpCollector(port = 0): Promise<OtlpCollector> {
  const collector: OtlpCollector = { url: "", spans: [], bodies: [], requests: 0, bytes: 0, close: async () => {} };
  const server = createServer(async (req, res) => {
    // What it has received so far, for a bench that runs it as a process of its own.
    if (req.method === "GET" && req.url === "/stats") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ requests: collector.requests, bytes: collector.bytes }));
      return;
    }
    if (req.method !== "POST" || req.url !== "/v1/traces") {
      res.writeHead(404).end();
      return;
    }
    const body = await bodyOf(req);
    collector.requests++;
    collector.bytes += body.length;
    const json = (req.headers["content-type"] ?? "").startsWith("application/json");
    if (json) {
      collector.bodies.push(body.toString("utf8"));
      const request = JSON.parse(body.toString("utf8")) as {
        resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] }[];
      };
      for (const resourceSpans of request.resourceSpans ?? []) {
        const service = attributesOf(resourceSpans.resource?.attributes)["service.name"];
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            collector.spans.push({
              traceId: span.traceId as string,
              spanId: span.spanId as string,
              parentSpanId: (span.parentSpanId as string | undefined) || null,
              name: span.name as string,
              kind: Number(span.kind ?? 0),
              attributes: attributesOf(span.attributes as KeyValue[]),
              status: Number((span.status as { code?: number } | undefined)?.code ?? 0),
              service: typeof service === "string" ? service : null,
            });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    } else {
      // An empty protobuf message is zero bytes.
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  collector.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  collector.close = () => new Promise((resolve) => server.close(() => resolve()));
  return collector;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const collector = await startOtlpCollector(Number(process.argv[2] ?? 4318));
  console.log(`OTLP collector stand-in on ${collector.url}/v1/traces`);
}
