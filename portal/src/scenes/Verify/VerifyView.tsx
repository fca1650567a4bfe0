import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { TextAreaField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { MAX_CREDENTIAL_BYTES, type CheckState } from './checkState.ts';
import { VerdictPanel } from './VerdictPanel.tsx';

export interface VerifyViewProps {
  /** Where the check stands: nothing asked yet, checking, a verdict, or why a number has none. */
  state: CheckState;
  /** Checks a credential's text (pasted, or read from a dropped or chosen file) in this browser. */
  onCheck: (jwt: string) => void;
  /** Clears the verdict. */
  onReset: () => void;
}

/** The drop zone, the paste box and the verdict. The file is read here; nothing is uploaded. */
export function VerifyView({ state, onCheck, onReset }: VerifyViewProps) {
  const [pasted, setPasted] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const dropHintId = useId();

  async function checkFile(file: File | undefined) {
    if (!file) return;
    setInputError(null);
    if (file.size > MAX_CREDENTIAL_BYTES) {
      setInputError(`${file.name} is too large to be a credential file (they are a few kilobytes).`);
      return;
    }
    onCheck(await file.text());
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    void checkFile(event.dataTransfer.files[0]);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pasted.trim()) {
      setInputError('Paste the contents of a credential file first.');
      return;
    }
    setInputError(null);
    onCheck(pasted);
  }

  return (
    <Container $narrow>
      <PageHeading
        title="Verify a certificate"
        lead="Check an Open Badges credential issued with one of our certificates. The check runs in your browser against the keys we publish; nothing you drop here is uploaded."
      />
      <Stack>
        <Card as="div">
          <Inner>
            <DropZone
              $active={dragging}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              aria-describedby={dropHintId}
              data-dropzone
            >
              <Icon name="upload" size={28} />
              <strong>Drop a credential file here</strong>
              <span id={dropHintId}>The .jwt file from a certificate page&apos;s &ldquo;Download credential&rdquo; button.</span>
              <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
                Choose a file
              </Button>
              <HiddenInput
                ref={fileInput}
                type="file"
                accept=".jwt,.txt,application/vc+jwt,text/plain"
                aria-label="Credential file"
                onChange={(event) => {
                  void checkFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </DropZone>
            <Or>or</Or>
            <form onSubmit={onSubmit} noValidate>
              <TextAreaField
                label="Paste a credential"
                hint="It starts with eyJ and has two dots in it."
                rows={4}
                spellCheck={false}
                value={pasted}
                error={inputError}
                onChange={(event) => setPasted(event.target.value)}
              />
              <Buttons>
                <Button type="submit">Check credential</Button>
                {state.phase !== 'idle' ? (
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setPasted('');
                      setInputError(null);
                      onReset();
                    }}
                  >
                    Clear
                  </Button>
                ) : null}
              </Buttons>
            </form>
          </Inner>
        </Card>
        {state.phase === 'checking' ? <LoadingState label="Checking the credential" /> : null}
        {state.phase === 'done' || state.phase === 'number' ? <VerdictPanel state={state} /> : null}
      </Stack>
    </Container>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.xxl};
`;

const Inner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
`;

const DropZone = styled.div<{ $active: boolean }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme, $active }) => ($active ? theme.colors.accentSoft : theme.colors.surfaceMuted)};
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Or = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: center;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
`;
