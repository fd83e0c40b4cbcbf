import type { CallDef } from '@app/contract';
import type { SessionContext } from './platform/auth/session.ts';
import type { Services } from './composition.ts';

/** Everything a route reaches: the database, configuration and every service (composition.ts). */
export type AppContext = Services;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Resolved lazily; undefined until something asks for it. */
    session: SessionContext | null | undefined;
  }
  interface FastifyContextConfig {
    call?: CallDef;
  }
}
