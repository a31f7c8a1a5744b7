import type { FastifyReply, FastifyRequest } from 'fastify';

/** The web app's refresh token lives in this httpOnly cookie, out of reach of page scripts. */
export const REFRESH_COOKIE = 'parser_refresh';

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  ttlDays: number,
) {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/auth',
    maxAge: ttlDays * 86_400,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  void reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
}

/** API clients send the token in the body; the web app relies on the cookie. */
export function refreshTokenOf(
  request: FastifyRequest,
  body?: { refresh_token?: string | undefined } | null,
) {
  return body?.refresh_token ?? request.cookies[REFRESH_COOKIE];
}
