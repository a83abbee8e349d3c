// A staff form's labelled field (issue 14): an input, or a text area given `rows`, with its hint
// and its error tied to it. The staff's forms are checked on the server; a refusal comes back on
// each field with what was typed.
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

const box = "mt-1 rounded-md border border-stone-300 px-2 py-1.5 aria-invalid:border-red-600";

export function StaffField({
  meta,
  label,
  hint,
  type = "text",
  numeric = false,
  wide = false,
  rows,
  maxLength,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  type?: "text" | "date" | "datetime-local";
  numeric?: boolean;
  /** Across both columns of a two-column form (a text area always is). */
  wide?: boolean;
  /** A text area of this many lines. */
  rows?: number;
  maxLength?: number;
}) {
  const describedBy = hint ? `${meta.id}-hint` : undefined;
  const field = (() => {
    if (rows) {
      const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: describedBy });
      return <textarea key={key} {...props} rows={rows} maxLength={maxLength} className={box} />;
    }
    const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: describedBy });
    return <input key={key} {...props} inputMode={numeric ? "numeric" : undefined} maxLength={maxLength} className={box} />;
  })();
  return (
    <div className={`flex flex-col text-sm ${wide || rows ? "sm:col-span-2" : ""}`}>
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      {field}
      {hint && (
        <p id={describedBy} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <FieldError meta={meta} />
    </div>
  );
}

/** A field's error, tied to it by its id (a group of boxes shows its own under its legend). */
export function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  return meta.errors?.[0] ? (
    <p id={meta.errorId} className="mt-1 text-red-700">
      {meta.errors[0]}
    </p>
  ) : null;
}
