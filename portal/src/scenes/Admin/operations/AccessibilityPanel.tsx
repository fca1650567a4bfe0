import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { AccessibilitySettingsDto } from '@atrium/common';
import { accessibilitySettingsSchemaAt, KNOWN_ISSUES_MAX, RESPONSE_DAYS_MAX } from '@atrium/common/schemas/accessibility';
import { useAccessibilityStatement, useSaveAccessibilitySettings } from '../../../api/accessibility.ts';
import { errorText } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { Panel, PanelHeader, PanelLead } from '../../../components/Panel.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';
import { useNow } from '../../../components/useNow.ts';
import { QueryState } from '../../../components/QueryState.tsx';

const formValues = (settings: AccessibilitySettingsDto) => ({
  contactEmail: settings.contactEmail ?? '',
  contactPhone: settings.contactPhone ?? '',
  responseDays: String(settings.responseDays),
  testedOn: settings.testedOn ?? '',
  testedBy: settings.testedBy ?? '',
  knownIssues: settings.knownIssues ?? '',
});

/**
 * The accessibility statement's parts that are the agency's to say. The rest of the statement
 * (videos without captions, compliance status) is made from the catalogue.
 */
export function AccessibilityPanel() {
  const statement = useAccessibilityStatement();
  return (
    <Panel aria-labelledby="accessibility-title">
      <PanelHeader>
        <h2 id="accessibility-title">Accessibility statement</h2>
        <Link to="/accessibility">View the statement</Link>
      </PanelHeader>
      <PanelLead>
        Who answers accessibility problems and how fast, and when the site was last reviewed. The list of videos without captions and the compliance status are
        written from the catalogue.
      </PanelLead>
      <QueryState read={statement} size="panel" loading="Loading the statement" failed="The statement could not be loaded.">
        {(data) => <SettingsForm settings={data.settings} supportEmail={data.contactEmail} />}
      </QueryState>
    </Panel>
  );
}

function SettingsForm({ settings, supportEmail }: { settings: AccessibilitySettingsDto; supportEmail: string }) {
  const form = useForm(formValues(settings));
  const save = useSaveAccessibilitySettings();
  const { toast } = useToast();
  // A save (here or in another tab, refetched) shows what the server kept, e.g. the address in its one spelling.
  const shown = useRef(settings.updatedAt);
  const { reset } = form;
  useEffect(() => {
    if (shown.current === settings.updatedAt) return;
    shown.current = settings.updatedAt;
    reset(formValues(settings));
  }, [settings, reset]);

  const now = useNow();
  const submit = form.handleSubmit(accessibilitySettingsSchemaAt(now), (input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: 'Statement saved', description: 'The accessibility statement shows the new details.', variant: 'success' }),
      onError: (error) => {
        if (!form.showServerErrors(error)) toast({ title: 'Not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );

  return (
    <Form onSubmit={submit} noValidate aria-label="Accessibility statement details">
      <Pair>
        <TextField
          label="Contact e-mail"
          type="email"
          hint={settings.contactEmail ? undefined : `Empty: reports go to ${supportEmail}.`}
          {...form.field('contactEmail')}
        />
        <TextField label="Contact phone (optional)" type="tel" {...form.field('contactPhone')} />
      </Pair>
      <Pair>
        <TextField
          label="Reply within (working days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={RESPONSE_DAYS_MAX}
          required
          markRequired
          {...form.field('responseDays')}
        />
        <TextField label="Last reviewed on" type="date" hint="The day a person last checked the site." {...form.field('testedOn')} />
      </Pair>
      <TextField label="Reviewed by" hint="For example your team, or the auditor’s name." {...form.field('testedBy')} />
      <TextAreaField
        label="Known issues (optional)"
        rows={4}
        hint={
          <>
            Anything else not yet accessible, and what you are doing about it. Shown as written under “Non-accessible content”.{' '}
            <CharacterCount value={form.values.knownIssues} max={KNOWN_ISSUES_MAX} />
          </>
        }
        {...form.field('knownIssues')}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save statement'}
        </Button>
      </div>
    </Form>
  );
}

const Pair = styled.div`
  display: grid;
  align-items: start;
  gap: ${({ theme }) => theme.space.md};

  ${media.tablet} {
    grid-template-columns: 1fr 1fr;
  }
`;
