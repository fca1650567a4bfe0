import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import type { CourseSummaryDto } from '@atrium/common';
import { useShownCurrency } from '../../api/currency.ts';
import { landingContent } from '../../content/landing.ts';
import { landingPrice } from './landingPrice.ts';
import { Section, SectionTitle } from './landingStyles.ts';

/** The school licence card; its price is the catalogue's, in the visitor's currency, once the courses are here. */
export function SchoolAccess({ courses }: { courses: readonly CourseSummaryDto[] | undefined }) {
  const { schoolAccess } = landingContent;
  const currency = useShownCurrency();
  // The same answer the course grid shows; the card follows the visitor's currency.
  const fromCatalogue = landingPrice(courses, currency);
  const pricing = fromCatalogue ?? schoolAccess.pricing;
  return (
    <Section aria-labelledby="access-title" $tone="surface">
      <Grid>
        <div>
          <SectionTitle id="access-title">{schoolAccess.heading}</SectionTitle>
          <Body>{schoolAccess.body}</Body>
          <Benefits>
            {schoolAccess.benefits.map((benefit) => (
              <li key={benefit}>
                <Icon name="checkCircle" size={22} />
                <span>{benefit}</span>
              </li>
            ))}
          </Benefits>
        </div>
        <PriceCard>
          <Icon name="users" size={32} />
          <Price>{pricing.headline}</Price>
          {pricing.detail ? <p>{pricing.detail}</p> : null}
          <Note>{pricing.note}</Note>
          <ButtonLink to={schoolAccess.cta.to} variant="inverse" size="lg" block>
            {schoolAccess.cta.label}
          </ButtonLink>
        </PriceCard>
      </Grid>
    </Section>
  );
}

const Grid = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xxl};
  align-items: center;

  ${media.desktop} {
    grid-template-columns: 1.3fr 1fr;
  }
`;

const Body = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

const Benefits = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xl} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: flex-start;
    font-weight: 500;
  }
  svg {
    flex: none;
    margin-top: 1px;
    color: ${({ theme }) => theme.colors.success};
  }
`;

const PriceCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.accent}, ${({ theme }) => theme.colors.accentDeep});
  color: ${({ theme }) => theme.colors.onAccent};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  p {
    color: ${({ theme }) => theme.colors.onAccentMuted};
  }
  a {
    margin-top: ${({ theme }) => theme.space.md};
  }
`;

const Price = styled.p`
  && {
    color: ${({ theme }) => theme.colors.onAccent};
  }
  font-size: 2.25rem;
  font-weight: 800;
  letter-spacing: -0.02em;
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
