import { create } from 'zustand';

/** Modal keys of the spec (spec A §2, NM-13), plus the shell's own access warning. */
export const ModalKeys = {
  loginPopup: 'loginPopupModal',
  register: 'register',
  forgotPassword: 'forgotPassword',
  changeExpiredPassword: 'changeExpiredPassword',
  notice: 'noticeModal',
  accessWarning: 'accessWarning',
  /** The first-login welcome and the reset link's new-password dialog (accounts, issue #3). */
  firstLogin: 'firstLogin',
  resetPassword: 'resetPassword',
  /** The end of a social sign-in: its ticket exchanged, or its refusal said (decision 045). */
  socialSignIn: 'socialSignIn',
} as const;
export type KnownModalKey = (typeof ModalKeys)[keyof typeof ModalKeys];
export type ModalKey = KnownModalKey | (string & {});

/** Default pages of the overlays (spec A §2: member centre entries; agent centre agentTeamOverview). */
export const defaultMemberPage = 'securityCenter';
export const defaultAgentPage = 'agentTeamOverview';

export interface OverlayState {
  show: boolean;
  page: string;
}

export interface UiState {
  /** Open modals in opening order, each with the parameters it was opened with. */
  modals: { key: ModalKey; params: unknown }[];
  memberCentre: OverlayState;
  accountCentre: OverlayState;
  openModal(key: ModalKey, params?: unknown): void;
  closeModal(key: ModalKey): void;
  closeAllModals(): void;
  /** Opens the member centre at `page` (spec A §4: set page and show flag). */
  openMemberCentre(page?: string): void;
  setMemberPage(page: string): void;
  closeMemberCentre(): void;
  openAccountCentre(page?: string): void;
  setAccountPage(page: string): void;
  closeAccountCentre(): void;
}

export const useUiStore = create<UiState>((set) => ({
  modals: [],
  memberCentre: { show: false, page: defaultMemberPage },
  accountCentre: { show: false, page: defaultAgentPage },
  openModal: (key, params) =>
    set((s) => ({ modals: [...s.modals.filter((m) => m.key !== key), { key, params }] })),
  closeModal: (key) => set((s) => ({ modals: s.modals.filter((m) => m.key !== key) })),
  // A modal opened with `{ keepOnNavigation: true }` (the login prompt after a refused token, which
  // opens while the shell is on its way home) stays when a page change closes the others.
  closeAllModals: () =>
    set((s) => ({
      modals: s.modals.filter(
        (m) => (m.params as { keepOnNavigation?: unknown } | undefined)?.keepOnNavigation === true,
      ),
    })),
  openMemberCentre: (page) =>
    set((s) => ({ memberCentre: { show: true, page: page ?? s.memberCentre.page } })),
  setMemberPage: (page) => set((s) => ({ memberCentre: { ...s.memberCentre, page } })),
  closeMemberCentre: () => set((s) => ({ memberCentre: { ...s.memberCentre, show: false } })),
  openAccountCentre: (page) =>
    set((s) => ({ accountCentre: { show: true, page: page ?? s.accountCentre.page } })),
  setAccountPage: (page) => set((s) => ({ accountCentre: { ...s.accountCentre, page } })),
  closeAccountCentre: () => set((s) => ({ accountCentre: { ...s.accountCentre, show: false } })),
}));

export function useIsModalOpen(key: ModalKey): boolean {
  return useUiStore((s) => s.modals.some((m) => m.key === key));
}

/** Imperative access for code outside components (the http 401 hook, route effects). */
export const uiActions = {
  openModal: (key: ModalKey, params?: unknown) => useUiStore.getState().openModal(key, params),
  closeModal: (key: ModalKey) => useUiStore.getState().closeModal(key),
};
