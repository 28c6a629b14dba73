import {
  API,
  ActivityStatsSchema,
  ErrorSchema,
  HeatmapStatsSchema,
  ListenerSeriesSchema,
  PeopleStatsSchema,
  SessionStatsSchema,
  StatsCsvQuerySchema,
  StatsHeatmapQuerySchema,
  StatsPanelsSchema,
  StatsRangeQuerySchema,
  StatsTopQuerySchema,
  TopStatsSchema,
  isStaff,
  type StatsPanel,
} from '@queuecast/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../auth/guards.js';
import { forbidden, unauthorized } from '../../lib/http-error.js';
import { statsCsv } from './stats-csv.js';
import type { StatsReadsRepo } from './stats-reads.repo.js';
import type { StatsTablesService } from './stats-tables.service.js';
import type { StatsService } from './stats.service.js';

const TOP_PANEL = {
  songs: 'top_songs',
  artists: 'top_artists',
  platforms: 'top_platforms',
} as const;
const REFUSALS = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export function statsRoutes(deps: {
  stats: StatsService;
  tables: StatsTablesService;
  panels: Pick<StatsReadsRepo, 'publicPanels' | 'savePublicPanels'>;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { stats, tables, panels, guards } = deps;
  /** Staff see every panel; others those the admin made public (signed in or not). */
  const mayRead = async (req: FastifyRequest, panel: StatsPanel) => {
    if (req.user && isStaff(req.user.role)) return;
    if ((await panels.publicPanels()).includes(panel)) return;
    throw req.user ? forbidden() : unauthorized();
  };
  const doc = (summary: string) => ({
    tags: ['stats'],
    summary: `${summary} (staff; anyone where the admin made the panel public)`,
    security: [{ bearer: [] }],
  });
  return async (app) => {
    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    app.get(
      API.statsListeners.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc('Listeners over a range, per minute, hour or day'),
          querystring: StatsRangeQuerySchema,
          response: { 200: ListenerSeriesSchema, ...REFUSALS },
        },
      },
      async (req) => (await mayRead(req, 'listeners'), stats.listeners(req.query)),
    );
    app.get(
      API.statsSessions.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc('Listening sessions by length, output and client'),
          querystring: StatsRangeQuerySchema,
          response: { 200: SessionStatsSchema, ...REFUSALS },
        },
      },
      async (req) => (await mayRead(req, 'sessions'), stats.sessions(req.query)),
    );
    app.get(
      API.statsActivity.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc("Listeners' requests, votes and chat lines per hour or day"),
          querystring: StatsRangeQuerySchema,
          response: { 200: ActivityStatsSchema, ...REFUSALS },
        },
      },
      async (req) => (await mayRead(req, 'activity'), stats.activity(req.query)),
    );
    app.get(
      API.statsTop.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc('Top songs, artists or platforms by plays, requests, votes or listener gain'),
          querystring: StatsTopQuerySchema,
          response: { 200: TopStatsSchema, ...REFUSALS },
        },
      },
      async (req) => (await mayRead(req, TOP_PANEL[req.query.kind]), tables.top(req.query)),
    );
    app.get(
      API.statsPeople.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc('The listeners who requested and chatted most'),
          querystring: StatsRangeQuerySchema,
          response: { 200: PeopleStatsSchema, ...REFUSALS },
        },
      },
      async (req) => {
        const staff = req.user && isStaff(req.user.role);
        const open = await panels.publicPanels();
        if (!staff && !open.includes('requesters') && !open.includes('chatters')) {
          await mayRead(req, 'requesters');
        }
        const people = await tables.people(req.query);
        if (staff) return people;
        return {
          ...people,
          requesters: open.includes('requesters') ? people.requesters : [],
          chatters: open.includes('chatters') ? people.chatters : [],
        };
      },
    );
    app.get(
      API.statsHeatmap.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc('Average listeners by weekday and hour'),
          querystring: StatsHeatmapQuerySchema,
          response: { 200: HeatmapStatsSchema, ...REFUSALS },
        },
      },
      async (req) => (await mayRead(req, 'heatmap'), tables.heatmap(req.query)),
    );
    app.get(
      API.statsCsv.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          ...doc("One panel's figures as CSV"),
          querystring: StatsCsvQuerySchema,
          response: { 200: z.string(), ...REFUSALS },
        },
      },
      async (req, reply) => {
        await mayRead(req, req.query.panel);
        const body = await statsCsv(req.query, stats, tables);
        const day = new Date(req.query.from * 1000).toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${req.query.panel}-${day}.csv"`)
          .send(body);
      },
    );
    app.get(
      API.statsPanels.pattern,
      {
        schema: {
          tags: ['stats'],
          summary: 'The statistics panels the public sees',
          response: { 200: StatsPanelsSchema },
        },
      },
      async () => ({ public: (await panels.publicPanels()) as StatsPanel[] }),
    );
    app.put(
      API.statsPanels.pattern,
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['stats'],
          summary: 'Choose the statistics panels the public sees (admins)',
          security: [{ bearer: [] }],
          body: StatsPanelsSchema,
          response: { 200: StatsPanelsSchema, ...REFUSALS },
        },
      },
      async (req) => {
        const chosen = [...new Set(req.body.public)];
        await panels.savePublicPanels(chosen);
        return { public: chosen };
      },
    );
  };
}
