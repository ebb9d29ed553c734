import type { Language } from '../languages';
import { da } from './da';
import { de } from './de';
import { en, type Messages } from './en';
import { fi } from './fi';
import { nb } from './nb';
import { sv } from './sv';

/** Server side only: the page hands the client just the one language it renders. */
export const MESSAGES: Record<Language, Messages> = { en, nb, sv, da, fi, de };
