import type { ReactNode } from 'react';
import { CanAccess, useGetIdentity, useLogout, useMenu } from '@refinedev/core';
import { Navigate, NavLink, useLocation } from 'react-router';
import type { backoffice } from '@app/contract';
import type { SignedOutReason } from '../auth/auth-provider.ts';
import { Icon, type IconName } from '../ui/icon.tsx';
import { Clock } from './clock.tsx';
import { useIdleOut } from './idle.ts';

const ROLE_LABEL: Record<backoffice.StaffRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  support: 'Support',
  risk: 'Risk',
  content: 'Content',
  'read-only': 'Read-only',
};

export const roleLabel = (role: backoffice.StaffRole) => ROLE_LABEL[role] ?? role;

/**
 * The console's frame: the navigation (only the pages the person's role opens), who is signed in,
 * sign-out, and the idle-out watch.
 */
export function Shell({ children }: { children: ReactNode }) {
  useIdleOut();
  const { menuItems } = useMenu();
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  const { mutate: logout } = useLogout<{ reason: SignedOutReason }>();
  const { pathname } = useLocation();
  // A reset password is changed before anything else: the server refuses every other call.
  if (me?.passwordChangeRequired && pathname !== '/account') return <Navigate to="/account" replace />;
  return (
    <div className="shell">
      <aside className="sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            BO
          </span>
          <div>
            <strong>Back office</strong>
            <span className="muted small">Operations console</span>
          </div>
        </div>
        <nav aria-label="Back office">
          <ul>
            {menuItems.map((item) => (
              <CanAccess key={item.key} resource={item.name} action="list">
                <li>
                  <NavLink to={item.route ?? '/'} end={item.route === '/'} className="nav-link">
                    <Icon name={(item.meta?.icon as IconName) ?? 'dashboard'} />
                    {item.label ?? item.name}
                  </NavLink>
                </li>
              </CanAccess>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot muted small">Sessions end after 15 minutes without activity.</div>
      </aside>
      <div className="main">
        <header className="topbar">
          <div className="topbar-title">
            <Clock />
          </div>
          {me ? (
            <NavLink
              to="/account"
              className="who"
              data-testid="who"
              title="My account"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <span className="avatar" aria-hidden="true">
                {me.displayName.slice(0, 1).toUpperCase()}
              </span>
              <span className="who-name">
                <strong>{me.displayName}</strong>
                <span className="muted small">
                  {me.username} · {roleLabel(me.role)} · My account
                </span>
              </span>
            </NavLink>
          ) : null}
          <button type="button" className="button" onClick={() => logout({ reason: 'signed-out' })}>
            <Icon name="logout" />
            Sign out
          </button>
        </header>
        <main className="content">{children}</main>
      </div>
    </div>
  );
}
