import { useEffect, useId, useRef, useState } from "react";
import { Form, useHref, useLocation, useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Suggestion } from "../domain/catalog.ts";
import { highlight, isSearchable } from "../domain/search-text.ts";
import { SEARCH_PROMPTS } from "../domain/store-config.ts";
import { SearchIcon } from "./ui/icons.tsx";
import { useI18n } from "./i18n.tsx";
import { PHOTO_SIZES } from "../domain/photo.ts";
import { ProductImage } from "./ui/ProductImage.tsx";
import { valueFromPage } from "./typed-before-hydration.ts";

const ROTATE_MS = 2000;
const DEBOUNCE_MS = 150;
type Status = "idle" | "loading" | "error";

/**
 * The header search. Without JavaScript it is a plain GET form to /products; with it,
 * it suggests up to six products as you type (Specification: Search).
 */
export function SearchBox({ id, mobile = false }: { id: string; mobile?: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const listId = useId();
  const root = useRef<HTMLFormElement>(null);
  // What the shopper typed before the scripts came, not an empty box (the hydration gap).
  const [text, setText] = useState(() => valueFromPage(id, ""));
  const [fetched, setItems] = useState<Suggestion[]>([]);
  const [fetchStatus, setStatus] = useState<Status>("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [prompt, setPrompt] = useState(0);
  const i18n = useI18n();
  // Under the page's language prefix: a Hindi page's suggestions are named in Hindi (issue 27).
  const suggestionsPath = useHref("/api/suggestions");

  // The placeholder cycles through the shop's categories until the shopper types.
  useEffect(() => {
    if (!hydrated || text) return;
    const timer = setInterval(() => setPrompt((p) => (p + 1) % SEARCH_PROMPTS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [hydrated, text]);

  // The box closes and clears on arriving at a listing page (not on the page it was served with:
  // what the shopper typed there before the scripts came stays).
  const served = useRef(pathname);
  useEffect(() => {
    if (pathname === served.current) return;
    served.current = "";
    if (pathname.startsWith("/products")) reset();
  }, [pathname]);

  useEffect(() => {
    if (!isSearchable(text)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus("loading");
      try {
        const res = await fetch(`${suggestionsPath}?q=${encodeURIComponent(text.trim())}`, { signal: controller.signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { suggestions: Suggestion[] };
        setItems(body.suggestions);
        setActive(-1);
        setStatus("idle");
      } catch (error) {
        if ((error as Error).name !== "AbortError") setStatus("error");
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, suggestionsPath]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  function reset() {
    setText("");
    setItems([]);
    setOpen(false);
    setActive(-1);
    setStatus("idle");
  }

  function go(search: string) {
    if (!isSearchable(search)) return;
    reset();
    root.current?.closest("details")?.removeAttribute("open");
    navigate(`/products?search=${encodeURIComponent(search.trim())}`);
  }

  // Text too short to search shows nothing, whatever the last search found.
  const searchable = isSearchable(text);
  const items = searchable ? fetched : [];
  const status = searchable ? fetchStatus : "idle";
  const showList = open && items.length > 0;
  const hint = status === "loading" ? i18n._("Loading search...") : status === "error" ? i18n._("Search unavailable") : "";

  return (
    <Form
      ref={root}
      method="get"
      action="/products"
      role="search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        // What the box holds, not a state that may not have caught up with it (the hydration gap).
        const typed = new FormData(e.currentTarget).get("search");
        go(active >= 0 && items[active] ? items[active].title : typeof typed === "string" ? typed : text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {i18n._("Search products")}
      </label>
      <div className="flex items-center rounded-full border border-stone-300 bg-stone-50 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
        <input
          id={id}
          name="search"
          type="search"
          required
          pattern=".*\S.*"
          maxLength={100}
          autoComplete="off"
          placeholder={i18n._("Search for {prompt}...", { prompt: SEARCH_PROMPTS[prompt] })}
          className="w-full min-w-0 bg-transparent px-4 py-2 text-sm outline-none"
          value={text}
          role={hydrated ? "combobox" : undefined}
          aria-autocomplete={hydrated ? "list" : undefined}
          aria-expanded={hydrated ? showList : undefined}
          aria-controls={hydrated ? listId : undefined}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            // (A value given back after hydration, unfocused, opens nothing.)
            setOpen(document.activeElement === e.target);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && items.length) {
              e.preventDefault();
              setOpen(true);
              setActive((a) => (a + 1) % items.length);
            } else if (e.key === "ArrowUp" && items.length) {
              e.preventDefault();
              setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
            } else if (e.key === "Escape") {
              setOpen(false);
              setActive(-1);
            }
          }}
        />
        <button
          type="submit"
          className="flex h-9 w-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:text-brand-700"
          onClick={(e) => {
            // On mobile, the icon with nothing typed closes the box.
            if (mobile && hydrated && !isSearchable(text)) {
              e.preventDefault();
              root.current?.closest("details")?.removeAttribute("open");
            }
          }}
        >
          <SearchIcon />
          <span className="sr-only">{i18n._("Search")}</span>
        </button>
      </div>
      <p role="status" className={hint ? "absolute left-4 top-full mt-1 text-xs text-stone-600" : "sr-only"}>
        {hint}
      </p>
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={i18n._("Suggestions")}
          className={`absolute inset-x-0 top-full z-40 mt-2 overflow-y-auto rounded-lg border border-stone-200 bg-surface py-1 shadow-xl ${mobile ? "max-h-60" : "max-h-72"}`}
        >
          {items.map((s, i) => {
            const h = highlight(s.title, text);
            return (
              // The input handles the keys (arrows, Enter, Escape): the options only need the pointer.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={s.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? "bg-brand-50" : "hover:bg-stone-50"}`}
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => go(s.title)}
                onMouseEnter={() => setActive(i)}
              >
                {!mobile && <ProductImage src={s.image} alt="" width={32} height={32} sizes={PHOTO_SIZES.px(32)} loading="lazy" className="h-8 w-8 rounded object-cover" />}
                <span>
                  {h.before}
                  <strong>{h.match}</strong>
                  {h.after}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Form>
  );
}
