// Password hashing with scrypt from node:crypto. The stored string carries its own
// parameters, so they can be raised later without breaking existing hashes.
import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend the same time as a real check, so timing does not tell which accounts exist.
    await hashPassword(password);
    return false;
  }
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** SHA-256 hex of a token or code: what the database keeps instead of the secret itself. */
export function digest(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** A 6-digit code, uniformly drawn. */
export function newResetCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}
