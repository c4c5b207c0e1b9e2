import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const control =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-brand-700 focus:outline-2 focus:outline-brand-700 disabled:bg-slate-100';

/** A field's error, or one per part of it (each refused line of a list), said together. */
export type FieldError = string | string[];

type FieldFrameProps = { id: string; label: string; hint?: string; error?: FieldError; children: ReactNode };

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {typeof error === 'string' && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {Array.isArray(error) && (
        <ul id={`${id}-error`} className="space-y-1 text-sm text-red-700">
          {error.map((line, index) => (
            // The same sentence may come twice (one origin written twice).
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The attributes that tie a control to its label, hint and error. */
function controlProps(id: string, hint?: string, error?: FieldError) {
  return {
    id,
    name: id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

type Common = { id: string; label: string; hint?: string; error?: FieldError };

export function TextField({
  id,
  label,
  hint,
  error,
  className,
  'aria-describedby': describedBy,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const own = controlProps(id, hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        type="text"
        {...own}
        // The error (or hint) first, then what the caller adds (a password's rules).
        aria-describedby={[own['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
        className={cn(control, className)}
        {...props}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  className,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...controlProps(id, hint, error)} rows={4} className={cn(control, className)} {...props} />
    </FieldFrame>
  );
}

type Option = { value: string; label: string };

export function SelectField({
  id,
  label,
  hint,
  error,
  options,
  className,
  ...props
}: Common & { options: Option[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select {...controlProps(id, hint, error)} className={cn(control, className)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  ...props
}: { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={id}
          type="checkbox"
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-4 w-4 rounded border-slate-400 accent-brand-700"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-900">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="ml-6 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
