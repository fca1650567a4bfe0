import styled from 'styled-components';

/**
 * The current cue drawn over the video (the Vimeo embed cannot take Atrium's tracks). Hidden from
 * screen readers: the transcript is their way in, and its live region speaks only when asked.
 */
export function CaptionOverlay({ text, lang }: { text: string | null; lang: string }) {
  if (!text) return null;
  return (
    <Layer aria-hidden="true" data-testid="caption-overlay">
      <Line lang={lang}>{text}</Line>
    </Layer>
  );
}

const Layer = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  /* Above the Vimeo control bar. */
  bottom: 16%;
  display: flex;
  justify-content: center;
  padding: 0 4%;
  pointer-events: none;
  z-index: ${({ theme }) => theme.zIndex.base + 1};
`;

const Line = styled.p`
  margin: 0;
  max-width: 100%;
  padding: 0.15em 0.5em;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: rgba(0, 0, 0, 0.82);
  color: ${({ theme }) => theme.colors.inverse.text};
  /* Readable from a phone held upright (390 px) to a projector. */
  font-size: clamp(0.95rem, 2.6vw, 1.6rem);
  line-height: 1.35;
  text-align: center;
  white-space: pre-line;
`;
