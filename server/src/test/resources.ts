import { Readable } from 'node:stream';
import pino from 'pino';
import { attachResource, type ResourceList } from '../commands/resources.ts';
import type { Db } from '../db/knex.ts';
import { systemClock } from '../services/clock.ts';
import { newStorageKey, type FileStorage } from '../services/storage/index.ts';
import { pdfBytes } from './files.ts';

/** A PDF resource attached through the same command as the upload route, its bytes in `storage`. */
export async function attachTestResource(deps: { db: Db; storage: FileStorage }, list: ResourceList, title = 'Checklist'): Promise<number> {
  const bytes = pdfBytes(title);
  const key = newStorageKey('resources');
  const stored = await deps.storage.put(key, Readable.from([bytes]), { contentType: 'application/pdf' });
  return attachResource(
    { ...deps, clock: systemClock, logger: pino({ level: 'silent' }) },
    list,
    { title, description: '' },
    {
      key,
      clientName: `${title}.pdf`,
      contentType: 'application/pdf',
      ...stored,
    },
  );
}
