import type { CallDef } from '@app/contract';
import type { AppConfig } from './config.ts';
import type { Database } from './db/connection.ts';
import type { ChangeFeed } from './platform/change-feed.ts';
import type { SessionContext, SessionPolicy } from './platform/auth/session.ts';
import type { BrandConfigStore } from './modules/system/brand-config.ts';
import type { SystemService } from './modules/system/system.service.ts';
import type { NoticesService } from './modules/notices/notices.service.ts';
import type { AccountServices } from './modules/session/account-services.ts';

/** Everything a route reaches: the database, configuration and the domain services. */
export interface AppContext extends AccountServices {
  config: AppConfig;
  database: Database;
  feed: ChangeFeed;
  brand: BrandConfigStore;
  sessionPolicy: SessionPolicy;
  /** Token the operator CLI presents to /ops (null: the endpoint is closed). */
  opsToken: string | null;
  system: SystemService;
  notices: NoticesService;
}

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
