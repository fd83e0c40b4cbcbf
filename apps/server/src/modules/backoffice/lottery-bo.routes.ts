import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

/**
 * The Lottery section's calls (issue 31, decision 034): reads for report.read; previews, results,
 * voids and a game's switch for lottery.result, each acting through the lottery back-office service
 * (the engine's own steps, settled and audited in one transaction).
 */
export async function lotteryBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, lotteryBo } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boLotteryGames, () => lotteryBo.games());
  registerBoCall(app, staffService, bo.boLotteryNumeros, ({ query }) => lotteryBo.numeros(query));
  registerBoCall(app, staffService, bo.boLotteryNumero, ({ query }) => lotteryBo.numero(query));
  registerBoCall(app, staffService, bo.boLotteryLiability, ({ query }) => lotteryBo.liability(query));
  registerBoCall(app, staffService, bo.boLotteryPreview, ({ body }) => lotteryBo.preview(body));
  registerBoCall(app, staffService, bo.boLotteryResult, ({ staff, body, caller }) =>
    lotteryBo.confirm(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boLotteryVoid, ({ staff, body, caller }) =>
    lotteryBo.confirm(actorOf(staff, caller), { ...body, action: 'void' }),
  );
  registerBoCall(app, staffService, bo.boLotteryGameSwitch, ({ staff, body, caller }) =>
    lotteryBo.switchGame(actorOf(staff, caller), body),
  );
  // Decision 040: a game's schedule, and a result entered prize by prize (previewed, then confirmed).
  registerBoCall(app, staffService, bo.boLotterySchedule, ({ staff, body, caller }) =>
    lotteryBo.setSchedule(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boLotteryPrizesPreview, ({ body }) => lotteryBo.previewPrizes(body));
  registerBoCall(app, staffService, bo.boLotteryPrizes, ({ staff, body, caller }) =>
    lotteryBo.confirmPrizes(actorOf(staff, caller), body),
  );
}
