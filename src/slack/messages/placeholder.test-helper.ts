// Test-only: an argument any catalogue text can read, for tests that call every text without
// knowing its parameters (ru.test.ts, ru-words.test.ts).

/**
 * String methods whose names texts use as fields (`at`, `link`, `small`…): read as fields, not
 * called. Every other String method works on the placeholder's text.
 */
const FIELD_NAMES = new Set([
  'at',
  'link',
  'anchor',
  'big',
  'blink',
  'bold',
  'fixed',
  'fontcolor',
  'fontsize',
  'italics',
  'small',
  'strike',
  'sub',
  'sup',
]);

export interface PlaceholderOptions {
  /** Fields that pick a wording, given a real value instead of a placeholder. */
  enums: Readonly<Record<string, unknown>>;
  /** The number a placeholder reads as (a count given to Intl), by its path. */
  numberOf: (path: string) => number;
}

/** Prints as ⟦path⟧; each field, element or method result is a placeholder of its own path. */
export function placeholder(path: string, options: PlaceholderOptions): unknown {
  const target = () => undefined;
  return new Proxy(target, {
    get(_t, key) {
      if (key === Symbol.toPrimitive)
        return (hint: string) => (hint === 'number' ? options.numberOf(path) : `⟦${path}⟧`);
      if (key === 'toString' || key === 'valueOf') return () => `⟦${path}⟧`;
      if (typeof key === 'symbol') return undefined;
      if (Object.hasOwn(options.enums, key)) return options.enums[key];
      if (key === 'length') return 1;
      if (key === 'map')
        return (f: (v: unknown, i: number) => unknown) => [f(placeholder(`${path}[]`, options), 0)];
      // A list given to joinSafe: its one element, as map gives it.
      if (key === 'join') return () => `⟦${path}[]⟧`;
      const method = FIELD_NAMES.has(key)
        ? undefined
        : (String.prototype as unknown as Record<string, unknown>)[key];
      if (typeof method === 'function')
        return (...args: unknown[]) => (method as (...a: unknown[]) => unknown).apply(`⟦${path}⟧`, args);
      return placeholder(`${path}.${key}`, options);
    },
  });
}
