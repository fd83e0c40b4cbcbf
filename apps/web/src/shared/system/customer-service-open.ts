import { base64ToBytes, bytesToBase64, getService, SERVICE_ENCRYPTED_TYPE } from '@app/contract';
import { i18n, PAGES_NS } from '../i18n/i18n.ts';
import { secureCall } from '../http/payload-encryption.ts';
import { safeServiceUrl } from './customer-service.ts';
import styles from './customer-service.module.css';

/** Opens a type-3 address sealed with `key`: base64 of IV ‖ AES-256-GCM ciphertext ‖ tag. */
export async function openSealed(key: Uint8Array<ArrayBuffer>, sealed: string): Promise<string> {
  const bytes = base64ToBytes(sealed);
  const aes = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, 12) },
    aes,
    bytes.subarray(12),
  );
  return new TextDecoder().decode(plain);
}

/** The service address of getService: the type-3 entry, opened with this request's own key. */
export async function fetchServiceAddress(): Promise<string> {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const value = await secureCall(getService, { body: { responseKey: bytesToBase64(key) } });
  const entry = value.version.pathList.find((p) => p.type === SERVICE_ENCRYPTED_TYPE);
  if (!entry) throw new Error('customer service: no entry of type 3');
  const url = safeServiceUrl(await openSealed(key, entry.path));
  if (!url) throw new Error('customer service: the address is not one to open');
  return url;
}

let current: HTMLElement | null = null;

/** A short notice at the foot of the screen (the popup was blocked, the service did not answer). */
export function showServiceNotice(text: string): void {
  current?.remove();
  const note = document.createElement('div');
  note.className = styles.notice ?? '';
  note.setAttribute('role', 'alert');
  note.dataset.testid = 'service-notice';
  note.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = styles.close ?? '';
  close.textContent = '×';
  close.setAttribute('aria-label', i18n.getFixedT(PAGES_NS)('cs_notice_close'));
  close.onclick = () => note.remove();
  note.append(close);
  document.body.append(note);
  current = note;
  setTimeout(() => note.remove(), 8000);
}

/** Fills the window openCustomerService opened; closes it when the address cannot be had. */
export async function fillServiceWindow(popup: Window | null): Promise<void> {
  const strings = i18n.loadNamespaces(PAGES_NS).catch(() => undefined);
  if (!popup) {
    await strings;
    showServiceNotice(i18n.getFixedT(PAGES_NS)('cs_popup_blocked'));
    return;
  }
  try {
    const url = await fetchServiceAddress();
    if (!popup.closed) popup.location.href = url;
  } catch {
    popup.close();
    await strings;
    showServiceNotice(i18n.getFixedT(PAGES_NS)('cs_fetch_failed'));
  }
}
