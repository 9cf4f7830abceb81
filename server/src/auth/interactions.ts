import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { LoginResult, LoginService } from './login-throttle.ts';
import { pageHeaders, renderLoginPage, renderMessagePage } from './pages/render.ts';
import { refusalLog } from './refusal-log.ts';
import { forbiddenCharacter } from '../domain/typebox-validation.ts';
import { OIDC_PREFIX, type BuiltinSettings } from './settings.ts';
import type { EditorsRepository } from '../repositories/editors-repository.ts';
import { PROJECT_ROOT } from '../project-root.ts';

export const WRONG_CREDENTIALS = 'Wrong username or password.';

export interface InteractionOptions {
  /** The built-in provider, created on first use (auth/index.ts). */
  provider: () => Promise<Provider>;
  settings: BuiltinSettings;
  siteName: string;
  login: LoginService;
  editors: EditorsRepository;
}

type Form = Record<string, string>;

const require = createRequire(import.meta.url);
function asset(file: string, type: string) {
  return { body: fs.readFileSync(file), type };
}
const ASSETS: Record<string, { body: Buffer; type: string }> = {
  'login.css': asset(path.join(PROJECT_ROOT, 'server/src/auth/pages/login.css'), 'text/css; charset=utf-8'),
  'anton.woff2': asset(require.resolve('@fontsource/anton/files/anton-latin-400-normal.woff2'), 'font/woff2'),
  'source-sans-3-400.woff2': asset(
    require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2'),
    'font/woff2',
  ),
  'source-sans-3-700.woff2': asset(
    require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff2'),
    'font/woff2',
  ),
};

/**
 * The login "interaction" of the built-in provider: the sign-in page (also shown again for
 * prompt=select_account), its form posts, and automatic consent for the first-party client.
 * Routes are more specific than the provider's /oidc/* wildcard.
 */
export function interactionRoutes(o: InteractionOptions) {
  const { siteName } = o;
  const headers = pageHeaders([o.settings.origin]);
  const refusals = refusalLog();

  return async function interactions(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        const form: Form = {};
        for (const [k, v] of new URLSearchParams(String(body))) if (!(k in form)) form[k] = v;
        done(null, form);
      },
    );

    app.get<{ Params: { file: string } }>(`${OIDC_PREFIX}/assets/:file`, async (request, reply) => {
      const a = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
      if (!a)
        return reply.code(404).headers({ 'content-type': 'text/plain', 'cache-control': 'no-store' }).send('Not found');
      return reply
        .headers({
          'content-type': a.type,
          'cache-control': 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
        })
        .send(a.body);
    });

    const page = (reply: FastifyReply, status: number, body: string) => reply.code(status).headers(headers).send(body);
    const expired = (reply: FastifyReply) =>
      page(
        reply,
        400,
        renderMessagePage({
          siteName,
          title: 'Sign-in expired',
          message: 'This sign-in request has expired or was already used. Close this window and sign in again.',
        }),
      );

    async function details(
      provider: Provider,
      request: FastifyRequest<{ Params: { uid: string } }>,
      reply: FastifyReply,
    ) {
      try {
        const d = await provider.interactionDetails(request.raw, reply.raw);
        return d.uid === request.params.uid ? d : undefined;
      } catch {
        return undefined;
      }
    }

    async function signedInAs(accountId: string | undefined): Promise<string | undefined> {
      if (!accountId) return undefined;
      const editor = await o.editors.findById(Number(accountId));
      return editor?.username;
    }

    app.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, async (request, reply) => {
      const provider = await o.provider();
      const d = await details(provider, request, reply);
      if (!d) return expired(reply);
      if (d.prompt.name === 'consent') {
        // First-party client: the grant is prepared in loadExistingGrant; confirm it without a screen.
        const { session, params } = d;
        if (!session?.accountId) return expired(reply);
        const grant = d.grantId
          ? await provider.Grant.find(d.grantId)
          : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
        if (!grant) return expired(reply);
        const details = d.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
        if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
          grant.addResourceScope(indicator, scopes.join(' '));
        const grantId = await grant.save();
        reply.hijack();
        return provider.interactionFinished(
          request.raw,
          reply.raw,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
      }
      const who = d.prompt.name === 'select_account' ? await signedInAs(d.session?.accountId) : undefined;
      return page(reply, 200, renderLoginPage({ siteName, uid: d.uid, signedInAs: who }));
    });

    /** A refused or failed sign-in: logged (name and address, never the password), the login page again. */
    function failed(
      request: FastifyRequest,
      reply: FastifyReply,
      uid: string,
      username: string,
      result: Exclude<LoginResult, { ok: true }>,
    ) {
      // The name as typed (cut short: people sometimes type a password there), never the password.
      const attempt = { username: username.slice(0, 64), ip: request.ip };
      if (result.reason === 'invalid') {
        request.log.warn({ ...attempt }, 'sign-in failed: wrong username or password');
        return page(reply, 401, renderLoginPage({ siteName, uid, username, error: WRONG_CREDENTIALS }));
      }
      // One line per address, name and reason every few seconds, with the count of refusals in between.
      const logNow = refusals.take(attempt.ip, attempt.username, result.reason);
      if (logNow) {
        request.log.warn(
          {
            ...attempt,
            reason: result.reason,
            retryAfterSeconds: result.retryAfterSeconds,
            ...(logNow.suppressed ? { refusedSinceLastLine: logNow.suppressed } : {}),
          },
          result.reason === 'locked' ? 'sign-in refused: too many failed attempts' : 'sign-in refused: busy',
        );
      }
      reply.header('retry-after', String(result.retryAfterSeconds));
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      const wait =
        result.retryAfterSeconds < 60
          ? `${result.retryAfterSeconds} second${result.retryAfterSeconds === 1 ? '' : 's'}`
          : `${minutes} minute${minutes === 1 ? '' : 's'}`;
      const error =
        result.reason === 'locked'
          ? `Too many failed sign-in attempts. Try again in ${wait}.`
          : `Another sign-in attempt is being checked. Try again in ${wait}.`;
      return page(reply, 429, renderLoginPage({ siteName, uid, username, error }));
    }

    app.post<{ Params: { uid: string }; Body: Form | undefined }>(
      `${OIDC_PREFIX}/interaction/:uid/login`,
      async (request, reply) => {
        const form = request.body ?? {};
        const username = String(form.username ?? '').trim();
        const password = String(form.password ?? '');
        // A burst from a penalised address costs no database or provider work.
        const known = username && password ? o.login.knownPenalty(username, request.ip) : undefined;
        if (known) return failed(request, reply, request.params.uid, username, known);
        const provider = await o.provider();
        const d = await details(provider, request, reply);
        if (!d) return expired(reply);
        // A name holding a control character (NUL...) names nobody: refused before the database sees it.
        if (!username || !password || forbiddenCharacter(username)) {
          return page(reply, 400, renderLoginPage({ siteName, uid: d.uid, username, error: WRONG_CREDENTIALS }));
        }
        const result = await o.login.authenticate(username, password, request.ip);
        if (!result.ok) return failed(request, reply, d.uid, username, result);
        request.log.info({ editor: result.editor.username }, 'editor signed in');
        const promptNames = new Set(
          Array.isArray(d.params.prompt) ? d.params.prompt : String(d.params.prompt ?? '').split(' '),
        );
        const outcome: Record<string, unknown> = { login: { accountId: String(result.editor.id) } };
        if (promptNames.has('select_account') || d.prompt.name === 'select_account') outcome.select_account = {};
        reply.hijack();
        return provider.interactionFinished(request.raw, reply.raw, outcome, { mergeWithLastSubmission: false });
      },
    );

    app.post<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid/abort`, async (request, reply) => {
      const provider = await o.provider();
      const d = await details(provider, request, reply);
      if (!d) return expired(reply);
      reply.hijack();
      return provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
    });
  };
}
