// The bench's signed-in shopper (npm run bench, npm run profile): signed up through the page's own
// form, with the product page's variant in the cart and a delivery address saved.

/** Signs a new bench customer up and adds the product page's variant: their Cookie header. */
export async function signedInWithCart(
  origin: string,
  productPath: string | null,
  notes: string[],
  { address: withAddress = true }: { address?: boolean } = {},
): Promise<string | null> {
  const form = new URLSearchParams({ name: "Bench Shopper", email: `bench-${Date.now()}@example.test`, phone: "9876543210", password: "bench-password", return_to: "/" });
  const signup = await fetch(`${origin}/signup`, { method: "POST", body: form, headers: { origin }, redirect: "manual" });
  const session = signup.headers.getSetCookie().find((c) => /^(__Host-)?haat_session=/.test(c));
  if (signup.status !== 303 || !session) {
    notes.push(`shop: signing up a bench customer answered ${signup.status}; the signed-in pages were not measured.`);
    return null;
  }
  const cookie = session.split(";")[0]!;
  const ref = productPath ? new URL(productPath, origin).searchParams.get("variant") : null;
  if (ref) {
    const add = await fetch(`${origin}/cart`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", internal_reference: ref }),
      headers: { origin, cookie },
      redirect: "manual",
    });
    if (add.status !== 303) notes.push(`shop: adding ${ref} to the bench cart answered ${add.status}.`);
  }
  // A first order (issue 43): no address yet, so Review Order shows the delivery form.
  if (!withAddress) return cookie;
  // A delivery address, so Review Order shows what a shopper about to confirm sees.
  const address = new URLSearchParams({
    intent: "add-address",
    firstName: "Bench",
    lastName: "Shopper",
    email: "bench@example.test",
    phone: "9876543210",
    street: "1 Bench Road",
    zip: "122002",
  });
  const saved = await fetch(`${origin}/revieworder`, { method: "POST", body: address, headers: { origin, cookie }, redirect: "manual" });
  if (saved.status !== 303) notes.push(`shop: saving the bench delivery address answered ${saved.status}.`);
  return cookie;
}
