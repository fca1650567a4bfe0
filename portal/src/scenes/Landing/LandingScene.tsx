import { useDeferredValue } from 'react';
import styled from 'styled-components';
import { SkipLink, MAIN_ID } from '../../components/PageFrame.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { landingContent } from '../../content/landing.ts';
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

/** The public landing page (SPEC §2), section by section; all copy is in content/landing.ts. */
export function LandingScene() {
  usePageTitle(landingContent.meta.title);
  // The header and hero are the first screen. The long rest of the page (and the footer, so it
  // never shows under the hero and then jumps away) follows at once in a low-priority render,
  // which React splits into short slices: a phone paints the hero without waiting for the whole
  // page and stays responsive while the rest is built.
  const showRest = useDeferredValue(true, false);
  return (
    <>
      <SkipLink />
      <LandingHeader />
      <Main id={MAIN_ID} tabIndex={-1}>
        <Hero />
        {showRest ? (
          <>
            <Testimonials />
            <WhyChooseUs />
            <CoursesSection />
            <SchoolAccess />
            <Faq />
            <ContactSection />
            <ClosingCta />
          </>
        ) : null}
      </Main>
      {showRest ? <LandingFooter /> : null}
    </>
  );
}

const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;
