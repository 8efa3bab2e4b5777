import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { buttonClass } from './button';
import { usePrerendered } from './use-prerendered';

/** Labelled form fields with their error under them, and a submit button with a busy state. */

const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-blue-600 aria-invalid:border-red-500 sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500 dark:aria-invalid:border-red-400';

const errorId = (id: string) => `${id}-error`;

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={errorId(id)} className="text-sm text-red-600 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

interface LabelledProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
}

type FieldProps = LabelledProps & ComponentProps<'input'>;

function Field({ id, label, error, children }: LabelledProps & { children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

const describedBy = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {});

export function TextField({ id, label, error, className, ...input }: FieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} className={`${inputClass} ${className ?? ''}`} {...describedBy(id, error)} {...input} />
    </Field>
  );
}

/** A native select (keyboard and screen-reader friendly on every platform). */
export function SelectField({ id, label, error, className, children, ...select }: LabelledProps & ComponentProps<'select'>) {
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} className={`${inputClass} ${className ?? ''}`} {...describedBy(id, error)} {...select}>
        {children}
      </select>
    </Field>
  );
}

export function TextAreaField({ id, label, error, className, ...textarea }: LabelledProps & ComponentProps<'textarea'>) {
  return (
    <Field id={id} label={label} error={error}>
      <textarea id={id} className={`${inputClass} min-h-24 resize-y ${className ?? ''}`} {...describedBy(id, error)} {...textarea} />
    </Field>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ id, label, error, ...input }: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  // A press before the app's code has taken over a prerendered page would do nothing.
  const prerendered = usePrerendered();
  const Icon = visible ? EyeOff : Eye;
  return (
    <Field id={id} label={label} error={error}>
      <div className="relative">
        <input id={id} type={visible ? 'text' : 'password'} className={`${inputClass} pr-11`} {...describedBy(id, error)} {...input} />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          disabled={prerendered}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-gray-500 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:text-gray-400 dark:hover:text-gray-100"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      </div>
    </Field>
  );
}

/**
 * A form's default values, without its empty ones while a prerendered page hydrates: a field with
 * no default keeps what the person typed before the app's code arrived (react-hook-form reads it
 * from the input instead of emptying it).
 */
export function useFormDefaults<T extends Record<string, unknown>>(values: T): Partial<T> {
  const prerendered = usePrerendered();
  return prerendered ? (Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as Partial<T>) : values;
}

/**
 * `form.register` for the radios of a group, keeping the one chosen before the app's code took a
 * prerendered page over: react-hook-form registers a group radio by radio, takes the first one's
 * "none checked" for the group's value, and so unchecked a later radio the person had chosen.
 */
export function useRegisterRadio<T extends FieldValues>(form: UseFormReturn<T>): (name: Path<T>) => UseFormRegisterReturn<Path<T>> {
  const prerendered = usePrerendered();
  return (name) => {
    const registration = form.register(name);
    if (!prerendered) return registration;
    return {
      ...registration,
      ref: (input: HTMLInputElement | null) => {
        const chosen = input?.checked ? input.value : undefined;
        registration.ref(input);
        if (chosen !== undefined) form.setValue(name, chosen as PathValue<T, Path<T>>);
      },
    };
  };
}

/**
 * Disabled until the app's code has taken over a prerendered page: sent before then, a form would
 * go to the page's own address by GET, its password in the query (a disabled button also stops Enter).
 */
export function SubmitButton({ pending, disabled = false, children, className = buttonClass.primary }: { pending: boolean; disabled?: boolean; children: ReactNode; className?: string }) {
  const prerendered = usePrerendered();
  return (
    <button type="submit" disabled={pending || disabled || prerendered} aria-busy={pending} className={className}>
      {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
      {children}
    </button>
  );
}
