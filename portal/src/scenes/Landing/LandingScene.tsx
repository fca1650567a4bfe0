import styled from 'styled-components';
import { SkipLink, MAIN_ID } from '../../components/SkipLink.tsx';
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
import { useSectionLinks } from './useSectionLinks.ts';
import { WhyChooseUs } from './WhyChooseUs.tsx';

/** The public landing page (SPEC §2), section by section; all copy is in content/landing.ts. */
export function LandingScene() {
  usePageTitle(landingContent.meta.title);
  useSectionLinks();
  // The whole page is rendered on the server (server/src/routes/pages/), so a phone paints it
  // from the HTML; the browser's render only hydrates what is already there.
  return (
    <>
      <SkipLink />
      <LandingHeader />
      <Main id={MAIN_ID} tabIndex={-1}>
        <Hero />
        <Testimonials />
        <WhyChooseUs />
        <CoursesSection />
        <SchoolAccess />
        <Faq />
        <ContactSection />
        <ClosingCta />
      </Main>
      <LandingFooter />
    </>
  );
}

const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;
