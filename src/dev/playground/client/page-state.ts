import type { PlaygroundLanguage } from './texts.js';

// The JSON the page receives. Declared here, free of Node and DOM types, so the browser code can be
// checked on its own; page-state.test-d.ts holds the server's types to it.

/** A Block Kit option object as the server rendered it into data-option. */
export interface SlackOption {
  value: string;
  text?: { type?: string; text?: unknown };
  [key: string]: unknown;
}

export interface SlackOptionGroup {
  label?: { text?: string };
  options?: SlackOption[];
}

/** What the page reads of a message: enough to count unread ones (the message itself arrives as HTML). */
export interface MessageSummary {
  ts: string;
  user: string;
  ephemeral: boolean;
  thread_ts?: string;
  subtype?: string;
}

/** What the page reads of one state event (built by ../state.ts). */
export interface PageState {
  revision: number;
  self: { userId: string; teamId: string };
  /** The person's language choice through the page: the switch shows it, the page speaks it. */
  language: PlaygroundLanguage;
  teams: ReadonlyArray<{ id: string; name: string }>;
  users: ReadonlyArray<{ id: string; name: string; realName: string; isAdmin: boolean; isBot: boolean }>;
  channels: ReadonlyArray<{
    id: string;
    label: string;
    isPrivate: boolean;
    isIm: boolean;
    botIsMember: boolean;
  }>;
  /** Only counted: the messages themselves arrive as HTML. */
  messages: Readonly<Record<string, readonly MessageSummary[]>>;
  html: {
    channels: Readonly<Record<string, string>>;
    /** Per channel, the threads one can open, by parent ts. */
    threads: Readonly<Record<string, Readonly<Record<string, string>>>>;
    modal: { viewId: string; key: string; html: string } | null;
    /** The person's Home tab as the app last published it. */
    home: string | null;
  };
}

/** Every /api/* answer; the routes add what each one says. */
export interface ApiAnswer {
  ok?: boolean;
  /** The HTTP status the app answered Slack's request with (0: nothing was sent). */
  status?: number;
  message?: string;
}

export interface OptionsAnswer extends ApiAnswer {
  options?: SlackOption[];
  option_groups?: SlackOptionGroup[];
  /** Block Kit limits the app's answer broke: Slack would then show no options. */
  breaches?: string[];
}

export interface ViewSubmitAnswer extends ApiAnswer {
  outcome?: { kind: string; reason?: string };
}

export interface AddUserAnswer extends ApiAnswer {
  user: { id: string };
}
