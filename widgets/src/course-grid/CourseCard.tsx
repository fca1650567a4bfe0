import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { landingCardMedia, modulesPhrase, type CourseIcon } from '@atrium/common/rules/courseCard';
import { estimatedHours, hoursPhrase } from '@atrium/common/rules/format';
import { cpdSummary } from '@atrium/common/rules/cpd';
import { CURRENCY_NAMES, formatMoney, priceIn, type Currency } from '@atrium/common/rules/currency';
import styled, { keyframes } from 'styled-components';
import { BookIcon, CameraIcon, ClockIcon, LayersIcon, MicIcon, VideoIcon } from '../shared/icons.tsx';
import { tokens } from '../tokens.ts';

/** The fields a landing card reads; totalModules may be missing from older API answers. */
export type CourseCardCourse = Pick<CourseSummaryDto, 'id' | 'title' | 'description' | 'price'> &
  Partial<Pick<CourseSummaryDto, 'salesVideoId' | 'thumbnail' | 'prices' | 'cpdHours' | 'ceus'>> & { totalModules?: number | null };

export interface CourseCardProps {
  course: CourseCardCourse;
  href: string;
  actionLabel: string;
  /** Prices are shown in this currency where the course has one, else in pounds (said so). */
  currency?: Currency;
  /** The locale amounts are written in; the browser's when absent (a server-rendered page passes the one it wrote). */
  locale?: string;
}

const ICONS: Record<CourseIcon, typeof BookIcon> = { photo: CameraIcon, video: VideoIcon, podcast: MicIcon, book: BookIcon };

/** One course on the public grid (SPEC §2 "On the public landing page"). */
export function CourseCard({ course, href, actionLabel, currency = 'GBP', locale }: CourseCardProps) {
  const price = priceIn(course.prices ?? { GBP: course.price }, currency);
  const media = landingCardMedia(course);
  const hours = typeof course.totalModules === 'number' ? estimatedHours(course.totalModules) : null;
  const cpd = cpdSummary(course);
  return (
    <Card part="card" data-course-id={course.id}>
      <Media part="card-media" data-media={media.kind === 'icon' ? `icon-${media.icon}` : media.kind}>
        {media.kind === 'video' ? (
          <Video
            src={`https://player.vimeo.com/video/${encodeURIComponent(media.videoId)}?title=0&byline=0&portrait=0&dnt=1`}
            title={`Preview: ${course.title}`}
            loading="lazy"
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
          />
        ) : media.kind === 'icon' ? (
          <IconTile>
            {(() => {
              const Icon = ICONS[media.icon];
              return <Icon size={34} />;
            })()}
          </IconTile>
        ) : null}
      </Media>
      <Body>
        <Title part="card-title">{course.title}</Title>
        <Description>{course.description}</Description>
        <Meta>
          <MetaItem>
            <LayersIcon size={16} />
            {modulesPhrase(course.totalModules)}
          </MetaItem>
          {hours !== null && hours > 0 && (
            <MetaItem>
              <ClockIcon size={16} />
              {hoursPhrase(course.totalModules ?? 0)}
            </MetaItem>
          )}
          {cpd ? <MetaItem part="card-cpd">{cpd}</MetaItem> : null}
        </Meta>
        <Footer>
          <PriceBlock>
            <Price part="card-price" data-currency={price.currency}>
              {formatMoney(price.amount, price.currency, locale ?? (typeof navigator === 'undefined' ? undefined : navigator.language))}
            </Price>
            {price.fallback ? <PriceNote part="card-price-note">No {CURRENCY_NAMES[currency].replace(/s$/, '')} price: shown in pounds</PriceNote> : null}
          </PriceBlock>
          <Action href={href} part="card-button">
            {actionLabel}
          </Action>
        </Footer>
      </Body>
    </Card>
  );
}

/** A grey card of the same shape, shown four times while the list loads. */
export function CourseCardPlaceholder() {
  return (
    <Card part="card placeholder" aria-hidden="true" data-placeholder="">
      <Media>
        <Shimmer />
      </Media>
      <Body>
        <Bar $width="75%" $height={20} />
        <Bar $width="100%" />
        <Bar $width="90%" />
        <Bar $width="40%" />
        <Footer>
          <Bar $width="30%" $height={24} />
          <Bar $width="35%" $height={40} />
        </Footer>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow: hidden;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLarge};
  box-shadow: ${tokens.shadowCard};
  transition:
    box-shadow 160ms ease,
    transform 160ms ease;
  &:hover:not([data-placeholder]) {
    box-shadow: ${tokens.shadowRaised};
    transform: translateY(-2px);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover:not([data-placeholder]) {
      transform: none;
    }
  }
`;

const Media = styled.div`
  position: relative;
  height: 150px;
  &[data-media='video'] {
    height: auto;
    aspect-ratio: 16 / 9;
  }
  background: ${tokens.accentSoft};
  overflow: hidden;
`;

const Video = styled.iframe`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  border: 0;
  background: #000;
`;

const IconTile = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${tokens.accent};
  background:
    radial-gradient(circle at 20% 20%, rgba(255, 255, 255, 0.9), transparent 55%),
    linear-gradient(135deg, ${tokens.accentSoft}, color-mix(in srgb, var(--atrium-accent, #2f4ac0) 22%, #fff));
  & > svg {
    padding: 18px;
    width: 72px;
    height: 72px;
    border-radius: 50%;
    background: ${tokens.surface};
    box-shadow: 0 6px 18px rgba(23, 32, 51, 0.12);
  }
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 10px;
  padding: 18px 20px 20px;
`;

const Title = styled.h3`
  margin: 0;
  font-size: 18px;
  font-weight: 700;
  line-height: 1.3;
  color: ${tokens.text};
`;

const Description = styled.p`
  margin: 0;
  font-size: 14.5px;
  line-height: 1.55;
  color: ${tokens.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  font-size: 13.5px;
  color: ${tokens.textMuted};
`;

const MetaItem = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  & > svg {
    color: ${tokens.accent};
  }
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: auto;
  padding-top: 8px;
`;

const PriceBlock = styled.span`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const PriceNote = styled.span`
  font-size: 12px;
  color: ${tokens.textMuted};
`;

const Price = styled.span`
  font-size: 22px;
  font-weight: 700;
  letter-spacing: -0.01em;
  color: ${tokens.text};
`;

const Action = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 42px;
  padding: 9px 16px;
  font: inherit;
  font-size: 15px;
  font-weight: 600;
  line-height: 1.2;
  white-space: nowrap;
  text-decoration: none;
  color: ${tokens.onAccent};
  background: ${tokens.accent};
  border-radius: ${tokens.radius};
  transition: background-color 120ms ease;
  &:hover {
    background: ${tokens.accentStrong};
    color: ${tokens.onAccent};
    text-decoration: none;
  }
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 2px;
  }
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Shimmer = styled.div`
  position: absolute;
  inset: 0;
  background: ${tokens.surfaceMuted};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const Bar = styled.div<{ $width: string; $height?: number }>`
  width: ${({ $width }) => $width};
  height: ${({ $height = 14 }) => $height}px;
  border-radius: 6px;
  background: ${tokens.surfaceMuted};
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
