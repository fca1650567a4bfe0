import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, type RosterPreviewDto } from '@atrium/common';
import { ApiError, errorText } from '../../api/client.ts';
import { useRosterConfirm, useRosterPreview, type RosterScope } from '../../api/roster.ts';
import { Button } from '../Button.tsx';
import { Form, TextAreaField } from '../Field.tsx';
import { FormAlert } from '../FormAlert.tsx';
import { Icon } from '../Icon.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { StaffRosterPreview } from './StaffRosterPreview.tsx';

/**
 * "Add staff": a CSV file or a pasted list (e-mail, first name, last name), previewed first,
 * then applied: everyone new to the school gets an invitation e-mail with a personal link, those
 * with an account too (nobody joins without accepting). Running the same list again changes nothing.
 */
export function StaffRoster({ schoolId, scope }: { schoolId: number; scope: RosterScope }) {
  const titleId = useId();
  const preview = useRosterPreview(scope, schoolId);
  const confirm = useRosterConfirm(scope, schoolId);
  const { toast } = useToast();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ csv: string; result: RosterPreviewDto } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setChecked(null);
    setDone(null);
    if (!file) return;
    if (file.size > ROSTER_MAX_BYTES) {
      setProblem(`${file.name} is over 1 MB. Split the list into smaller files.`);
      return;
    }
    setProblem(null);
    setFileName(file.name);
    setText(await file.text());
  };

  const runPreview = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!text.trim()) {
      setProblem('Choose a CSV file or paste a list of e-mail addresses first.');
      return;
    }
    if (new TextEncoder().encode(text).length > ROSTER_MAX_BYTES) {
      setProblem('The list is over 1 MB. Split it into smaller parts.');
      return;
    }
    setProblem(null);
    preview.mutate(text, {
      onSuccess: (result) => setChecked({ csv: text, result }),
      onError: (error) => setProblem(describe(error)),
    });
  };

  const apply = (createGroups: boolean) => {
    if (!checked) return;
    confirm.mutate(
      { csv: checked.csv, createGroups },
      {
        onSuccess: (result) => {
          toast({ title: 'Invitations sent', description: result.message, variant: 'success' });
          setDone(result.message);
          setChecked(null);
          setText('');
          setFileName(null);
        },
        onError: (error) => {
          const description = describe(error);
          setProblem(description);
          toast({ title: 'Invitations not sent', description, variant: 'destructive' });
        },
      },
    );
  };

  const startAgain = () => {
    setChecked(null);
    setProblem(null);
  };

  return (
    <RosterPanel aria-labelledby={titleId} $belowGrid={scope === 'admin'}>
      <PanelHeader>
        <h2 id={titleId}>Add staff</h2>
      </PanelHeader>
      <PanelLead>
        Upload a CSV file with columns <strong>email</strong>, <strong>first name</strong> and <strong>last name</strong> (up to{' '}
        {ROSTER_MAX_ROWS.toLocaleString('en-GB')} people, 1 MB), or paste a list. Optional columns <strong>role</strong>, <strong>department</strong> and{' '}
        <strong>groups</strong> (separated by semicolons) put people in the school's groups. You see what will happen before anything changes. Everyone gets an
        invitation e-mail with a personal link, and joins when they accept it, including colleagues who already have an account.
      </PanelLead>
      {done ? (
        <Done role="status">
          <Icon name="checkCircle" size={20} aria-hidden="true" />
          <span>{done}</span>
        </Done>
      ) : null}
      {checked ? (
        <StaffRosterPreview preview={checked.result} applying={confirm.isPending} onApply={apply} onStartAgain={startAgain} problem={problem} />
      ) : (
        <Form onSubmit={runPreview} noValidate aria-label="Add staff from a list">
          <FormAlert message={problem} />
          <FileRow>
            <FileLabel>
              <Icon name="upload" size={18} aria-hidden="true" />
              <span>Choose CSV file</span>
              <input type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void chooseFile(event)} />
            </FileLabel>
            <FileName aria-live="polite">{fileName ? `${fileName} loaded` : 'No file chosen'}</FileName>
          </FileRow>
          <TextAreaField
            label="Or paste the list"
            hint="One person per line: e-mail, first name, last name (separated by commas or tabs, as copied from a spreadsheet)."
            rows={6}
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setFileName(null);
            }}
            placeholder={'email,first name,last name\nsam.jones@school.org.uk,Sam,Jones'}
          />
          <div>
            <Button type="submit" disabled={preview.isPending}>
              {preview.isPending ? 'Checking the list…' : 'Preview'}
            </Button>
          </div>
        </Form>
      )}
    </RosterPanel>
  );
}

function describe(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return 'The list is over 1 MB. Split it into smaller files.';
  if (error instanceof ApiError && error.data?.errors?.csv) return `${error.serverMessage ?? ''}`.trim() || error.data.errors.csv;
  return errorText(error, 'Please try again in a moment.');
}

/** On the admin's school page it follows a grid of panels rather than sitting in a stack. */
const RosterPanel = styled(Panel)<{ $belowGrid: boolean }>`
  margin-top: ${({ theme, $belowGrid }) => ($belowGrid ? theme.space.lg : '0')};
`;

const FileRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const FileLabel = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    cursor: pointer;
  }
`;

const FileName = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Done = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;
