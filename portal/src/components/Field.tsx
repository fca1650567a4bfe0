import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from './IconButton.tsx';

export { Form } from './Form.tsx';

interface FieldChrome {
  label: ReactNode;
  /** Shown under the field; linked with aria-describedby. */
  hint?: ReactNode;
  /** Validation message; marks the field invalid. */
  error?: string | null;
  /** Shows the asterisk (the input's own `required` does the validating). */
  markRequired?: boolean;
}

export function useFieldIds(id?: string) {
  const generated = useId();
  const fieldId = id ?? generated;
  return { fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

export function describedBy(hintId: string, errorId: string, hint: unknown, error: unknown) {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

export function Chrome({
  label,
  hint,
  error,
  markRequired,
  fieldId,
  hintId,
  errorId,
  children,
}: FieldChrome & { fieldId: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <FieldWrap>
      <Label htmlFor={fieldId}>
        {label}
        {markRequired ? (
          <Required aria-hidden="true" title="required">
            *
          </Required>
        ) : null}
      </Label>
      {children}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldWrap>
  );
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, markRequired, id, ...input }, ref) {
  const ids = useFieldIds(id);
  return (
    <Chrome label={label} hint={hint} error={error} markRequired={markRequired} {...ids}>
      <Input
        ref={ref}
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids.hintId, ids.errorId, hint, error)}
        $invalid={Boolean(error)}
        {...input}
      />
    </Chrome>
  );
});

export type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, markRequired, id, ...textarea },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <Chrome label={label} hint={hint} error={error} markRequired={markRequired} {...ids}>
      <TextArea
        ref={ref}
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids.hintId, ids.errorId, hint, error)}
        $invalid={Boolean(error)}
        {...textarea}
      />
    </Chrome>
  );
});

/** A password input with a show/hide toggle (SPEC §2 reset page; used on the login forms too). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PasswordField(
  { label, hint, error, markRequired, id, ...input },
  ref,
) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <Chrome label={label} hint={hint} error={error} markRequired={markRequired} {...ids}>
      <PasswordWrap>
        <Input
          ref={ref}
          id={ids.fieldId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids.hintId, ids.errorId, hint, error)}
          $invalid={Boolean(error)}
          $withToggle
          {...input}
        />
        <Toggle
          icon={visible ? 'eyeOff' : 'eye'}
          label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={ids.fieldId}
        />
      </PasswordWrap>
    </Chrome>
  );
});

const FieldWrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Required = styled.span`
  margin-left: 0.2em;
  color: ${({ theme }) => theme.colors.danger};
`;

export const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 0.6rem 0.8rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.inputBorder)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.md};
  transition:
    border-color 120ms ease,
    box-shadow 120ms ease;

  &::placeholder {
    color: ${({ theme }) => theme.colors.placeholder};
  }
  &:hover:not(:disabled):not([readonly]) {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.accent};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
  &:disabled,
  &[readonly] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Input = styled.input<{ $invalid?: boolean; $withToggle?: boolean }>`
  ${controlStyles}
  ${({ $withToggle }) => ($withToggle ? 'padding-right: 3rem;' : '')}
`;

export const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  resize: vertical;
  line-height: 1.5;
`;

const PasswordWrap = styled.div`
  position: relative;
`;

/* Inside the input's right padding, vertically centred. */
const Toggle = styled(IconButton)`
  position: absolute;
  top: 50%;
  right: 4px;
  transform: translateY(-50%);
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 500;
`;
