import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FeedbackLimits, feedbackTypes, sendFeedback, uploadFeedbackImage } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { lower } from '../../shared/i18n/keys.ts';
import { call } from '../../shared/http/client.ts';
import { postBytes } from '../../shared/http/post-bytes.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { FormAlert, TextField } from '../../shared/forms/text-field.tsx';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ChatIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Card } from '../../shared/ui/page.tsx';
import styles from './support.module.css';

const NS = 'pages';
type FeedbackType = (typeof feedbackTypes)[number];
interface Attached {
  id: string;
  name: string;
  preview: string;
}

/** /feedback (HD-07, HD-08): type, message within the bounds, up to three images for members. */
export function FeedbackPage() {
  const { t } = useTypedTranslation(NS);
  const loggedIn = useIsLoggedIn();
  const [type, setType] = useState<FeedbackType>('SUGGESTION');
  const [sender, setSender] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Attached[]>([]);
  const [touched, setTouched] = useState(false);
  const [sentId, setSentId] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const contentId = useId();
  const length = [...content.trim()].length;
  const lengthError =
    length < FeedbackLimits.minChars || length > FeedbackLimits.maxChars
      ? t('fb_length', { min: FeedbackLimits.minChars, max: FeedbackLimits.maxChars })
      : null;

  const upload = useMutation({
    mutationFn: (file: File) =>
      postBytes<{ id: string }>(uploadFeedbackImage.path, {}, file, 'application/octet-stream').then((r) => ({
        id: r.id,
        name: file.name,
        preview: URL.createObjectURL(file),
      })),
    onSuccess: (a) => setImages((list) => (list.some((i) => i.id === a.id) ? list : [...list, a])),
  });
  const send = useMutation({
    mutationFn: () =>
      call(sendFeedback, {
        body: {
          sender: sender.trim(),
          content: content.trim(),
          type,
          captcha: '',
          images: images.map((i) => i.id),
        },
      }),
    onSuccess: (r) => {
      setSentId(r.id);
      setContent('');
      setImages([]);
      setTouched(false);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!lengthError) send.mutate();
  };

  return (
    <Page>
      <PageHeader icon={<ChatIcon size={26} />} title={t('fb_title')} subtitle={t('fb_subtitle')} />
      <Card className={styles.formCard}>
        {sentId !== null ? (
          <FormAlert tone="success">
            <span data-testid="feedback-sent">{t('fb_sent')}</span>
          </FormAlert>
        ) : null}
        <form className={styles.form} onSubmit={submit} noValidate data-testid="feedback-form">
          <fieldset className={styles.types}>
            <legend>{t('fb_type')}</legend>
            {feedbackTypes.map((k) => (
              <label key={k} className={styles.type} data-checked={type === k || undefined}>
                <input type="radio" name="type" value={k} checked={type === k} onChange={() => setType(k)} />
                {t(`fb_type_${lower(k)}`)}
              </label>
            ))}
          </fieldset>
          {!loggedIn ? (
            <TextField
              label={t('fb_sender')}
              hint={t('fb_sender_hint')}
              value={sender}
              maxLength={FeedbackLimits.senderMax}
              onChange={(e) => setSender(e.target.value)}
            />
          ) : null}
          <div className={styles.field}>
            <label htmlFor={contentId} className={styles.label}>
              {t('fb_content')}
            </label>
            <textarea
              id={contentId}
              className={styles.textarea}
              value={content}
              rows={6}
              maxLength={FeedbackLimits.maxChars + 50}
              aria-invalid={touched && lengthError ? true : undefined}
              aria-describedby={`${contentId}-count`}
              onChange={(e) => setContent(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder={t('fb_placeholder')}
            />
            <div className={styles.counter} id={`${contentId}-count`}>
              {touched && lengthError ? <span className={styles.error}>{lengthError}</span> : <span />}
              <span className="tabular" data-over={length > FeedbackLimits.maxChars || undefined}>
                {length} / {FeedbackLimits.maxChars}
              </span>
            </div>
          </div>
          {loggedIn ? (
            <div className={styles.field}>
              <span className={styles.label}>{t('fb_images', { max: FeedbackLimits.maxImages })}</span>
              <div className={styles.thumbs}>
                {images.map((img) => (
                  <figure key={img.id} className={styles.thumb}>
                    <img src={img.preview} alt={img.name} width={72} height={72} />
                    <button
                      type="button"
                      aria-label={t('fb_remove_image', { name: img.name })}
                      onClick={() => setImages((l) => l.filter((i) => i.id !== img.id))}
                    >
                      ×
                    </button>
                  </figure>
                ))}
                {images.length < FeedbackLimits.maxImages ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className={styles.addImage}
                    disabled={upload.isPending}
                    onClick={() => fileRef.current?.click()}
                  >
                    {upload.isPending ? t('fb_uploading') : t('fb_add_image')}
                  </Button>
                ) : null}
                <input
                  ref={fileRef}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  hidden
                  data-testid="feedback-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) upload.mutate(file);
                  }}
                />
              </div>
              <p className={styles.hint}>{t('fb_images_hint')}</p>
              {upload.error ? <FormAlert>{errorText(upload.error, t)}</FormAlert> : null}
            </div>
          ) : null}
          {send.error ? <FormAlert>{errorText(send.error, t)}</FormAlert> : null}
          <BusyButton busy={send.isPending} type="submit" className={styles.submit}>
            {t('fb_submit')}
          </BusyButton>
        </form>
      </Card>
    </Page>
  );
}
