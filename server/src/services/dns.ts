import { Resolver } from 'node:dns/promises';

/** The one DNS question Atrium asks: a name's TXT records, each as its chunks (RFC 1035 §3.3.14). */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/**
 * The system's resolvers, with a short timeout and one retry: the answer is awaited inside a
 * request (the manager's "Check now"), which must not hang on a slow name server.
 */
export function systemTxtResolver(): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}
