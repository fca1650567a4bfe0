import { QueryClientContext, type Mutation } from '@tanstack/react-query';
import { createContext, forwardRef, useCallback, useContext, useEffect, useRef, useState, type FormEvent, type FormHTMLAttributes } from 'react';
import styled from 'styled-components';

/** True while the form around it is sending: its submit buttons (`Button type="submit"`) are disabled. */
export const FormBusyContext = createContext(false);

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** May return a promise: the form counts as sending until it settles. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => unknown;
}

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;
const pending = (mutation: Pick<AnyMutation, 'state'>) => mutation.state.status === 'pending';

/**
 * The portal's one form: a submit that starts a write (a mutation started by the handler, or the
 * promise it returns) makes the form busy until the write settles, and a second submit meanwhile
 * (a double click, Enter pressed twice) is ignored. The check reads the mutations' own state, which
 * changes the moment they start; a button's `disabled={isPending}` only follows a render later, so
 * a quick second click used to send everything twice.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ onSubmit, children, ...props }, ref) {
  const client = useContext(QueryClientContext);
  const writes = useRef<AnyMutation[]>([]);
  const promises = useRef(0);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    writes.current = writes.current.filter(pending);
    setBusy(writes.current.length > 0 || promises.current > 0);
  }, []);

  useEffect(() => {
    if (!busy || !client) return;
    return client.getMutationCache().subscribe(refresh);
  }, [busy, client, refresh]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (writes.current.some(pending) || promises.current > 0) {
      event.preventDefault();
      return;
    }
    const cache = client?.getMutationCache();
    const before = new Set(cache?.getAll());
    const result = onSubmit?.(event);
    writes.current = (cache?.getAll() ?? []).filter((mutation) => !before.has(mutation) && pending(mutation)) as AnyMutation[];
    if (result instanceof Promise) {
      promises.current += 1;
      void result
        .catch(() => undefined)
        .finally(() => {
          promises.current -= 1;
          refresh();
        });
    }
    refresh();
  };

  return (
    <StyledForm ref={ref} onSubmit={submit} aria-busy={busy || undefined} {...props}>
      <FormBusyContext.Provider value={busy}>{children}</FormBusyContext.Provider>
    </StyledForm>
  );
});

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
