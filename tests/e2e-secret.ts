// The session secret the e2e server signs with (cookies, the standing orders' skip links): this
// one signs nothing but test data. Shared so a journey can sign what the shop would send by SMS.
export const E2E_SESSION_SECRET = process.env.SESSION_SECRET || "e2e-only-secret-not-for-any-real-deployment-0123456789";
