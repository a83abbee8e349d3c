// A stand-in for the two calls of Clerk's Backend API that Haat makes on the server (written
// from Clerk's Backend API reference: `POST /v1/sessions/{session_id}/tokens` answers
// `{object: "token", jwt}`; `GET /v1/users/{user_id}` answers the user with `email_addresses`),
// authorised by the secret key as a bearer. Its session tokens are RS256 JWTs signed with a key
// made here; CLERK_JWT_KEY is its public half, as the Dashboard gives it.
import { createSign, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ClerkStandin {
  origin: string;
  /** The PEM public key (CLERK_JWT_KEY). */
  jwtKey: string;
  secretKey: string;
  addUser(user: { id: string; email: string; firstName: string; lastName: string }): void;
  /** A signed-in session of a user. */
  startSession(sessionId: string, userId: string): void;
  endSession(sessionId: string): void;
  /** Tokens minted so far. */
  readonly minted: number;
  close(): Promise<void>;
}

export async function startClerkStandin(secretKey = "sk_test_haatStandin"): Promise<ClerkStandin> {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const users = new Map<string, { id: string; email: string; firstName: string; lastName: string }>();
  const sessions = new Map<string, { userId: string; active: boolean }>();
  let minted = 0;
  const b64 = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString("base64url");
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse) => send(res, 404, { errors: [{ code: "resource_not_found", message: "not found", long_message: "Resource not found" }] });

  const server = http.createServer((req, res) => {
    req.resume();
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { errors: [{ code: "authentication_invalid", message: "Unauthorized request" }] });
    const url = new URL(req.url ?? "/", "http://standin");
    const token = /^\/v1\/sessions\/([^/]+)\/tokens$/.exec(url.pathname);
    if (req.method === "POST" && token) {
      const session = sessions.get(token[1]!);
      if (!session?.active) return notFound(res);
      const now = Math.floor(Date.now() / 1000);
      const head = `${b64({ alg: "RS256", typ: "JWT", kid: "ins_standin" })}.${b64({ sub: session.userId, sid: token[1], iat: now, nbf: now - 5, exp: now + 60, iss: origin })}`;
      minted++;
      return send(res, 200, { object: "token", jwt: `${head}.${b64(createSign("RSA-SHA256").update(head).sign(privateKey))}` });
    }
    const user = /^\/v1\/users\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && user) {
      const u = users.get(user[1]!);
      if (!u) return notFound(res);
      return send(res, 200, {
        object: "user",
        id: u.id,
        first_name: u.firstName,
        last_name: u.lastName,
        username: null,
        primary_email_address_id: "idn_primary",
        email_addresses: [{ object: "email_address", id: "idn_primary", email_address: u.email, verification: { status: "verified", strategy: "email_code" }, linked_to: [] }],
        phone_numbers: [],
        web3_wallets: [],
        external_accounts: [],
        created_at: 0,
        updated_at: 0,
      });
    }
    notFound(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    jwtKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
    secretKey,
    addUser: (u) => users.set(u.id, u),
    startSession: (sid, userId) => sessions.set(sid, { userId, active: true }),
    endSession: (sid) => sessions.set(sid, { ...sessions.get(sid)!, active: false }),
    get minted() {
      return minted;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
