import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

import { Checkbox } from './checkbox.tsx';

interface CheckboxFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  /** The translated message to show under the box; it also marks the box invalid. */
  error?: string;
  /** A stable id when something outside the form needs one; a generated one otherwise. */
  id?: string;
}

/**
 * A form's checkbox with its label and error (a Radix checkbox, so it goes through a controller):
 * the agreements of the sign-up, WatchMoms and callback forms.
 */
export function CheckboxField<T extends FieldValues>({ control, name, label, error, id }: CheckboxFieldProps<T>) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3">
            <Checkbox
              id={boxId}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${boxId}-error` : undefined}
              className="mt-0.5"
            />
            <label htmlFor={boxId} className="text-sm leading-snug">
              {label}
            </label>
          </div>
          {error && (
            <p id={`${boxId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    />
  );
}
