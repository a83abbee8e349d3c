// A rating as stars: whole stars for a whole rating, the mean to one decimal beside them.

/** Five stars, `rating` of them filled (rounded to the nearest whole star). */
export function Stars({ rating, label, className = "" }: { rating: number; label: string; className?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={label} className={`text-amber-500 ${className}`}>
      {"★".repeat(filled)}
      <span className="text-stone-300">{"★".repeat(5 - filled)}</span>
    </span>
  );
}
