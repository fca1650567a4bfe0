import { describe, expect, it } from 'vitest';
import { pageSearch } from '../rules/pageSearch.ts';
import { listQuery, pageQuery } from './paging.ts';

describe('paging', () => {
  it('reads what pageSearch writes, text included', () => {
    const search = pageSearch({ q: 'O’Neil & co', limit: 20, offset: 40 });
    expect(listQuery.parse(Object.fromEntries(new URLSearchParams(search)))).toEqual({ q: 'O’Neil & co', limit: 20, offset: 40 });
  });

  it('defaults and caps per list, and refuses what is out of range', () => {
    expect(pageQuery().parse({})).toEqual({ limit: 100, offset: 0 });
    const small = pageQuery({ defaultLimit: 50, maxLimit: 200 });
    expect(small.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(small.safeParse({ limit: '201' }).success).toBe(false);
    expect(pageQuery().safeParse({ limit: '1000' }).success).toBe(true);
    expect(pageQuery().safeParse({ limit: '0' }).success).toBe(false);
    expect(pageQuery().safeParse({ offset: '-1' }).success).toBe(false);
  });

  it('leaves out what the caller did not ask for', () => {
    expect(pageSearch({ limit: 8, offset: 0 })).toBe('limit=8&offset=0');
  });
});
