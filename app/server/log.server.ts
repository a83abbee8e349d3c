// The server's log: one JSON object per line on stdout (issue 10 point 10), so a deployer's
// collector can read it without parsing prose. LOG_LEVEL chooses how much: debug, info
// (default: one line per request), warn, error or silent. Stacks go here, never to a page.
import { traceFields } from "./telemetry/trace.server.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

type Fields = Record<string, unknown>;

let threshold: number = RANK[(process.env.LOG_LEVEL as LogLevel | undefined) ?? "info"] ?? RANK.info;
let write: (line: string) => void = (line) => process.stdout.write(`${line}\n`);

/** Sets the level (server.ts, from the parsed configuration) and, for tests, where lines go. */
export function configureLog(options: { level?: LogLevel; write?: (line: string) => void }) {
  if (options.level) threshold = RANK[options.level];
  if (options.write) write = options.write;
}

/** An error as log fields: its message, its code when it has one, and its stack. */
export function errorFields(error: unknown): Fields {
  if (!(error instanceof Error)) {
    let text: string;
    try {
      text = typeof error === "object" && error !== null ? JSON.stringify(error).slice(0, 500) : String(error);
    } catch {
      text = String(error);
    }
    return { error: text };
  }
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return { error: error.message, ...(typeof code === "string" ? { code } : {}), ...(cause ? { cause } : {}), stack: error.stack };
}

function emit(level: Exclude<LogLevel, "silent">, message: string, fields: Fields = {}) {
  if (RANK[level] < threshold) return;
  // Inside a traced request or job, the line names its trace and span (issue 47).
  write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...("trace_id" in fields ? {} : traceFields()), ...fields }));
}

export const log = {
  debug: (message: string, fields?: Fields) => emit("debug", message, fields),
  info: (message: string, fields?: Fields) => emit("info", message, fields),
  warn: (message: string, fields?: Fields) => emit("warn", message, fields),
  error: (message: string, fields?: Fields) => emit("error", message, fields),
};
