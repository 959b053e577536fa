import type { Dispatcher } from 'undici';

export interface BodyText {
  text: string;
  /** The body was longer than the limit: `text` holds its first `limit` bytes only. */
  truncated: boolean;
}

/**
 * Reads a response body as UTF-8 up to `limitBytes`. Past the limit the stream is destroyed rather
 * than drained: a server that sends without end must not hold the socket or the memory. On a read
 * error the body is destroyed too, so every path leaves the connection free (an unread body pins
 * the socket until undici's body timeout).
 */
export async function readBodyCapped(
  body: Dispatcher.ResponseData['body'],
  limitBytes: number,
): Promise<BodyText> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buf);
      size += buf.length;
      if (size > limitBytes) {
        body.destroy();
        // A cut may split a multi-byte character; the decoder's replacement char marks it.
        return { text: Buffer.concat(chunks).subarray(0, limitBytes).toString('utf8'), truncated: true };
      }
    }
  } catch (err) {
    body.destroy();
    throw err;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}
