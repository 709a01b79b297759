import { Apple, Facebook, Google, decodeIdToken, generateCodeVerifier, generateState } from "arctic";

/** Who a provider says the person is. */
export interface SocialProfile {
  provider: OAuthProviderName;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  image: string | null;
}

export type OAuthProviderName = "google" | "facebook" | "apple";

export interface OAuthProvider {
  /** URL to send the browser to, with the state (and PKCE verifier) to keep in a short cookie */
  start(): { url: URL; state: string; verifier: string };
  /** Exchanges the code; `user` is Apple's first-login JSON with the name */
  finish(code: string, verifier: string, user?: string): Promise<SocialProfile>;
}

export type OAuthProviders = Partial<Record<OAuthProviderName, OAuthProvider>>;

interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

const verified = (v: boolean | string | undefined) => v === true || v === "true";

/** Google, Facebook and Apple through arctic; a provider exists only when its keys are configured. */
export function createOAuthProviders(env: {
  publicUrl: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  FACEBOOK_CLIENT_ID?: string;
  FACEBOOK_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_KEY_ID?: string;
  APPLE_PRIVATE_KEY?: string;
}): OAuthProviders {
  const providers: OAuthProviders = {};
  const callback = (name: string) => `${env.publicUrl}/api/v1/auth/oauth/${name}/callback`;

  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const google = new Google(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, callback("google"));
    providers.google = {
      start() {
        const state = generateState();
        const verifier = generateCodeVerifier();
        return { url: google.createAuthorizationURL(state, verifier, ["openid", "profile", "email"]), state, verifier };
      },
      async finish(code, verifier) {
        const claims = decodeIdToken((await google.validateAuthorizationCode(code, verifier)).idToken()) as Claims;
        return {
          provider: "google",
          subject: claims.sub,
          email: claims.email ?? null,
          emailVerified: verified(claims.email_verified),
          firstName: claims.given_name ?? "",
          lastName: claims.family_name ?? "",
          image: claims.picture ?? null,
        };
      },
    };
  }

  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    const facebook = new Facebook(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, callback("facebook"));
    providers.facebook = {
      start() {
        const state = generateState();
        return { url: facebook.createAuthorizationURL(state, ["email", "public_profile"]), state, verifier: "" };
      },
      async finish(code) {
        const tokens = await facebook.validateAuthorizationCode(code);
        const url = new URL("https://graph.facebook.com/me");
        url.searchParams.set("fields", "id,first_name,last_name,email,picture");
        url.searchParams.set("access_token", tokens.accessToken());
        const me = (await (await fetch(url)).json()) as {
          id: string;
          first_name?: string;
          last_name?: string;
          email?: string;
          picture?: { data?: { url?: string } };
        };
        return {
          provider: "facebook",
          subject: me.id,
          email: me.email ?? null,
          // Facebook only returns confirmed addresses.
          emailVerified: Boolean(me.email),
          firstName: me.first_name ?? "",
          lastName: me.last_name ?? "",
          image: me.picture?.data?.url ?? null,
        };
      },
    };
  }

  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    const pem = env.APPLE_PRIVATE_KEY.replace(/-----[^-]+-----|\s/g, "");
    // Apple posts its answer to the /apple return page (response_mode=form_post).
    const apple = new Apple(
      env.APPLE_CLIENT_ID,
      env.APPLE_TEAM_ID,
      env.APPLE_KEY_ID,
      Buffer.from(pem, "base64"),
      `${env.publicUrl}/apple`,
    );
    providers.apple = {
      start() {
        const state = generateState();
        const url = apple.createAuthorizationURL(state, ["name", "email"]);
        url.searchParams.set("response_mode", "form_post");
        return { url, state, verifier: "" };
      },
      async finish(code, _verifier, user) {
        const claims = decodeIdToken((await apple.validateAuthorizationCode(code)).idToken()) as Claims;
        let name: { firstName?: string; lastName?: string } = {};
        try {
          name = user ? ((JSON.parse(user) as { name?: typeof name }).name ?? {}) : {};
        } catch {
          // the name is optional
        }
        return {
          provider: "apple",
          subject: claims.sub,
          email: claims.email ?? null,
          emailVerified: verified(claims.email_verified),
          firstName: name.firstName ?? "",
          lastName: name.lastName ?? "",
          image: null,
        };
      },
    };
  }
  return providers;
}
