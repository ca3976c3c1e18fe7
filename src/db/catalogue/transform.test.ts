import { describe, expect, it } from 'vitest';
import { readCatalogue } from './import.ts';
import { phoneSources, toBhp, transformCar, transformMotorbike, transformPhone } from './transform.ts';

const phone = {
  brand: 'Acer',
  model: 'Super ZX',
  variant: '4GB RAM + 128GB',
  price_inr: 9480,
  released: '2025-05-26',
  status: 'Available',
  colors: ['Carbon Black'],
  dimensions_mm: null,
  weight_g: 200,
  battery_mah: 5000,
  fast_charging_w: 33,
  charging: '33W wired',
  rear_camera_mp: 64,
  rear_camera_count: 1,
  front_camera_mp: 13,
  display_size_in: 6.8,
  display_type: 'AMOLED, 120Hz',
  refresh_rate_hz: 120,
  resolution: { width: 1080, height: 2400 },
  ram_gb: 4,
  storage_gb: 128,
  extended_memory: 'up to 1 TB',
  os: 'Android 15',
  cpu: 'Octa-core',
  gpu: 'Mali',
  bluetooth: '5.3',
  usb: 'USB Type-C 2.0',
  network: ['4G', '5G'],
  has_5g: true,
  fingerprint: 'side',
  gps: 'GPS',
  nfc: true,
  wifi: 'Yes',
  sensors: ['compass'],
  spec_score: 72,
  sim: 'Dual Sim',
  price_source: 'smartprix_2025',
  gsmarena_name: 'Acer Super ZX',
};

describe('phone rows', () => {
  it('stores attributes in base units with quantity ids', () => {
    const row = transformPhone(phone);
    expect(row.attributes.attribute_7).toEqual({ v: 5, q: 3 });
    expect(row.attributes.attribute_5).toEqual({ v: 0.2, q: 17 });
    expect(row.attributes.attribute_10).toEqual({ v: 4, q: 1 });
    expect(row.attributes.attribute_1).toEqual({ v: '2025-05-26', t: 'date' });
    expect(row.attributes.attribute_22).toEqual({ v: true });
    expect(row.prime1).toBe(5000);
    expect(row.prime2).toBe(64);
  });

  it('derives features and facets for the browse filters', () => {
    const row = transformPhone(phone);
    expect(row.features.sort()).toEqual(['5g', 'expandable_storage', 'fast_charging', 'high_refresh', 'nfc']);
    expect(row.facets.sort()).toEqual([
      'display_amoled',
      'display_large',
      'os_android',
      'ram_4',
      'storage_128',
    ]);
  });

  it('marks 2023 listings that no spec database confirms as unverified', () => {
    expect(transformPhone(phone).verified).toBe(true);
    expect(transformPhone({ ...phone, price_source: 'smartprix_2023', gsmarena_name: null }).verified).toBe(
      false,
    );
    expect(transformPhone({ ...phone, price_source: 'smartprix_2023' }).verified).toBe(true);
  });

  it('keeps month-precision release dates, stored as the first of the month', () => {
    const row = transformPhone({ ...phone, released: '2023-05' });
    expect(row.releaseDate).toBe('2023-05-01');
    expect(row.attributes.attribute_1).toEqual({ v: '2023-05', t: 'date' });
  });
});

describe('cars and motorbikes', () => {
  it('converts car power to bhp and derives filters', () => {
    expect(toBhp(100, 'PS')).toBe(98.6);
    expect(toBhp(100, 'kW')).toBe(134.1);
    expect(toBhp(100, 'bhp')).toBe(100);
    const car = transformCar({
      brand: 'Tata',
      model: 'Nexon',
      variant: 'XZ',
      price_inr: 900000,
      fuel_type: 'CNG + Petrol',
      transmission: 'AMT',
      body_type: 'SUV, Crossover',
      seating_capacity: 5,
      abs: true,
      airbags: 6,
      power_value: 118,
      power_unit: 'PS',
      mileage_arai_kmpl: 17,
    });
    expect(car.features.sort()).toEqual(['abs', 'automatic', 'six_airbags']);
    expect(car.facets.sort()).toEqual(['body_crossover', 'body_suv', 'fuel_cng', 'fuel_petrol', 'seats_5']);
    expect(car.prime1).toBe(17);
    expect(car.prime2).toBe(116.4);
  });

  it('tells electric motorbikes from petrol ones', () => {
    const ev = transformMotorbike({
      brand: 'Ola',
      model: 'S1',
      variant: null,
      price_inr: 100000,
      engine_cc: null,
      range_km_per_charge: 150,
    });
    expect(ev.features).toEqual(['electric']);
    expect(ev.variant).toBe('');
    const bike = transformMotorbike({
      brand: 'Bajaj',
      model: 'Pulsar',
      variant: null,
      price_inr: 100000,
      engine_cc: 150,
      mileage_kmpl: 45,
    });
    expect(bike.facets).toEqual(['engine_commuter']);
    expect(bike.prime2).toBe(45);
  });
});

describe('the bundled catalogue', () => {
  it('has about 2,000 phones and the cars and motorbikes, without duplicate keys', () => {
    const phones = readCatalogue('C001');
    expect(phones.length).toBeGreaterThan(1900);
    expect(readCatalogue('C002').length).toBeGreaterThan(1200);
    expect(readCatalogue('C003').length).toBeGreaterThan(350);
    const keys = new Set(phones.map((p) => `${p.brand}|${p.model}|${p.variant}`.toLowerCase()));
    expect(keys.size).toBe(phones.length);
    expect(phones.every((p) => p.price === null || p.price > 0)).toBe(true);
  });
});

describe('models, confidence and sources (issue 18)', () => {
  it("takes a phone's model_key and listing_confidence from its row", () => {
    const row = transformPhone({ ...phone, model_key: 'acer|superzx', listing_confidence: 'partial' });
    expect(row).toMatchObject({
      modelKey: 'acer|superzx',
      listingConfidence: 'partial',
      verified: false,
      ramGb: 4,
      storageGb: 128,
    });
    expect(transformPhone({ ...phone, listing_confidence: 'rumoured' }).listingConfidence).toBe('rumoured');
    // Rows without the keys (an older file): brand|model, confirmed unless an unmatched 2023 listing.
    expect(transformPhone(phone)).toMatchObject({
      modelKey: 'acer|super zx',
      listingConfidence: 'confirmed',
    });
  });

  it('gives cars and motorbikes one variant per model', () => {
    const car = transformCar({ brand: 'Tata', model: 'Nexon', variant: 'XZ Plus', price_inr: 1000000 });
    expect(car).toMatchObject({ modelKey: 'tata|nexon|xz plus', listingConfidence: 'confirmed' });
    expect(transformMotorbike({ brand: 'Bajaj', model: 'Pulsar 150', price_inr: 1 }).modelKey).toBe(
      'bajaj|pulsar 150|',
    );
  });

  it('says where the data comes from, in words', () => {
    expect(
      phoneSources({
        price_source: 'smartprix_2025-10_mynkpdr',
        gsmarena_source: 'lf-kali/gsmarena_data_scraper',
        filled_from_2: {
          source: 'khalakuzamanrony/MobiInfo@d4c179d5 MobiInfo/Brands/*.json (mobiledokan.com)',
        },
      }),
    ).toEqual({ specs: 'GSMArena and MobileDokan', price: 'on Smartprix in October 2025' });
    expect(
      phoneSources({
        price_source: 'smartprix_2025',
        spec_match: { source: 'mynkpdr/smartprix-scraper@c3204f85 data/mobiles/mobiles.csv (2025-10-13)' },
      }),
    ).toEqual({ specs: 'Smartprix', price: 'on Smartprix in late 2025' });
    expect(phoneSources({ price_source: 'smartprix_2023', gsmarena_name: null })).toEqual({
      specs: 'the Smartprix listing (unconfirmed)',
      price: 'on Smartprix in 2023',
    });
  });

  it('knows every row of the bundled phones: a model_key and a confidence each', () => {
    const phones = readCatalogue('C001');
    expect(phones.filter((p) => p.listingConfidence === 'rumoured')).toHaveLength(17);
    expect(
      new Set(phones.filter((p) => p.listingConfidence !== 'rumoured').map((p) => p.modelKey)).size,
    ).toBe(1563);
    const fe = phones.filter((p) => p.modelKey === 'samsung|galaxys24fe').map((p) => p.model);
    expect(fe.sort()).toEqual(['Galaxy S24 FE', 'Galaxy S24 FE 5G']);
    expect(
      phones.filter(
        (p) => p.releaseDate?.endsWith('-01') && p.attributes.attribute_1?.v.toString().length === 7,
      ),
    ).toHaveLength(55);
  });
});
