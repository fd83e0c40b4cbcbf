import geoip from 'geoip-country';

/**
 * Addresses looked up lately and their countries. A page load asks for the caller's country
 * several times (the status call, the location call, the status gate while a region is blocked),
 * and the lookup is a binary search of about a microsecond; a hit is a map read. Bounded: past
 * RECENT_MAX addresses the oldest is forgotten, so a flood of distinct addresses cannot grow it.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 10_000;

/**
 * Country of an IP address from a maintained IP-to-country database (geoip-country, updated with
 * each release). Private and loopback addresses have no country: '' is returned.
 */
export function countryOf(ip: string): string {
  if (!ip) return '';
  const known = recent.get(ip);
  if (known !== undefined) return known;
  const country = geoip.lookup(ip)?.country ?? '';
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(ip, country);
  return country;
}

/** How many addresses are remembered (tests). */
export const rememberedAddresses = () => recent.size;
