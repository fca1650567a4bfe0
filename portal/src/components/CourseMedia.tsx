import styled from 'styled-components';
import type { CourseCardMedia, CourseIcon } from '@atrium/common/rules/courseCard';
import { Icon } from './Icon.tsx';
import { VideoEmbed } from './VideoEmbed.tsx';

const iconTint: Record<CourseIcon, { from: string; to: string }> = {
  photo: { from: '#e8ecfb', to: '#d6defa' },
  video: { from: '#e3f4ea', to: '#cdebd9' },
  podcast: { from: '#fdf3dc', to: '#f8e5b9' },
  book: { from: '#f1f3f8', to: '#e2e6ef' },
};

const iconColour: Record<CourseIcon, string> = {
  photo: '#2f4ac0',
  video: '#17733f',
  podcast: '#8a5a00',
  book: '#4f5a6e',
};

/** The top of a course card: preview video, thumbnail or icon, as the card rules decide. */
export function CourseMedia({ media, title }: { media: CourseCardMedia; title: string }) {
  if (media.kind === 'video') return <VideoEmbed vimeoId={media.videoId} title={`Preview of ${title}`} />;
  if (media.kind === 'thumbnail') {
    return (
      <Frame>
        <img src={media.src} alt="" loading="lazy" />
      </Frame>
    );
  }
  return (
    <IconFrame $icon={media.icon} data-icon={media.icon}>
      <Icon name={media.icon} size={44} strokeWidth={1.5} />
    </IconFrame>
  );
}

const Frame = styled.div`
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const IconFrame = styled.div<{ $icon: CourseIcon }>`
  display: grid;
  place-items: center;
  aspect-ratio: 16 / 9;
  background: linear-gradient(135deg, ${({ $icon }) => iconTint[$icon].from}, ${({ $icon }) => iconTint[$icon].to});
  color: ${({ $icon }) => iconColour[$icon]};
`;
