import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../api/client.ts';

/** A field's name, or a place inside a list the form holds ("questions.2.options.0.text"). */
export type FieldPath<T> = (keyof T & string) | `${keyof T & string}.${string}`;

export type FieldErrors<T> = Partial<Record<FieldPath<T>, string>>;

/** One text field as `field(name)` binds it: what a props-only view takes for a field. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | null;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
}

/** The fields typed as text, which `field()` binds to an input. */
type TextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * Where a problem's path lands in the form's values: as deep as the values go. A form of text
 * fields gets it on the field its path starts with (a list's fifth address on `emails`); a form
 * that holds lists gets it on the place itself (`questions.2.options.0.text`).
 */
function placeOf(path: readonly PropertyKey[], values: unknown): string {
  const place: string[] = [];
  let at = values;
  for (const segment of path) {
    if (at === null || typeof at !== 'object') break;
    place.push(String(segment));
    at = (at as Record<string, unknown>)[String(segment)];
  }
  return place.join('.');
}

/**
 * The first message per field from a zod result (the same schemas the server validates with):
 * with the form's `values`, each lands as deep as they go (placeOf); without, on its path's first name.
 */
export function issuesToErrors<T>(issues: readonly { path: readonly PropertyKey[]; message: string }[], values?: T): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = values === undefined ? String(issue.path[0] ?? '') : placeOf(issue.path, values);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/**
 * The portal's one form pattern: controlled fields, validated on submit with a shared zod schema;
 * a field's error clears as soon as it is edited. Text fields bind with `field(name)`; a form that
 * holds lists (the quiz editor's questions) edits its values with `setValues` and finds each
 * problem at its place (`errors['questions.2.prompt']`).
 */
export function useForm<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const field = useCallback(
    (name: TextField<T>): FieldBinding => ({
      name,
      value: values[name] as string,
      error: errors[name] ?? null,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }) as T);
        setErrors((current) => {
          if (!current[name]) return current;
          const next = { ...current };
          delete next[name];
          return next;
        });
      },
    }),
    [values, errors],
  );

  /** Parses `input` (the values by default); sets the errors and returns null when invalid. */
  const validate = useCallback(
    <S extends ZodType>(schema: S, input: unknown = values) => {
      const result = schema.safeParse(input);
      if (!result.success) {
        setErrors(issuesToErrors<T>(result.error.issues, values));
        return null;
      }
      setErrors({});
      return result.data as S['_output'];
    },
    [values],
  );

  const reset = useCallback(
    (next: T = initial) => {
      setValues(next);
      setErrors({});
    },
    [initial],
  );

  /**
   * A submit handler: parses `toInput(values)` (the values by default) with the schema and calls
   * `onValid` with the parsed data; otherwise sets the field errors and calls `onInvalid`.
   */
  const handleSubmit = useCallback(
    <S extends ZodType>(
      schema: S,
      onValid: (data: S['_output']) => void,
      options: { toInput?: (values: T) => unknown; onInvalid?: (errors: FieldErrors<T>) => void } = {},
    ) =>
      (event: FormEvent) => {
        event.preventDefault();
        const result = schema.safeParse(options.toInput ? options.toInput(values) : values);
        if (!result.success) {
          const found = issuesToErrors<T>(result.error.issues, values);
          setErrors(found);
          options.onInvalid?.(found);
          return;
        }
        setErrors({});
        onValid(result.data as S['_output']);
      },
    [values],
  );

  /**
   * Shows a 400's field errors ({errors: {field: why}}) beside this form's fields (a path such as
   * `questions[2].prompt` or `questions.2.prompt` at its place, placeOf); true when it did, so the
   * caller only toasts what no field explains.
   */
  const showServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError) || !error.data?.errors) return false;
      const found: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.data.errors)) {
        const path = key
          .replace(/\[(\d+)\]/g, '.$1')
          .replace(/^\./, '')
          .split('.');
        if (path[0]! in values) found[placeOf(path, values)] ??= message;
      }
      if (Object.keys(found).length === 0) return false;
      setErrors(found as FieldErrors<T>);
      return true;
    },
    [values],
  );

  return { values, setValues, errors, setErrors, field, validate, reset, handleSubmit, showServerErrors };
}
