import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/knex.ts';
import type { OutboxMessage } from '../models/OutboxMessage.ts';
import { renderMail, type MailTemplate } from '../mail/render.ts';
import { isDatabaseUnavailable, OutageLog } from '../db/availability.ts';
import { backoffMs } from './backoff.ts';
import { systemClock, type Clock } from './clock.ts';
import { enqueueMail, whenMailQueued } from './outbox.ts';

const MAX_ATTEMPTS = 8;
const LOCK_MS = 60_000;
const BATCH = 50;
const DELIVERY_CONCURRENCY = 8;

/**
 * An attachment as the outbox keeps it: what to call it and how to make it again. The bytes are
 * regenerated at delivery (see migration 019) by the resolver the app gives the mailer.
 */
export interface AttachmentRef {
  filename: string;
  contentType: string;
  source: { kind: 'invoice' | 'orderReceipt'; orderId: number };
}

/** Makes an attachment's bytes from its reference when the mail is delivered. */
export type AttachmentResolver = (ref: AttachmentRef) => Promise<Buffer>;

/** A link that carries a secret in its query (reset, verification, invitation, unsubscribe …). */
const TOKEN_LINK = /https?:\/\/[^\s"'<>]*[?&](?:token|code|key)=[^\s"'<>]*/gi;
export const REMOVED_LINK = '[link removed after delivery]';

/**
 * The message as the outbox keeps it once delivered: its tokenised links are the recipient's
 * alone, and an old outbox row (a backup, a support look-up) must not be a way back in.
 */
export function withoutTokenLinks<T extends string | null>(body: T): T {
  return (body === null ? null : body.replace(TOKEN_LINK, REMOVED_LINK)) as T;
}

/**
 * Every mail goes through the `outbox` table first, written in the same transaction as the
 * change it reports, so a mail server being down loses nothing: unsent rows are retried.
 * Without SMTP_URL the mail is written to the log instead (a reset link stays usable locally).
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Stops this mailer delivering what enqueueMail queues (close). */
  private readonly stopDelivering: () => void;
  private readonly outages: OutageLog;
  private readonly clock: Clock;
  private readonly now = () => this.clock.now().getTime();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: {
      smtpUrl: string | null;
      from: string;
      /** Without SMTP the mail goes to the log; false (production) logs who and what, not the body. */
      logBodies?: boolean;
      /** Regenerates attachments at delivery; a mail with attachments fails (and is retried) without one. */
      attachments?: AttachmentResolver;
      /** The app's outage log (its Database's), shared with requests so an outage is logged once. */
      outages?: OutageLog;
      /** The app's clock: queue times, claims and the back-off after a failure are all in app time. */
      clock?: Clock;
    },
  ) {
    this.outages = options.outages ?? new OutageLog();
    this.clock = options.clock ?? systemClock;
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.stopDelivering = whenMailQueued(db, () => this.kick());
  }

  /**
   * Renders a template (mail/templates/) for one recipient and adds it to the outbox
   * (enqueueMail); pass the transaction the message belongs to. It is delivered once that commits.
   */
  async send<P>(db: Db, to: string, template: MailTemplate<P>, props: P, headers?: Record<string, string>, attachments?: AttachmentRef[]): Promise<void> {
    const { subject, text, html } = await renderMail(template, props);
    await enqueueMail(db, [{ to, subject, text, html, headers, attachments }], this.now());
  }

  /**
   * Starts delivering pending mail without making the caller wait for it. Every kick during a
   * run shares that run's failure, so a database outage is logged sparingly, not once per kick.
   */
  kick(): void {
    void this.flush().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) this.outages.noteOutage(this.logger, error, 'mail delivery');
      else this.logger.error({ err: error }, 'mail flush failed');
    });
  }

  /**
   * Delivers pending mail. A call during a run asks for one more run afterwards, since the
   * current one has already picked its rows; the returned promise covers that run too.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    const run = async () => {
      let more: boolean;
      do {
        this.flushAgain = false;
        more = await this.deliverPending();
      } while (this.flushAgain || more);
    };
    this.flushing = run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Delivers a batch; true when the batch was full and more may be waiting (a scheduled run queues thousands). */
  private async deliverPending(): Promise<boolean> {
    const pending = await this.db('outbox')
      .where('status', 'pending')
      .where((w) => w.whereNull('lockedUntil').orWhere('lockedUntil', '<', this.now()))
      .orderBy('id')
      .limit(BATCH);
    // A few at a time: each message's claim and its "sent" are commits of their own, and a
    // database that syncs every commit to disk answers several at once as fast as one.
    const queue = [...pending];
    const worker = async () => {
      for (let message = queue.shift(); message; message = queue.shift()) {
        // Claim the row so a second instance does not send it too.
        const claimed = await this.db('outbox')
          .where({ id: message.id, status: 'pending' })
          .where((w) => w.whereNull('lockedUntil').orWhere('lockedUntil', '<', this.now()))
          .update({ lockedUntil: this.now() + LOCK_MS });
        if (claimed === 1) await this.deliver(message);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queue.length) }, worker));
    return pending.length === BATCH;
  }

  private async deliver(message: OutboxMessage): Promise<void> {
    if (!this.transport) {
      // The body holds reset and invitation links: in production it stays in the outbox table only.
      const body = this.options.logBodies === false ? {} : { text: message.text };
      this.logger.info({ to: message.toAddress, subject: message.subject, outboxId: message.id, ...body }, 'mail (no SMTP_URL: logged, not sent)');
      await this.db('outbox').where({ id: message.id }).update({ status: 'logged', sentAt: this.now(), lockedUntil: null });
      return;
    }
    try {
      const attachments = await this.attachmentsOf(message);
      await this.transport.sendMail({
        from: this.options.from,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: JSON.parse(message.headers) as Record<string, string> } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      await this.db('outbox')
        .where({ id: message.id })
        .update({
          status: 'sent',
          sentAt: this.now(),
          lockedUntil: null,
          text: withoutTokenLinks(message.text),
          html: withoutTokenLinks(message.html),
          headers: withoutTokenLinks(message.headers),
        });
    } catch (error) {
      const attempts = message.attempts + 1;
      this.logger.warn({ err: error, outboxId: message.id, attempts }, 'mail delivery failed');
      await this.db('outbox')
        .where({ id: message.id })
        .update({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          lockedUntil: this.now() + backoffMs(attempts),
        });
    }
  }

  /** The message's attachments made again from their references (a failure is a failed attempt, retried). */
  private async attachmentsOf(message: OutboxMessage): Promise<Array<{ filename: string; contentType: string; content: Buffer }>> {
    if (!message.attachments) return [];
    const refs = JSON.parse(message.attachments) as AttachmentRef[];
    const resolve = this.options.attachments;
    if (!resolve) throw new Error('this mailer cannot make attachments');
    return Promise.all(refs.map(async (ref) => ({ filename: ref.filename, contentType: ref.contentType, content: await resolve(ref) })));
  }

  /** Waits for a delivery run in progress (so no query outlives the pool), then closes SMTP. */
  async close(): Promise<void> {
    this.stopDelivering();
    this.flushAgain = false;
    await this.flushing?.catch(() => undefined);
    this.transport?.close();
  }
}
