import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '#domain/users/auth.messages.ts';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerFieldsSchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  verifyCodeBodySchema,
} from '#domain/users/user.schemas.ts';
import { sessionUserSchema } from '#domain/users/user.wire.ts';
import { badRequest, unauthenticated } from '../http/errors.ts';
import { type RateLimitRule, clientAddressKey, enforceRateLimits } from '../http/rate-limit.ts';
import { toSessionUser } from '../users/user.mapper.ts';
import * as limits from './auth-rate-limits.ts';
import { registerAuthHousekeeping } from './auth-housekeeping.ts';
import { logIn } from './login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { readRegisterForm } from './register-form.ts';
import { registerStudent, sendRegistrationCode, verifyRegistrationCode } from './registration.ts';
import { readDeviceCookie, setDeviceCookie } from './device-cookie.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';
import { hashSessionToken, revokeSession } from './sessions.ts';

const message = z.object({ success: z.literal(true), msg: z.string() });
const signedIn = z.object({ success: z.literal(true), user: sessionUserSchema, msg: z.string() });
const sendCodeAnswer = z.object({
  success: z.boolean(),
  msg: z.string(),
  alreadyVerified: z.boolean(),
  userExists: z.boolean(),
});
const sendCodeRefusal = sendCodeAnswer.extend({ code: z.literal('CONFLICT') });

/** Sign-up, sign-in and session calls (spec 7); all but check-auth and logout work without a session. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAuthHousekeeping(app);

  const limitByIpAndEmail = (request: FastifyRequest, perIp: RateLimitRule, perEmail: RateLimitRule, email: string) =>
    enforceRateLimits(app.db, app.clock, limits.perIpAndEmail(request.ip, email, perIp, perEmail));

  app.post(
    '/send-code',
    {
      config: { auth: 'public' },
      schema: { body: sendCodeBodySchema, response: { 200: sendCodeAnswer, 409: sendCodeRefusal } },
    },
    async (request, reply) => {
      const { email } = request.body;
      await limitByIpAndEmail(request, limits.SEND_CODE_PER_IP, limits.SEND_CODE_PER_EMAIL, email);
      const outcome = await sendRegistrationCode(app, email);
      if (outcome === 'user-exists') {
        return reply.code(409).send({
          success: false,
          msg: authMessages.userExists,
          alreadyVerified: false,
          userExists: true,
          code: 'CONFLICT' as const,
        });
      }
      const alreadyVerified = outcome === 'already-verified';
      return {
        success: true,
        msg: alreadyVerified ? authMessages.alreadyVerified : authMessages.otpSent,
        alreadyVerified,
        userExists: false,
      };
    },
  );

  app.post(
    '/verify-code',
    { config: { auth: 'public' }, schema: { body: verifyCodeBodySchema, response: { 200: message } } },
    async (request) => {
      const { email, code } = request.body;
      await limitByIpAndEmail(request, limits.VERIFY_CODE_PER_IP, limits.VERIFY_CODE_PER_EMAIL, email);
      await verifyRegistrationCode(app, email, code);
      return { success: true as const, msg: authMessages.verified };
    },
  );

  app.post('/register', { config: { auth: 'public' }, schema: { response: { 201: signedIn } } }, async (request, reply) => {
    await enforceRateLimits(app.db, app.clock, [{ rule: limits.REGISTER_PER_IP, subject: clientAddressKey(request.ip) }]);
    const form = await readRegisterForm(request);
    const parsed = registerFieldsSchema.safeParse(form.fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? authMessages.registerFailed);
    await enforceRateLimits(app.db, app.clock, [{ rule: limits.REGISTER_PER_EMAIL, subject: parsed.data.email }]);
    const { user, token, deviceToken } = await registerStudent(app, {
      fields: parsed.data,
      photo: form.photo,
      userAgent: request.headers['user-agent'],
    });
    // Like a login, registering replaces whatever session this browser still had.
    const previous = readSessionCookie(request, app.config);
    if (previous) await revokeSession(app.db, hashSessionToken(previous));
    if (previous) app.sessionCache.dropToken(hashSessionToken(previous));
    setSessionCookie(reply, app.config, token);
    setDeviceCookie(reply, app.config, deviceToken);
    return reply
      .code(201)
      .send({ success: true as const, user: toSessionUser(user, app.storage), msg: authMessages.registerSuccess });
  });

  app.post(
    '/login',
    { config: { auth: 'public' }, schema: { body: loginBodySchema, response: { 200: signedIn } } },
    async (request, reply) => {
      // Per e-mail, only browsers the account does not know are limited (see logIn).
      await enforceRateLimits(app.db, app.clock, [{ rule: limits.LOGIN_PER_IP, subject: clientAddressKey(request.ip) }]);
      const previous = readSessionCookie(request, app.config);
      const { user, token, deviceToken } = await logIn(app, {
        credentials: request.body,
        userAgent: request.headers['user-agent'],
        previousSessionHash: previous ? hashSessionToken(previous) : undefined,
        deviceToken: readDeviceCookie(request, app.config),
      });
      if (previous) app.sessionCache.dropToken(hashSessionToken(previous));
      setSessionCookie(reply, app.config, token);
      setDeviceCookie(reply, app.config, deviceToken);
      return { success: true as const, user: toSessionUser(user, app.storage), msg: authMessages.loginSuccess };
    },
  );

  app.post(
    '/forgot-password',
    { config: { auth: 'public' }, schema: { body: forgotPasswordBodySchema, response: { 200: message } } },
    async (request) => {
      const { email } = request.body;
      await limitByIpAndEmail(request, limits.FORGOT_PASSWORD_PER_IP, limits.FORGOT_PASSWORD_PER_EMAIL, email);
      await requestPasswordReset(app, email);
      return { success: true as const, msg: authMessages.resetCodeSent };
    },
  );

  app.post(
    '/reset-password',
    { config: { auth: 'public' }, schema: { body: resetPasswordBodySchema, response: { 200: message } } },
    async (request) => {
      const { email } = request.body;
      await limitByIpAndEmail(request, limits.RESET_PASSWORD_PER_IP, limits.RESET_PASSWORD_PER_EMAIL, email);
      await resetPassword(app, request.body);
      return { success: true as const, msg: authMessages.passwordReset };
    },
  );

  app.get(
    '/check-auth',
    {
      config: { auth: 'optional' },
      schema: { response: { 200: z.object({ success: z.literal(true), user: sessionUserSchema }) } },
    },
    async (request) => {
      if (!request.user) throw unauthenticated();
      return { success: true as const, user: toSessionUser(request.user, app.storage) };
    },
  );

  app.post('/logout', { config: { auth: 'optional' }, schema: { response: { 200: message } } }, async (request, reply) => {
    if (request.sessionTokenHash) {
      await revokeSession(app.db, request.sessionTokenHash);
      // This instance at once; the others by the trigger's event (migration 0010).
      app.sessionCache.dropToken(request.sessionTokenHash);
    }
    clearSessionCookie(reply, app.config);
    return { success: true as const, msg: authMessages.loggedOut };
  });
};
