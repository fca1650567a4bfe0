import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptionTrackDto, CourseCaptionsDto, MessageDto } from '@atrium/common';
import { parseText, tokenizeVTTCue, type VTTNode } from 'media-captions';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

export const moduleCaptionsKey = (moduleId: number) => [`/api/modules/${moduleId}/captions`] as const;
export const courseCaptionsKey = (courseId: number) => [`/api/courses/${courseId}/captions`] as const;

/** A module's tracks (enrolled learners and admins); `enabled` false before access is known. */
export const useModuleCaptions = (moduleId: number, enabled = true) => useQuery<CaptionTrackDto[]>({ queryKey: moduleCaptionsKey(moduleId), enabled });

/** Which of a course's modules have captions, in which languages (public); `enabled` false until the course is known. */
export const useCourseCaptions = (courseId: number, enabled = true) => useQuery<CourseCaptionsDto>({ queryKey: courseCaptionsKey(courseId), enabled });

/** One cue as Atrium shows it: times in seconds and the text without WebVTT markup. */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

function plainText(nodes: readonly VTTNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.data;
      if (node.type === 'timestamp') return '';
      // Ruby annotations repeat the base text's reading; the transcript keeps the base text.
      if (node.type === 'rt') return '';
      return plainText(node.children);
    })
    .join('');
}

/** Parses WebVTT with the same parser the server checked it with. */
export async function parseCaptionCues(vtt: string): Promise<CaptionCue[]> {
  const { cues } = await parseText(vtt, { type: 'vtt' });
  return cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plainText(tokenizeVTTCue(cue)).trim() }));
}

/** A track's cues, read from its `.vtt` URL; `null` URL = nothing to read. */
export function useCaptionCues(url: string | null) {
  return useQuery<CaptionCue[]>({
    queryKey: [url ?? 'no-track', 'cues'],
    enabled: url !== null,
    // Switching language keeps the transcript (and its search and follow-along) on screen until the new cues arrive.
    placeholderData: (previous) => previous,
    queryFn: async ({ signal }) => parseCaptionCues(await api.get<string>(url!, { signal })),
  });
}

export interface CaptionUpload {
  lang: string;
  label: string;
  file: File;
}

export function useUploadCaptions(moduleId: number, courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lang, label, file }: CaptionUpload) => {
      const form = new FormData();
      form.append('label', label);
      form.append('file', file);
      return api.put<CaptionTrackDto>(`/api/modules/${moduleId}/captions/${encodeURIComponent(lang.trim())}`, form);
    },
    onSuccess: () => invalidatePaths(queryClient, CHANGES.captions(moduleId, courseId)),
  });
}

export function useDeleteCaptions(moduleId: number, courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lang: string) => api.delete<MessageDto>(`/api/modules/${moduleId}/captions/${encodeURIComponent(lang)}`),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.captions(moduleId, courseId)),
  });
}
