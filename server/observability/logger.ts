import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Never logged, wherever they appear in a logged object (one or two levels deep). Request bodies
 * and headers are never passed to the logger at all; this list is the second line of defence.
 */
const SENSITIVE = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'client_secret',
  'clientSecret',
  'secret',
  'password',
  'access_token',
  'token',
  'auth_token',
  'authToken',
  'payment_token',
  'card',
  'card_number',
  'number',
  'cvc',
  'cvv',
  'pan',
];
const seg = (key: string) => (/^[a-z_][a-z0-9_]*$/i.test(key) ? `.${key}` : `["${key}"]`);
const REDACT = SENSITIVE.flatMap((k) => [seg(k).replace(/^\./, ''), `*${seg(k)}`, `*.*${seg(k)}`]);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** JSON lines on stdout (or `destination`); `err` is serialized with its full stack. */
export const createLogger = (level: LogLevel = 'info', destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level,
      base: { service: 'kassa' },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    destination,
  );
