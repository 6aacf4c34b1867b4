import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '#domain/moderation/audit.ts';
import {
  moderationActionBodySchema,
  prohibitedWordBodySchema,
  reportBodySchema,
  reportResponseSchema,
} from '#domain/moderation/moderation.ts';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import {
  moderationActionResponseSchema,
  moderationSummarySchema,
  prohibitedWordsResponseSchema,
  reportQueueSchema,
} from '#domain/moderation/moderation.wire.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { currentUser } from '../auth/authenticate.ts';
import { conflict, notFound } from '../http/errors.ts';
import { auditPage } from './audit-query.ts';
import { moderate } from './moderation-actions.ts';
import { moderationContextOf } from './moderation-context.ts';
import { moderationSummary, reportQueue } from './moderation-queue.ts';
import { addProhibitedWord, listProhibitedWords, prohibitedWordListOf, removeProhibitedWord } from './prohibited-words.ts';
import { createReport } from './reporting.ts';
import { registerSuspensionExpiry } from './suspensions.ts';

/** POST /api/v1/reports: any signed-in user reports a listing, a user or a message. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/', { schema: { body: reportBodySchema, response: { 201: reportResponseSchema } } }, async (request, reply) => {
    await createReport(moderationContextOf(app), currentUser(request), request.body);
    return reply.status(201).send({ success: true as const, msg: moderationMessages.reported });
  });
};

/** /api/v1/admin/…: the moderation queue, actions, the audit log, prohibited words, the dashboard's counts. */
export const moderationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { auth: 'admin' as const };
  registerSuspensionExpiry(app);

  app.get('/reports', { config: admin, schema: { response: { 200: reportQueueSchema } } }, async (request) => ({
    success: true as const,
    groups: await reportQueue(moderationContextOf(app), currentUser(request)),
  }));

  app.post(
    '/moderation/actions',
    { config: admin, schema: { body: moderationActionBodySchema, response: { 200: moderationActionResponseSchema } } },
    async (request) => ({
      success: true as const,
      msg: await moderate(moderationContextOf(app), currentUser(request), request.body),
    }),
  );

  app.get('/moderation/summary', { config: admin, schema: { response: { 200: moderationSummarySchema } } }, async () => ({
    success: true as const,
    ...(await moderationSummary(moderationContextOf(app))),
  }));

  app.get(
    '/audit',
    { config: admin, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => ({ success: true as const, ...(await auditPage(app.db, request.query)) }),
  );

  app.get('/prohibited-words', { config: admin, schema: { response: { 200: prohibitedWordsResponseSchema } } }, async () => ({
    success: true as const,
    words: (await listProhibitedWords(app.db)).map((row) => ({ word: row.word, createdAt: row.createdAt.toISOString() })),
  }));

  app.post(
    '/prohibited-words',
    { config: admin, schema: { body: prohibitedWordBodySchema, response: { 201: moderationActionResponseSchema } } },
    async (request, reply) => {
      const actor = currentUser(request);
      await app.db.transaction(async (tx) => {
        if (!(await addProhibitedWord(app, tx, request.body.word, actor.id))) throw conflict(moderationMessages.wordExists);
        await recordAudit(tx, actor, {
          action: 'prohibited-word.add',
          targetType: 'word',
          targetId: request.body.word,
          at: app.clock.now(),
        });
        // This instance at once; the others when the change's event reaches them.
        prohibitedWordListOf(app.events).clear();
      });
      return reply.status(201).send({ success: true as const, msg: moderationMessages.wordAdded });
    },
  );

  app.post(
    '/prohibited-words/remove',
    { config: admin, schema: { body: prohibitedWordBodySchema, response: { 200: moderationActionResponseSchema } } },
    async (request) => {
      const actor = currentUser(request);
      await app.db.transaction(async (tx) => {
        if (!(await removeProhibitedWord(app, tx, request.body.word))) throw notFound(moderationMessages.wordNotFound);
        await recordAudit(tx, actor, {
          action: 'prohibited-word.remove',
          targetType: 'word',
          targetId: request.body.word,
          at: app.clock.now(),
        });
        // This instance at once; the others when the change's event reaches them.
        prohibitedWordListOf(app.events).clear();
      });
      return { success: true as const, msg: moderationMessages.wordRemoved };
    },
  );
};
