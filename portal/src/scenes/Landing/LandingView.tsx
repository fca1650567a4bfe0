import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CourseSummaryDto } from '@atrium/common';
import { SkipLink, MAIN_ID } from '../../components/SkipLink.tsx';
import type { ReadState } from '../../components/QueryState.tsx';
import { ClosingCta } from './ClosingCta.tsx';
import { ContactSection } from './ContactSection.tsx';
import { CoursesSection } from './CoursesSection.tsx';
import { Faq } from './Faq.tsx';
import { Hero } from './Hero.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { LandingHeader } from './LandingHeader.tsx';
import { SchoolAccess } from './SchoolAccess.tsx';
import { Testimonials } from './Testimonials.tsx';
import { WhyChooseUs } from './WhyChooseUs.tsx';

export interface LandingViewProps {
  /** The public catalogue: the course grid, the pricing card and the FAQ's price all show it. */
  catalogue: ReadState<CourseSummaryDto[]>;
  /** The site's brand and support address (none until the configuration is read). */
  brand?: string;
  supportEmail?: string;
  /** The header's currency switcher (CurrencySwitcher, a container). */
  currencySwitcher: ReactNode;
}

/** The public landing page (SPEC §2), section by section; all copy is in content/landing.ts. */
export function LandingView({ catalogue, brand, supportEmail, currencySwitcher }: LandingViewProps) {
  const courses = catalogue.state === 'ready' ? catalogue.data : undefined;
  return (
    <>
      <SkipLink />
      <LandingHeader brand={brand} currencySwitcher={currencySwitcher} />
      <Main id={MAIN_ID} tabIndex={-1}>
        <Hero />
        <Testimonials brand={brand} />
        <WhyChooseUs />
        <CoursesSection catalogue={catalogue} />
        <SchoolAccess courses={courses} />
        <Faq courses={courses} />
        <ContactSection supportEmail={supportEmail} />
        <ClosingCta />
      </Main>
      <LandingFooter brand={brand} supportEmail={supportEmail} />
    </>
  );
}

const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;
