import { usePublicConfig } from '../../api/config.ts';
import { useCourses } from '../../api/courses.ts';
import { CurrencySwitcher } from '../../components/CurrencySwitcher.tsx';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { landingContent } from '../../content/landing.ts';
import { LandingView } from './LandingView.tsx';
import { useSectionLinks } from './useSectionLinks.ts';

/**
 * `/` for a visitor: reads the catalogue and the site's configuration. The whole page is rendered
 * on the server (server/src/routes/pages/), which fills both reads in, so a phone paints it from
 * the HTML; the browser's render only hydrates what is already there.
 */
export function LandingScene() {
  usePageTitle(landingContent.meta.title);
  useSectionLinks();
  const courses = useCourses();
  const config = usePublicConfig().data;
  return <LandingView catalogue={readState(courses)} brand={config?.brandName} supportEmail={config?.supportEmail} currencySwitcher={<CurrencySwitcher />} />;
}
