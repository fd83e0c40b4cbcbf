import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

/**
 * The Players section's calls (issue 31, decision 031 "Players"): each checked against its
 * permission (player.read, player.lock, player.adjust) before the body is read, each acting
 * through the players service (audited, with the state before and after).
 */
export async function playersRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, players } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boPlayerSearch, ({ query }) => players.search(query));
  registerBoCall(app, staffService, bo.boPlayerProfile, ({ query }) => players.profile(query.id));
  registerBoCall(app, staffService, bo.boPlayerBalances, ({ query }) => players.balances(query.id));
  registerBoCall(app, staffService, bo.boPlayerLedger, ({ query }) => players.ledger(query));
  registerBoCall(app, staffService, bo.boPlayerBets, ({ query }) => players.bets(query));
  registerBoCall(app, staffService, bo.boPlayerSessions, ({ query }) => players.sessions(query.id));
  registerBoCall(app, staffService, bo.boPlayerLogins, ({ query }) => players.logins(query.id));
  registerBoCall(app, staffService, bo.boPlayerNotes, ({ query }) => players.notes(query));
  registerBoCall(app, staffService, bo.boPlayerNoteAdd, ({ staff, body, caller }) =>
    players.addNote(actorOf(staff, caller), body.id, body.body),
  );
  registerBoCall(app, staffService, bo.boPlayerLock, ({ staff, body, caller }) =>
    players.lock(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boPlayerUnlock, ({ staff, body, caller }) =>
    players.unlock(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boPlayerForcePasswordChange, ({ staff, body, caller }) =>
    players.forcePasswordChange(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boPlayerEndSessions, ({ staff, body, caller }) =>
    players.endSessions(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boPlayerAdjust, ({ staff, body, caller }) =>
    players.adjust(actorOf(staff, caller), body),
  );
  // Bonuses and wagering (decision 041): read with player.read, forfeited with player.adjust.
  registerBoCall(app, staffService, bo.boPlayerBonuses, ({ query }) => players.bonuses(query.id));
  registerBoCall(app, staffService, bo.boPlayerBonusForfeit, ({ staff, body, caller }) =>
    players.forfeitBonus(actorOf(staff, caller), body),
  );
  // Responsible gambling (decision 039): seen with player.lock, stricter limits and time-outs with player.limits.
  registerBoCall(app, staffService, bo.boPlayerRg, ({ query }) => players.responsible(query.id));
  registerBoCall(app, staffService, bo.boPlayerRgLimit, ({ staff, body, caller }) =>
    players.setRgLimit(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boPlayerRgTimeOut, ({ staff, body, caller }) =>
    players.rgTimeOut(actorOf(staff, caller), body),
  );
}
