import { useId, type ComponentProps, type ReactNode } from "react";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600 aria-[invalid=true]:border-rose-600 disabled:bg-slate-100 disabled:text-slate-500";

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

/** A label, the control, a hint and the error under it, wired together for screen readers. */
export function FieldFrame({ label, error, hint, children, className = "" }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children({ id, describedBy, invalid: Boolean(error) })}</div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = ComponentProps<"input"> & { label: string; error?: string; hint?: ReactNode };

/** A labelled text input; `ref` (React 19) reaches the `<input>`, so react-hook-form's `register` fits. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => <input id={id} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} {...input} />}
    </FieldFrame>
  );
}

type TextAreaProps = ComponentProps<"textarea"> & { label: string; error?: string; hint?: ReactNode };

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} rows={3} {...textarea} />}
    </FieldFrame>
  );
}

type SelectProps = ComponentProps<"select"> & { label: string; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, className, children, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type CheckboxProps = ComponentProps<"input"> & { label: ReactNode; hint?: ReactNode };

export function CheckboxField({ label, hint, className = "", ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-slate-400 text-sky-700 focus:ring-2 focus:ring-sky-600" {...input} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </label>
    </div>
  );
}
