import { type z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The declaration of one call of the wire. The server registers its handler from it (request
 * validated, response serialised by the same schemas) and the web client's typed `call()` is
 * built from it; the OpenAPI document is generated from the same objects.
 */
export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  T extends boolean = boolean,
> {
  /** verbNoun name of the operation, unique. */
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Module id of the original platform (the whitelabel modId or relay service prefix). */
  readonly moduleId: string;
  /** The call needs a live session: the literal `true` lets the server type the handler's session as present. */
  readonly token: T;
  readonly encrypted: boolean;
  /** `envelope` under /wps; `bare` under /lgw and /lotto. */
  readonly wire: 'envelope' | 'bare';
  readonly summary: string;
  readonly query?: Q;
  readonly body?: B;
  /** Schema of `value` for envelope calls, of the whole body for bare ones. */
  readonly response: R;
}

export function defineCall<
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  T extends boolean = boolean,
>(
  def: Omit<CallDef<Q, B, R, T>, 'wire' | 'encrypted'> & { encrypted?: boolean; wire?: 'envelope' | 'bare' },
): CallDef<Q, B, R, T> {
  const wire = def.wire ?? (def.path.startsWith('/wps/') ? 'envelope' : 'bare');
  return { ...def, wire, encrypted: def.encrypted ?? false };
}

export type CallQuery<C> = C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallValue<C> = C extends CallDef<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
