/**
 * pino redaction paths for everything that could carry a token or secret in a log line:
 * authorization headers (request and response logging, serialized or raw) and token fields of
 * logged objects. Used by the app's logger (app.ts) and by the tests that capture the logs.
 */
export const SOCIAL_LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'request.headers.authorization',
  'headers.authorization',
  'res.headers["set-cookie"]',
  '*.access_token',
  '*.refresh_token',
  '*.accessToken',
  '*.refreshToken',
  '*.shortLivedToken',
  '*.code_verifier',
  '*.codeVerifier',
  '*.client_secret',
  '*.clientSecret',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'shortLivedToken',
  'clientSecret',
];
