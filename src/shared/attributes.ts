import type { CategoryId } from './constants.ts';

export type AttributeGroupId = 'about' | 'basic' | 'advanced' | 'premium';

export const ATTRIBUTE_GROUPS: { id: AttributeGroupId; name: string; from: number; to: number }[] = [
  { id: 'about', name: 'About', from: 1, to: 6 },
  { id: 'basic', name: 'Basic', from: 7, to: 12 },
  { id: 'advanced', name: 'Advanced', from: 13, to: 18 },
  { id: 'premium', name: 'Premium', from: 19, to: 24 },
];

/** Names of attribute_1 … attribute_24 for each category, in the spec's four groups. */
export const ATTRIBUTE_NAMES: Record<CategoryId, string[]> = {
  C001: [
    'Released',
    'Status',
    'Colours',
    'Dimensions',
    'Net weight',
    'SIM',
    'Battery',
    'Main camera',
    'Display size',
    'RAM',
    'Storage',
    'Operating system',
    'Bluetooth',
    'CPU',
    'GPU',
    'Display type',
    'USB',
    'Network',
    'Charging',
    'Fingerprint',
    'GPS',
    'NFC',
    'Wi-Fi',
    'Sensors',
  ],
  C002: [
    'Body type',
    'Fuel type',
    'Transmission',
    'Seating capacity',
    'Doors',
    'Emission norm',
    'Engine',
    'Power',
    'Torque',
    'Mileage (ARAI)',
    'Fuel tank',
    'Drivetrain',
    'Length',
    'Width',
    'Height',
    'Wheelbase',
    'Ground clearance',
    'Kerb weight',
    'Airbags',
    'ABS',
    'Front brakes',
    'Rear brakes',
    'Boot space',
    'Electric range',
  ],
  C003: [
    'Price type',
    'Powertrain',
    'Source',
    '',
    '',
    '',
    'Engine',
    'Mileage',
    'Range per charge',
    'Kerb weight',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
};

export interface PrimeAttributeDef {
  name: string;
  unit: string;
  /** Slider step in the unit. */
  step: number;
}

/** Prime attributes per category: phones 1 = battery (mAh), 2 = main camera (MP). */
export const PRIME_ATTRIBUTES: Record<CategoryId, [PrimeAttributeDef, PrimeAttributeDef]> = {
  C001: [
    { name: 'Battery', unit: 'mAh', step: 500 },
    { name: 'Main camera', unit: 'MP', step: 10 },
  ],
  C002: [
    { name: 'Mileage', unit: 'km/l', step: 1 },
    { name: 'Power', unit: 'bhp', step: 10 },
  ],
  C003: [
    { name: 'Engine', unit: 'cc', step: 25 },
    { name: 'Mileage', unit: 'km/l', step: 5 },
  ],
};

export interface OptionDef {
  id: string;
  label: string;
}

/** Feature checkboxes on /browse (released-within is a separate selector). */
export const FEATURES: Record<CategoryId, OptionDef[]> = {
  C001: [
    { id: '5g', label: '5G' },
    { id: 'nfc', label: 'NFC' },
    { id: 'fast_charging', label: 'Fast charging (30 W or more)' },
    { id: 'expandable_storage', label: 'Expandable storage' },
    { id: 'high_refresh', label: 'High refresh rate (120 Hz or more)' },
  ],
  C002: [
    { id: 'automatic', label: 'Automatic transmission' },
    { id: 'electric', label: 'Electric' },
    { id: 'abs', label: 'ABS' },
    { id: 'six_airbags', label: '6 or more airbags' },
  ],
  C003: [{ id: 'electric', label: 'Electric' }],
};

/** Attribute options on /browse: at most 3 may be selected; all selected must match. */
export const ATTRIBUTE_OPTIONS: Record<CategoryId, { group: string; options: OptionDef[] }[]> = {
  C001: [
    {
      group: 'RAM',
      options: [4, 6, 8, 12, 16].map((gb) => ({ id: `ram_${gb}`, label: `${gb} GB RAM` })),
    },
    {
      group: 'Storage',
      options: [64, 128, 256, 512, 1024].map((gb) => ({
        id: `storage_${gb}`,
        label: gb >= 1024 ? `${gb / 1024} TB storage` : `${gb} GB storage`,
      })),
    },
    {
      group: 'Display',
      options: [
        { id: 'display_amoled', label: 'AMOLED / OLED display' },
        { id: 'display_large', label: 'Large display (6.7 in or more)' },
        { id: 'display_compact', label: 'Compact display (under 6.2 in)' },
      ],
    },
    {
      group: 'Software',
      options: [
        { id: 'os_android', label: 'Android' },
        { id: 'os_ios', label: 'iOS' },
      ],
    },
  ],
  C002: [
    {
      group: 'Body type',
      options: ['SUV', 'Sedan', 'Hatchback', 'MPV', 'MUV', 'Crossover', 'Coupe', 'Convertible'].map((b) => ({
        id: `body_${slug(b)}`,
        label: b,
      })),
    },
    {
      group: 'Fuel',
      options: ['Petrol', 'Diesel', 'CNG', 'Electric', 'Hybrid'].map((f) => ({
        id: `fuel_${slug(f)}`,
        label: f,
      })),
    },
    {
      group: 'Seats',
      options: [
        { id: 'seats_5', label: '5 seats' },
        { id: 'seats_7', label: '7 or more seats' },
      ],
    },
  ],
  C003: [
    {
      group: 'Engine',
      options: [
        { id: 'engine_commuter', label: 'Up to 160 cc' },
        { id: 'engine_mid', label: '161 to 500 cc' },
        { id: 'engine_big', label: 'Over 500 cc' },
      ],
    },
  ],
};

export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function attributeOptionIds(category: CategoryId): Set<string> {
  return new Set(ATTRIBUTE_OPTIONS[category].flatMap((g) => g.options.map((o) => o.id)));
}

export function featureIds(category: CategoryId): Set<string> {
  return new Set(FEATURES[category].map((f) => f.id));
}

/** One stored attribute value: a value plus an optional physical-quantity id (q) or a plain unit (u). */
export interface AttributeValue {
  v: string | number | boolean | string[];
  q?: number;
  u?: string;
  /** 'date' values are ISO dates shown as '26 May 2025'. */
  t?: 'date';
}
