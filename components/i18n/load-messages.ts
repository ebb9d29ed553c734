import type { Language } from './languages';
import type { Messages } from './messages/en';

/**
 * One language's messages, loaded when the customer switches to it: each language is its own
 * chunk of the checkout's browser bundle, so the first load carries only the language the server
 * rendered (it arrives with the page's props).
 */
export const loadMessages = async (language: Language): Promise<Messages> => {
  switch (language) {
    case 'nb':
      return (await import('./messages/nb')).nb;
    case 'sv':
      return (await import('./messages/sv')).sv;
    case 'da':
      return (await import('./messages/da')).da;
    case 'fi':
      return (await import('./messages/fi')).fi;
    case 'de':
      return (await import('./messages/de')).de;
    default:
      return (await import('./messages/en')).en;
  }
};
