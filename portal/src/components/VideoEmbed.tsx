import { useState } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon.tsx';

/**
 * A Vimeo video behind a click: nothing is loaded from the video host until the visitor asks
 * for it, which keeps pages light and sets no third-party cookies on arrival.
 */
export function VideoEmbed({ vimeoId, title }: { vimeoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <Frame>
      {playing ? (
        <iframe
          src={`https://player.vimeo.com/video/${encodeURIComponent(vimeoId)}?autoplay=1&dnt=1&title=0&byline=0`}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <PlayButton type="button" onClick={() => setPlaying(true)} aria-label={`Play video: ${title}`}>
          <PlayDisc>
            <Icon name="play" size={26} />
          </PlayDisc>
        </PlayButton>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  width: 100%;
  overflow: hidden;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.accentDeep}, ${({ theme }) => theme.colors.accent});

  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const PlayButton = styled.button`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  width: 100%;
  border: 0;
  background: transparent;
  cursor: pointer;

  &:hover > span {
    transform: scale(1.06);
  }
  &:focus-visible {
    outline-offset: -4px;
  }
`;

const PlayDisc = styled.span`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  padding-left: 4px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.accent};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  transition: transform 150ms ease;
`;
