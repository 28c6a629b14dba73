import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databaseNamedStatements: true,
      tokenTtlSeconds: 7 * 86400,
      signupMode: 'open',
      queueLimit: 2,
      songLockHours: 12,
      requestCooldownSeconds: 10,
      autoDjArtistSpacing: 3,
      demoLibrary: true,
      stationName: 'Queuecast',
    });
  });

  it('reads durations, booleans and treats empty values as unset', () => {
    const c = loadConfig({
      TOKEN_TTL: '12h',
      DEMO_LIBRARY: '0',
      DATABASE_NAMED_STATEMENTS: 'no',
      PORT: '',
      HOST: '127.0.0.1',
    });
    expect(c.tokenTtlSeconds).toBe(12 * 3600);
    expect(c.demoLibrary).toBe(false);
    expect(c.databaseNamedStatements).toBe(false);
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SIGNUP_MODE: 'closed',
        JWT_SECRET: 'short',
        TOKEN_TTL: '3 weeks',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'SIGNUP_MODE', 'JWT_SECRET', 'TOKEN_TTL']) {
        expect(problems).toContain(`${name}:`);
      }
      expect(problems).toContain('PORT: must be a port number (0-65535)');
    }
  });

  it('takes the proxies to trust as addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    for (const bad of ['everyone', '10.0.0.0/99', '300.1.1.1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        'TRUST_PROXY: expected addresses or CIDR ranges of your proxies',
      );
    }
  });

  it('takes a cron expression for the backups, how many to keep, and where', () => {
    expect(loadConfig({ DATA_DIR: '/srv/qc' }).backup).toEqual({
      schedule: undefined,
      keep: 7,
      dir: '/srv/qc/backups',
    });
    expect(
      loadConfig({ BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '3', BACKUP_DIR: '/mnt/b' }).backup,
    ).toEqual({ schedule: '0 3 * * *', keep: 3, dir: '/mnt/b' });
    for (const bad of ['every night', '61 * * * *', '* * *']) {
      expect(() => loadConfig({ BACKUP_SCHEDULE: bad })).toThrow(
        'BACKUP_SCHEDULE: must be a cron expression, such as "0 3 * * *" (every day at 03:00)',
      );
    }
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(
      'BACKUP_KEEP: must be a whole number of backups from 1',
    );
  });

  it('takes the auto-DJ artist spacing as a whole number of songs from 0 to 50', () => {
    expect(loadConfig({ AUTODJ_ARTIST_SPACING: '0' }).autoDjArtistSpacing).toBe(0);
    expect(loadConfig({ AUTODJ_ARTIST_SPACING: '10' }).autoDjArtistSpacing).toBe(10);
    for (const bad of ['three', '-1', '2.5', '51']) {
      expect(() => loadConfig({ AUTODJ_ARTIST_SPACING: bad })).toThrow(
        'AUTODJ_ARTIST_SPACING: must be a whole number from 0 to 50',
      );
    }
  });

  it('takes auto or a count of live fan-out processes', () => {
    const cores = os.availableParallelism();
    const fanout = (env: Record<string, string>) => loadConfig(env).workers.fanout.processes;
    expect(fanout({})).toBe(cores > 1 ? Math.min(cores, 4) : 0);
    expect(fanout({ LIVE_FANOUT_PROCESSES: '0' })).toBe(0);
    expect(fanout({ LIVE_FANOUT_PROCESSES: '3' })).toBe(3);
    for (const bad of ['many', '-1', '1.5', '17']) {
      expect(() => loadConfig({ LIVE_FANOUT_PROCESSES: bad })).toThrow(
        'LIVE_FANOUT_PROCESSES: must be auto or a whole number from 0 to 16',
      );
    }
  });

  it('takes auto or a count of MP3 listener processes', () => {
    const cores = os.availableParallelism();
    const mp3 = (env: Record<string, string>) => loadConfig(env).workers.mp3.processes;
    expect(mp3({})).toBe(cores > 1 ? 1 : 0);
    expect(mp3({ MP3_PROCESSES: '0' })).toBe(0);
    expect(mp3({ MP3_PROCESSES: '2' })).toBe(2);
    for (const bad of ['some', '-1', '17']) {
      expect(() => loadConfig({ MP3_PROCESSES: bad })).toThrow(
        'MP3_PROCESSES: must be auto or a whole number from 0 to 16',
      );
    }
  });

  it('takes the audiences worker processes start at, and how long they stay after', () => {
    expect(loadConfig({}).workers).toMatchObject({
      fanout: { threshold: 2000, calmMs: 300_000 },
      mp3: { threshold: 1000, calmMs: 300_000 },
    });
    const set = loadConfig({
      LIVE_FANOUT_FROM: '0',
      MP3_PROCESSES_FROM: '50',
      WORKERS_CALM_S: '9',
    });
    expect(set.workers).toMatchObject({
      fanout: { threshold: 0, calmMs: 9000 },
      mp3: { threshold: 50, calmMs: 9000 },
    });
    for (const bad of ['-1', '1.5', 'x']) {
      expect(() => loadConfig({ MP3_PROCESSES_FROM: bad })).toThrow(
        'MP3_PROCESSES_FROM: must be a whole number from 0 to 1000000',
      );
    }
    expect(() => loadConfig({ WORKERS_CALM_S: '0' })).toThrow(
      'WORKERS_CALM_S: must be a whole number of seconds from 1 to 86400',
    );
  });

  it('takes the live send queue in bytes, k or m, and a cap of sockets per address', () => {
    expect(loadConfig({})).toMatchObject({
      liveSendQueueBytes: 512 * 1024,
      liveMaxSocketsPerIp: 20,
    });
    expect(loadConfig({ LIVE_SEND_QUEUE: '100000' }).liveSendQueueBytes).toBe(100_000);
    expect(loadConfig({ LIVE_SEND_QUEUE: '256k' }).liveSendQueueBytes).toBe(256 * 1024);
    expect(loadConfig({ LIVE_SEND_QUEUE: '2M' }).liveSendQueueBytes).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ LIVE_SEND_QUEUE: '1 MB' })).toThrow(
      'LIVE_SEND_QUEUE: must be a number of bytes, or with k or m (e.g. 512k, 1m)',
    );
    expect(() => loadConfig({ LIVE_SEND_QUEUE: '16k' })).toThrow(
      'LIVE_SEND_QUEUE: must be at least 64k',
    );
    expect(loadConfig({ LIVE_MAX_SOCKETS_PER_IP: '500' }).liveMaxSocketsPerIp).toBe(500);
    for (const bad of ['0', 'many', '2.5']) {
      expect(() => loadConfig({ LIVE_MAX_SOCKETS_PER_IP: bad })).toThrow(
        'LIVE_MAX_SOCKETS_PER_IP: must be a whole number from 1',
      );
    }
  });

  it('takes the upload size limit in whole MiB, 200 by default', () => {
    expect(loadConfig({}).uploadMaxMiB).toBe(200);
    expect(loadConfig({ UPLOAD_MAX_MB: '1' }).uploadMaxMiB).toBe(1);
    for (const bad of ['0', 'big', '1.5', '-3']) {
      expect(() => loadConfig({ UPLOAD_MAX_MB: bad })).toThrow(
        'UPLOAD_MAX_MB: must be a whole number of MiB from 1',
      );
    }
  });

  it('takes the MP3 caps: streams per address and the lag a listener may fall behind', () => {
    expect(loadConfig({})).toMatchObject({ mp3MaxPerIp: 8, mp3MaxLagSeconds: 10 });
    expect(loadConfig({ MP3_MAX_PER_IP: '2', MP3_MAX_LAG_S: '4.5' })).toMatchObject({
      mp3MaxPerIp: 2,
      mp3MaxLagSeconds: 4.5,
    });
    expect(() => loadConfig({ MP3_MAX_PER_IP: '0' })).toThrow('MP3_MAX_PER_IP: must be a whole');
    for (const bad of ['1', '301', 'soon']) {
      expect(() => loadConfig({ MP3_MAX_LAG_S: bad })).toThrow(
        'MP3_MAX_LAG_S: must be a number of seconds from 2 to 300',
      );
    }
  });

  it('takes an Icecast source URL with its password and mount', () => {
    const url = 'http://source:hackme@127.0.0.1:8000/live.mp3';
    expect(loadConfig({ ICECAST_SOURCE_URL: url }).icecastSourceUrl).toBe(url);
    expect(loadConfig({}).icecastSourceUrl).toBeUndefined();
    for (const [bad, why] of [
      ['icecast', 'must be a URL'],
      ['ftp://source:x@host/live.mp3', 'must be an http:// or https:// URL'],
      ['http://host:8000/live.mp3', 'must carry the source password'],
      ['http://source:x@host:8000/', 'must name the mount'],
    ]) {
      expect(() => loadConfig({ ICECAST_SOURCE_URL: bad })).toThrow(`ICECAST_SOURCE_URL: ${why}`);
    }
  });

  it('needs both admin variables or neither', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    );
    expect(loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'pw' }).admin).toEqual({
      username: 'root',
      password: 'pw',
    });
  });

  it('reads the roles of a process, with STATION=0 as the older way to say api', () => {
    expect(loadConfig({})).toMatchObject({ api: true, station: true });
    expect(loadConfig({ ROLES: 'api' })).toMatchObject({ api: true, station: false });
    expect(loadConfig({ ROLES: ' Playout ' })).toMatchObject({ api: false, station: true });
    expect(loadConfig({ ROLES: 'playout,api' })).toMatchObject({ api: true, station: true });
    expect(loadConfig({ STATION: '0' })).toMatchObject({ api: true, station: false });
    expect(() => loadConfig({ ROLES: 'web' })).toThrow('ROLES: expected api, playout');
    expect(() => loadConfig({ ROLES: ',' })).toThrow('ROLES: expected api, playout');
    expect(() => loadConfig({ ROLES: 'api', STATION: '1' })).toThrow(/STATION and ROLES/);
  });

  it('writes HLS under DATA_DIR unless HLS_DIR says where', () => {
    expect(loadConfig({ DATA_DIR: '/srv/qc' })).toMatchObject({
      hlsDir: path.resolve('/srv/qc/hls'),
      hlsPublic: false,
    });
    expect(loadConfig({ HLS_DIR: '/var/www/hls' })).toMatchObject({
      hlsDir: path.resolve('/var/www/hls'),
      hlsPublic: true,
    });
  });

  it('decodes tracks ahead under DATA_DIR unless SPOOL_DIR says where', () => {
    expect(loadConfig({ DATA_DIR: '/srv/qc' }).spoolDir).toBe(path.resolve('/srv/qc/spool'));
    expect(loadConfig({ DATA_DIR: '/srv/qc', SPOOL_DIR: '/var/tmp/qc' }).spoolDir).toBe(
      path.resolve('/var/tmp/qc'),
    );
  });
});
