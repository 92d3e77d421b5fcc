import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

import { reportClientError } from './client-errors.ts';

/** A zod schema a form can validate with: an object of fields in, an object of fields out. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

const FORM_SPEC = Symbol.for('god.form-spec');

/**
 * What a form validates with and starts from. Every form of the app is one of these, exported from
 * the form's module, so a test (client/src/test/form-specs.test.ts) finds them all and checks that
 * the starting values are values the schema knows: a key the contract refuses ("Unrecognized key")
 * made the founder's setup page refuse every submit without a word (issue 22).
 */
export interface FormSpec<S extends FormSchema> {
  readonly schema: S;
  readonly defaultValues: DefaultValues<z.input<S>>;
  readonly [FORM_SPEC]: true;
}

export function formSpec<S extends FormSchema>(schema: S, defaultValues: DefaultValues<z.input<S>>): FormSpec<S> {
  return { schema, defaultValues, [FORM_SPEC]: true };
}

export const isFormSpec = (value: unknown): value is FormSpec<FormSchema> =>
  typeof value === 'object' && value !== null && FORM_SPEC in value;

/**
 * zodResolver, except that a problem the schema reports outside the fields on the screen (the whole
 * object: an unknown key, a refinement without a path) becomes the form's root error, which
 * `FormRootError` shows, instead of an error nobody sees.
 */
export function schemaResolver<S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const registered = new Set(Object.keys(options.fields).map((name) => name.split('.')[0]));
    const errors = result.errors as Record<string, { message?: string } | undefined>;
    const unseen = Object.keys(errors).filter((key) => key !== 'root' && !registered.has(key));
    if (unseen.length === 0) return result;
    const rest = Object.fromEntries(Object.entries(errors).filter(([key]) => !unseen.includes(key)));
    const message = unseen.map((key) => (key ? `${key}: ` : '') + (errors[key]?.message ?? '')).join('; ');
    return { values: {}, errors: { ...rest, root: { type: 'schema', message } } as FieldErrors<z.input<S>> };
  };
}

/** react-hook-form with the spec's schema (through `schemaResolver`) and its starting values, unless others are given. */
export function useSchemaForm<S extends FormSchema>(
  spec: FormSpec<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: schemaResolver(spec.schema),
    defaultValues: options.defaultValues ?? spec.defaultValues,
  });
}

/**
 * A form's `onSubmit` from react-hook-form's `handleSubmit(onValid)`, whose promise rejects only
 * when `onValid` itself throws: a bug, since a request's failure is on screen through its
 * mutation's state. The rejection is reported as a crash (without personal data: client-errors.ts)
 * instead of being left unhandled, and the event handler returns nothing, as React expects.
 */
export const submitHandler =
  (submit: (event?: BaseSyntheticEvent) => Promise<void>) =>
  (event?: BaseSyntheticEvent): void => {
    submit(event).catch((error: unknown) => reportClientError('uncaught', error));
  };
