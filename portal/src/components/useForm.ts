import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../api/client.ts';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message per field from a zod result (the same schemas the server validates with). */
export function issuesToErrors<T>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/**
 * The portal's one form pattern: controlled string fields, validated on submit with a shared
 * zod schema; a field's error clears as soon as it is edited.
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const field = useCallback(
    (name: keyof T & string) => ({
      name,
      value: values[name],
      error: errors[name] ?? null,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
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
        setErrors(issuesToErrors<T>(result.error.issues));
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
          const found = issuesToErrors<T>(result.error.issues);
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
   * Shows a 400's field errors ({errors: {field: why}}) beside this form's fields; true when it
   * did, so the caller only toasts what no field explains.
   */
  const showServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError) || !error.data?.errors) return false;
      const found: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.data.errors)) {
        if (key in values) found[key] = message;
      }
      if (Object.keys(found).length === 0) return false;
      setErrors(found as FieldErrors<T>);
      return true;
    },
    [values],
  );

  return { values, setValues, errors, setErrors, field, validate, reset, handleSubmit, showServerErrors };
}
