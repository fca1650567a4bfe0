import type { BrowserContext } from 'playwright-core';

export interface CspViolation {
  documentURI: string;
  blockedURI: string;
  violatedDirective: string;
  sourceFile: string;
  lineNumber: number;
}

const BINDING = '__atriumCspViolation';

/**
 * Reports every `securitypolicyviolation` in every page and frame of the context to `report`.
 * A violation is a broken feature in a visitor's browser (issue 24: the Vimeo player's oEmbed
 * request was refused), and it is raised even when the blocked host is unreachable from here,
 * so watching the event catches a too-narrow policy on an offline machine. The script is
 * installed through the DevTools protocol, which page CSPs do not apply to.
 */
export async function watchCspViolations(context: BrowserContext, report: (violation: CspViolation) => void): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => report(violation));
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const send = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      send?.({
        documentURI: event.documentURI,
        blockedURI: event.blockedURI,
        violatedDirective: event.violatedDirective,
        sourceFile: event.sourceFile,
        lineNumber: event.lineNumber,
      });
    });
  }, BINDING);
}

export const describeCspViolation = (v: CspViolation) =>
  `${v.violatedDirective} blocked ${v.blockedURI || '(inline)'} on ${v.documentURI}${v.sourceFile ? ` (${v.sourceFile}:${v.lineNumber})` : ''}`;
