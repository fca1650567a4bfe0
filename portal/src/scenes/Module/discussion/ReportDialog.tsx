import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportCommentInput, type ReportReason } from '@atrium/common';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { Dialog, DialogButtons } from '../../../components/Dialog.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';

const REASON_LABELS: Record<ReportReason, string> = { spam: 'Spam or advertising', offensive: 'Offensive or abusive', other: 'Something else' };

export interface ReportDialogProps {
  /** Whose comment is reported, for the title; null: the dialog is closed. */
  author: string | null;
  busy: boolean;
  onSubmit(report: ReportCommentInput): void;
  onClose(): void;
}

/** Reporting a comment to the moderators: why (spam, offensive, something else) and, for the last, what. */
export function ReportDialog({ author, busy, onSubmit, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === 'other' && details.trim() === '') return setError('Please say what is wrong');
    if (details.trim().length > REPORT_DETAILS_MAX) return setError('Details can be at most 1,000 characters');
    setError(null);
    onSubmit({ reason, details: details.trim() });
  };
  return (
    <Dialog
      open={author !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Report ${author ?? ''}’s comment`}
      description="The moderators will look at it. They will not tell the author who reported it."
    >
      <Fields onSubmit={submit} aria-label="Report this comment">
        <SelectField
          label="Why are you reporting it?"
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
          options={REPORT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }))}
        />
        <TextAreaField
          label={reason === 'other' ? 'What is wrong?' : 'Anything to add? (optional)'}
          name="details"
          rows={3}
          value={details}
          error={error}
          hint={<CharacterCount value={details} max={REPORT_DETAILS_MAX} />}
          onChange={(event) => setDetails(event.target.value)}
        />
        <DialogButtons label="Send report" busyLabel="Sending…" busy={busy} />
      </Fields>
    </Dialog>
  );
}

const Fields = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
