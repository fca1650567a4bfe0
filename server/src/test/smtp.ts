import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** A real SMTP listener on loopback that keeps what it receives, for end-to-end mail tests. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS for each connection: on a machine without a resolver it costs a timeout per mail.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /**
     * Resolves with the first message that matches, waiting for it to arrive. It returns as soon
     * as the mail is here, so the deadline is generous: CI shares two cores with the journeys.
     */
    async waitFor(match: (mail: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('Timed out waiting for mail');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes so links can be read from raw mail. */
export function decodeMailBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    // Percent-decoding turns the escaped bytes back into UTF-8 text; a literal % is escaped first.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/**
 * The plain-text and HTML parts of a received mail (multipart/alternative), decoded. A part
 * the mail lacks is null, so a test can say that both must be there.
 */
export function mailParts(raw: string): { text: string | null; html: string | null } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    const body = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    const type = /content-type:\s*text\/(plain|html)/i.exec(headers)?.[1]?.toLowerCase();
    if (type === 'plain') found.text = decodePart(headers, body).replace(/\r\n/g, '\n');
    if (type === 'html') found.html = decodePart(headers, body);
  }
  return found;
}
