import { Suspense } from 'react';
import { useTypedTranslation } from '../shared/i18n/react.tsx';
import { ErrorBoundary } from '../shared/ui/error-boundary.tsx';
import { Modal } from '../shared/ui/modal.tsx';
import { ErrorState, LoadingState } from '../shared/ui/states.tsx';
import { lazyOnce } from '../shared/shell/lazy-cache.ts';
import { modalLoader, type ModalLoader, type ModalProps } from '../shared/shell/modal-registry.ts';
import { withChunkTimeout } from '../shared/shell/lazy-route.ts';
import { loadFormsNamespace } from '../shared/i18n/i18n.ts';
import { useUiStore, type ModalKey } from '../shared/shell/ui-store.ts';

const withFormsCache = new WeakMap<ModalLoader, ModalLoader>();

/** Dialogs are forms: their validation messages load with their code (one wait, no key flash). */
function withForms(loader: ModalLoader): ModalLoader {
  let wrapped = withFormsCache.get(loader);
  if (!wrapped) {
    wrapped = () => Promise.all([withChunkTimeout(loader), loadFormsNamespace()]).then(([module]) => module);
    withFormsCache.set(loader, wrapped);
  }
  return wrapped;
}

function ModalEntry({ modalKey, params }: { modalKey: ModalKey; params: unknown }) {
  const { t } = useTypedTranslation('translation');
  const closeModal = useUiStore((s) => s.closeModal);
  const loader = modalLoader(modalKey);
  const onClose = () => closeModal(modalKey);
  if (!loader) {
    // A key nobody registered is a programming error; say so loudly in the console, show nothing.
    console.error(`No modal is registered for "${modalKey}" (app/registrations.ts)`);
    return null;
  }
  const Component = lazyOnce<ModalProps<unknown>>(withForms(loader) as never);
  const waiting = (
    <Modal onClose={onClose} ariaLabel={t('loading')} width={320} height={200}>
      <LoadingState minHeight={150} />
    </Modal>
  );
  return (
    <ErrorBoundary
      fallback={
        <Modal onClose={onClose} ariaLabel={t('error_chunk_title')} width={380} height="auto">
          <ErrorState message={t('error_chunk_body')} onRetry={() => window.location.reload()} />
        </Modal>
      }
    >
      <Suspense fallback={waiting}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <Component params={params} onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Renders every open modal of the UI store from the modal registry, in opening order. */
export function ModalHost() {
  const modals = useUiStore((s) => s.modals);
  return (
    <>
      {modals.map((m) => (
        <ModalEntry key={m.key} modalKey={m.key} params={m.params} />
      ))}
    </>
  );
}
