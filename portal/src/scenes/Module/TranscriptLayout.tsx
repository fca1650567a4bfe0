import type { ReactNode } from 'react';
import styled from 'styled-components';

/** The video with its transcript beside it on a desktop, below it on a phone or tablet. */
export function TranscriptLayout({ video, transcript }: { video: ReactNode; transcript: ReactNode }) {
  if (!transcript) return <>{video}</>;
  return (
    <Grid>
      <div>{video}</div>
      <Side>
        <Fill>{transcript}</Fill>
      </Side>
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  /* One column no wider than the screen: an auto column grows to its widest line (the transcript's toolbar) and the page scrolls sideways. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  padding: 0 0 ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    grid-template-columns: minmax(0, 1fr) 24rem;
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Side = styled.div`
  position: relative;
  height: min(60vh, 32rem);
  padding: 0 ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    /* As tall as the video beside it, scrolling inside. */
    height: auto;
    min-height: 20rem;
    padding: 0;
  }
`;

const Fill = styled.div`
  position: absolute;
  inset: 0;
  padding: inherit;
`;
