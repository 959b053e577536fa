import { md } from '../blocks/escape.js';
import type { HookMessages } from './messages.js';

export function hookMessagesRu(): HookMessages {
  return {
    adminOnly: md`Хук событий жизненного цикла видят и меняют только администраторы рабочего пространства: с его секретом кто угодно может слать события от имени платформы.`,
    header: 'События жизненного цикла извне Slack',
    url: ({ url, complete }) =>
      complete
        ? md`*POST* ${url}`
        : md`*POST* ${url} на публичном адресе приложения (хост адреса запросов Slack; задайте \`PUBLIC_URL\`, чтобы видеть его здесь целиком).`,
    secret: ({ secret }) =>
      md`*Секрет:* ${secret} — храните его как пароль. \`/exp hooks rotate\` заменяет его; старый работает ещё 24 часа.`,
    previous: ({ until }) => md`Секрет до последней замены работает до ${until}.`,
    howToSign: md`Подписывайте каждый запрос так же, как Slack: \`X-Exp-Timestamp\` (секунды Unix) и \`X-Exp-Signature: v1=<hex HMAC-SHA256 от "v1:{timestamp}:{body}">\`. Тело: JSON \`{"id", "experimentId", "action": "start|stop|archive|unarchive|create|edit|status", "status"?, "name"?, "team"?, "type"?, "actor"?, "interruptReason"?, "comment"?, "occurredAt"?}\`, не больше 64 КиБ. Одинаковый \`id\` дважды даёт одно оповещение. Пример с \`curl\` — в docs/hooks.md приложения.`,
    rotated: ({ until }) =>
      md`У хука новый секрет (ниже). Старый работает до ${until}, чтобы отправители успели перейти.`,
    usage: ({ word }) =>
      md`\`/exp hooks\` показывает хук; \`/exp hooks rotate\` меняет его секрет. \`${word}\` — ни то ни другое.`,
  };
}
