// Shoppers for the load test (issue 16): each is a loop of what a person does, over plain HTTP
// as a browser without JavaScript would send it (form posts, 303s, cookies), so every request is
// one the shop must answer in production. Browsing and searching; signed in, adding to the cart
// and changing quantities; checking out with cash on delivery.

export type Kind = "home" | "listing" | "search" | "product" | "sign-up" | "cart add" | "cart view" | "cart change" | "address" | "review order" | "place order" | "order page";

export interface Sample {
  kind: Kind;
  ms: number;
  /** Seconds since the load began. */
  at: number;
  outcome: "ok" | "refused" | "error";
  detail?: string;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly confirmedOrders = new Set<number>();
  readonly errors = new Map<string, number>();
  private readonly began = performance.now();
  seconds(): number {
    return (performance.now() - this.began) / 1000;
  }
  add(s: Omit<Sample, "at">) {
    this.samples.push({ ...s, at: this.seconds() });
    if (s.outcome === "error") this.errors.set(`${s.kind}: ${s.detail}`, (this.errors.get(`${s.kind}: ${s.detail}`) ?? 0) + 1);
  }
}

/** One shopper's browser: its cookies, and requests that record what they cost. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;
  private recorder: Recorder;
  /** Signed up (and, for a shopper who checks out, a delivery address saved): a returning shopper. */
  ready = false;
  private thinkMs: number;
  private sent = 0;
  /** `thinkMs`: the pause before each step after the first, as a person reads (half to one and a half of it, at random). */
  constructor(origin: string, recorder: Recorder, thinkMs = 0) {
    this.origin = origin;
    this.recorder = recorder;
    this.thinkMs = thinkMs;
  }

  /** The same browser (its cookies), its requests recorded by `recorder` from now on, `thinkMs` apart. */
  recordInto(recorder: Recorder, thinkMs: number): this {
    this.recorder = recorder;
    this.thinkMs = thinkMs;
    this.sent = 0;
    return this;
  }

  /** The Cookie header this browser sends (a signed-in shopper's session, for another tool). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(kind: Kind, path: string, form?: Record<string, string>): Promise<{ status: number; location: string | null; html: string } | null> {
    if (this.thinkMs > 0 && this.sent++ > 0) await new Promise((resolve) => setTimeout(resolve, this.thinkMs * (0.5 + Math.random())));
    const started = performance.now();
    try {
      const res = await fetch(this.origin + path, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          accept: "text/html",
          "accept-encoding": "gzip, br",
          ...(form ? { "content-type": "application/x-www-form-urlencoded", origin: this.origin } : {}),
          ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair!.indexOf("=");
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const html = await res.text();
      const ms = performance.now() - started;
      const outcome = res.status >= 500 ? "error" : res.status >= 400 ? "refused" : "ok";
      this.recorder.add({ kind, ms, outcome, detail: outcome === "ok" ? undefined : `HTTP ${res.status}` });
      return { status: res.status, location: res.headers.get("location"), html };
    } catch (error) {
      this.recorder.add({ kind, ms: performance.now() - started, outcome: "error", detail: (error as Error).name === "TimeoutError" ? "timeout" : (error as Error).message });
      return null;
    }
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const SEARCHES = ["rice", "dal", "atta", "almonds", "tea", "ghee", "masala", "oil", "cashew", "honey", "basmati", "jeera", "glass", "soap"];

export interface Catalogue {
  productPaths: string[];
}

/** The products a shopper can open: the sitemap's product pages. */
export async function readCatalogue(origin: string): Promise<Catalogue> {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const productPaths = [...xml.matchAll(/<loc>[^<]*?(\/product\/\d+)<\/loc>/g)].map((m) => m[1]!);
  if (productPaths.length === 0) throw new Error("The sitemap lists no products.");
  return { productPaths };
}

/** The add-to-cart form of a product page: its variant and the stock it shows. */
function addForm(html: string): { ref: string; stock: number } | null {
  const form = html.match(/<form[^>]*action="\/addtocart"[^>]*>([\s\S]*?)<\/form>/);
  if (!form) return null;
  const ref = form[1]!.match(/name="internal_reference" value="([^"]+)"/)?.[1];
  const stock = Number(form[1]!.match(/name="stock" value="(\d+)"/)?.[1] ?? 0);
  return ref ? { ref, stock } : null;
}

export async function browse(b: Browser, cat: Catalogue, until: () => boolean) {
  while (!until()) {
    const r = Math.random();
    if (r < 0.1) await b.request("home", "/");
    else if (r < 0.45) await b.request("listing", `/products?page=${1 + Math.floor(Math.random() * 4)}`);
    else if (r < 0.65) await b.request("search", `/products?search=${pick(SEARCHES)}`);
    else await b.request("product", pick(cat.productPaths));
  }
}

let accounts = 0;
async function signUp(b: Browser, tag: string): Promise<boolean> {
  const n = ++accounts;
  const answer = await b.request("sign-up", "/signup", {
    name: `Load Shopper ${n}`,
    email: `load-${tag}-${n}-${Date.now()}@example.test`,
    phone: `98${String(10_000_000 + n).slice(-8)}`,
    password: "load-test-password",
    return_to: "/",
  });
  return answer?.status === 303;
}

/** Opens a product and adds its shown variant, when in stock: whether it was added. */
export async function addSomething(b: Browser, cat: Catalogue): Promise<boolean> {
  const page = await b.request("product", pick(cat.productPaths));
  const form = page && addForm(page.html);
  if (!form || form.stock <= 0) return false;
  const added = await b.request("cart add", "/cart", { intent: "add", internal_reference: form.ref, quantity: "1" });
  return added?.status === 303;
}

/** Signs a cart-filling shopper up: a returning shopper is `ready` before the shop is measured. */
export async function prepareCart(b: Browser): Promise<boolean> {
  b.ready = await signUp(b, "cart");
  return b.ready;
}

/** Signs a shopper who checks out up, with a delivery address saved. */
export async function prepareCheckout(b: Browser): Promise<boolean> {
  if (!(await signUp(b, "checkout"))) return false;
  const saved = await b.request("address", "/revieworder", {
    intent: "add-address",
    firstName: "Load",
    lastName: "Shopper",
    email: "load@example.test",
    phone: "9876543210",
    street: "1 Load Test Road",
    zip: "122002",
  });
  b.ready = saved?.status === 303;
  return b.ready;
}

export async function fillCarts(b: Browser, cat: Catalogue, until: () => boolean) {
  if (!b.ready && !(await prepareCart(b))) return;
  let round = 0;
  while (!until()) {
    round++;
    await addSomething(b, cat);
    if (round % 2 === 0) {
      const cart = await b.request("cart view", "/addtocart");
      const lines = [...(cart?.html ?? "").matchAll(/name="line" value="(\d+)"/g)].map((m) => m[1]!);
      if (lines.length) {
        const intent = lines.length > 6 ? "remove" : pick(["increment", "increment", "decrement"]);
        await b.request("cart change", "/addtocart", { intent, line: pick(lines) });
      }
    }
  }
}

export async function checkOut(b: Browser, cat: Catalogue, recorder: Recorder, until: () => boolean) {
  if (!b.ready && !(await prepareCheckout(b))) return;
  while (!until()) {
    if (!(await addSomething(b, cat))) continue;
    if (Math.random() < 0.5) await addSomething(b, cat);
    const review = await b.request("review order", "/revieworder");
    const html = review?.html ?? "";
    const cartId = html.match(/name="cart_id" value="(\d+)"/)?.[1];
    const addressId = html.match(/name="address_id" value="(\d+)"/)?.[1];
    // The first slot still open: a radio named slot that is not disabled, whatever the attributes' order.
    const slot = [...html.matchAll(/<input [^>]*name="slot"[^>]*>/g)]
      .map((m) => m[0])
      .find((tag) => !/\bdisabled\b/.test(tag))
      ?.match(/value="([^"]+)"/)?.[1];
    if (!cartId || !addressId || !slot) continue;
    const placed = await b.request("place order", "/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot });
    const order = placed?.location?.match(/\/ordersuccess\?order=(\d+)/)?.[1];
    if (order) {
      recorder.confirmedOrders.add(Number(order));
      await b.request("order page", `/ordersuccess?order=${order}`);
    }
  }
}
