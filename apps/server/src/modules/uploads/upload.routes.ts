import fastifyMultipart from '@fastify/multipart';
import { API, ErrorSchema, UploadResultSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { UploadService } from './upload.service.js';

/** A song's audio file, uploaded by any signed-in user. Multipart is parsed here only. */
export function uploadRoutes(deps: {
  uploads: UploadService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { uploads, guards } = deps;
  return async (app) => {
    await app.register(fastifyMultipart, {
      // Over the size the file ends early, marked truncated; the service answers 413.
      throwFileSizeLimit: false,
      limits: {
        fileSize: uploads.maxBytes,
        fields: 10,
        fieldSize: 1024,
        parts: 20,
        headerPairs: 50,
      },
    });
    // Any other body type reaches the service unread, which says what to send instead.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.post(
      API.upload.pattern,
      {
        config: { limit: 'upload' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['uploads'],
          summary: 'Upload the audio file of a song that has none (signed in)',
          description:
            "multipart/form-data with the fields `file` and `songid`, in either order. The file is judged by its content, never its name or type: it must be in an audio container (MP3, AAC, Ogg, FLAC, WAV, MP4/M4A, or a tracker module where ffmpeg decodes them), decode as audio, and be at most UPLOAD_MAX_MB MiB (413 otherwise). Once received it waits for its turn in the analysis queue; the uploader's live sockets get `upload_status` messages meanwhile. Staff files play at once (a song missing its file becomes active); a listener's file waits for staff review (the song goes to `review`). 400: no file, an empty file, audio that does not decode, audio over a limit (longer than MEDIA_MAX_MINUTES, sampled above 192 kHz, more than 8 channels, more decoding work than ANALYSIS_CPU_S, tags over 24 MiB that cannot be left out), a missing or invalid songid; 404: no such song; 409: the song has a file already, or the same file is already stored; 415: not multipart, or not an audio container (a playlist, a manifest, a picture, …); 429 (with retry_after): more uploads than the per-listener limit allows; 507: the station's disk is full (less than 16 MiB free: the file is not kept).",
          consumes: ['multipart/form-data'],
          security: [{ bearer: [] }],
          response: {
            200: UploadResultSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            413: ErrorSchema,
            415: ErrorSchema,
            429: ErrorSchema,
            507: ErrorSchema.describe("The station's disk is full."),
          },
        },
      },
      async (req) => uploads.upload(req.user!, req.isMultipart() ? req.parts() : null),
    );
  };
}
