const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an element body or a quoted attribute: nothing the app sends may become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** ` name="value"` pairs, escaped; undefined and false values are left out, true is a bare flag. */
export function attrs(values: Record<string, string | number | boolean | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
