// The message data of every bundled locale (addin/i18n/locales/*.json): the same keys and the same
// `{name}` placeholders in each (test/addin/i18n/messages.test.ts checks both). English is the source.
import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import type { Locale } from './locale.ts';

export type Messages = typeof en;

export const MESSAGES: Readonly<Record<Locale, Messages>> = { en, de, fr, es, 'pt-BR': ptBR, ja, 'zh-CN': zhCN };
