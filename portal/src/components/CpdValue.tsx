import styled from 'styled-components';
import { cpdSummary } from '@atrium/common/rules/cpd';
import { Icon } from './Icon.tsx';

interface CpdFields {
  cpdHours?: number;
  ceus?: number;
  cpdStandards?: string[];
}

/** "1.5 CPD hours · 0.15 CEUs" on a course card (issue 59); nothing for a course without hours. */
export function CpdLine({ course }: { course: CpdFields }) {
  const summary = cpdSummary(course);
  if (!summary) return null;
  return (
    <Line>
      <Icon name="award" size={16} />
      {summary}
    </Line>
  );
}

/** The course page's CPD value: the hours line and the standards it maps to as tags. */
export function CpdDetails({ course }: { course: CpdFields }) {
  const summary = cpdSummary(course);
  const standards = course.cpdStandards ?? [];
  if (!summary && !standards.length) return null;
  return (
    <Details aria-label="Professional development">
      {summary ? (
        <Line as="p">
          <Icon name="award" size={18} />
          {summary}
        </Line>
      ) : null}
      {standards.length ? (
        <Standards aria-label="Standards and frameworks">
          {standards.map((standard) => (
            <li key={standard}>{standard}</li>
          ))}
        </Standards>
      ) : null}
    </Details>
  );
}

const Line = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Standards = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    max-width: 100%;
    padding: 0.15rem 0.55rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    overflow-wrap: anywhere;
  }
`;
