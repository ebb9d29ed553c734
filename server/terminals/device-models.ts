import { AppError } from '../errors/app-error';
import type { DeviceModelColumn } from './terminals-tables';

/**
 * A terminal's `device_model` is resolved from its serial number (the create request no longer
 * takes one): the serial number's prefix, compared without regard to case, names the model.
 *
 *   prefix   device_model       the device
 *   S1F2     SATURN1000         Saturn S1F2 (sold as Saturn 1000)
 *   S1F4P    Saturn_S1F4_Pro    Saturn S1F4 Pro
 *   S1P2     S1P2               Saturn S1P2
 *   S1M2     S1MINI2            Saturn S1 Mini 2
 *
 * No prefix is the start of another, so at most one matches. Any other serial number (a plain
 * S1F4 without the P, digits only, ...) is 400 UNKNOWN_DEVICE_MODEL: Kassa registers only devices
 * whose model it knows.
 */
export const DEVICE_MODEL_PREFIXES: readonly (readonly [prefix: string, model: DeviceModelColumn])[] = [
  ['S1F2', 'SATURN1000'],
  ['S1F4P', 'Saturn_S1F4_Pro'],
  ['S1P2', 'S1P2'],
  ['S1M2', 'S1MINI2'],
];

export const deviceModelOf = (serialNumber: string): DeviceModelColumn => {
  const upper = serialNumber.toUpperCase();
  const match = DEVICE_MODEL_PREFIXES.find(([prefix]) => upper.startsWith(prefix));
  if (!match) {
    const known = DEVICE_MODEL_PREFIXES.map(([prefix, model]) => `${prefix} (${model})`).join(', ');
    throw new AppError(
      'UNKNOWN_DEVICE_MODEL',
      `The device model of serial number ${serialNumber} is not known: its prefix must be one of ${known}`,
      {
        errors: [{ path: 'device_serial_number', message: `must start with one of ${known}` }],
      },
    );
  }
  return match[1];
};
