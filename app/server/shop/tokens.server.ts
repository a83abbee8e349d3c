// The JSON API's bearer tokens with the local provider (issue 17, decision 042): an access
// token good for API_ACCESS_LIFETIME_MS and a refresh token that renews the pair once.
// Only digests are stored, as for page sessions.
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { API_ACCESS_LIFETIME_MS, API_REFRESH_LIFETIME_MS } from "../../domain/account.ts";
import { digest, newToken } from "../security/tokens.server.ts";
import type { Db } from "../db/client.server.ts";
import { apiTokens, customers } from "../db/schema.server.ts";
import type { ApiTokenPair, ApiTokensPort } from "./port.server.ts";

export function createApiTokens(db: Db, now: () => number = Date.now): ApiTokensPort {
  async function issueIn(tx: Pick<Db, "insert">, customerId: number, family: string | null): Promise<ApiTokenPair> {
    const accessToken = newToken();
    const refreshToken = newToken();
    const at = now();
    await tx.insert(apiTokens).values({
      customerId,
      family: family ?? digest(`family:${refreshToken}`),
      accessDigest: digest(accessToken),
      refreshDigest: digest(refreshToken),
      accessExpiresAt: new Date(at + API_ACCESS_LIFETIME_MS),
      refreshExpiresAt: new Date(at + API_REFRESH_LIFETIME_MS),
    });
    return { accessToken, refreshToken, expiresIn: API_ACCESS_LIFETIME_MS / 1000 };
  }

  return {
    async issue(customerId) {
      // Rows whose refresh token ran out are swept now and then, so the table does not grow forever.
      if (Math.random() < 0.05) await db.delete(apiTokens).where(lt(apiTokens.refreshExpiresAt, new Date(now())));
      return issueIn(db, customerId, null);
    },

    async resume(accessToken) {
      if (!accessToken) return null;
      const [row] = await db
        .select({ id: customers.id, email: customers.email, name: customers.name, phone: customers.phone, mobile: customers.mobile })
        .from(apiTokens)
        .innerJoin(customers, eq(customers.id, apiTokens.customerId))
        .where(and(eq(apiTokens.accessDigest, digest(accessToken)), isNull(apiTokens.revokedAt), gt(apiTokens.accessExpiresAt, new Date(now()))))
        .limit(1);
      return row ?? null;
    },

    async refresh(refreshToken) {
      if (!refreshToken) return null;
      return db.transaction(async (tx) => {
        // Spending the token and reading its row is one statement, so two refreshes at once get one pair.
        const [spent] = await tx
          .update(apiTokens)
          .set({ revokedAt: new Date(now()) })
          .where(and(eq(apiTokens.refreshDigest, digest(refreshToken)), isNull(apiTokens.revokedAt), gt(apiTokens.refreshExpiresAt, new Date(now()))))
          .returning({ customerId: apiTokens.customerId, family: apiTokens.family });
        if (spent) return issueIn(tx, spent.customerId, spent.family);
        // Spent already: someone else has it too. Every token of its family ends.
        await tx
          .update(apiTokens)
          .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
          .where(eq(apiTokens.family, sql`(select ${apiTokens.family} from ${apiTokens} where ${apiTokens.refreshDigest} = ${digest(refreshToken)})`));
        return null;
      });
    },

    async revoke(token) {
      if (!token) return false;
      const d = digest(token);
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
        .where(or(eq(apiTokens.accessDigest, d), eq(apiTokens.refreshDigest, d)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
  };
}
