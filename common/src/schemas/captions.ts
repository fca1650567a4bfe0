import { z } from 'zod';
import { id } from './common.ts';

const LANG_HINT = 'Give the language as a code such as en, en-GB or cy';

/** A private-use tag (`x-` and subtags of 1–8 letters or digits): BCP 47 allows it, Intl refuses it. */
const PRIVATE_USE = /^x(-[a-z0-9]{1,8})+$/i;

/** The tag canonicalised by the platform's Intl rules (`EN-gb` → `en-GB`, `eng` → `en`), or null when it is not well-formed. */
function canonicalTag(tag: string): string | null {
  if (PRIVATE_USE.test(tag)) return tag.toLowerCase();
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

const displayNames = (type: 'language' | 'script' | 'region') => new Intl.DisplayNames(['en'], { type, fallback: 'none' });

/**
 * Whether a well-formed tag names real things: its language, script and region each have a name in
 * the platform's locale data (CLDR), so `english` (well-formed, as 5–8 letter languages are
 * reserved) and `en-XX` are refused. Private-use tags (`x-…`) are the agency's own and accepted;
 * extensions after the region (`en-GB-x-school`) are left alone.
 */
function isRealLanguage(canonical: string): boolean {
  if (PRIVATE_USE.test(canonical)) return true;
  const locale = new Intl.Locale(canonical);
  if (!displayNames('language').of(locale.language)) return false;
  if (locale.script && !displayNames('script').of(locale.script)) return false;
  if (locale.region && !displayNames('region').of(locale.region)) return false;
  return true;
}

/**
 * A caption language as stored and asked for: a well-formed BCP 47 tag, canonicalised. Reading,
 * choosing and removing tracks accept any well-formed tag, so a track saved before tags were
 * checked against real languages can still be played and removed.
 */
export const captionLangTag = z
  .string()
  .trim()
  .min(1, LANG_HINT)
  .max(35, LANG_HINT)
  .transform((tag, ctx) => {
    const canonical = canonicalTag(tag);
    // Canonicalising can lengthen a tag (`islamicc` → `islamic-civil`); what is stored must fit 35.
    if (canonical === null || canonical.length > 35) {
      ctx.addIssue({ code: 'custom', message: LANG_HINT });
      return z.NEVER;
    }
    return canonical;
  });

/** A new caption track's language: a real BCP 47 tag such as `en`, `en-GB`, `cy` or a private-use `x-…` one, canonicalised. */
export const captionLang = captionLangTag.superRefine((tag, ctx) => {
  if (!isRealLanguage(tag)) ctx.addIssue({ code: 'custom', message: `“${tag}” is not a language code. ${LANG_HINT}.` });
});

export const captionLabel = z.string().trim().min(1, 'Give the track a label, such as English').max(100, 'Keep the label under 100 characters');

export const captionTrackParams = z.object({
  id,
  lang: captionLangTag,
});

/** `PUT /api/modules/:id/captions/:lang`: a new or replaced track must be in a real language. */
export const captionUploadParams = z.object({
  id,
  lang: captionLang,
});

export const captionUploadFields = z.object({ label: captionLabel });

/**
 * The track of a module whose label a new track in `lang` would repeat, if any: learners choosing
 * between "English" and "English" cannot tell which is which, so the server refuses it (409) and
 * the upload form says so first, with the same sentence.
 */
export function captionLabelClash<T extends { lang: string; label: string }>(tracks: readonly T[], lang: string, label: string): T | undefined {
  const wanted = label.trim();
  return tracks.find((track) => track.lang !== lang && track.label.trim().localeCompare(wanted, 'en', { sensitivity: 'base' }) === 0);
}

export function captionLabelClashMessage(clash: { lang: string; label: string }, lang: string, label: string): string {
  return `This module already has captions labelled “${clash.label}” (${clash.lang}). Replace that track, or give this one a label learners can tell apart, such as “${label.trim()} (${lang})”.`;
}
