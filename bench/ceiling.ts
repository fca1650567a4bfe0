/**
 * The ceiling: a bare Koa handler answering the bytes of a real dashboard response. Whatever
 * it serves per second on this machine, in this run, is the most the real server could hope for.
 */
import { readFileSync } from 'node:fs';
import Koa from 'koa';

const port = Number(process.env.CEILING_PORT);
const body = readFileSync(process.env.CEILING_BODY_FILE ?? '');
const app = new Koa();
app.use((ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
});
const server = app.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
