import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcementTypes } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import agentEn from '../../locales/agent/en.json';
import recordsEn from '../../locales/records/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { AGENT_ANNOUNCEMENT_TYPE, AnnouncementPage } from './announcement-page.tsx';
import { AGENT_NS } from './strings.ts';

describe('the agent announcement page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
  });

  it.runIf(!(announcementTypes as readonly string[]).includes(AGENT_ANNOUNCEMENT_TYPE))(
    'issue 29 while the server knows no agent announcement type the page asks nothing and says "No announcement"',
    async () => {
      saveSession({ token: 'tok', agentType: 1 });
      const { requests } = stubFetch({});
      renderShell(<AnnouncementPage />);
      expect(await screen.findByTestId('agent-empty')).toHaveTextContent('No announcement');
      expect(requests).toHaveLength(0);
    },
  );
});
