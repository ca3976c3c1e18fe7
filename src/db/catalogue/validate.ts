/**
 * The shape of each catalogue file's rows (data/*.json), checked before anything is written: a row with a price
 * that is not a number, a negative battery, no brand or an impossible date refuses the whole file, with one
 * `file:row:field: reason` line per problem, instead of importing nulls or failing inside the database.
 */
import { z } from 'zod';
import type { CategoryId } from '../../shared/constants.ts';

/** Problems listed before the rest are only counted. */
export const MAX_PROBLEMS = 20;

const name = z.string('must be a non-empty text').trim().min(1, 'must be a non-empty text');
const text = z.string('must be a text').nullish();
const texts = z.array(z.string('must be a text'), 'must be a list of texts').nullish();
const flag = z.boolean('must be true or false').nullish();
/** A measurement: a number, zero or more, or nothing. */
const amount = z.number('must be a number').nonnegative('must not be negative').nullish();
const count = z
  .number('must be a number')
  .int('must be a whole number')
  .nonnegative('must not be negative')
  .nullish();
const price = z.number('must be a number').positive('must be above zero').nullish();

/** A calendar date or month (2024-09-20, 2024-09) that exists. */
const releaseDate = z
  .string('must be a date like 2024-09-20 or 2024-09')
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'must be a date like 2024-09-20 or 2024-09')
  .refine((s) => {
    const day = s.length === 7 ? `${s}-01` : s;
    const d = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
  }, 'is not a real date')
  .nullish();

const common = { brand: name, model: name, variant: text, price_inr: price };

const PhoneRow = z.looseObject({
  ...common,
  released: releaseDate,
  status: text,
  colors: texts,
  dimensions_mm: z.object({ height: amount, width: amount, depth: amount }, 'must be an object').nullish(),
  weight_g: amount,
  sim: text,
  battery_mah: amount,
  rear_camera_mp: amount,
  rear_camera_count: count,
  front_camera_mp: amount,
  display_size_in: amount,
  resolution: z.object({ width: count, height: count }, 'must be an object').nullish(),
  ram_gb: amount,
  storage_gb: amount,
  os: text,
  bluetooth: text,
  cpu: text,
  chipset: text,
  gpu: text,
  refresh_rate_hz: amount,
  display_type: text,
  usb: text,
  network: texts,
  fast_charging_w: amount,
  charging: text,
  fingerprint: text,
  gps: text,
  nfc: flag,
  wifi: text,
  sensors: texts,
  has_5g: flag,
  extended_memory: z.union([z.string(), z.boolean()], 'must be a text or true or false').nullish(),
  spec_score: z.number('must be a number').min(0).max(100, 'must be at most 100').nullish(),
  price_source: text,
  gsmarena_name: text,
});

const CarRow = z.looseObject({
  ...common,
  body_type: text,
  fuel_type: text,
  transmission: text,
  seating_capacity: count,
  doors: count,
  emission_norm: text,
  engine_cc: amount,
  power: text,
  power_value: amount,
  power_unit: z.enum(['PS', 'kW', 'hp', 'bhp'], 'must be PS, kW, hp or bhp').nullish(),
  torque: text,
  mileage_arai_kmpl: amount,
  mileage_city_kmpl: amount,
  fuel_tank_litres: amount,
  drivetrain: text,
  length_mm: amount,
  width_mm: amount,
  height_mm: amount,
  wheelbase_mm: amount,
  ground_clearance_mm: amount,
  kerb_weight_kg: amount,
  airbags: count,
  abs: flag,
  front_brakes: text,
  rear_brakes: text,
  boot_space_litres: amount,
  electric_range_km: amount,
});

const MotorbikeRow = z.looseObject({
  ...common,
  price_type: text,
  engine_cc: amount,
  mileage_kmpl: amount,
  mileage_text: text,
  range_km_per_charge: amount,
  kerb_weight_kg: amount,
});

const ROW_SCHEMAS: Record<CategoryId, z.ZodType> = { C001: PhoneRow, C002: CarRow, C003: MotorbikeRow };

/**
 * The rows of a parsed catalogue file, or an error naming every problem (up to MAX_PROBLEMS) as
 * `file:row:field: reason`, rows counted from 1 in the file's array.
 */
export function checkRows(file: string, category: CategoryId, data: unknown): Record<string, unknown>[] {
  if (!Array.isArray(data)) throw new Error(`${file}: must be a JSON array of rows; nothing was imported`);
  const schema = ROW_SCHEMAS[category];
  const problems: string[] = [];
  data.forEach((row, i) => {
    const checked = schema.safeParse(row);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = issue.path.join('.') || '(row)';
      problems.push(`${file}:${i + 1}:${field}: ${issue.message}`);
    }
  });
  if (problems.length) {
    const more = problems.length - MAX_PROBLEMS;
    throw new Error(
      [
        `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported`,
        ...problems.slice(0, MAX_PROBLEMS),
        ...(more > 0 ? [`… and ${more} more`] : []),
      ].join('\n'),
    );
  }
  return data as Record<string, unknown>[];
}
