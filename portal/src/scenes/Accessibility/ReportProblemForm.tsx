import { useState } from 'react';
import styled from 'styled-components';
import { accessibilityReportSchema } from '@atrium/common/schemas/accessibility';
import { errorText } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Form, TextAreaField, TextField } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { useForm } from '../../components/useForm.ts';

export interface ReportProblemFormProps {
  /** Filled in for a signed-in person; still editable. */
  initial?: { name: string; email: string };
  pending: boolean;
  /** Sends the report; resolves with the server's thanks, rejects with its error. */
  onSubmit(input: { name: string; email: string; page: string | null; message: string }): Promise<string>;
}

/**
 * "Report an accessibility problem": errors beside the fields (the same rules the server checks),
 * and what the server said in its own words when it refused (a rate limit, say).
 */
export function ReportProblemForm({ initial, pending, onSubmit }: ReportProblemFormProps) {
  const form = useForm({ name: initial?.name ?? '', email: initial?.email ?? '', page: '', message: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);

  const submit = form.handleSubmit(
    accessibilityReportSchema,
    (input) => {
      setProblem(null);
      onSubmit(input).then(
        (message) => {
          setThanks(message);
          form.reset();
        },
        (error: unknown) => {
          if (!form.showServerErrors(error)) setProblem(errorText(error, 'The report could not be sent. Please try again, or e-mail us.'));
        },
      );
    },
    { onInvalid: () => setProblem(null) },
  );

  if (thanks) {
    return (
      <Sent role="status">
        <p>{thanks}</p>
        <Button variant="secondary" onClick={() => setThanks(null)}>
          Report another problem
        </Button>
      </Sent>
    );
  }

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="report-title">
      <FormAlert message={problem} />
      <TextField label="Your name" autoComplete="name" required markRequired {...form.field('name')} />
      <TextField
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        required
        markRequired
        hint="We reply to this address."
        {...form.field('email')}
      />
      <TextField label="Page or feature (optional)" hint="For example the page address, or “transcript search on a module page”." {...form.field('page')} />
      <TextAreaField
        label="What went wrong"
        rows={5}
        required
        markRequired
        hint="What you were trying to do, and any assistive technology you use (screen reader, magnifier, voice control)."
        {...form.field('message')}
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </Form>
  );
}

const Sent = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};
`;
