import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Chrome, controlStyles, describedBy, useFieldIds } from './Field.tsx';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: ReactNode;
  hint?: string;
  error?: string | null;
  markRequired?: boolean;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty choice ("Choose…"), when nothing need be chosen yet. */
  placeholder?: string;
};

/** A native select with the form fields' label, hint and error. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, markRequired, id, options, placeholder, ...select },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <Chrome label={label} hint={hint} error={error} markRequired={markRequired} {...ids}>
      <Select
        ref={ref}
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids.hintId, ids.errorId, hint, error)}
        $invalid={Boolean(error)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Chrome>
  );
});

const Select = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
`;
