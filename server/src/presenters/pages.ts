import { theme } from '@atrium/common/ui/theme';

export interface MessagePage {
  brandName: string;
  title: string;
  /** Paragraphs, in order. */
  paragraphs: string[];
  /** Problems to list, one per field ({name: "Name is required"}). */
  problems?: Record<string, string>;
  /** The link back ("Back to the form", "/#contact"). */
  back: { label: string; href: string };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A whole page of a few sentences: what a browser without JavaScript is answered after a plain
 * form post (`POST /contact`), and the error shape of pages that are not the API. No script;
 * one inline style, which the portal's CSP allows for styles only.
 */
export function messagePage(page: MessagePage): string {
  const { colors, radius } = theme;
  const problems = Object.values(page.problems ?? {});
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)} · ${escape(page.brandName)}</title>
<style>
body{margin:0;background:${colors.background};color:${colors.text};font:1rem/1.6 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:36rem;margin:3rem auto;padding:2rem 1.5rem;background:${colors.surface};border:1px solid ${colors.border};border-radius:${radius.lg}}
h1{margin:0 0 1rem;font-size:1.6rem;line-height:1.25}
p{margin:0 0 1rem;color:${colors.textMuted}}
ul{margin:0 0 1rem;padding-left:1.25rem;color:${colors.danger};font-weight:500}
a{color:${colors.accent};font-weight:600}
.brand{display:block;margin-bottom:1.5rem;color:${colors.text};text-decoration:none;font-weight:700}
</style>
</head>
<body>
<main>
<a class="brand" href="/">${escape(page.brandName)}</a>
<h1>${escape(page.title)}</h1>
${page.paragraphs.map((text) => `<p>${escape(text)}</p>`).join('\n')}
${problems.length ? `<ul>${problems.map((text) => `<li>${escape(text)}</li>`).join('')}</ul>` : ''}
<p><a href="${escape(page.back.href)}">${escape(page.back.label)}</a></p>
</main>
</body>
</html>
`;
}
