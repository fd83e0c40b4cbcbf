import { useRef, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { AvatarLimits, STATIC_AVATAR_COUNT } from '@app/contract';
import { cdnImage, cdnPath } from '../../shared/cdn/image-host.ts';
import { FormAlert } from '../../shared/forms/text-field.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { Spinner } from '../../shared/ui/states.tsx';
import { useMemberInfo } from '../session/index.ts';
import { useSetStaticAvatar, useUploadAvatar } from './api.ts';
import { profileErrorText } from './errors.ts';
import { ModalButton } from './modal-button.tsx';
import { PROFILE_NS } from './strings.ts';
import styles from './profile.module.css';

/** The member's avatar, or the first letter of the name when it has none or fails to load. */
export function AvatarImage({ size }: { size: number }) {
  const { data: info } = useMemberInfo();
  const [broken, setBroken] = useState<string | null>(null);
  const url = info?.avatarUrl ?? '';
  const name = info?.nickname || info?.userName || '';
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} data-testid="profile-avatar">
      {url && broken !== url ? (
        <img src={cdnImage(url)} alt="" width={size} height={size} onError={() => setBroken(url)} />
      ) : (
        <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
      )}
    </span>
  );
}

/** The avatar with its "change" button, which opens the chooser. */
export function AvatarButton({ size }: { size: number }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  return (
    <div className={styles.avatarBox}>
      <AvatarImage size={size} />
      <ModalButton
        type="button"
        size="sm"
        variant="secondary"
        data-testid="avatar-action"
        modal={(onClose) => <AvatarModal onClose={onClose} />}
      >
        {t('av_change')}
      </ModalButton>
    </div>
  );
}

/** The first bytes of an image file say what it is; its name and claimed type do not. */
export async function imageKind(file: Blob): Promise<'png' | 'jpeg' | 'webp' | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Chooses a built-in avatar or uploads a picture (checked here, checked and re-encoded by the server). */
export function AvatarModal({ onClose }: { onClose: () => void }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  const { data: info } = useMemberInfo();
  const choose = useSetStaticAvatar();
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const current = info?.avatarType === 'STATIC' ? info.avatar : null;
  const failure = choose.error ?? upload.error;
  const busy = choose.isPending || upload.isPending;

  const pick = (n: string) => {
    setProblem(null);
    setDone(false);
    upload.reset();
    choose.mutate(n, { onSuccess: () => setDone(true) });
  };

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setDone(false);
    choose.reset();
    upload.reset();
    if (file.size > AvatarLimits.maxBytes) return setProblem(t('av_err_size'));
    if (!(await imageKind(file))) return setProblem(t('av_err_type'));
    setProblem(null);
    upload.mutate(file, { onSuccess: () => setDone(true) });
  };

  return (
    <Modal onClose={onClose} title={t('av_title')} width={520} height="auto">
      <div className={styles.content} data-testid="avatar-modal">
        <div className={styles.avatarCurrent}>
          <AvatarImage size={72} />
          <div className={styles.uploadBox}>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className={styles.fileInput}
              id="avatar-upload"
              data-testid="avatar-file"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <label htmlFor="avatar-upload" className={styles.uploadLabel} aria-disabled={busy || undefined}>
              {upload.isPending ? <Spinner size={16} /> : null}
              {t('av_upload')}
            </label>
            <p className={styles.hintText}>{t('av_upload_hint')}</p>
          </div>
        </div>
        <p className={styles.subTitle}>{t('av_builtin')}</p>
        <ul className={styles.avatarGrid} aria-label={t('av_builtin')}>
          {Array.from({ length: STATIC_AVATAR_COUNT }, (_, i) => String(i + 1)).map((n) => (
            <li key={n}>
              <button
                type="button"
                className={styles.avatarChoice}
                aria-pressed={current === n}
                aria-label={t('av_choose_n', { n })}
                disabled={busy}
                onClick={() => pick(n)}
                data-testid={`avatar-choice-${n}`}
              >
                <img src={cdnPath(`AVATAR/${n}.png`)} alt="" width={56} height={56} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        {failure ? <FormAlert>{profileErrorText(failure, t, tAccounts)}</FormAlert> : null}
        {done ? <FormAlert tone="success">{t('av_saved')}</FormAlert> : null}
      </div>
    </Modal>
  );
}
