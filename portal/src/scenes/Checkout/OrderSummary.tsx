import styled from 'styled-components';
import type { CourseDetailDto } from '@atrium/common';
import { videoLengthPhrase } from '@atrium/common/rules/format';
import { useShownCurrency } from '../../api/currency.ts';
import { shownPrice } from '../../components/coursePrice.ts';
import { modulesPhrase } from '@atrium/common/rules/courseCard';
import { Icon } from '../../components/Icon.tsx';
import type { CheckoutTax } from './checkoutTax.ts';
import type { Purchaser } from './InvoiceRequest.tsx';
import { Panel } from './checkoutStyles.ts';

/**
 * What is being bought: the course, its size, who gets access with the option chosen, and the
 * price (pence shown as pounds, SPEC §9). Null purchaser: not known yet (the school is loading).
 */
export function OrderSummary({ course, purchaser, tax }: { course: CourseDetailDto; purchaser: Purchaser | null; tax: CheckoutTax }) {
  const modules = course.modules.length || course.totalModules;
  const price = shownPrice(course, useShownCurrency());
  return (
    <Summary aria-labelledby="summary-title">
      <Eyebrow id="summary-title">Order summary</Eyebrow>
      <div>
        <CourseTitle>{course.title}</CourseTitle>
        {course.description ? <Description>{course.description}</Description> : null}
      </div>
      <Facts>
        <li>
          <Icon name="layers" size={18} /> {modulesPhrase(modules)}
        </li>
        <li>
          {/* The videos' real length, rounded to the minute: a 58-minute course is never "2 hours" (issue 53). */}
          <Icon name="clock" size={18} /> {videoLengthPhrase(course.totalDuration)} of video
        </li>
        {purchaser ? (
          <li>
            <Icon name={purchaser.kind === 'self' ? 'user' : 'users'} size={18} /> {accessFor(purchaser)}
          </li>
        ) : null}
        <li>
          <Icon name="infinity" size={18} /> Access that never ends, and a certificate per course (some need renewing)
        </li>
      </Facts>
      <Figures aria-label="Price">
        {tax.lines.map((line) =>
          line.total ? (
            <Total key={line.label}>
              <dt>{line.label}</dt>
              <dd data-currency={price.currency}>{line.amount}</dd>
            </Total>
          ) : (
            <Line key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.amount}</dd>
            </Line>
          ),
        )}
      </Figures>
      {price.note ? <TotalNote>{price.note}</TotalNote> : null}
      <TotalNote>{tax.statement}</TotalNote>
    </Summary>
  );
}

function accessFor(purchaser: Purchaser): string {
  if (purchaser.kind === 'school') return `Every member of staff at ${purchaser.name} gets their own login`;
  if (purchaser.kind === 'trust') return `Every member of staff at every school of ${purchaser.name} gets their own login, in schools that join later too`;
  if (purchaser.kind === 'create') return 'Every member of staff at your school gets their own login';
  return 'Only you get access: your colleagues would need their own purchase';
}

const TotalNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Summary = styled(Panel)`
  align-content: start;
`;

const Eyebrow = styled.h2`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const CourseTitle = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
  line-height: 1.3;
`;

const Description = styled.p`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Facts = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};

  li {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
    align-items: flex-start;
  }
  svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Figures = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  dd {
    margin: 0;
    white-space: nowrap;
  }
`;

const Line = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Total = styled(Line)`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;

  dd {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    font-weight: 700;
  }
`;
