import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { theme } from '@atrium/common';
import { Fragment, type ReactNode } from 'react';
import type { MailBrand } from './render.ts';

/**
 * The frame around every message. The brand line and the footer are for the HTML part only
 * (data-skip-in-text): the plain-text part is the message itself, as it was before it had HTML.
 */
export function MailLayout({ brand, preview, children }: { brand: MailBrand; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand} data-skip-in-text="true">
            {brand.brandName}
          </Text>
          <Section>{children}</Section>
          <Hr style={styles.rule} data-skip-in-text="true" />
          <Text style={styles.footer} data-skip-in-text="true">
            <Link href={brand.publicUrl} style={styles.footerLink}>
              {brand.brandName}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph. */
export const P = ({ children }: { children: ReactNode }) => <Text style={styles.paragraph}>{children}</Text>;

/** Lines kept as lines in both parts (visitor text, a block of facts). */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <Text style={styles.paragraph}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * Words someone else typed (a school name, a purchase-order number), set apart as a quotation
 * so the reader never takes them for ours; each line is `Label: "their words"`. React escapes
 * them in the HTML part. Never put such words in a Subject.
 */
export function Quote({ lines }: { lines: Array<[label: string, words: string]> }) {
  return (
    <Text style={styles.quote}>
      {lines.map(([label, words], index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {`${label}: "${words}"`}
        </Fragment>
      ))}
    </Text>
  );
}

/** A link printed as its own address, so the plain-text part carries the whole URL once. */
export const UrlLink = ({ href }: { href: string }) => (
  <Text style={styles.paragraph}>
    <Link href={href} style={styles.link}>
      {href}
    </Link>
  </Text>
);

// Inline styles: mail clients ignore style sheets. Colours and radii are the portal's tokens.
const { colors, radius } = theme;
const styles = {
  body: { backgroundColor: colors.background, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: colors.surface, borderRadius: radius.md, maxWidth: '560px', margin: '0 auto', padding: '24px 32px' },
  brand: { fontSize: '18px', fontWeight: 700, color: colors.text, margin: '0 0 16px' },
  paragraph: { fontSize: '15px', lineHeight: '22px', color: colors.text, margin: '0 0 14px' },
  quote: { fontSize: '15px', lineHeight: '22px', color: colors.text, margin: '0 0 16px', padding: '8px 12px', borderLeft: `3px solid ${colors.border}` },
  link: { color: colors.accent, wordBreak: 'break-all' as const },
  rule: { borderColor: colors.border, margin: '24px 0 12px' },
  footer: { fontSize: '12px', color: colors.textMuted, margin: 0 },
  footerLink: { color: colors.textMuted },
};
