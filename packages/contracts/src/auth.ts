import { z } from 'zod';

export const EmailSchema = z.string().trim().toLowerCase().max(254);

/** The shortest password accepted at sign-up and on a change. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The lowest zxcvbn score (0 to 4) a password needs: 3 means about 10^8 guesses or more, which
 * resists online guessing and slows an offline attack on the argon2id hashes by years.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * What a password must not be made of besides common ones: the e-mail address, its name and the
 * name's words ('jo.smith@x.io' → 'jo.smith', 'smith'). The server and the sign-up form pass the
 * same list to zxcvbn, so the form refuses what the server refuses.
 */
export function passwordUserInputs(email: string): string[] {
  const address = email.trim().toLowerCase();
  const name = address.split('@')[0] ?? '';
  return [address, name, ...name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2)];
}

/** The password rule, as the sign-up form states it and a refusal repeats it. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: not a common password or word, a date, a keyboard pattern or a repetition, nor your e-mail address. A few unrelated words work well.`;

export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: z.string().max(1024),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().max(1024),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** Answer of signup, login and refresh. The web app also receives the refresh token as an httpOnly cookie. */
export const TokenPairSchema = z.object({
  uid: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  /** Lifetime of the access token in seconds. */
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** The refresh token may come in the body (API clients) or from the cookie (the web app). */
export const RefreshBodySchema = z.object({ refresh_token: z.string().optional() });
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

export const RegisterBodySchema = z.object({
  uid: z.string(),
  email: EmailSchema,
  tenant_name: z.string().trim().max(200).optional().nullable(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const Role = z.enum(['admin', 'member']);
export type Role = z.infer<typeof Role>;

export const Plan = z.enum(['basic', 'plus', 'pro']);
export type Plan = z.infer<typeof Plan>;

export const TenantSchema = z.object({ id: z.string(), name: z.string(), plan: Plan });
export type Tenant = z.infer<typeof TenantSchema>;

/** The signed-in user. `tenant` is null for an account that has not joined or created a company yet. */
export const MeSchema = z.object({
  uid: z.string(),
  email: z.string(),
  role: Role.nullable(),
  tenantId: z.string().nullable(),
  tenant: TenantSchema.nullable(),
});
export type Me = z.infer<typeof MeSchema>;

export const ChangePasswordBodySchema = z.object({
  current_password: z.string().max(1024),
  new_password: z.string().max(1024),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  /**
   * The optional AI model's endpoint: 'off' when none is configured. A model that is down never
   * makes the server unhealthy; documents then keep the offline engine's result.
   */
  model: z.enum(['up', 'down', 'off']).optional(),
});
export type Health = z.infer<typeof HealthSchema>;

/** GET /ready: whether this process can serve (each dependency it needs is reachable). */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  queue: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
