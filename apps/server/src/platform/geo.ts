import geoip from 'geoip-country';

/**
 * Country of an IP address from a maintained IP-to-country database (geoip-country, updated with
 * each release). Private and loopback addresses have no country: '' is returned.
 */
export function countryOf(ip: string): string {
  if (!ip) return '';
  return geoip.lookup(ip)?.country ?? '';
}
