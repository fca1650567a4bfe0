import styled from 'styled-components';
import { theme } from '@atrium/common/ui/theme';
import type { CourseCardMedia, CourseIcon } from '@atrium/common/rules/courseCard';
import { Icon } from './Icon.tsx';
import { VideoEmbed } from './VideoEmbed.tsx';

const { colors } = theme;

const iconTint: Record<CourseIcon, { from: string; to: string }> = {
  photo: { from: colors.accentSoft, to: colors.tint.accent },
  video: { from: colors.successSoft, to: colors.tint.success },
  podcast: { from: colors.warningSoft, to: colors.tint.warning },
  book: { from: colors.surfaceMuted, to: colors.tint.neutral },
};

const iconColour: Record<CourseIcon, string> = {
  photo: colors.accent,
  video: colors.success,
  podcast: colors.warning,
  book: colors.textMuted,
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
