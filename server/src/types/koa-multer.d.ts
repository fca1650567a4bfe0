// @koa/multer ships no types, and @types/koa__multer widens every Koa context with `file`.
// This declares only what users/index.ts uses.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';
  interface Options {
    storage?: unknown;
    limits?: { fileSize?: number; files?: number; fields?: number };
  }
  interface Multer {
    single(field: string): Middleware;
  }
  interface MulterFactory {
    (options?: Options): Multer;
    memoryStorage(): unknown;
  }
  const multer: MulterFactory;
  export default multer;
}
