// The slice of oidc-provider's API the test provider (server/src/test/oidcProvider.ts) uses; the
// package ships no types of its own.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { Context, Middleware } from 'koa';

  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (properties: { clientId: string; accountId: string }): Grant;
  }
  interface Client {
    readonly clientId: string;
    redirectUriAllowed(value: string): boolean;
  }
  interface ClientConstructor {
    prototype: Client;
  }
  export type KoaContextWithOIDC = Context;
  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys: string[] };
    conformIdTokenClaims?: boolean;
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    interactions?: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string };
    findAccount?(ctx: KoaContextWithOIDC, sub: string): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: GrantConstructor;
    readonly Client: ClientConstructor;
    use(middleware: Middleware<unknown, KoaContextWithOIDC>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown>; session?: { accountId?: string } }>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
