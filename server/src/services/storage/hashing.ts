import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** A pass-through that counts and hashes what flows through it, for `StoredObject`. */
export class MeasuringStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** The SHA-256 (hex) of a stream's bytes, read to its end. */
export async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
