import type { Pool } from "../db/client.ts";
import type { Clock } from "../data/clock.ts";
import type { Captcha } from "../data/captcha.ts";
import type { Mailer } from "../data/mail/mailer.ts";

export interface ServiceContext {
  pool: Pool;
  clock: Clock;
  /** absent where nothing is sent (tests of other services) */
  mailer?: Mailer;
  /** where contact messages go */
  contactTo?: string;
  /** origin of the links in e-mails */
  publicUrl?: string;
  /** absent: no captcha */
  captcha?: Captcha;
  /** OAuth providers that are configured (buttons are shown only for these) */
  oauth?: import("../data/oauth.ts").OAuthProviders;
  /** Web Push to browsers; absent: match notifications are queued but not sent */
  push?: import("../data/push/sender.ts").PushSender;
  /** app store pages and social accounts shown in the footer (none by default) */
  siteLinks?: SiteLinks;
  /** Telegram bots (Bot API or the offline dev store); absent: alerts go by push and in-app only */
  telegram?: import("../data/telegram/sender.ts").TelegramSender | null;
  /** the private Telegram group (SPEC §2.4); absent: none, or the offline store's stand-in group */
  telegramGroupChatId?: number | null;
  /** payment provider, prices and bank details; absent: an offline sandbox with the default prices */
  payments?: import("../data/payments/provider.ts").PaymentsSettings;
  /** real mode's data providers read on a schedule; absent: none (replay mode, or tests of other services) */
  sources?: {
    footballData?: { files: import("../data/sources/http-files.ts").HttpFiles; everyMs: number };
    /** SportMonks' pre-match prices (with a SPORTMONKS_API_TOKEN) */
    sportmonks?: { api: import("../data/sources/sportmonks-api.ts").SportmonksApi; everyMs: number };
  };
  /** live match data from a provider; absent: the replay of the bundled data */
  liveFeed?: import("../data/live/feed.ts").LiveFeed;
  /** this process: its id and role (all, web, worker); absent: a process of role "all" with a fresh id */
  instance?: import("./scale/instance.ts").Instance;
  /** commission on net winnings of a betting exchange's prices (0.05 = 5%); absent: Betfair Exchange's standard 5% */
  exchangeCommission?: number;
  /** which features exist; absent: as declared in src/domain/premium/features.ts (a test may turn one on) */
  features?: import("../domain/premium/features.ts").FeatureFlags;
}

export interface SiteLinks {
  appStore?: string;
  googlePlay?: string;
  social: Array<{ network: string; url: string }>;
}
