import { useEffect, useRef, useState, type FormEvent } from 'react';
import { schoolSchema } from '@atrium/common/schemas/schools';
import { trustInviteSchema } from '@atrium/common/schemas/trusts';
import { Form } from '../../../components/Form.tsx';
import styled from 'styled-components';
import type { AdminTrustDetailDto } from '@atrium/common';
import { ApiError, errorText } from '../../../api/client.ts';
import { useAdminSchools } from '../../../api/adminSchools.ts';
import { useAdminTrust, useAdminTrusts, useChangeTrust, useCreateTrust, type TrustChange } from '../../../api/trusts.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { localeCountry } from '../../../components/CountrySelectField.tsx';
import { SchoolFields, type SchoolFieldValues } from '../../../components/school/SchoolFields.tsx';
import { useForm } from '../../../components/useForm.ts';
import { TextField } from '../../../components/Field.tsx';
import { TrustDeadlineList } from '../../../components/deadlines/TrustDeadlineList.tsx';
import { Groups } from '../../../components/groups/GroupsPanel.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { Skeleton } from '../../../components/Loading.tsx';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead, RowList } from '../../../components/Panel.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { LicenceGrantForm } from './LicenceGrantForm.tsx';

const count = new Intl.NumberFormat('en-GB');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** Trusts (multi-academy trusts, districts): create one, attach and detach its schools, invite its managers, set its deadlines and groups. */
export function TrustsPanel() {
  const trusts = useAdminTrusts();
  const create = useCreateTrust();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameError(null);
    create.mutate(name, {
      onSuccess: (trust) => {
        setName('');
        setSelected(trust.id);
      },
      onError: (error) =>
        setNameError((error instanceof ApiError ? error.data?.errors?.name : undefined) ?? errorText(error, 'The trust could not be created.')),
    });
  };
  return (
    <Panel aria-labelledby="trusts-title">
      <PanelHeader>
        <h2 id="trusts-title">Trusts</h2>
        {trusts.data ? <Muted>{plural(trusts.data.length, 'trust', 'trusts')}</Muted> : null}
      </PanelHeader>
      <PanelLead>A trust buys and reports for all its schools; a school is in one trust at most. Its managers see every school of it on /trust.</PanelLead>
      <CreateForm onSubmit={submit} noValidate>
        <TextField label="New trust's name" value={name} onChange={(event) => setName(event.target.value)} error={nameError} autoComplete="off" />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create trust'}
        </Button>
      </CreateForm>
      <QueryState
        read={trusts}
        size="panel"
        loading="Loading trusts"
        failed="The trusts could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty="No trusts yet."
      >
        {(list) => (
          <TrustList aria-label="Trusts">
            {list.map((trust) => (
              <li key={trust.id}>
                <TrustButton type="button" aria-expanded={selected === trust.id} onClick={() => setSelected(selected === trust.id ? null : trust.id)}>
                  <strong>{trust.name}</strong>
                  <Muted>{plural(trust.schoolCount, 'school', 'schools')}</Muted>
                </TrustButton>
                {selected === trust.id ? <TrustDetail trustId={trust.id} /> : null}
              </li>
            ))}
          </TrustList>
        )}
      </QueryState>
    </Panel>
  );
}

function TrustDetail({ trustId }: { trustId: number }) {
  const trust = useAdminTrust(trustId);
  const change = useChangeTrust(trustId);
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const run: Run = (what, done, after, report = setProblem) => {
    setProblem(null);
    report(null);
    change.mutate(what, {
      onSuccess: () => {
        toast({ title: done, variant: 'success' });
        after?.();
      },
      onError: (error) => report(errorText(error, 'That change could not be made.'), error),
    });
  };
  if (trust.isPending) return <Skeleton $height="6rem" aria-label="Loading the trust" />;
  return (
    <QueryState read={trust} size="inline" loading="Loading the trust" failed="The trust could not be loaded.">
      {(shown) => (
        <Detail>
          <FormAlert message={problem} />
          <TrustSchools trust={shown} busy={change.isPending} onChange={run} />
          <NewTrustSchool trustName={shown.name} onChange={run} />
          <TrustLicenceList trust={shown} busy={change.isPending} onChange={run} />
          <TrustManagerList trust={shown} busy={change.isPending} onChange={run} />
          <section aria-label={`Deadlines of ${shown.name}`}>
            <h3>Deadlines for every school</h3>
            <Muted>The trust's managers usually set these on /trust; a school may set an earlier date of its own, never a later one.</Muted>
            <TrustDeadlineList trustId={trustId} viewer="admin" />
          </section>
          <section aria-label={`Groups of ${shown.name}`}>
            <h3>Groups across the schools</h3>
            <Groups root={shown.api} owner="trust" viewer="admin" level={3} />
          </section>
        </Detail>
      )}
    </QueryState>
  );
}

/**
 * Makes a change; a failure shows above the trust's sections, or where `report` shows it (beside
 * the field it is about, with the answer itself for its field errors).
 */
type Run = (what: TrustChange, done: string, after?: () => void, report?: (problem: string | null, error?: unknown) => void) => void;

function TrustSchools({ trust, busy, onChange }: { trust: AdminTrustDetailDto; busy: boolean; onChange: Run }) {
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const found = useAdminSchools(q);
  const [detaching, setDetaching] = useState<{ id: number; name: string } | null>(null);
  const inTrust = new Set(trust.schools.map((school) => school.id));
  const candidates = q ? (found.data?.items ?? []).filter((school) => !inTrust.has(school.id)).slice(0, 6) : [];
  return (
    <section aria-label={`Schools of ${trust.name}`}>
      <h3>Schools</h3>
      {trust.schools.length === 0 ? (
        <EmptyText>No schools attached yet.</EmptyText>
      ) : (
        <RowList>
          {trust.schools.map((school) => (
            <Row key={school.id}>
              <span>
                <strong>{school.name}</strong> <Muted>{plural(school.members, 'member', 'members')}</Muted>
              </span>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDetaching({ id: school.id, name: school.name })}>
                Detach <span className="visually-hidden">{school.name}</span>
              </Button>
            </Row>
          ))}
        </RowList>
      )}
      <TextField
        label="Attach a school"
        type="search"
        placeholder="School name"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      {candidates.length > 0 ? (
        <RowList aria-label="Schools to attach">
          {candidates.map((school) => (
            <Row key={school.id}>
              <span>
                <strong>{school.name}</strong> <Muted>{plural(school.memberCount, 'member', 'members')}</Muted>
              </span>
              <Button
                size="sm"
                disabled={busy}
                onClick={() => onChange({ kind: 'attach', schoolId: school.id }, `${school.name} attached`, () => setQuery(''))}
              >
                Attach <span className="visually-hidden">{school.name}</span>
              </Button>
            </Row>
          ))}
        </RowList>
      ) : q && found.data ? (
        <Muted>{`No other school matches “${q}”.`}</Muted>
      ) : null}
      <ConfirmDialog
        open={detaching !== null}
        onOpenChange={(open) => (open ? undefined : setDetaching(null))}
        title={`Detach ${detaching?.name ?? 'the school'}?`}
        description="The school leaves the trust: its managers keep their own school and the courses it bought itself; the courses it had through the trust's licences end, and the trust's managers no longer see it."
        confirmLabel="Detach"
        busy={busy}
        busyLabel="Detaching…"
        onConfirm={() => {
          if (detaching) onChange({ kind: 'detach', schoolId: detaching.id }, `${detaching.name} detached`, () => setDetaching(null));
        }}
      />
    </section>
  );
}

/**
 * A school made for the trust (issue 53): before, a trust's schools existed only once their
 * managers had signed up and created them. It joins the trust with its licences at once; the
 * admin then invites its staff from the school's own page.
 */
function NewTrustSchool({ trustName, onChange }: { trustName: string; onChange: Run }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={`New school in ${trustName}`}>
      <h3>New school for the trust</h3>
      {open ? (
        <NewTrustSchoolForm trustName={trustName} onChange={onChange} onCancel={() => setOpen(false)} />
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Create a school for {trustName}
        </Button>
      )}
    </section>
  );
}

/** Name and country, as a manager's sign-up asks; opened on demand (its country list is long). */
function NewTrustSchoolForm({ trustName, onChange, onCancel }: { trustName: string; onChange: Run; onCancel(): void }) {
  const [initial] = useState<SchoolFieldValues>(() => ({ name: '', country: localeCountry() }));
  const form = useForm(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = form.handleSubmit(schoolSchema, ({ name, country }) => {
    setSending(true);
    onChange(
      { kind: 'createSchool', name, country },
      `${name} created in ${trustName}`,
      () => {
        setSending(false);
        form.reset();
      },
      (text, error) => {
        if (text) setSending(false);
        setProblem(form.showServerErrors(error) ? null : text);
      },
    );
  });
  return (
    <NewSchoolForm onSubmit={submit} noValidate aria-label={`New school in ${trustName}`}>
      <Muted>It joins the trust with the trust's courses at once; invite its staff from its page under Schools.</Muted>
      <SchoolFields form={form} />
      <FormAlert message={problem} />
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? 'Creating…' : 'Create school'}
        </Button>{' '}
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </NewSchoolForm>
  );
}

/**
 * The trust's own licences (bought or granted for it): granting one (a courtesy, an invoice paid
 * another way) gives the course to every school of the trust; revoking one (a refund) ends it in
 * every school that has it only through the trust.
 */
function TrustLicenceList({ trust, busy, onChange }: { trust: AdminTrustDetailDto; busy: boolean; onChange: Run }) {
  const [revoking, setRevoking] = useState<{ courseId: number; title: string } | null>(null);
  // The grant's problems show under its form, where the admin is looking.
  const [grantProblem, setGrantProblem] = useState<string | null>(null);
  return (
    <section aria-label={`Licences of ${trust.name}`}>
      <h3>Courses licensed for the trust</h3>
      <LicenceGrantForm
        licensed={trust.licences.map((licence) => licence.courseId)}
        busy={busy}
        onGrant={(course, reset) => onChange({ kind: 'grantLicence', courseId: course.id }, `${course.title} granted to the trust`, reset, setGrantProblem)}
        onMissing={() => setGrantProblem('Choose a course to license.')}
      />
      <FormAlert message={grantProblem} />
      {trust.licences.length === 0 ? (
        <EmptyText>None yet: the trust's managers buy a course for every school from its checkout, or grant one here.</EmptyText>
      ) : (
        <RowList>
          {trust.licences.map((licence) => (
            <Row key={licence.courseId}>
              <span>
                <strong>{licence.title}</strong> <Muted>{licence.revokedAt ? 'revoked' : 'every school of the trust'}</Muted>
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  licence.revokedAt
                    ? onChange({ kind: 'restoreLicence', courseId: licence.courseId }, `${licence.title} restored for the trust`)
                    : setRevoking({ courseId: licence.courseId, title: licence.title })
                }
              >
                {licence.revokedAt ? 'Restore' : 'Revoke'} <span className="visually-hidden">{licence.title}</span>
              </Button>
            </Row>
          ))}
        </RowList>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={`Revoke ${revoking?.title ?? 'the licence'} for the trust?`}
        description="Every school that has the course only through the trust loses it (progress and certificates stay); schools that bought it themselves keep it. Restore brings it back."
        confirmLabel="Revoke"
        busy={busy}
        busyLabel="Revoking…"
        onConfirm={() => {
          if (revoking) onChange({ kind: 'revokeLicence', courseId: revoking.courseId }, `${revoking.title} revoked for the trust`, () => setRevoking(null));
        }}
      />
    </section>
  );
}

function TrustManagerList({ trust, busy, onChange }: { trust: AdminTrustDetailDto; busy: boolean; onChange: Run }) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailErrorText] = useState<string | null>(null);
  // Counts the problems shown: the same problem twice is brought into view twice.
  const [shown, setShown] = useState(0);
  const setEmailError = (problem: string | null) => {
    setEmailErrorText(problem);
    if (problem) setShown((n) => n + 1);
  };
  const input = useRef<HTMLInputElement>(null);
  // The problem shows under the field, brought into view with the field focused (issue 53: it
  // showed at the top of the trust, off the screen, while the admin looked at the field).
  useEffect(() => {
    if (!emailError || !input.current) return;
    input.current.focus({ preventScroll: true });
    const message = document.getElementById(input.current.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    (message ?? input.current).scrollIntoView({ block: 'nearest' });
  }, [emailError, shown]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = trustInviteSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setEmailError(null);
    onChange(
      { kind: 'invite', email: parsed.data.email },
      `Invitation sent to ${parsed.data.email}`,
      () => setEmail(''),
      (text, error) => setEmailError((error instanceof ApiError ? error.data?.errors?.email : undefined) ?? text),
    );
  };
  return (
    <section aria-label={`Managers of ${trust.name}`}>
      <h3>Managers</h3>
      {trust.managers.length + trust.invitations.length === 0 ? <EmptyText>No managers yet: invite the trust's lead by e-mail.</EmptyText> : null}
      <RowList>
        {trust.managers.map((manager) => (
          <Row key={manager.userId}>
            <span>
              <strong>{manager.name}</strong> <Muted>{manager.email}</Muted>
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onChange({ kind: 'removeManager', userId: manager.userId }, `${manager.email} no longer manages the trust`)}
            >
              Remove <span className="visually-hidden">{manager.email}</span>
            </Button>
          </Row>
        ))}
        {trust.invitations.map((invitation) => (
          <Row key={`i${invitation.id}`}>
            <span>
              <strong>{invitation.email}</strong> <Muted>{invitation.status === 'expired' ? 'invitation expired' : 'invited'}</Muted>
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onChange({ kind: 'withdraw', inviteId: invitation.id }, 'Invitation withdrawn')}
            >
              Withdraw <span className="visually-hidden">the invitation to {invitation.email}</span>
            </Button>
          </Row>
        ))}
      </RowList>
      <CreateForm onSubmit={submit} noValidate>
        <TextField
          ref={input}
          label="Invite a manager (e-mail)"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          error={emailError}
          autoComplete="off"
        />
        <Button type="submit" disabled={busy || email.trim() === ''}>
          Send invitation
        </Button>
      </CreateForm>
    </section>
  );
}

const CreateForm = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};

  & > div {
    flex: 1 1 16rem;
  }
`;

const NewSchoolForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const TrustList = styled(RowList)`
  /* Its own rows only: an opened trust holds lists (its groups) with paddings of their own. */
  & > li {
    padding: ${({ theme }) => theme.space.xs} 0;
  }
`;

const TrustButton = styled.button`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.xs} 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  strong {
    color: ${({ theme }) => theme.colors.accentHover};
    overflow-wrap: anywhere;
  }
  &:focus-visible {
    outline: none;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Detail = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs} 0;
  overflow-wrap: anywhere;
`;
