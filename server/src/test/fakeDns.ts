import type { TxtResolver } from '../services/dns.ts';

/** TXT answers a test publishes; an unknown name answers ENODATA, as a real resolver does. */
export class FakeDns implements TxtResolver {
  readonly records = new Map<string, string[][]>();
  failure: Error | null = null;

  publish(domain: string, value: string): void {
    this.records.set(domain, [...(this.records.get(domain) ?? []), [value]]);
  }

  async resolveTxt(name: string): Promise<string[][]> {
    if (this.failure) throw this.failure;
    const answer = this.records.get(name);
    if (!answer) throw Object.assign(new Error(`queryTxt ENODATA ${name}`), { code: 'ENODATA' });
    return answer;
  }
}
