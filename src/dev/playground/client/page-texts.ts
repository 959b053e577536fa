import { session } from './session.js';
import { type PlaygroundTexts, playgroundTexts } from './texts.js';

/** The page's own texts for the person it acts as now (the language their switch shows). */
export function pageTexts(): PlaygroundTexts {
  return playgroundTexts(session.state?.language);
}
