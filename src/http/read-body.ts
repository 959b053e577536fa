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
 *
 * Read through the stream's events into one promise, not `for await`: the async iterator makes
 * several promises per chunk and per read, each an allocation and a microtask.
 */
export function readBodyCapped(body: Dispatcher.ResponseData['body'], limitBytes: number): Promise<BodyText> {
  return new Promise<BodyText>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('close', onClose);
      // onError stays: an 'error' with no listener would throw, and once settled it does nothing.
      outcome();
    };
    const onData = (chunk: Buffer | Uint8Array) => {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(buf);
      size += buf.length;
      if (size <= limitBytes) return;
      settle(() => {
        body.destroy();
        // A cut may split a multi-byte character; the decoder's replacement char marks it.
        resolve({ text: Buffer.concat(chunks).subarray(0, limitBytes).toString('utf8'), truncated: true });
      });
    };
    const onEnd = () =>
      settle(() => resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: false }));
    const onError = (error: unknown) =>
      settle(() => {
        body.destroy();
        reject(error);
      });
    // Destroyed with no error and no end (as `for await` would: a premature close is an error).
    const onClose = () =>
      onError(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    if (body.destroyed) return onClose();
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('close', onClose);
  });
}
