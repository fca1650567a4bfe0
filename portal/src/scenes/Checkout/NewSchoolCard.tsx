import type { SchoolDto } from '@atrium/common';
import { usePublicConfig } from '../../api/config.ts';
import { CreateSchoolForm } from '../../components/school/CreateSchoolForm.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { Muted, Panel, PanelTitle } from './checkoutStyles.ts';

/**
 * "Pay by card" for a school that does not exist yet: the card payment licenses a school, so the
 * buyer names it first (pre-filled from their profile's school) and becomes its manager; the page
 * then shows the card form for that school. Without card payment there is nothing to show: the
 * invoice request below creates the school itself.
 */
export function NewSchoolCard({ onCreated }: { onCreated(school: SchoolDto): void }) {
  const user = useSignedInUser();
  const config = usePublicConfig();
  if (!config.data?.stripePublishableKey) return null;
  return (
    <Panel aria-labelledby="new-school-card-title">
      <PanelTitle id="new-school-card-title">
        <Icon name="lock" size={20} /> Pay by card
      </PanelTitle>
      <Muted>Name your school first: you become its manager, and the card payment then gives every member of staff access.</Muted>
      <CreateSchoolForm initialName={user.company ?? ''} submitLabel="Create school and pay by card" onCreated={onCreated} />
    </Panel>
  );
}
