import { cart } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

const stepButton =
  "flex h-9 w-9 items-center justify-center text-lg font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent";

/**
 * A cart line's − n + inside its cart form: the buttons submit intent decrement and
 * increment; minus stops at 1, plus at the stock (Specification: Adding to cart and Cart).
 */
export function QuantityStepper({ title, quantity, max, disabled = false, className = "" }: { title: string; quantity: number; max: number; disabled?: boolean; className?: string }) {
  const i18n = useI18n();
  return (
    <div className={`flex items-center rounded-md border ${className}`}>
      <button type="submit" {...cart.intent("decrement")} disabled={disabled || quantity <= 1} className={stepButton} aria-label={i18n._("Decrease quantity of {title}", { title })}>
        −
      </button>
      <output className="min-w-8 text-center font-semibold" aria-label={i18n._("Quantity of {title} in cart", { title })}>
        {quantity}
      </output>
      <button type="submit" {...cart.intent("increment")} disabled={disabled || quantity >= max} className={stepButton} aria-label={i18n._("Increase quantity of {title}", { title })}>
        +
      </button>
    </div>
  );
}
