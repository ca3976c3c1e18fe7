/**
 * One wording for every phone page (issue 18): the enriched catalogue mixes GSMArena's wording (most rows) with
 * Smartprix's and MobileDokan's ("Color AMOLED Screen (16M Colors)", "Fingerprint (In Display)",
 * "Android v15"). Each function maps a source's wording to the GSMArena-style one the majority of rows use, and
 * leaves any other value as it is. Pure functions, unit-tested with the catalogue's own examples.
 */

/** "Color AMOLED Screen (16M Colors)" → "AMOLED"; "Color IPS Screen" → "IPS LCD"; GSMArena's values unchanged. */
export function displayType(value: string): string {
  const m = /^Colou?r\s+(.*?)(?:\s+Screen)?\s*(?:\([^)]*\))?\s*$/i.exec(value);
  if (!m) return value;
  let kind = m[1]!.trim();
  if (!kind || /^(QVGA|HD\+?|FHD\+?)$/i.test(kind)) return value;
  kind = kind.replace(/^(HD\+?|FHD\+?)\s+/i, '');
  if (/^(TFT\s+)?IPS$/i.test(kind)) return 'IPS LCD';
  if (/^TFT$/i.test(kind)) return 'TFT LCD';
  return kind;
}

const FINGERPRINT_PLACES: [RegExp, string][] = [
  [/\b(in[- ]?display|on[- ]?screen|under[- ]?display)\b/i, 'under display'],
  [/\bside\b/i, 'side-mounted'],
  [/\b(rear|back)\b/i, 'rear-mounted'],
  [/\bfront\b/i, 'front-mounted'],
];

/**
 * "Fingerprint (In Display)" and "Fingerprint (On-screen)" → "Fingerprint (under display)"; "(Side)" →
 * "(side-mounted)"; "(Rear)" → "(rear-mounted)". GSMArena's detailed values ("under display, optical") stay.
 */
export function fingerprint(value: string): string {
  const m = /^fingerprint\s*(?:\((.*)\))?\s*$/i.exec(value.trim());
  if (!m) return value;
  const place = m[1]?.trim();
  if (!place) return 'Fingerprint';
  // GSMArena's detailed wording ("under display, optical") is the target already.
  if (place.includes(',')) return `Fingerprint (${place})`;
  const hit = FINGERPRINT_PLACES.find(([re]) => re.test(place));
  return `Fingerprint (${hit ? hit[1] : place.toLowerCase()})`;
}

/** "Android v15" → "Android 15"; "iOS v18" → "iOS 18". Other systems keep their source's name. */
export function operatingSystem(value: string): string {
  return value.replace(/^(Android|iOS|iPadOS|HarmonyOS)\s+v(?=\d)/i, '$1 ');
}

/** "v5.4" → "5.4"; "v5.2, A2DP, LE" → "5.2, A2DP, LE". */
export function bluetooth(value: string): string {
  return value.replace(/^v(?=\d)/i, '');
}

/** "USB-C v2.0" → "USB Type-C 2.0"; "USB-C" → "USB Type-C"; "microUSB v2.0" → "microUSB 2.0". */
export function usb(value: string): string {
  return value.replace(/^USB-C\b/i, 'USB Type-C').replace(/\s+v(?=\d)/g, ' ');
}

/** "Yes with A-GPS, Glonass" → "Yes, with A-GPS, GLONASS". */
export function gps(value: string): string {
  return value.replace(/^Yes with\b/, 'Yes, with').replace(/\bGlonass\b/g, 'GLONASS');
}

/** "Arm Mali-G57 MC2" → "Mali-G57 MC2". */
export function gpu(value: string): string {
  return value.replace(/^ARM\s+(?=Mali)/i, '');
}

/** "Octa Core, 2.4 GHz" → "Octa-core, 2.4 GHz", as GSMArena writes the core count. */
export function cpu(value: string): string {
  return value.replace(
    /^(Octa|Hexa|Quad|Dual|Single|Deca)[ -]?Core\b/i,
    (_, n: string) => `${n.charAt(0).toUpperCase()}${n.slice(1).toLowerCase()}-core`,
  );
}

/** "Dual Sim" → "Dual SIM". */
export function sim(value: string): string {
  return value.replace(/\bSim\b/g, 'SIM');
}

const SENSORS: [RegExp, string][] = [
  [/^(accelerometer|acceleration sensor|g[- ]?sensor)$/i, 'accelerometer'],
  [/^(gyro|gyroscope)( sensor)?$/i, 'gyro'],
  [/^proximity( sensor)?$/i, 'proximity'],
  [/^(compass|e-compass|electronic compass|geomagnetic sensor|magnetometer)$/i, 'compass'],
  [/^barometer$/i, 'barometer'],
  [/^(ambient )?light( sensor)?$/i, 'ambient light'],
  [/^gravity sensor$/i, 'gravity'],
  [/^in display optical fingerprint sensor$/i, 'Fingerprint (under display, optical)'],
];

/** Sensor names in GSMArena's wording, each once: "Accelerometer", "Gyroscope" → "accelerometer", "gyro". */
export function sensors(values: string[]): string[] {
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const hit = SENSORS.find(([re]) => re.test(value));
    const name = hit ? hit[1] : /^fingerprint\b/i.test(value) ? fingerprint(value) : value;
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}
