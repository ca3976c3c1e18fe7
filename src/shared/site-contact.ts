/**
 * How people reach the people who run the site: the support address, the site's social accounts and the
 * grievance officer (README, "Configuration": SUPPORT_EMAIL, SOCIAL_LINKS, GRIEVANCE_OFFICER_*). Each is shown
 * only when it is set: no page invents an address.
 */
export interface SocialLink {
  href: string;
  /** The network's name, from the address: 'Instagram', 'X', 'YouTube'… or the host name. */
  network: string;
}

export interface GrievanceOfficer {
  name: string;
  email: string;
  /** Complaints are acknowledged within this many hours (48 at most: Consumer Protection (E-Commerce) Rules). */
  responseHours: number;
}

export interface SiteContact {
  supportEmail: string | null;
  socialLinks: SocialLink[];
  grievanceOfficer: GrievanceOfficer | null;
}

export const NO_CONTACT: SiteContact = { supportEmail: null, socialLinks: [], grievanceOfficer: null };

/** The law's longest wait for a complaint's acknowledgement, and the default. */
export const GRIEVANCE_RESPONSE_HOURS = 48;

const NETWORKS: [RegExp, string][] = [
  [/(^|\.)(x|twitter)\.com$/, 'X'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)threads\.(net|com)$/, 'Threads'],
  [/(^|\.)whatsapp\.com$/, 'WhatsApp'],
  [/(^|\.)(t\.me|telegram\.me)$/, 'Telegram'],
];

/** 'https://www.instagram.com/verdict_in' → 'Instagram'; an unknown network is named by its host. */
export function socialNetwork(href: string): string {
  const host = new URL(href).hostname.toLowerCase().replace(/^www\./, '');
  return NETWORKS.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}
