import { useEffect, useRef, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { ModalKeys, useIsModalOpen, useUiStore } from '../shared/shell/ui-store.ts';

/**
 * /register and /register.html: the home page with the register dialog opened over it (SH-03).
 * Closing the dialog leaves the register address for /, so a reload shows plain home.
 */
export function registerOver(Home: ComponentType): ComponentType {
  return function RegisterOverHome() {
    const openModal = useUiStore((s) => s.openModal);
    const open = useIsModalOpen(ModalKeys.register);
    const navigate = useNavigate();
    const wasOpen = useRef(false);
    useEffect(() => {
      openModal(ModalKeys.register);
    }, [openModal]);
    useEffect(() => {
      if (open) wasOpen.current = true;
      else if (wasOpen.current) {
        // A dialog the register dialog handed over to (its "log in" link) must survive leaving
        // /register: leaving a page closes its dialogs, so they are opened again once home.
        const carried = useUiStore.getState().modals;
        void Promise.resolve(navigate('/', { replace: true })).then(() => {
          for (const m of carried) useUiStore.getState().openModal(m.key, m.params);
        });
      }
    }, [open, navigate]);
    return <Home />;
  };
}
