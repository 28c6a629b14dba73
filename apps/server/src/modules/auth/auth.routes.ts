import {
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  ErrorSchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutOthersResponseSchema,
  SignupBodySchema,
  SignupResponseSchema,
  API,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(deps: { auth: AuthService; guards: AuthGuards }): FastifyPluginAsyncZod {
  const { auth, guards } = deps;
  return async (app) => {
    app.post(
      API.signup.pattern,
      {
        config: { limit: 'signup' },
        schema: {
          tags: ['auth'],
          body: SignupBodySchema,
          response: {
            200: SignupResponseSchema,
            400: ErrorSchema,
            409: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      (req) => auth.signup(req.body, req.ip),
    );

    app.post(
      API.login.pattern,
      {
        config: { limit: 'login' },
        schema: {
          tags: ['auth'],
          body: LoginBodySchema,
          response: {
            200: LoginResponseSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req) => ({ token: await auth.login(req.body, req.ip) }),
    );

    app.put(
      API.changePassword.pattern,
      {
        // Each attempt costs two password hashes: counted per account and per address.
        config: { limit: ['password', 'passwordAddress'] },
        preHandler: guards.requireUser,
        schema: {
          tags: ['auth'],
          summary: "Change one's password; every other session of the account ends",
          security: [{ bearer: [] }],
          body: ChangePasswordBodySchema,
          response: {
            200: ChangePasswordResponseSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req) => ({
        success: true as const,
        token: await auth.changePassword(req.user!.id, req.body, req.ip),
      }),
    );

    app.post(
      API.logoutOthers.pattern,
      {
        config: { limit: 'logoutOthers' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'End every other session of the account; answers a fresh token for this one',
          security: [{ bearer: [] }],
          response: { 200: LogoutOthersResponseSchema, 401: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (req) => ({
        success: true as const,
        token: await auth.logoutOthers(req.user!.id, guards.tokenVersionOf(req)!),
      }),
    );
  };
}
