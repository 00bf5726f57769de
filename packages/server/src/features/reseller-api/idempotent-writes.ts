import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { resellerApiRequests } from '../../db/schema/index.ts';
import { keyedRefusal } from '../../http/errors.ts';
import { callerOf } from './reseller-api-auth.ts';

/** How long a key's answer is kept for a retry. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;

const t = resellerApiRequests;

/**
 * `Idempotency-Key` on the reseller API's DNS writes (optional there): the first request with a
 * key claims it (a row without status) and its answer is stored when it is sent; a retry with the
 * same key and the same request gets that answer again (`Idempotent-Replayed: true`) and changes
 * nothing; a retry while the first still runs gets 409 with `Retry-After`; the key with another
 * request 409. An answer of 500 or more is not kept, so a retry runs again. A request that fails
 * its input check never claims the key (a retry fails the same way). Orders keep their key as
 * the order's request id instead (see `reseller-api-orders.ts`), in the order's transaction.
 */
export function createIdempotentWrites(db: Database) {
  const claimed = new WeakMap<FastifyRequest, number>();

  const fingerprintOf = (request: FastifyRequest) =>
    `${request.method} ${request.url} ${createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('base64url')}`;

  return {
    /** Route hooks of a write that takes an `Idempotency-Key` (after the key check of `resellerApiOptions`). */
    hooks: {
      preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || key === '') return;
        const { customerId } = callerOf(request);
        const fingerprint = fingerprintOf(request);
        const [claim] = await db.insert(t).values({ customerId, idempotencyKey: key, fingerprint }).onConflictDoNothing().returning({ id: t.id });
        if (claim) {
          claimed.set(request, claim.id);
          return;
        }
        const [earlier] = await db.select().from(t).where(and(eq(t.customerId, customerId), eq(t.idempotencyKey, key))).limit(1);
        if (earlier && earlier.fingerprint !== fingerprint) throw keyedRefusal(409, 'idempotencyKeyOtherRequest');
        if (!earlier || earlier.status === null || earlier.response === null) {
          reply.header('retry-after', '1');
          throw keyedRefusal(409, 'idempotencyInProgress');
        }
        return reply.code(earlier.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(earlier.response);
      },
      onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
        const id = claimed.get(request);
        if (id === undefined) return payload;
        claimed.delete(request);
        if (reply.statusCode >= 500 || typeof payload !== 'string') await db.delete(t).where(eq(t.id, id));
        else await db.update(t).set({ status: reply.statusCode, response: payload }).where(eq(t.id, id));
        return payload;
      },
    },

    /** Forgets keys older than a day. */
    async purgeExpired(now: Date): Promise<void> {
      await db.delete(t).where(lt(t.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)));
    },
  };
}

export type IdempotentWrites = ReturnType<typeof createIdempotentWrites>;
