// /api/openapi.json: the API described as OpenAPI 3.1, written from the same zod schemas that
// check each call's params and type its result (app/domain/api.ts), so it cannot drift.
import { z } from "zod";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import { API_CALLS } from "./calls.server.ts";

const schemaOf = (s: z.ZodType, io: "input" | "output") => z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" });

const failure = {
  description: "Refused: `success` false and `error` says why (also inside `result`).",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          jsonrpc: { const: "2.0" },
          id: {},
          success: { const: false },
          error: { type: "string" },
          result: { type: "object", properties: { success: { const: false }, error: { type: "string" } } },
        },
        required: ["success", "error"],
      },
    },
  },
};

let document: object | null = null;

export function openApiDocument(): object {
  if (document) return document;
  const paths: Record<string, object> = {};
  for (const [path, c] of Object.entries(API_CALLS)) {
    const params = schemaOf(c.params, "input");
    delete (params as { $schema?: string }).$schema;
    const result = c.result ? schemaOf(c.result, "output") : { type: "object" };
    delete (result as { $schema?: string }).$schema;
    paths[path] = {
      post: {
        summary: c.summary,
        ...(c.auth === "bearer" ? { security: [{ bearer: [] }] } : c.auth === "optional" ? { security: [{}, { bearer: [] }] } : { security: [] }),
        ...(path.includes("{id}") ? { parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }] } : {}),
        requestBody: {
          required: false,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { jsonrpc: { const: "2.0" }, method: { type: "string" }, id: { type: ["string", "number", "null"] }, params },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Done: the answer is in `result`.",
            content: { "application/json": { schema: { type: "object", properties: { jsonrpc: { const: "2.0" }, id: {}, result }, required: ["result"] } } },
          },
          "400": failure,
          ...(c.auth === "bearer" ? { "401": failure, "403": failure } : {}),
          "404": failure,
          "409": failure,
          "413": failure,
          "415": { ...failure, description: "The body was not sent as `Content-Type: application/json`." },
          "429": failure,
        },
      },
    };
  }
  document = {
    openapi: "3.1.0",
    info: {
      title: `${store.name} API`,
      version: "1",
      description: "The calls of the shop's specifications (docs/SPECIFICATION.md: Browsing calls and Transaction calls): JSON POSTs with a `{ params }` envelope, answers in `result`.",
    },
    servers: [{ url: appEnv().publicOrigin }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "From /api/auth/token (local accounts) or Clerk's session token." } } },
    paths,
  };
  return document;
}
