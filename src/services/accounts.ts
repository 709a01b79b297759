import type { ServiceContext } from "./context.ts";
import { createAccountsDeps } from "./accounts/deps.ts";
import {
  bySession,
  identities,
  login,
  loginNeedsCaptcha,
  logout,
  oauthProvider,
  publicConfig,
  socialLogin,
} from "./accounts/sessions.ts";
import { register, sendActivationLink, verify } from "./accounts/registration.ts";
import { changePassword, requestPasswordReset, resetLinkValid, resetPassword } from "./accounts/passwords.ts";
import {
  filterNotificationSettings,
  newsletterUnsubscribe,
  saveFilterNotificationSettings,
  update,
} from "./accounts/profile.ts";
import { cleanUp, deleteAccount, exportData, exportStream } from "./accounts/data.ts";
import { publicUser } from "./accounts/shared.ts";

export type { Client, OAuthProviderName, Session, User } from "./accounts/shared.ts";

/**
 * Accounts: registration, sessions and social login, passwords, the profile, the account's data. One use case
 * per function in src/services/accounts/ (sessions, registration, passwords, profile, data).
 */
export function createAccountsService(ctx: ServiceContext) {
  const d = createAccountsDeps(ctx);
  return {
    publicUser,
    publicConfig: (...args: DropFirst<Parameters<typeof publicConfig>>) => publicConfig(d, ...args),
    oauthProvider: (...args: DropFirst<Parameters<typeof oauthProvider>>) => oauthProvider(d, ...args),
    bySession: (...args: DropFirst<Parameters<typeof bySession>>) => bySession(d, ...args),
    identities: (...args: DropFirst<Parameters<typeof identities>>) => identities(d, ...args),
    loginNeedsCaptcha: (...args: DropFirst<Parameters<typeof loginNeedsCaptcha>>) => loginNeedsCaptcha(d, ...args),
    login: (...args: DropFirst<Parameters<typeof login>>) => login(d, ...args),
    socialLogin: (...args: DropFirst<Parameters<typeof socialLogin>>) => socialLogin(d, ...args),
    logout: (...args: DropFirst<Parameters<typeof logout>>) => logout(d, ...args),
    register: (...args: DropFirst<Parameters<typeof register>>) => register(d, ...args),
    verify: (...args: DropFirst<Parameters<typeof verify>>) => verify(d, ...args),
    sendActivationLink: (...args: DropFirst<Parameters<typeof sendActivationLink>>) => sendActivationLink(d, ...args),
    requestPasswordReset: (...args: DropFirst<Parameters<typeof requestPasswordReset>>) =>
      requestPasswordReset(d, ...args),
    resetLinkValid: (...args: DropFirst<Parameters<typeof resetLinkValid>>) => resetLinkValid(d, ...args),
    resetPassword: (...args: DropFirst<Parameters<typeof resetPassword>>) => resetPassword(d, ...args),
    changePassword: (...args: DropFirst<Parameters<typeof changePassword>>) => changePassword(d, ...args),
    update: (...args: DropFirst<Parameters<typeof update>>) => update(d, ...args),
    newsletterUnsubscribe: (...args: DropFirst<Parameters<typeof newsletterUnsubscribe>>) =>
      newsletterUnsubscribe(d, ...args),
    filterNotificationSettings: (...args: DropFirst<Parameters<typeof filterNotificationSettings>>) =>
      filterNotificationSettings(d, ...args),
    saveFilterNotificationSettings: (...args: DropFirst<Parameters<typeof saveFilterNotificationSettings>>) =>
      saveFilterNotificationSettings(d, ...args),
    exportStream: (...args: DropFirst<Parameters<typeof exportStream>>) => exportStream(d, ...args),
    exportData: (...args: DropFirst<Parameters<typeof exportData>>) => exportData(d, ...args),
    deleteAccount: (...args: DropFirst<Parameters<typeof deleteAccount>>) => deleteAccount(d, ...args),
    cleanUp: (...args: DropFirst<Parameters<typeof cleanUp>>) => cleanUp(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
