import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { VideoEmbed } from '../../components/VideoEmbed.tsx';
import { landingContent, withBrand, type Testimonial, type VideoTestimonial } from '../../content/landing.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

export function Testimonials({ brand }: { brand?: string }) {
  const { testimonials } = landingContent;
  return (
    <Section aria-labelledby="testimonials-title" $tone="surface">
      <Container>
        <SectionHeader>
          <SectionTitle id="testimonials-title">{testimonials.heading}</SectionTitle>
          <SectionIntro>{withBrand(testimonials.intro, brand)}</SectionIntro>
        </SectionHeader>
        <VideoGrid>
          {testimonials.videos.map((item, index) => (
            <VideoCard key={index} item={item} sampleLabel={testimonials.sampleLabel} />
          ))}
        </VideoGrid>
        <Written>
          <QuoteMark aria-hidden="true">“</QuoteMark>
          <blockquote>
            <p>{testimonials.written.quote}</p>
          </blockquote>
          <Attribution item={testimonials.written} sampleLabel={testimonials.sampleLabel} />
        </Written>
      </Container>
    </Section>
  );
}

function VideoCard({ item, sampleLabel }: { item: VideoTestimonial; sampleLabel: string }) {
  return (
    <Card>
      {item.vimeoId ? <VideoEmbed vimeoId={item.vimeoId} title={`Video testimonial: ${item.role}, ${item.school}`} /> : null}
      <CardBody>
        {item.vimeoId ? null : (
          <CardQuoteMark aria-hidden="true">
            <Icon name="message" size={22} />
          </CardQuoteMark>
        )}
        <blockquote>
          <p>“{item.quote}”</p>
        </blockquote>
        <Attribution item={item} sampleLabel={sampleLabel} />
      </CardBody>
    </Card>
  );
}

function Attribution({ item, sampleLabel }: { item: Testimonial; sampleLabel: string }) {
  return (
    <Figcaption>
      <strong>{item.role}</strong>
      <span>{item.school}</span>
      {item.isSample ? <Sample>{sampleLabel}</Sample> : null}
    </Figcaption>
  );
}

const VideoGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Card = styled.figure`
  display: flex;
  flex-direction: column;
  margin: 0;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};

  blockquote {
    margin: 0;
  }
`;

const CardQuoteMark = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
`;

const CardBody = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};

  blockquote {
    flex: 1;
  }

  p {
    font-size: ${({ theme }) => theme.fontSize.md};
    line-height: 1.6;
  }
`;

const Figcaption = styled.figcaption`
  display: grid;
  gap: 2px;
  font-size: ${({ theme }) => theme.fontSize.sm};

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Sample = styled.em`
  margin-top: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-style: normal;
  color: ${({ theme }) => theme.colors.textMuted};
  letter-spacing: 0.02em;
`;

const Written = styled.figure`
  position: relative;
  max-width: 48rem;
  margin: ${({ theme }) => theme.space.xxl} auto 0;
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.accentSoft};
  text-align: center;

  blockquote {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  blockquote p {
    font-size: ${({ theme }) => theme.fontSize.xl};
    font-weight: 500;
    line-height: 1.45;
    letter-spacing: -0.01em;
  }
`;

const QuoteMark = styled.span`
  display: block;
  height: 2.5rem;
  color: ${({ theme }) => theme.colors.accent};
  font-size: 4rem;
  font-weight: 700;
  line-height: 1;
`;
