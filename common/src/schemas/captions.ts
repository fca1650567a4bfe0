import { z } from 'zod';
import { id } from './common.ts';

/** Whether a language tag is a well-formed BCP 47 tag, by the platform's own Intl rules. */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** A caption track's language: a BCP 47 tag such as `en`, `en-GB` or `cy`, kept as canonicalised. */
export const captionLang = z
  .string()
  .trim()
  .min(2, 'Give the language as a code such as en or en-GB')
  .max(35, 'Give the language as a code such as en or en-GB')
  .refine(isLanguageTag, 'Give the language as a code such as en or en-GB')
  .transform((tag) => Intl.getCanonicalLocales(tag)[0]!);

export const captionLabel = z.string().trim().min(1, 'Give the track a label, such as English').max(100, 'Keep the label under 100 characters');

export const captionTrackParams = z.object({
  id,
  lang: captionLang,
});

export const captionUploadFields = z.object({ label: captionLabel });
