/**
 * Mixed traffic for the database fault test: reads and the multi-row writes whose atomicity the
 * test checks afterwards (progress completing a course → certificate, invoice order → outbox mail,
 * order marked paid → enrollment). Every request is recorded with its timing and outcome.
 */

export interface Sample {
  kind: string;
  /** ms since the traffic started, when the request was sent and when it was answered. */
  sentAt: number;
  answeredAt: number;
  /** HTTP status; 0 when the request failed without an answer (refused, reset, timed out). */
  status: number;
  retryAfter: string | null;
  error?: string;
}

export interface Learner {
  id: number;
  cookie: string;
}

export interface Catalogue {
  freeCourses: Array<{ id: number; modules: Array<{ id: number; duration: number }> }>;
  paidCourses: number[];
}

/** Progress bookkeeping per (learner, module): the highest watchedDuration acknowledged with a 2xx. */
export type AcknowledgedProgress = Map<string, number>;

export const progressKey = (userId: number, moduleId: number) => `${userId}:${moduleId}`;

/** Each request gives up after this long: anything near it counts as a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export class Traffic {
  readonly samples: Sample[] = [];
  readonly acknowledged: AcknowledgedProgress = new Map();
  /** Orders the server answered 201 to, and orders an admin request marked paid (200). */
  readonly ordersCreated = new Set<number>();
  readonly ordersPaid = new Set<number>();
  private readonly origin = performance.now();
  private stopped = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly catalogue: Catalogue,
  ) {}

  now(): number {
    return performance.now() - this.origin;
  }

  async request(kind: string, method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; json: unknown }> {
    const sentAt = this.now();
    try {
      const response = await fetch(this.base + path, {
        method,
        headers: {
          accept: 'application/json',
          origin: this.base,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      this.samples.push({ kind, sentAt, answeredAt: this.now(), status: response.status, retryAfter: response.headers.get('retry-after') });
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: response.status, json };
    } catch (error) {
      this.samples.push({ kind, sentAt, answeredAt: this.now(), status: 0, retryAfter: null, error: String((error as Error).message ?? error) });
      return { status: 0, json: null };
    }
  }

  start(learners: Learner[], adminCookie: string): void {
    this.workers = [...learners.map((learner) => this.learnerLoop(learner)), this.adminLoop(adminCookie)];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers);
  }

  /** One learner, one request at a time, so its progress values for a module only ever grow. */
  private async learnerLoop(learner: Learner): Promise<void> {
    const enrolled = new Set<number>();
    const sent = new Map<string, number>();
    const ordered = new Set<number>();
    let turn = learner.id;
    while (!this.stopped) {
      turn += 1;
      const course = this.catalogue.freeCourses[turn % this.catalogue.freeCourses.length]!;
      const roll = (turn * 7919) % 100;
      if (roll < 25) {
        const paths = ['/api/dashboard', `/api/courses/${course.id}`, '/api/certificates'];
        // A module's discussion is for the course's learners only.
        if (enrolled.has(course.id)) paths.push(`/api/modules/${course.modules[0]!.id}/comments`);
        await this.request('read', 'GET', paths[turn % paths.length]!, learner.cookie);
      } else if (!enrolled.has(course.id)) {
        const { status } = await this.request('enroll', 'POST', '/api/enrollments', learner.cookie, { courseId: course.id });
        if (status === 200 || status === 201) enrolled.add(course.id);
      } else if (roll < 80) {
        // A quarter of a module per report: every fourth report completes it (≥ 90 %), and the
        // course's last completion issues the certificate in the same transaction.
        const module = course.modules[turn % course.modules.length]!;
        const key = progressKey(learner.id, module.id);
        const value = Math.min(module.duration, (sent.get(key) ?? 0) + Math.ceil(module.duration / 4));
        sent.set(key, value);
        const { status } = await this.request('progress', 'POST', '/api/progress', learner.cookie, {
          moduleId: module.id,
          courseId: course.id,
          watchedDuration: value,
          position: value,
        });
        if (status === 200) this.acknowledged.set(key, Math.max(this.acknowledged.get(key) ?? 0, value));
      } else if (roll < 88) {
        await this.request('comment', 'POST', `/api/modules/${course.modules[0]!.id}/comments`, learner.cookie, { comment: `Noted at ${Date.now()}` });
      } else {
        const paid = this.catalogue.paidCourses.find((id) => !ordered.has(id));
        if (paid === undefined) {
          await this.request('read', 'GET', '/api/orders', learner.cookie);
          continue;
        }
        // Whatever the answer, not again: after a 503 the order may or may not exist, and a
        // second request would only be refused as a duplicate.
        ordered.add(paid);
        const { status, json } = await this.request('order', 'POST', '/api/orders', learner.cookie, {
          courseId: paid,
          schoolName: `School of learner ${learner.id}`,
          billingEmail: `bursar${learner.id}@school.test`,
        });
        if (status === 201) this.ordersCreated.add(Number((json as { id: number }).id));
      }
    }
  }

  /** The admin marks requested invoice orders paid (order update + enrollment, one transaction). */
  private async adminLoop(cookie: string): Promise<void> {
    while (!this.stopped) {
      const { status, json } = await this.request('admin-read', 'GET', '/api/admin/orders?limit=100', cookie);
      const requested = status === 200 ? (json as Array<{ id: number; status: string }>).filter((order) => order.status === 'requested') : [];
      for (const order of requested.slice(0, 5)) {
        if (this.stopped) break;
        const marked = await this.request('mark-paid', 'POST', `/api/admin/orders/${order.id}/paid`, cookie);
        if (marked.status === 200) this.ordersPaid.add(order.id);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Signs in over HTTP and returns the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
}
