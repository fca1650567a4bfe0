import { describe, expect, it } from 'vitest';
import { throttledKnexLog } from './knex.ts';

describe('throttledKnexLog', () => {
  it('writes a kind of warning once per interval, then says how many it left out', () => {
    const lines: string[] = [];
    let clock = 0;
    const log = throttledKnexLog(
      (line) => lines.push(line),
      () => clock,
    );
    for (let port = 40000; port < 40500; port += 1) {
      log.warn(`Acquire connection error: Error: connect ECONNREFUSED 127.0.0.1:${port}\n    at TCPConnectWrap.afterConnect`);
    }
    log.warn('Connection Error: Error: Connection lost: The server closed the connection.');
    expect(lines).toEqual([
      'knex warning: Acquire connection error: Error: connect ECONNREFUSED 127.0.0.1:40000',
      'knex warning: Connection Error: Error: Connection lost: The server closed the connection.',
    ]);
    clock = 11_000;
    log.warn('Acquire connection error: Error: connect ECONNREFUSED 127.0.0.1:41000\n    at x');
    expect(lines[2]).toBe('knex warning: Acquire connection error: Error: connect ECONNREFUSED 127.0.0.1:41000 (and 499 more like it in the last 11 s)');
  });
});
