import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { onlyAvailableMessage } from "../../domain/cart.ts";
import { cart } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { raiseToast } from "../raise-toast.ts";
import { valueFromPage } from "../typed-before-hydration.ts";

const step = "flex h-11 w-11 items-center justify-center text-xl font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:text-stone-400";

/**
 * How many to add, on the product page. Without JavaScript minus and plus are links to
 * `?qty=n` (the server renders the page for that quantity); with it they change the
 * number in place. Typing more than the stock clamps it with the spec's message.
 */
export function QuantityChooser({ id, value, stock, title, onChange }: { id: string; value: number; stock: number; title: string; onChange(n: number): void }) {
  const [params] = useSearchParams();
  // A number typed before the scripts came stays typed (the hydration gap), settled on leaving the box as any other.
  const [typed, setTyped] = useState<string | null>(() => {
    const onPage = valueFromPage(id, null);
    return onPage !== null && onPage !== String(value) ? onPage : null;
  });
  const max = Math.max(1, stock);
  const i18n = useI18n();
  const href = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("qty", String(n));
    return `?${next}`;
  };
  const settle = (raw: string) => {
    setTyped(null);
    const n = Math.trunc(Number(raw));
    if (!Number.isFinite(n) || n < 1) return onChange(1);
    if (n > max) {
      // The toast says it in the page's language.
      raiseToast(onlyAvailableMessage(stock), "warning");
      return onChange(max);
    }
    onChange(n);
  };
  const stepLink = (n: number, label: string, symbol: string, enabled: boolean) =>
    enabled ? (
      <Link
        to={href(n)}
        replace
        preventScrollReset
        rel="nofollow"
        aria-label={label}
        className={step}
        onClick={(e) => {
          e.preventDefault();
          onChange(n);
        }}
      >
        {symbol}
      </Link>
    ) : (
      <span role="link" aria-disabled="true" aria-label={label} className={step}>
        {symbol}
      </span>
    );
  return (
    <div role="group" aria-label={i18n._("Quantity of {title}", { title })} className="flex items-center rounded-md border border-stone-300 bg-surface">
      {stepLink(value - 1, i18n._("Decrease quantity"), "−", value > 1)}
      <input
        id={id}
        type="number"
        name={cart.field("add", "quantity")}
        inputMode="numeric"
        min={1}
        max={max}
        value={typed ?? String(value)}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={(e) => settle(e.target.value)}
        aria-label={i18n._("Quantity")}
        className="h-11 w-14 border-x border-stone-300 text-center font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      {stepLink(value + 1, i18n._("Increase quantity"), "+", value < max)}
    </div>
  );
}
