import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { allCalls } from './registry.ts';
/**
 * Calls under /wps whose answer is not JSON: a file download (the records' CSV) and the live event
 * stream (text/event-stream). Their refusals are still envelopes.
 */
const NOT_JSON = new Set(['exportRecords', 'openEventStream', 'exportTeam', 'exportAgentReport']);

describe('call registry', () => {
  it('SY-24 every call is declared with id, method, path, module id, token and encrypted flags', () => {
    expect(allCalls.length).toBeGreaterThan(0);
    for (const call of allCalls) {
      expect(call.id, JSON.stringify(call.path)).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(call.method);
      expect(call.path).toMatch(/^\/[A-Za-z0-9_/.:{}-]+$/);
      expect(call.moduleId).toMatch(/^[A-Z0-9_]+$/);
      expect(typeof call.token).toBe('boolean');
      expect(typeof call.encrypted).toBe('boolean');
      expect(['envelope', 'bare']).toContain(call.wire);
      expect(call.summary.length).toBeGreaterThan(0);
      expect(call.response).toBeInstanceOf(z.ZodType);
    }
  });

  it('SY-24 each call is declared once: ids and (method, path) pairs are unique', () => {
    const ids = allCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('SY-27 calls under /lgw and /lotto (and the Vietnamese /lotto-vn) are bare, calls under /wps use the envelope', () => {
    for (const call of allCalls) {
      if (
        call.path.startsWith('/lgw/') ||
        call.path.startsWith('/lotto/') ||
        call.path.startsWith('/lotto-vn/')
      )
        expect(call.wire, call.id).toBe('bare');
      if (call.path.startsWith('/wps/') && !NOT_JSON.has(call.id))
        expect(call.wire, call.id).toBe('envelope');
    }
    // The default follows the path, so a lottery-gateway declaration cannot forget it.
    const base = {
      method: 'GET' as const,
      moduleId: 'LOTTO',
      token: false,
      summary: 'probe',
      response: z.object({}),
    };
    expect(defineCall({ ...base, id: 'probeLgw', path: '/lgw/games/popular' }).wire).toBe('bare');
    expect(defineCall({ ...base, id: 'probeLotto', path: '/lotto/draws' }).wire).toBe('bare');
    expect(defineCall({ ...base, id: 'probeWps', path: '/wps/system/status' }).wire).toBe('envelope');
    expect(defineCall({ ...base, id: 'probePlain', path: '/wps/system/status' }).encrypted).toBe(false);
  });
});
