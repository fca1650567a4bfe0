import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { AccessibilityStatementDto } from '@atrium/common';
import { formatCalendarDate, formatInstantDate } from '@atrium/common/rules/dates';

const EASS = 'https://www.equalityadvisoryservice.com/';
const EHRC = 'https://www.equalityhumanrights.com/';
const ABILITYNET = 'https://mcmw.abilitynet.org.uk/';
const REGULATIONS = 'https://www.legislation.gov.uk/uksi/2018/952/contents/made';
const WCAG = 'https://www.w3.org/TR/WCAG22/';

const days = (n: number) => `${n} working ${n === 1 ? 'day' : 'days'}`;
const longDay = (day: string) => formatCalendarDate(day);

/**
 * The statement in the order and wording of the UK government's model accessibility statement:
 * what it applies to, how accessible the site is, contact and reporting (`reportForm`), the
 * enforcement procedure, the technical part (compliance status and non-accessible content, made
 * from what the catalogue shows) and how and when it was tested.
 */
export function AccessibilityStatement({ statement, reportForm }: { statement: AccessibilityStatementDto; reportForm: ReactNode }) {
  const { brandName, publicUrl, settings, contactEmail, uncaptioned, totalModules, captionedModules } = statement;
  const missing = totalModules - captionedModules;
  const compliant = missing === 0 && !settings.knownIssues;
  return (
    <Article aria-labelledby="statement-title">
      <h1 id="statement-title">Accessibility statement for {brandName}</h1>
      <p>
        This accessibility statement applies to {brandName} at <a href={publicUrl}>{publicUrl}</a>: the course catalogue, the learning pages with their videos,
        captions and transcripts, certificates, and the school and admin areas.
      </p>
      <p>This website is run by {brandName}. We want as many people as possible to be able to use it. For example, that means you should be able to:</p>
      <ul>
        <li>change colours, contrast levels and fonts using your browser or device settings</li>
        <li>zoom in up to 400% without the text spilling off the screen</li>
        <li>navigate most of the website using just a keyboard or speech recognition software</li>
        <li>listen to most of the website using a screen reader (including the most recent versions of JAWS, NVDA and VoiceOver)</li>
        <li>turn captions on over a video, and read, search and download its transcript, where the video has captions</li>
      </ul>
      <p>We’ve also made the website text as simple as possible to understand.</p>
      <p>
        <a href={ABILITYNET}>AbilityNet</a> has advice on making your device easier to use if you have a disability.
      </p>

      <h2>How accessible this website is</h2>
      {compliant ? (
        <p>We know of no part of this website that is not accessible. If you find one, please tell us (below).</p>
      ) : (
        <>
          <p>We know some parts of this website are not fully accessible:</p>
          <ul>
            {missing > 0 ? (
              <li>
                {missing} of {totalModules} course videos do not have captions or a transcript yet (listed under “Non-accessible content” below)
              </li>
            ) : null}
            {settings.knownIssues ? <li>the further issues described under “Non-accessible content” below</li> : null}
          </ul>
        </>
      )}

      <h2>Feedback and contact information</h2>
      <p>If you need information on this website in a different format, such as accessible PDF, large print, easy read, audio recording or braille:</p>
      <ul>
        <li>
          e-mail <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </li>
        {settings.contactPhone ? (
          <li>
            call <a href={`tel:${settings.contactPhone.replace(/[^\d+]/g, '')}`}>{settings.contactPhone}</a>
          </li>
        ) : null}
      </ul>
      <p>We’ll consider your request and get back to you in {days(settings.responseDays)}.</p>

      <h2 id="report-title">Reporting accessibility problems with this website</h2>
      <p>
        We’re always looking to improve the accessibility of this website. If you find any problems not listed on this page or think we’re not meeting
        accessibility requirements, tell us with this form or e-mail <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. You do not need an account.
      </p>
      {reportForm}

      <h2>Enforcement procedure</h2>
      <p>
        The <a href={EHRC}>Equality and Human Rights Commission (EHRC)</a> is responsible for enforcing the Public Sector Bodies (Websites and Mobile
        Applications) (No. 2) Accessibility Regulations 2018 (the “accessibility regulations”).
      </p>
      <p>
        If you’re not happy with how we respond to your complaint, contact the <a href={EASS}>Equality Advisory and Support Service (EASS)</a>. In Northern
        Ireland, contact the Equality Commission for Northern Ireland.
      </p>

      <h2>Technical information about this website’s accessibility</h2>
      <p>
        {brandName} is committed to making its website accessible, in accordance with the{' '}
        <a href={REGULATIONS}>Public Sector Bodies (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018</a>.
      </p>

      <h3>Compliance status</h3>
      {compliant ? (
        <p>
          This website is fully compliant with the <a href={WCAG}>Web Content Accessibility Guidelines version 2.2</a> AA standard.
        </p>
      ) : (
        <p>
          This website is partially compliant with the <a href={WCAG}>Web Content Accessibility Guidelines version 2.2</a> AA standard, due to the
          non-compliances listed below.
        </p>
      )}

      <h3>Non-accessible content</h3>
      {compliant ? (
        <p>We know of no content that is not accessible.</p>
      ) : (
        <>
          <p>The content listed below is not accessible for the following reasons.</p>
          <h4>Non-compliance with the accessibility regulations</h4>
          {missing > 0 ? (
            <>
              <p>
                Some course videos have no captions or transcript yet, so people who are deaf or hard of hearing, or who watch with the sound off, cannot follow
                them. This fails WCAG 2.2 success criterion 1.2.2 (Captions (Prerecorded)). We add captions to every new video and are captioning these:
              </p>
              <CourseList>
                {uncaptioned.map((course) => (
                  <li key={course.courseId}>
                    <strong>{course.title}</strong>
                    <ul>
                      {course.modules.map((module) => (
                        <li key={module.moduleId}>{module.title}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </CourseList>
            </>
          ) : null}
          {settings.knownIssues ? <Note>{settings.knownIssues}</Note> : null}
        </>
      )}
      <p>
        Each course page lists which of its videos have captions, and in which languages, so you can check before buying. Course videos are played in the Vimeo
        player; the captions and the transcript are drawn by this website beside it.
      </p>

      <h2>Preparation of this accessibility statement</h2>
      <p>
        {settings.updatedAt ? `This statement was last updated on ${formatInstantDate(settings.updatedAt)}. ` : null}
        {settings.testedOn
          ? `The website was last reviewed on ${longDay(settings.testedOn)}${settings.testedBy ? `. The review was carried out by ${settings.testedBy}` : ''}.`
          : 'No review by a person has been recorded yet.'}
      </p>
      <p>
        Every change to the website is also tested automatically before release: browser tests walk through the main journeys (signing in, the catalogue,
        watching a module with captions and its transcript, this statement and its form) at desktop and phone widths, and check each screen with the axe
        accessibility engine, which must find no serious or critical problem. The list of videos without captions above is made from the catalogue as it is
        today.
      </p>
      <p>
        <Link to="/">Back to {brandName}</Link>
      </p>
    </Article>
  );
}

const Article = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  line-height: 1.6;

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    line-height: 1.25;
  }
  h2 {
    margin-top: ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
  h3 {
    margin-top: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  h4 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

const CourseList = styled.ul`
  ul {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

const Note = styled.p`
  white-space: pre-line;
`;
