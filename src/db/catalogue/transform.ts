/**
 * Turns the source rows of the catalogue (phones, cars, motorbikes; see data/SOURCES.md) into product rows.
 * Pure functions: no database here, so the rules are unit-tested directly.
 */
import type { AttributeValue } from '../../shared/attributes.ts';
import { slug } from '../../shared/attributes.ts';
import type { CategoryId } from '../../shared/constants.ts';
import * as normalize from './normalize.ts';

export interface CatalogueRow {
  categoryId: CategoryId;
  brand: string;
  model: string;
  variant: string;
  price: number | null;
  releaseDate: string | null;
  verified: boolean;
  attributes: Record<string, AttributeValue>;
  prime1: number | null;
  prime2: number | null;
  features: string[];
  facets: string[];
  specScore: number | null;
  /** What groups the variants of one model: the file's model_key (phones), else lower(brand|model|variant). */
  modelKey: string;
  /** confirmed (a spec source confirms it), partial (a price list only), rumoured (not imported). */
  listingConfidence: ListingConfidence;
  ramGb: number | null;
  storageGb: number | null;
  /** Where the row's data comes from, in words: "Specs from {specs}, price listed {price}". */
  sources: { specs: string | null; price: string | null };
}

export type ListingConfidence = 'confirmed' | 'partial' | 'rumoured';
const CONFIDENCES: readonly ListingConfidence[] = ['confirmed', 'partial', 'rumoured'];

/** The key of a category without model groups in its file: one variant per model. */
export const ownModelKey = (brand: string, model: string, variant: string) =>
  `${brand}|${model}|${variant}`.toLowerCase();

type Raw = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = (v: unknown): string[] | null =>
  Array.isArray(v) && v.length ? v.filter((x): x is string => typeof x === 'string') : null;

function put(attrs: Record<string, AttributeValue>, n: number, value: AttributeValue | null): void {
  if (value && value.v !== null && value.v !== '' && !(Array.isArray(value.v) && !value.v.length)) {
    attrs[`attribute_${n}`] = value;
  }
}

/** Brand, model, variant and price: the natural key and the listing price of every source row. */
function identity(categoryId: CategoryId, r: Raw) {
  return {
    categoryId,
    brand: str(r.brand) ?? 'Unknown',
    model: str(r.model) ?? 'Unknown',
    variant: str(r.variant) ?? '',
    price: num(r.price_inr),
  };
}

function text(v: unknown): AttributeValue | null {
  const s = str(v);
  return s ? { v: s } : null;
}
/** A text value in the catalogue's one wording (normalize.ts). */
function mapped(v: unknown, wording: (s: string) => string): AttributeValue | null {
  const s = str(v);
  return s ? { v: wording(s) } : null;
}
function quantity(v: number | null, q: number, factor = 1): AttributeValue | null {
  return v == null ? null : { v: v / factor, q };
}
function withUnit(v: number | null, u: string): AttributeValue | null {
  return v == null ? null : { v, u };
}

export function transformPhone(r: Raw): CatalogueRow {
  const attributes: Record<string, AttributeValue> = {};
  const dims = r.dimensions_mm as { height: number; width: number; depth: number } | null;
  const released = str(r.released);
  put(attributes, 1, released ? { v: released, t: 'date' } : null);
  put(attributes, 2, text(r.status));
  put(attributes, 3, list(r.colors) ? { v: list(r.colors)! } : null);
  put(attributes, 4, dims ? { v: `${dims.height} × ${dims.width} × ${dims.depth} mm` } : null);
  // Weight is stored in kg with quantity 17 (×1000 g).
  put(attributes, 5, quantity(num(r.weight_g), 17, 1000));
  put(attributes, 6, mapped(r.sim, normalize.sim));
  // Battery is stored in Ah with quantity 3 (×1000 mAh).
  put(attributes, 7, quantity(num(r.battery_mah), 3, 1000));
  const rear = num(r.rear_camera_mp);
  const rearCount = num(r.rear_camera_count);
  put(attributes, 8, rear == null ? null : { v: rear, q: 12 });
  const size = num(r.display_size_in);
  const res = r.resolution as { width: number; height: number } | null;
  put(
    attributes,
    9,
    size == null ? null : { v: `${size} inches${res ? `, ${res.width} × ${res.height} px` : ''}` },
  );
  put(attributes, 10, quantity(num(r.ram_gb), 1));
  put(attributes, 11, quantity(num(r.storage_gb), 1));
  put(attributes, 12, mapped(r.os, normalize.operatingSystem));
  put(attributes, 13, mapped(r.bluetooth, normalize.bluetooth));
  put(attributes, 14, mapped(r.cpu, normalize.cpu) ?? text(r.chipset));
  put(attributes, 15, mapped(r.gpu, normalize.gpu));
  const refresh = num(r.refresh_rate_hz);
  const rawDisplayType = str(r.display_type);
  const displayType = rawDisplayType && normalize.displayType(rawDisplayType);
  put(
    attributes,
    16,
    displayType ? { v: displayType } : refresh ? { v: `${refresh} Hz refresh rate` } : null,
  );
  put(attributes, 17, mapped(r.usb, normalize.usb));
  put(attributes, 18, list(r.network) ? { v: list(r.network)! } : null);
  const fast = num(r.fast_charging_w);
  put(attributes, 19, text(r.charging) ?? quantity(fast, 11));
  put(attributes, 20, mapped(r.fingerprint, normalize.fingerprint));
  put(attributes, 21, mapped(r.gps, normalize.gps));
  put(attributes, 22, typeof r.nfc === 'boolean' ? { v: r.nfc } : null);
  put(attributes, 23, text(r.wifi));
  put(attributes, 24, list(r.sensors) ? { v: normalize.sensors(list(r.sensors)!) } : null);
  if (rearCount && rearCount > 1 && attributes.attribute_8) {
    attributes.attribute_8 = { v: `${rear} MP main, ${rearCount} rear cameras` };
    if (num(r.front_camera_mp)) attributes.attribute_8.v += `, ${num(r.front_camera_mp)} MP front`;
  }

  const features: string[] = [];
  if (r.has_5g === true) features.push('5g');
  if (r.nfc === true) features.push('nfc');
  if (fast != null && fast >= 30) features.push('fast_charging');
  if (r.extended_memory !== null && r.extended_memory !== false && r.extended_memory !== undefined) {
    features.push('expandable_storage');
  }
  if (refresh != null && refresh >= 120) features.push('high_refresh');

  const facets: string[] = [];
  const ram = num(r.ram_gb);
  if (ram != null && [4, 6, 8, 12, 16].includes(ram)) facets.push(`ram_${ram}`);
  const storage = num(r.storage_gb);
  if (storage != null && [64, 128, 256, 512, 1024].includes(storage)) facets.push(`storage_${storage}`);
  if (displayType && /oled/i.test(displayType)) facets.push('display_amoled');
  if (size != null && size >= 6.7) facets.push('display_large');
  if (size != null && size < 6.2) facets.push('display_compact');
  const os = (str(r.os) && normalize.operatingSystem(str(r.os)!))?.toLowerCase() ?? '';
  if (os.startsWith('android')) facets.push('os_android');
  if (os.startsWith('ios')) facets.push('os_ios');

  const priceSource = str(r.price_source);
  const id = identity('C001', r);
  const stated = str(r.listing_confidence) as ListingConfidence | null;
  // Rows without the key (older files): confirmed unless a 2023 listing that no spec database confirms.
  const listingConfidence =
    stated && CONFIDENCES.includes(stated)
      ? stated
      : priceSource === 'smartprix_2023' && !str(r.gsmarena_name)
        ? 'partial'
        : 'confirmed';
  return {
    ...id,
    // A month (2025-05) is stored as its first day; attribute_1 keeps the month, so pages say "May 2025".
    releaseDate: released && /^\d{4}-\d{2}$/.test(released) ? `${released}-01` : released,
    verified: listingConfidence === 'confirmed',
    modelKey: str(r.model_key)?.toLowerCase() ?? `${id.brand}|${id.model}`.toLowerCase(),
    listingConfidence,
    ramGb: num(r.ram_gb),
    storageGb: storage == null ? null : Math.round(storage),
    sources: phoneSources(r),
    attributes,
    prime1: num(r.battery_mah),
    prime2: rear,
    features,
    facets,
    specScore: num(r.spec_score),
  };
}

/** The spec sources a phone row names (SOURCES.md), in words. */
const SPEC_SOURCES: [RegExp, string][] = [
  [/smartprix-scraper/i, 'Smartprix'],
  [/mobiinfo|mobiledokan/i, 'MobileDokan'],
  [/gsm-?arena|cellphones|gsmarena/i, 'GSMArena'],
];
/** When and where a price source listed its prices (SOURCES.md: A late 2025, B spring 2023, F 2025-10-13). */
const PRICE_SOURCES: Record<string, string> = {
  smartprix_2023: 'on Smartprix in 2023',
  smartprix_2025: 'on Smartprix in late 2025',
  'smartprix_2025-10_mynkpdr': 'on Smartprix in October 2025',
};

export function phoneSources(r: Raw): { specs: string | null; price: string | null } {
  const names: string[] = [];
  const add = (source: string | null) => {
    if (!source) return;
    const hit = SPEC_SOURCES.find(([re]) => re.test(source));
    if (hit && !names.includes(hit[1])) names.push(hit[1]);
  };
  add(str(r.gsmarena_source) ?? (str(r.gsmarena_name) ? 'gsmarena' : null));
  const sourceOf = (v: unknown) =>
    v && typeof v === 'object' ? str((v as Record<string, unknown>).source) : null;
  add(sourceOf(r.spec_match));
  add(sourceOf(r.filled_from));
  add(sourceOf(r.filled_from_2));
  const priceSource = str(r.price_source);
  const price = priceSource ? (PRICE_SOURCES[priceSource] ?? `on ${priceSource}`) : null;
  // A price list only (a partial listing): its specs are the price list's, unconfirmed.
  const specs = names.length
    ? names.join(' and ')
    : priceSource?.startsWith('smartprix')
      ? 'the Smartprix listing (unconfirmed)'
      : null;
  return { specs, price };
}

/** PS and kW to bhp; hp and bhp are taken as equal. */
export function toBhp(value: number | null, unit: string | null): number | null {
  if (value == null) return null;
  switch (unit) {
    case 'PS':
      return Math.round(value * 0.98632 * 10) / 10;
    case 'kW':
      return Math.round(value * 1.34102 * 10) / 10;
    default:
      return value;
  }
}

export function transformCar(r: Raw): CatalogueRow {
  const attributes: Record<string, AttributeValue> = {};
  const mm = (v: unknown): AttributeValue | null => withUnit(num(v), 'mm');
  put(attributes, 1, text(r.body_type));
  put(attributes, 2, text(r.fuel_type));
  put(attributes, 3, text(r.transmission));
  put(attributes, 4, withUnit(num(r.seating_capacity), 'seats'));
  put(attributes, 5, num(r.doors) == null ? null : { v: num(r.doors)! });
  put(attributes, 6, text(r.emission_norm));
  put(attributes, 7, withUnit(num(r.engine_cc), 'cc'));
  put(attributes, 8, text(r.power));
  put(attributes, 9, text(r.torque));
  put(attributes, 10, withUnit(num(r.mileage_arai_kmpl), 'km/l'));
  put(attributes, 11, quantity(num(r.fuel_tank_litres), 16));
  put(attributes, 12, text(r.drivetrain));
  put(attributes, 13, mm(r.length_mm));
  put(attributes, 14, mm(r.width_mm));
  put(attributes, 15, mm(r.height_mm));
  put(attributes, 16, mm(r.wheelbase_mm));
  put(attributes, 17, mm(r.ground_clearance_mm));
  put(attributes, 18, withUnit(num(r.kerb_weight_kg), 'kg'));
  put(attributes, 19, num(r.airbags) == null ? null : { v: num(r.airbags)! });
  put(attributes, 20, typeof r.abs === 'boolean' ? { v: r.abs } : null);
  put(attributes, 21, text(r.front_brakes));
  put(attributes, 22, text(r.rear_brakes));
  put(attributes, 23, quantity(num(r.boot_space_litres), 16));
  put(attributes, 24, withUnit(num(r.electric_range_km), 'km'));

  const fuel = str(r.fuel_type) ?? '';
  const transmission = str(r.transmission) ?? '';
  const features: string[] = [];
  if (transmission && transmission !== 'Manual') features.push('automatic');
  if (fuel === 'Electric') features.push('electric');
  if (r.abs === true) features.push('abs');
  if ((num(r.airbags) ?? 0) >= 6) features.push('six_airbags');

  const facets = new Set<string>();
  for (const body of (str(r.body_type) ?? '').split(',')) if (body.trim()) facets.add(`body_${slug(body)}`);
  for (const f of fuel.split('+')) if (f.trim()) facets.add(`fuel_${slug(f)}`);
  const seats = num(r.seating_capacity);
  if (seats === 5) facets.add('seats_5');
  if (seats != null && seats >= 7) facets.add('seats_7');

  const id = identity('C002', r);
  return {
    ...id,
    releaseDate: null,
    verified: true,
    modelKey: ownModelKey(id.brand, id.model, id.variant),
    listingConfidence: 'confirmed',
    ramGb: null,
    storageGb: null,
    sources: { specs: 'the Kaggle "Cars Dataset (India)"', price: 'ex-showroom in about 2020' },
    attributes,
    prime1: num(r.mileage_arai_kmpl) ?? num(r.mileage_city_kmpl),
    prime2: toBhp(num(r.power_value), str(r.power_unit)),
    features,
    facets: [...facets],
    specScore: null,
  };
}

export function transformMotorbike(r: Raw): CatalogueRow {
  const attributes: Record<string, AttributeValue> = {};
  const engine = num(r.engine_cc);
  const range = num(r.range_km_per_charge);
  const electric = engine == null && range != null;
  put(attributes, 1, text(r.price_type));
  put(attributes, 2, { v: electric ? 'Electric' : engine != null ? 'Petrol' : 'Not listed' });
  put(attributes, 3, { v: 'carandbike.com listing (early 2023)' });
  put(attributes, 7, withUnit(engine, 'cc'));
  put(attributes, 8, text(r.mileage_text) ?? withUnit(num(r.mileage_kmpl), 'km/l'));
  put(attributes, 9, withUnit(range, 'km'));
  put(attributes, 10, withUnit(num(r.kerb_weight_kg), 'kg'));

  const facets: string[] = [];
  if (engine != null)
    facets.push(engine <= 160 ? 'engine_commuter' : engine <= 500 ? 'engine_mid' : 'engine_big');
  const id = identity('C003', r);
  return {
    ...id,
    releaseDate: null,
    verified: true,
    modelKey: ownModelKey(id.brand, id.model, id.variant),
    listingConfidence: 'confirmed',
    ramGb: null,
    storageGb: null,
    sources: { specs: 'carandbike.com', price: 'on carandbike.com in early 2023' },
    attributes,
    prime1: engine,
    prime2: num(r.mileage_kmpl),
    features: electric ? ['electric'] : [],
    facets,
    specScore: null,
  };
}
