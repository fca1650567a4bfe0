import styled from 'styled-components';
import type { MySchoolDto } from '@atrium/common';
import { ChoiceCard } from '../../components/ChoiceCard.ts';
import { Icon } from '../../components/Icon.tsx';
import type { Purchaser } from './InvoiceRequest.tsx';
import { Muted, Panel, PanelTitle } from './checkoutStyles.ts';

/**
 * "Which school is this for?" ("Who is this for?" to a trust manager): a manager buys for their school (every member gets access) or for
 * themselves; a trust manager for every school of the trust; someone without a school can create
 * one here (for a card payment) or with an invoice order. A member who does not manage their
 * school buys for themselves only.
 */
export function SchoolChoice({
  mine,
  trust = null,
  purchaser,
  onChange,
  forSelf = true,
}: {
  mine: MySchoolDto | undefined;
  /** The trust the buyer manages, when it does not hold the course yet. */
  trust?: { id: number; name: string } | null;
  purchaser: Purchaser;
  onChange(next: Purchaser): void;
  /** False when the buyer has the course already: only the school can still be licensed. */
  forSelf?: boolean;
}) {
  const school = mine?.school ?? null;
  const buysForSchool = mine?.can.buyForSchool === true;
  if (school && !buysForSchool && !trust) {
    return (
      <Panel aria-labelledby="school-choice-title">
        <PanelTitle id="school-choice-title">
          <Icon name="school" size={20} /> Which school is this for?
        </PanelTitle>
        <Muted>
          You are a member of {school.name}. A purchase here is for you personally; ask one of your school&apos;s managers to buy it for every member of staff.
        </Muted>
      </Panel>
    );
  }
  const self: Purchaser = { kind: 'self' };
  const options: { value: Purchaser; label: string; hint: string }[] = [
    ...(school && buysForSchool
      ? [
          {
            value: { kind: 'school', schoolId: school.id, name: school.name } as Purchaser,
            label: `For ${school.name}`,
            hint: 'Every member of staff gets their own login, progress and certificate, now and when they join later.',
          },
        ]
      : []),
    ...(trust
      ? [
          {
            value: { kind: 'trust', trustId: trust.id, name: trust.name } as Purchaser,
            label: `For every school of ${trust.name}`,
            hint: 'One licence for the trust: every member of staff at each of its schools gets their own login, and schools that join the trust later get it too.',
          },
        ]
      : []),
    ...(!school
      ? [
          {
            value: { kind: 'create' } as Purchaser,
            label: 'For my school',
            hint: 'Name your school: you manage it, and every colleague you invite gets their own login, progress and certificate.',
          },
        ]
      : []),
    ...(forSelf ? [{ value: self, label: 'Just for me', hint: 'Only you get access. Colleagues would need their own purchase.' }] : []),
  ];
  return (
    <Panel as="fieldset" aria-describedby="school-choice-lead" style={{ margin: 0 }}>
      <Legend>
        <Icon name="school" size={20} /> {trust ? 'Who is this for?' : 'Which school is this for?'}
      </Legend>
      <Muted id="school-choice-lead">
        {trust
          ? 'One purchase for a school or a trust gives every member of staff their own login.'
          : 'One purchase for a school gives every member of staff their own login.'}
      </Muted>
      <Options>
        {options.map((option) => (
          <ChoiceCard key={option.value.kind}>
            <input type="radio" name="purchaser" checked={purchaser.kind === option.value.kind} onChange={() => onChange(option.value)} />
            <span>
              <strong>{option.label}</strong>
              <Muted as="span">{option.hint}</Muted>
            </span>
          </ChoiceCard>
        ))}
      </Options>
    </Panel>
  );
}

// Floated so the legend sits inside the panel like the other panels' titles, not on its border.
const Legend = styled.legend`
  float: left;
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.sm};
  padding: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 700;

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
  & + * {
    clear: both;
  }
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
`;
