import type { Agent } from 'undici';
import { createPlatformAgent, type PlatformAgentOptions } from '../http/agent.js';

export type ConsoleAgentOptions = PlatformAgentOptions;

/** One keep-alive agent shared by every console client (the composition root builds it once). */
export function createConsoleAgent(opts: ConsoleAgentOptions = {}): Agent {
  return createPlatformAgent(opts);
}
