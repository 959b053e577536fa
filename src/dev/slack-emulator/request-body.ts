import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

// @slack/web-api posts form-encoded bodies and JSON-stringifies every non-scalar argument; Slack
// decodes these known structured fields. A field that is not valid JSON stays a string so the method
// can answer invalid_blocks_format / invalid_arguments like Slack.
const JSON_FIELDS = ['blocks', 'view', 'attachments', 'metadata', 'outputs'];

export interface ApiRequest {
  args: Record<string, unknown>;
  token: string | undefined;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function parseApiRequest(
  headers: IncomingHttpHeaders,
  raw: string,
  query: URLSearchParams,
): ApiRequest {
  const args: Record<string, unknown> = Object.fromEntries(query);
  const type = headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed = parseJson(raw);
    if (isRecord(parsed)) Object.assign(args, parsed);
  } else if (raw !== '') {
    for (const [key, value] of new URLSearchParams(raw)) {
      args[key] = JSON_FIELDS.includes(key) ? (parseJson(value) ?? value) : value;
    }
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const token = bearer ?? (typeof args.token === 'string' ? args.token : undefined);
  delete args.token;
  return { args, token };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
