import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';

// The slice of playwright-core's API these tests use. The package is imported by name at run time,
// so the project type-checks before it is installed and a missing package fails the test loudly.

export interface Locator {
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  press(key: string): Promise<void>;
  pressSequentially(text: string): Promise<void>;
  selectOption(value: string | string[]): Promise<string[]>;
  waitFor(options?: {
    state?: 'attached' | 'detached' | 'visible' | 'hidden';
    timeout?: number;
  }): Promise<void>;
  count(): Promise<number>;
  textContent(): Promise<string | null>;
  allTextContents(): Promise<string[]>;
  innerHTML(): Promise<string>;
  inputValue(): Promise<string>;
  getAttribute(name: string): Promise<string | null>;
  isVisible(): Promise<boolean>;
  locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
  getByRole(role: string, options?: { name?: string | RegExp; exact?: boolean }): Locator;
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): Locator;
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator;
  first(): Locator;
  last(): Locator;
  nth(index: number): Locator;
}

export interface Page extends Pick<Locator, 'locator' | 'getByRole' | 'getByLabel' | 'getByText'> {
  goto(url: string): Promise<unknown>;
  url(): string;
  reload(): Promise<unknown>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  evaluate<T>(fn: () => T): Promise<T>;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): void;
  on(event: 'request', listener: (request: { url(): string }) => void): void;
  setDefaultTimeout(ms: number): void;
}

export interface Browser {
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

interface PlaywrightCore {
  chromium: {
    launch(options: { executablePath: string; headless: boolean; args: string[] }): Promise<Browser>;
  };
}

const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Chromium off the network and quiet in a container. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium through playwright-core; throws with the fix when either is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install it (apt-get install -y chromium).`);
  }
  const name = 'playwright-core';
  let playwright: PlaywrightCore;
  try {
    playwright = (await import(name)) as PlaywrightCore;
  } catch (cause) {
    throw new Error('playwright-core is not installed: run `npm i -D -E playwright-core@1`.', { cause });
  }
  return playwright.chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Screenshots for people to look at; test-results/ is git-ignored. */
export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Polls until the locator matches exactly `n` elements (Playwright's own expect is not used here). */
export async function waitForCount(locator: Locator, n: number, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await locator.count();
  while (last !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} matching elements, found ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await locator.count();
  }
}

/** The element's text content ('' for none). */
export async function text(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? '';
}

/** Polls a condition the page cannot show (a payload the app received) until it holds. */
export async function eventually<T>(pick: () => T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = pick();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
