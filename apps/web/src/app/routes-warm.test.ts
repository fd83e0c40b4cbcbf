import { describe, expect, it, vi } from 'vitest';

const dialogLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../features/registration/index.ts', () => ({
  loadRegisterDialog: () => {
    dialogLoads.count += 1;
    return Promise.resolve({ default: () => null });
  },
}));

import { warmRouteChunk } from './routes.tsx';

describe('the start warms the page it opens', () => {
  it('an agent link (/register) asks for the register dialog with the page, not after it renders', async () => {
    warmRouteChunk('/');
    await new Promise((done) => setTimeout(done, 50));
    expect(dialogLoads.count).toBe(0);
    warmRouteChunk('/register');
    await vi.waitFor(() => expect(dialogLoads.count).toBe(1));
    warmRouteChunk('/register.html');
    await vi.waitFor(() => expect(dialogLoads.count).toBe(2));
  });
});
