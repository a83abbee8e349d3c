// Accounts when the ERP is the system of record (issue 17, decision 043). Haat keeps its own
// customer row (sessions, rate limits, tickets and the newsletter hang on it) and asks the ERP
// to prove the password: signing in or up gets the ERP's tokens for the customer, kept by
// credentials.server.ts. The profile is the ERP's; a password is reset with the ERP itself.
import { randomBytes } from "node:crypto";
import { ShopError, type AccountsPort, type Customer } from "../port.server.ts";
import { ErpUnauthorized, type ErpClient } from "./client.server.ts";
import type { ErpCredentials, ErpTokenAnswer } from "./credentials.server.ts";

export function createErpAccounts(local: AccountsPort, erp: ErpClient, credentials: ErpCredentials): AccountsPort {
  /** Haat's row for the ERP's customer: found by e-mail (its name and mobile brought up to the ERP's), or made from the ERP's profile. */
  async function mirror(email: string, tokens: ErpTokenAnswer, known?: { name: string; phone: string }): Promise<Customer> {
    let profile = known;
    if (!profile) {
      const p = await erp.call<{ name?: string; mobile?: string; phone?: string }>("/api/customer/profile", {}, { token: tokens.access_token, idempotent: true });
      profile = { name: String(p?.name || email), phone: String(p?.mobile || p?.phone || "") };
    }
    let customer = await local.findLocal(email);
    if (!customer) {
      // The password is the ERP's to check: Haat's row gets one nobody knows.
      try {
        customer = await local.register({ name: profile.name, email, phone: profile.phone, password: randomBytes(24).toString("base64url") });
      } catch (error) {
        if (!(error instanceof ShopError && error.code === "conflict")) throw error;
        customer = (await local.findLocal(email))!;
      }
    } else if (customer.name !== profile.name || customer.phone !== profile.phone) {
      // Changed in the ERP since: the header and the forms show the ERP's.
      customer = await local.updateProfile(customer, profile);
    }
    await credentials.save(customer.id, tokens);
    return customer;
  }

  return {
    ...local,
    async register(input) {
      const tokens = await erp.call<ErpTokenAnswer>("/api/auth/register", { name: input.name, email: input.email, mobile: input.phone, password: input.password });
      return mirror(input.email.trim().toLowerCase(), tokens, { name: input.name.trim(), phone: input.phone.trim() });
    },
    async authenticate(email, password) {
      try {
        const tokens = await erp.call<ErpTokenAnswer>("/api/auth/token", { email, password });
        return await mirror(email.trim().toLowerCase(), tokens);
      } catch (error) {
        if (error instanceof ErpUnauthorized) return null;
        throw error;
      }
    },
    async clerkCustomer(clerkUserId, sessionId) {
      const customer = await local.clerkCustomer(clerkUserId);
      // An app's call with its Clerk session: the ERP is sent that session's tokens from now on.
      if (customer && sessionId) await credentials.saveClerkSession(customer.id, sessionId);
      return customer;
    },
    async linkClerkUser(user) {
      const customer = await local.linkClerkUser(user);
      // With Clerk the ERP is sent this session's tokens (decision 043).
      if (user.sessionId) await credentials.saveClerkSession(customer.id, user.sessionId);
      return customer;
    },
    async resumeSession(token) {
      const session = await local.resumeSession(token);
      // The header's facts are the ERP's: pages ask viewer.of, only where they show them.
      return session && { customer: session.customer, expiresAt: session.expiresAt, renewed: session.renewed };
    },
    async updateProfile(customer, profile) {
      await credentials.withBearer(customer.id, (token) => erp.call("/api/customer/profile/update", { name: profile.name, mobile: profile.phone }, { token }));
      return local.updateProfile(customer, profile);
    },
    // The ERP's calls have no password reset: its own site resets its passwords (decision 043).
    async requestPasswordReset() {
      return null;
    },
    async resetPassword() {
      return "invalid";
    },
  };
}
