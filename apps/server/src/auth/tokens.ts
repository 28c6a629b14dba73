import { TokenPayloadSchema, type Role, type TokenPayload } from '@queuecast/contract';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenSubject {
  id: number;
  username: string;
  role: Role;
  tokenVersion: number;
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  sign(subject: TokenSubject): Promise<string> {
    return new SignJWT({
      id: subject.id,
      username: subject.username,
      role: subject.role,
      tv: subject.tokenVersion,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.secret);
  }

  /** The payload of a valid token, or null for anything expired, forged or malformed. */
  async verify(token: string): Promise<TokenPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const parsed = TokenPayloadSchema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
