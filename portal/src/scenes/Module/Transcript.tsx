import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { CaptionTrackDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import type { CaptionCue } from '../../api/captions.ts';
import { Button } from '../../components/Button.tsx';

/** A new paragraph starts after this many cues, or after a pause this long (seconds). */
const CUES_PER_PARAGRAPH = 5;
const PARAGRAPH_PAUSE = 2.5;

interface Paragraph {
  start: number;
  cueIndexes: number[];
}

export function paragraphsOf(cues: readonly CaptionCue[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  cues.forEach((cue, index) => {
    const last = paragraphs.at(-1);
    const previous = cues[index - 1];
    if (!last || last.cueIndexes.length >= CUES_PER_PARAGRAPH || (previous && cue.start - previous.end > PARAGRAPH_PAUSE)) {
      paragraphs.push({ start: cue.start, cueIndexes: [index] });
    } else {
      last.cueIndexes.push(index);
    }
  });
  return paragraphs;
}

/** The transcript as plain text: one paragraph per line, each with its time. */
export function transcriptText(title: string, label: string, cues: readonly CaptionCue[]): string {
  const body = paragraphsOf(cues).map(
    (paragraph) => `[${formatDuration(paragraph.start)}] ${paragraph.cueIndexes.map((index) => cues[index]!.text.replaceAll('\n', ' ')).join(' ')}`,
  );
  return `${title}\nTranscript (${label})\n\n${body.join('\n\n')}\n`;
}

function highlighted(text: string, query: string): ReactNode {
  if (!query) return text;
  const lower = text.toLocaleLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  let at = lower.indexOf(query, from);
  while (at >= 0) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + query.length)}</mark>);
    from = at + query.length;
    at = lower.indexOf(query, from);
  }
  parts.push(text.slice(from));
  return parts;
}

export interface TranscriptProps {
  moduleTitle: string;
  tracks: readonly CaptionTrackDto[];
  track: CaptionTrackDto;
  cues: readonly CaptionCue[];
  /** The cue showing now, or -1. */
  current: number;
  captionsOn: boolean;
  onCaptionsChange(on: boolean): void;
  onLanguageChange(lang: string): void;
  onSeek(seconds: number): void;
}

/**
 * The module's transcript: cues as paragraphs with their times, the current one highlighted,
 * a click on one seeks the video there; search with next/previous match; a language switcher
 * when there are several tracks; download as text. "Follow along" scrolls to the current cue
 * and reads each new one out through a live region (only then, so it never talks uninvited).
 */
export function Transcript({ moduleTitle, tracks, track, cues, current, captionsOn, onCaptionsChange, onLanguageChange, onSeek }: TranscriptProps) {
  const headingId = useId();
  const searchId = useId();
  const languageId = useId();
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [follow, setFollow] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const paragraphs = useMemo(() => paragraphsOf(cues), [cues]);
  const needle = query.trim().toLocaleLowerCase();
  const matches = useMemo(() => (needle ? cues.flatMap((cue, index) => (cue.text.toLocaleLowerCase().includes(needle) ? [index] : [])) : []), [cues, needle]);
  const activeMatch = matches.length > 0 ? matches[Math.min(matchIndex, matches.length - 1)]! : -1;

  const scrollToCue = (index: number) => {
    const element = list.current?.querySelector<HTMLElement>(`[data-cue="${index}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  };

  useEffect(() => {
    if (activeMatch >= 0) scrollToCue(activeMatch);
  }, [activeMatch]);

  useEffect(() => {
    if (follow && current >= 0) scrollToCue(current);
  }, [follow, current]);

  const step = (delta: number) => {
    if (matches.length === 0) return;
    setMatchIndex((index) => (Math.min(index, matches.length - 1) + delta + matches.length) % matches.length);
  };

  const download = () => {
    const blob = new Blob([transcriptText(moduleTitle, track.label, cues)], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${moduleTitle.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'module'}-transcript-${track.lang}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <Panel aria-labelledby={headingId}>
      <Header>
        <h2 id={headingId}>Transcript</h2>
        <Controls>
          <Button size="sm" variant={captionsOn ? 'primary' : 'secondary'} aria-pressed={captionsOn} onClick={() => onCaptionsChange(!captionsOn)}>
            CC <span className="visually-hidden">Captions on the video</span>
          </Button>
          {tracks.length > 1 ? (
            <Select>
              <label htmlFor={languageId}>Language</label>
              <select id={languageId} value={track.lang} onChange={(event) => onLanguageChange(event.target.value)}>
                {tracks.map((option) => (
                  <option key={option.lang} value={option.lang}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Select>
          ) : null}
          <Button size="sm" variant="secondary" onClick={download}>
            Download transcript
          </Button>
        </Controls>
        <Search role="search">
          <label htmlFor={searchId} className="visually-hidden">
            Search the transcript
          </label>
          <input
            id={searchId}
            type="search"
            aria-describedby={`${searchId}-count`}
            placeholder="Search the transcript"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setMatchIndex(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                step(event.shiftKey ? -1 : 1);
              }
            }}
          />
          <Button size="sm" variant="secondary" onClick={() => step(-1)} disabled={matches.length === 0}>
            Previous<span className="visually-hidden"> match</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => step(1)} disabled={matches.length === 0}>
            Next<span className="visually-hidden"> match</span>
          </Button>
          <MatchCount id={`${searchId}-count`}>
            {needle ? (matches.length === 0 ? 'No matches' : `Match ${matches.indexOf(activeMatch) + 1} of ${matches.length}`) : ''}
          </MatchCount>
        </Search>
        <Follow>
          <input type="checkbox" id={`${headingId}-follow`} checked={follow} onChange={(event) => setFollow(event.target.checked)} />
          <label htmlFor={`${headingId}-follow`}>Follow along (scrolls and reads out each line)</label>
        </Follow>
      </Header>
      {follow ? (
        <LiveLine aria-live="polite" className="visually-hidden">
          {current >= 0 ? cues[current]!.text : ''}
        </LiveLine>
      ) : null}
      <Body ref={list} lang={track.lang} tabIndex={0} aria-label={`Transcript text, ${track.label}`}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph.cueIndexes[0]}>
            <Time>{formatDuration(paragraph.start)}</Time>{' '}
            {paragraph.cueIndexes.map((index) => (
              <Cue
                key={index}
                type="button"
                data-cue={index}
                aria-current={index === current ? 'true' : undefined}
                $current={index === current}
                $match={index === activeMatch}
                onClick={() => onSeek(cues[index]!.start)}
                title={`Play from ${formatDuration(cues[index]!.start)}`}
              >
                {highlighted(cues[index]!.text.replaceAll('\n', ' '), needle)}{' '}
              </Cue>
            ))}
          </p>
        ))}
      </Body>
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
`;

const Header = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
    margin: 0;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Select = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  max-width: 100%;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};

  select {
    max-width: 100%;
    min-height: 2.25rem;
    padding: 0 ${({ theme }) => theme.space.xs};
    border: 1px solid ${({ theme }) => theme.colors.inputBorder};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Search = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  input {
    flex: 1 1 10rem;
    min-width: 0;
    min-height: 2.25rem;
    padding: 0 ${({ theme }) => theme.space.xs};
    border: 1px solid ${({ theme }) => theme.colors.inputBorder};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
  }
`;

const MatchCount = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Follow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const LiveLine = styled.div``;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  line-height: 1.6;

  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  mark {
    background: ${({ theme }) => theme.colors.warningSoft};
    color: inherit;
    outline: 1px solid ${({ theme }) => theme.colors.warning};
  }
`;

const Time = styled.span`
  display: inline-block;
  margin-right: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Cue = styled.button<{ $current: boolean; $match: boolean }>`
  display: inline;
  padding: 0;
  border: 0;
  margin: 0;
  font: inherit;
  text-align: inherit;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $current, theme }) => ($current ? theme.colors.accentSoft : 'transparent')};
  box-shadow: ${({ $match, theme }) => ($match ? `0 0 0 2px ${theme.colors.warning}` : 'none')};
  font-weight: ${({ $current }) => ($current ? 600 : 'inherit')};

  &:hover {
    text-decoration: underline;
  }
`;
