import type { DeadlineInput, DeadlineRuleDto } from '@atrium/common';
import { formatDay } from '@atrium/common/rules/dates';
import { cappedDeadlineSchema, type DeadlineCap } from '@atrium/common/rules/deadlines';
import type { ReactNode } from 'react';
import { Form } from '../Form.tsx';
import styled from 'styled-components';
import { errorText } from '../../api/client.ts';
import { Button } from '../Button.tsx';
import { TextField } from '../Field.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { useForm } from '../useForm.ts';
import { QueryState, type QueryLike } from '../QueryState.tsx';
import { Muted, RowList } from '../Panel.ts';

/** What a save or a removal tells the row when it is done. */
export interface Handlers {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

export interface DeadlineRowProps {
  title: string;
  completeBy: string | null;
  newStaffDays: number | null;
  validityMonths: number | null;
  /** When set: a later date or more days are refused here as on the server. */
  cap?: DeadlineCap | null;
  /** Lines under the title (who else set a date, what applies). */
  notes?: ReactNode;
  /** What a saved deadline reaches, for the confirmation. */
  savedText: string;
  save: (input: DeadlineInput, handlers: Handlers) => void;
  remove: (handlers: Handlers) => void;
  saving: boolean;
  removing: boolean;
}

/** "Complete by 31 March · new staff: 30 days from joining", or "No deadline". */
export function ruleSummary(rule: DeadlineRuleDto): string {
  const parts = [
    rule.completeBy ? `Complete by ${formatDay(rule.completeBy)}` : null,
    rule.newStaffDays ? `new staff: ${rule.newStaffDays} days from joining` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'No deadline';
}

/** The deadlines list's loading, error and empty states around its rows (a school's and a trust's panel alike). */
export function DeadlineList({
  query,
  loadingLabel,
  emptyText,
  children,
}: {
  query: QueryLike<{ courses: unknown[] }>;
  loadingLabel: string;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <QueryState
      read={query}
      size="panel"
      loading={loadingLabel}
      failed="The deadlines could not be loaded."
      isEmpty={(data) => !data.courses.length}
      empty={emptyText}
    >
      {() => <RowList aria-label="Deadlines by course">{children}</RowList>}
    </QueryState>
  );
}

/** One course's deadline: what is set, and the form that sets, changes or removes it. */
export function DeadlineRow(props: DeadlineRowProps) {
  const { title, cap } = props;
  const { toast } = useToast();
  const form = useForm({ completeBy: props.completeBy ?? '', newStaffDays: props.newStaffDays ? String(props.newStaffDays) : '' });
  const hasDeadline = props.completeBy !== null || props.newStaffDays !== null;

  const submit = form.handleSubmit(
    cappedDeadlineSchema(cap, formatDay),
    (input) =>
      props.save(input, {
        onSuccess: () => toast({ title: 'Deadline saved', description: `${title}: ${props.savedText}`, variant: 'success' }),
        onError: (error) => {
          if (!form.showServerErrors(error))
            toast({ title: 'The deadline was not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
        },
      }),
    {
      toInput: (values) => ({
        completeBy: values.completeBy.trim() === '' ? null : values.completeBy,
        newStaffDays: values.newStaffDays.trim() === '' ? null : values.newStaffDays,
      }),
    },
  );

  const remove = () =>
    props.remove({
      onSuccess: () => {
        form.reset({ completeBy: '', newStaffDays: '' });
        toast({ title: 'Deadline removed', description: `${title} has no deadline of its own here now.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'The deadline was not removed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <Row>
      <div>
        <strong>{title}</strong>
        <Muted>
          {hasDeadline || !cap ? ruleSummary(props) : `No deadline of its own: ${cap.by}'s applies`}
          {props.validityMonths ? ` · certificates valid ${props.validityMonths} months` : ''}
        </Muted>
        {props.notes}
      </div>
      <DeadlineForm onSubmit={submit} noValidate aria-label={`Deadline for ${title}`}>
        <TextField
          label="Complete by"
          type="date"
          max={cap?.completeBy ?? undefined}
          hint={cap?.completeBy ? `${formatDay(cap.completeBy)} or earlier` : undefined}
          {...form.field('completeBy')}
        />
        <TextField
          label="New staff: days from joining"
          type="number"
          inputMode="numeric"
          min={1}
          max={cap?.newStaffDays ?? 365}
          placeholder="e.g. 30"
          hint={cap?.newStaffDays ? `${cap.newStaffDays} or fewer` : undefined}
          {...form.field('newStaffDays')}
        />
        <Actions>
          <Button type="submit" size="sm" disabled={props.saving}>
            {props.saving ? 'Saving…' : 'Save'}
          </Button>
          {hasDeadline ? (
            <Button size="sm" variant="ghost" onClick={remove} disabled={props.removing}>
              Remove
            </Button>
          ) : null}
        </Actions>
      </DeadlineForm>
    </Row>
  );
}

const Row = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;

  & > div:first-child {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }
`;

const DeadlineForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;

  @media (min-width: 720px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  padding-bottom: 2px;
`;
