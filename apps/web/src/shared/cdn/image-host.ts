/**
 * Image and game-launch hosts, each picked at random from the server's lists (SY-22) so load
 * spreads over them. One pick per list per page load: the same image keeps one URL, so the
 * browser cache works. The lists arrive with the system status.
 */
interface HostList {
  hosts: string[];
  picked: string | null;
}

/** The site's own image path: the first of the image hosts until the status lists others. */
export const OWN_IMAGE_HOST = '/cdn/img1';

const image: HostList = { hosts: [OWN_IMAGE_HOST], picked: null };
const launch: HostList = { hosts: ['/cdn/launch1'], picked: null };

function setList(list: HostList, hosts: readonly string[]): void {
  const clean = hosts.map((h) => h.replace(/\/+$/, '')).filter(Boolean);
  if (clean.length === 0) return;
  if (
    list.picked &&
    clean.includes(list.picked) &&
    clean.length === list.hosts.length &&
    clean.every((h, i) => h === list.hosts[i])
  )
    return;
  list.hosts = clean;
  list.picked = null;
}

function pick(list: HostList, random: () => number): string {
  if (list.picked === null)
    list.picked = list.hosts[Math.floor(random() * list.hosts.length)] ?? list.hosts[0]!;
  return list.picked;
}

export function configureHosts(lists: {
  imageCDNs: readonly string[];
  launchGameCDNs: readonly string[];
}): void {
  setList(image, lists.imageCDNs);
  setList(launch, lists.launchGameCDNs);
}

export function imageHost(random: () => number = Math.random): string {
  return pick(image, random);
}

export function launchHost(random: () => number = Math.random): string {
  return pick(launch, random);
}

export function imageHosts(): readonly string[] {
  return image.hosts;
}

export function launchHosts(): readonly string[] {
  return launch.hosts;
}

/**
 * The URL of an image on the CDN. A path under TCG_PROD_IMAGES gets the picked host in front; a
 * URL already on one of the listed image hosts moves to the picked one; anything else (a data
 * URL, an absolute URL elsewhere) is kept.
 */
export function cdnImage(url: string): string {
  if (!url) return url;
  if (/^\/?TCG_PROD_IMAGES\//.test(url)) return `${imageHost()}/${url.replace(/^\//, '')}`;
  for (const host of image.hosts) {
    if (url.startsWith(`${host}/`)) return `${imageHost()}${url.slice(host.length)}`;
  }
  return url;
}

/** `{CDN}/TCG_PROD_IMAGES/...` for a path the client builds itself (browsers, vendor art). */
export function cdnPath(path: string): string {
  return `${imageHost()}/TCG_PROD_IMAGES/${path.replace(/^\//, '')}`;
}
