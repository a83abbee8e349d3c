import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useI18n } from "../i18n.tsx";

type InputType = "text" | "email" | "password" | "tel";

/** A labelled input with its Conform metadata: errors announced and tied to the input. */
export function Field({
  meta,
  label,
  type = "text",
  autoComplete,
  hint,
  inputMode,
  reserveError = false,
  readOnly = false,
  prefix,
}: {
  meta: FieldMetadata<string>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: string;
  inputMode?: "numeric" | "email" | "tel" | "text";
  /** Keep a line for the error, so one that appears on blur moves nothing below it. */
  reserveError?: boolean;
  /** Filled from elsewhere (the address map) and kept as it is. */
  readOnly?: boolean;
  /** Shown before the input, not typed (a mobile number's +91). */
  prefix?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  // Labels and hints come translated from the form; errors are the schema's English, translated here.
  const i18n = useI18n();
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium">
        {label}
      </label>
      {prefix ? (
        <div className="mt-1 flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 border-stone-300 bg-stone-100 px-3 text-base text-stone-700">{prefix}</span>
          <input
            key={key}
            {...props}
            autoComplete={autoComplete}
            inputMode={inputMode}
            className="block w-full min-w-0 rounded-r-md border border-stone-300 px-3 py-2 text-base aria-invalid:border-red-600 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
        </div>
      ) : (
        <input
          key={key}
          {...props}
          autoComplete={autoComplete}
          inputMode={inputMode}
          readOnly={readOnly || undefined}
          className="mt-1 read-only:bg-stone-100 block w-full rounded-md border border-stone-300 px-3 py-2 text-base aria-invalid:border-red-600 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      )}
      {hint && (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {meta.errors?.[0] ? (
        <p id={meta.errorId} className="mt-1 min-h-5 text-sm leading-5 text-red-700">
          {i18n._(meta.errors[0])}
        </p>
      ) : (
        reserveError && <p aria-hidden="true" className="mt-1 min-h-5" />
      )}
    </div>
  );
}

/**
 * A labelled checkbox with its hint and error. Uncontrolled (Conform's defaultChecked): a tick made
 * before the scripts arrive stays, and a refused post gives it back as it was.
 */
export function CheckboxField({ meta, label, hint }: { meta: FieldMetadata<string>; label: string; hint?: string }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox", value: "on", ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  const i18n = useI18n();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input key={key} {...props} className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <label htmlFor={meta.id} className="text-sm">
            {label}
          </label>
          {hint && (
            <p id={`${meta.id}-hint`} className="text-xs text-stone-600">
              {hint}
            </p>
          )}
        </div>
      </div>
      {meta.errors?.[0] && (
        <p id={meta.errorId} className="mt-1 text-sm text-red-700">
          {i18n._(meta.errors[0])}
        </p>
      )}
    </div>
  );
}

export function FormErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
  const i18n = useI18n();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
      {i18n._(errors[0]!)}
    </p>
  );
}

export const submitButton = "w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70";
