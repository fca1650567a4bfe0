import { useState, type ReactNode } from 'react';
import { useCaptionCues, useModuleCaptions } from '../../api/captions.ts';
import { CaptionOverlay } from './CaptionOverlay.tsx';
import { currentCueIndex, usePlayerTime, type CaptionPlayer } from './captionPlayer.ts';
import { useCaptionPreferences } from './captionPreferences.ts';
import { Transcript } from './Transcript.tsx';
import { TranscriptLayout } from './TranscriptLayout.tsx';

/**
 * The module's captions as two pieces for the page to place: the overlay (inside the player's
 * stage) and the transcript panel (beside or below the video). Both null while the module has no
 * captions, so a module without them looks as it always did.
 */
export function useModuleCaptionView({
  moduleId,
  moduleTitle,
  player,
  enabled = true,
}: {
  moduleId: number;
  moduleTitle: string;
  player: CaptionPlayer | null;
  /** False for a module without a video: there is nothing to caption. */
  enabled?: boolean;
}): {
  overlay: ReactNode;
  transcript: ReactNode;
} {
  const tracks = useModuleCaptions(moduleId, enabled);
  const list = tracks.data ?? [];
  // Asked only where there is something to caption.
  const { preferences, update } = useCaptionPreferences(list.length > 0);
  const track = list.find((candidate) => candidate.lang === preferences.lang) ?? list.find((candidate) => candidate.lang.startsWith('en')) ?? list[0] ?? null;
  const cues = useCaptionCues(track?.url ?? null);
  const seconds = usePlayerTime(player);
  if (!track || !cues.data) return { overlay: null, transcript: null };
  const current = currentCueIndex(cues.data, seconds);
  return {
    overlay: preferences.on ? <CaptionOverlay text={current >= 0 ? cues.data[current]!.text : null} lang={track.lang} /> : null,
    transcript: (
      <Transcript
        moduleTitle={moduleTitle}
        tracks={list}
        track={track}
        cues={cues.data}
        current={current}
        captionsOn={preferences.on}
        onCaptionsChange={(on) => update({ on })}
        onLanguageChange={(lang) => update({ lang })}
        onSeek={(at) => void player?.setCurrentTime(at).catch(() => undefined)}
      />
    ),
  };
}

/**
 * The video and its transcript, with the caption state kept here so the player's time updates
 * (several a second) re-render only this part of the module page.
 */
export function CaptionedTheatre({
  moduleId,
  moduleTitle,
  enabled,
  video,
}: {
  moduleId: number;
  moduleTitle: string;
  enabled: boolean;
  video(captions: { overlay: ReactNode; onPlayer(player: CaptionPlayer | null): void }): ReactNode;
}) {
  const [player, setPlayer] = useState<CaptionPlayer | null>(null);
  const view = useModuleCaptionView({ moduleId, moduleTitle, player, enabled });
  return <TranscriptLayout video={video({ overlay: view.overlay, onPlayer: setPlayer })} transcript={view.transcript} />;
}
