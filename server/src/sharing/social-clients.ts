import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { FacebookClient } from './facebook-client.ts';
import { FacebookPageNames } from './facebook-page-name.ts';
import { cipherFromConfig } from '../crypto/token-cipher.ts';
import { SocialTokenRepository } from './repositories/social-token-repository.ts';
import { XClient } from './x-client.ts';
import { XTokenService } from './x-service.ts';

export interface Social {
  tokens: SocialTokenRepository;
  x: XClient;
  xTokens: XTokenService;
  facebook: FacebookClient;
  /** The page's display name, cached in memory for a few minutes. */
  facebookPageNames: FacebookPageNames;
}

/** Wires the social feature from the configuration (key file created here on first use). */
export function createSocial(config: Config, database: Db): Social {
  const s = config.social;
  const cipher = cipherFromConfig(config);
  const tokens = new SocialTokenRepository(database, cipher);
  const x = new XClient({
    apiUrl: s.xApiUrl,
    clientId: s.xClientId,
    clientSecret: s.xClientSecret,
    timeoutMs: s.httpTimeoutMs,
  });
  const facebook = new FacebookClient({
    graphUrl: s.facebookGraphUrl,
    appId: s.facebookAppId,
    appSecret: s.facebookAppSecret,
    pageId: s.facebookPageId,
    timeoutMs: s.httpTimeoutMs,
  });
  return {
    tokens,
    x,
    xTokens: new XTokenService(tokens, x, s.httpTimeoutMs),
    facebook,
    facebookPageNames: new FacebookPageNames(facebook),
  };
}
