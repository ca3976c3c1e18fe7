import { describe, expect, it } from 'vitest';
import { formatAttributeValue } from '../../shared/attribute-display.ts';
import * as normalize from './normalize.ts';
import { transformPhone } from './transform.ts';

describe("the catalogue's one wording", () => {
  it('names display types as GSMArena does', () => {
    expect(normalize.displayType('Color AMOLED Screen (16M Colors)')).toBe('AMOLED');
    expect(normalize.displayType('Color AMOLED Screen (1.07 B)')).toBe('AMOLED');
    expect(normalize.displayType('Color LTPO AMOLED Screen (1B Colors)')).toBe('LTPO AMOLED');
    expect(normalize.displayType('Color IPS Screen (16M Colors)')).toBe('IPS LCD');
    expect(normalize.displayType('Color IPS Screen')).toBe('IPS LCD');
    expect(normalize.displayType('Color IPS LCD Screen (16.7M)')).toBe('IPS LCD');
    expect(normalize.displayType('Color HD+ LCD (16M Colors)')).toBe('LCD');
    expect(normalize.displayType('Color TFT IPS')).toBe('IPS LCD');
    // GSMArena's own values stay as they are.
    expect(normalize.displayType('Super AMOLED, 90Hz, 800 nits (HBM)')).toBe(
      'Super AMOLED, 90Hz, 800 nits (HBM)',
    );
    expect(normalize.displayType('IPS LCD')).toBe('IPS LCD');
  });

  it('says where the fingerprint reader is in one wording', () => {
    expect(normalize.fingerprint('Fingerprint (In Display)')).toBe('Fingerprint (under display)');
    expect(normalize.fingerprint('Fingerprint (On-screen)')).toBe('Fingerprint (under display)');
    expect(normalize.fingerprint('Fingerprint (Under display)')).toBe('Fingerprint (under display)');
    expect(normalize.fingerprint('Fingerprint (Side)')).toBe('Fingerprint (side-mounted)');
    expect(normalize.fingerprint('Fingerprint (Side-Mounted)')).toBe('Fingerprint (side-mounted)');
    expect(normalize.fingerprint('Fingerprint (Rear)')).toBe('Fingerprint (rear-mounted)');
    expect(normalize.fingerprint('fingerprint (rear-mounted)')).toBe('Fingerprint (rear-mounted)');
    expect(normalize.fingerprint('Fingerprint (Front)')).toBe('Fingerprint (front-mounted)');
    expect(normalize.fingerprint('Fingerprint (under display, optical)')).toBe(
      'Fingerprint (under display, optical)',
    );
    expect(normalize.fingerprint('Fingerprint')).toBe('Fingerprint');
  });

  it('writes versions without a v, ports and SIMs as GSMArena does', () => {
    expect(normalize.operatingSystem('Android v15')).toBe('Android 15');
    expect(normalize.operatingSystem('Android 14, Realme UI 5.0')).toBe('Android 14, Realme UI 5.0');
    // Smartprix's name for Series 30+ feature phones is kept (SOURCES.md).
    expect(normalize.operatingSystem('Symbian v30')).toBe('Symbian v30');
    expect(normalize.bluetooth('v5.4')).toBe('5.4');
    expect(normalize.bluetooth('v5.2, A2DP, LE')).toBe('5.2, A2DP, LE');
    expect(normalize.usb('USB-C v2.0')).toBe('USB Type-C 2.0');
    expect(normalize.usb('USB-C')).toBe('USB Type-C');
    expect(normalize.usb('microUSB v2.0')).toBe('microUSB 2.0');
    expect(normalize.gps('Yes with A-GPS, Glonass')).toBe('Yes, with A-GPS, GLONASS');
    expect(normalize.sim('Dual Sim, GSM+GSM (Hybrid Slot)')).toBe('Dual SIM, GSM+GSM (Hybrid Slot)');
    expect(normalize.gpu('Arm Mali-G57 MC2')).toBe('Mali-G57 MC2');
    expect(normalize.gpu('Adreno 610')).toBe('Adreno 610');
    expect(normalize.cpu('Octa Core, 2.4 GHz')).toBe('Octa-core, 2.4 GHz');
    expect(normalize.cpu('Octa-core (2x2.4 GHz Cortex-A76 & 6x2.0 GHz Cortex-A55)')).toBe(
      'Octa-core (2x2.4 GHz Cortex-A76 & 6x2.0 GHz Cortex-A55)',
    );
  });

  it('names sensors once, in lower case as GSMArena does', () => {
    expect(
      normalize.sensors([
        'Accelerometer',
        'Gyroscope',
        'Proximity Sensor',
        'E-Compass',
        'Light Sensor',
        'accelerometer',
        'Fingerprint (In Display)',
        'Face ID',
      ]),
    ).toEqual([
      'accelerometer',
      'gyro',
      'proximity',
      'compass',
      'ambient light',
      'Fingerprint (under display)',
      'Face ID',
    ]);
  });

  it('applies to the rows of the enriched sources, and keeps a release month a month', () => {
    const row = transformPhone({
      brand: 'Samsung',
      model: 'Galaxy A07',
      released: '2025-08',
      display_type: 'Color PLS LCD (16M Colors)',
      fingerprint: 'Fingerprint (Side)',
      os: 'Android v15',
      bluetooth: 'v5.3',
      usb: 'USB-C v2.0',
      sensors: ['Accelerometer', 'Fingerprint (Side)'],
    });
    expect(row.attributes.attribute_16).toEqual({ v: 'PLS LCD' });
    expect(row.attributes.attribute_20).toEqual({ v: 'Fingerprint (side-mounted)' });
    expect(row.attributes.attribute_12).toEqual({ v: 'Android 15' });
    expect(row.attributes.attribute_13).toEqual({ v: '5.3' });
    expect(row.attributes.attribute_17).toEqual({ v: 'USB Type-C 2.0' });
    expect(row.attributes.attribute_24).toEqual({ v: ['accelerometer', 'Fingerprint (side-mounted)'] });
    expect(row.facets).toContain('os_android');
    expect(row.releaseDate).toBe('2025-08-01');
    expect(formatAttributeValue(row.attributes.attribute_1!)).toBe('August 2025');
    expect(
      formatAttributeValue(
        transformPhone({ brand: 'A', model: 'B', released: '2025-05-26' }).attributes.attribute_1!,
      ),
    ).toBe('26 May 2025');
  });
});
