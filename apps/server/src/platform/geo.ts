import geoip from 'geoip-country';
import { RememberedLast } from './remembered.ts';

/**
 * Addresses looked up lately and their countries. A page load asks for the caller's country
 * several times (the status call, the location call, the status gate while a region is blocked),
 * and the lookup is a binary search of about a microsecond; a hit is a map read.
 */
const recent = new RememberedLast<string, string>(10_000);
const lookUp = (ip: string) => geoip.lookup(ip)?.country ?? '';

/**
 * Country of an IP address from a maintained IP-to-country database (geoip-country, updated with
 * each release). Private and loopback addresses have no country: '' is returned.
 */
export function countryOf(ip: string): string {
  if (!ip) return '';
  return recent.get(ip, lookUp);
}

/** How many addresses are remembered (tests). */
export const rememberedAddresses = () => recent.size;
