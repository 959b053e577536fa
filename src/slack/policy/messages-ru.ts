import type { Refusal } from '../../core/policy/decide.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import { escapeMrkdwn, md, type SafeText } from '../blocks/escape.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import { cmd } from '../messages/ru-format.js';
import type { PolicyMessages } from './messages.js';

// An action is named in words first, then by the word `/exp policy set` takes (`start`, `expose`).
const { actionNouns } = labelMessagesRu();
const named = (action: PolicyAction) =>
  md`*${escapeMrkdwn(actionNouns[action])}* (\`${escapeMrkdwn(action)}\`)`;
/** «Действие *запуск* (`start`)», as a sentence begins. */
const act = (action: PolicyAction): SafeText => md`Действие ${named(action)}`;
/** «действия *запуск* (`start`)», after «для». */
const ofAct = (action: PolicyAction): SafeText => md`действия ${named(action)}`;
/** «Запуск», as a row or a label begins. */
const title = (action: PolicyAction): string => {
  const noun = actionNouns[action];
  return noun.charAt(0).toUpperCase() + noun.slice(1);
};
/** «*Запуск* (`start`)», a row of the policy. */
const row = (action: PolicyAction): SafeText =>
  md`*${escapeMrkdwn(title(action))}* (\`${escapeMrkdwn(action)}\`)`;
const READS = md`${cmd('help')}, ${cmd('show')}, ${cmd('list')}, ${cmd('dict')}, ${cmd('features')}`;

export function policyMessagesRu(): PolicyMessages {
  return {
    whoMembers: md`любой участник`,
    whoAdmins: md`администратор`,
    whoNobody: md`никто`,
    whoGroups: ({ groups }) => md`администратор или участник ${groups}`,
    anyChannel: md`любого канала`,
    refused: ({ action, refusal, who, channels }) => {
      const reasons: Record<Refusal, SafeText> = {
        external: md`Люди из другой организации могут здесь читать (${READS}), но не действовать, какая бы роль у них ни была у себя: для ${ofAct(action)} нужен(а) ${who} этого рабочего пространства.`,
        guest: md`Гости могут читать (${READS}), но не действовать: для ${ofAct(action)} нужен(а) ${who}.`,
        nobody: md`${act(action)} отключено правилами этого рабочего пространства. Администратор может это изменить: ${cmd('policy')}.`,
        admins: md`Для ${ofAct(action)} нужен(а) ${who} (правила рабочего пространства: ${cmd('policy')}).`,
        groups: md`Для ${ofAct(action)} нужен(а) ${who} (правила рабочего пространства: ${cmd('policy')}).`,
        channel: md`${act(action)} можно выполнять только из ${channels} (правила рабочего пространства: ${cmd('policy')}).`,
        'unknown-person': md`Приложение не смогло сейчас узнать у Slack, кто вы, поэтому не стало действовать за вас. Попробуйте через минуту.`,
      };
      return md`${reasons[refusal]} Ничего не сделано.`;
    },
    adminOnly: md`Менять, кому что можно, могут только администраторы рабочего пространства. ${cmd('policy')} показывает текущие правила всем.`,
    header: 'Кому что здесь можно',
    line: ({ action, who, channels, approval, personal }) => {
      const extras = [
        approval === undefined ? md`` : md` · нужно одобрение второго человека (одобрить могут ${approval})`,
        personal ? md` · со своим токеном платформы` : md``,
      ];
      return md`${row(action)}: ${who} · из ${channels}${extras[0] as SafeText}${extras[1] as SafeText}`;
    },
    stopReason: ({ required }) =>
      required ? md`При остановке нужно назвать причину.` : md`Остановить можно и без причины.`,
    otherComment: ({ required }) =>
      required
        ? md`Остановка с причиной «Другое» требует комментария.`
        : md`Остановка с причиной «Другое» может обойтись без комментария.`,
    lastChange: ({ user, ago }) => md`Последним менял(а) ${user} ${ago}.`,
    neverChanged: md`Это правила приложения по умолчанию: их никто не менял.`,
    howToChange: md`Измените их кнопкой или командами ${cmd('policy set ACTION members|admins|nobody|@group…')}, ${cmd('policy channels ACTION #channel…|any')}, ${cmd('policy approval ACTION on [approvers:admins|members|@group]|off')}, ${cmd('policy personal ACTION on|off')}, ${cmd('policy stop-reason required|optional')}, ${cmd('policy other-comment required|optional')}.`,
    editButton: 'Изменить правила',
    changed: ({ user, change }) => md`${user} изменил(а), кому что можно: ${change}`,
    changeWho: ({ action, who }) => md`для ${ofAct(action)} теперь нужен(а) ${who}.`,
    changeChannels: ({ action, channels }) => md`${act(action)} теперь можно выполнять из ${channels}.`,
    changeApproval: ({ action, on, approvers }) =>
      on
        ? md`${act(action)} теперь требует одобрения второго человека: одобрить могут ${approvers ?? md`те, кому это действие разрешено`}.`
        : md`${act(action)} больше не требует одобрения.`,
    changePersonal: ({ action, on }) =>
      on
        ? md`${act(action)} теперь требует личного токена платформы (${cmd('login')}).`
        : md`${act(action)} снова может использовать токен канала или рабочего пространства.`,
    changeStopReason: ({ required }) =>
      required ? md`при остановке теперь нужно назвать причину.` : md`остановить теперь можно и без причины.`,
    changeOtherComment: ({ required }) =>
      required
        ? md`остановка с причиной «Другое» теперь требует комментария.`
        : md`остановка с причиной «Другое» теперь может обойтись без комментария.`,
    unchanged: md`Это правило уже действует, ничего не изменилось.`,
    usage: ({ problem }) =>
      md`${problem} Ничего не изменилось. ${cmd('policy')} показывает правила и как их менять.`,
    problems: {
      unknownAction: ({ word, actions }) => md`\`${word}\` — не действие из правил (${actions}).`,
      badWho: ({ word }) =>
        md`\`${word}\` — не \`members\`, \`admins\`, \`nobody\` и не упоминание группы (наберите @ и выберите группу).`,
      badChannel: ({ word }) =>
        md`\`${word}\` — не упоминание канала (наберите # и выберите канал) и не \`any\`.`,
      badOnOff: ({ word }) => md`\`${word}\` — не \`on\` и не \`off\`.`,
      badStopReason: ({ word }) => md`\`${word}\` — не \`required\` и не \`optional\`.`,
      missing: ({ what }) =>
        md`Укажите ${
          {
            action: md`действие (\`start\`, \`stop\`, …)`,
            who: md`кто: \`members\`, \`admins\`, \`nobody\` или группы пользователей`,
            channels: md`каналы или \`any\``,
            'on-off': md`\`on\` или \`off\``,
            'required-optional': md`\`required\` или \`optional\``,
          }[what]
        }.`,
      notApprovable: ({ action }) =>
        md`Одобрение бывает для \`start\`, \`stop\`, \`archive\`, \`unarchive\` и \`expose\`, но не для ${ofAct(action)}.`,
      badApprovers: ({ word }) =>
        md`После \`on\` можно указать только, кто одобряет: \`approvers:admins\`, \`approvers:members\` или \`approvers:@group\`; а не \`${word}\`.`,
      unknownSubcommand: ({ word }) =>
        md`\`${word}\` — не одно из \`set\`, \`channels\`, \`approval\`, \`personal\`, \`stop-reason\`, \`other-comment\`.`,
    },
    modal: policyModalMessagesRu(),
  };
}

function policyModalMessagesRu(): PolicyMessages['modal'] {
  return {
    title: 'Кому что можно',
    submit: 'Сохранить',
    intro: md`По одному правилу на действие. Гости и люди из других организаций только читают. Подключение платформы и эти правила остаются за администраторами.`,
    whoLabel: ({ action }) => `${title(action)} (${action}): кому можно`,
    groupsLabel: ({ action }) => `${title(action)} (${action}): группы пользователей (для «группы»)`,
    channelsLabel: ({ action }) => `${title(action)} (${action}): только из этих каналов (пусто — из любых)`,
    optionsLabel: ({ action }) => `${title(action)} (${action}): ещё`,
    approvalOption: 'нужно одобрение второго человека',
    personalOption: 'нужен свой токен платформы',
    whoOptions: {
      members: 'Любой участник',
      admins: 'Администраторы',
      groups: 'Администраторы и группы',
      nobody: 'Никто',
    },
    stopReasonLabel: 'Причина остановки',
    stopReasonRequired: 'Обязательна',
    stopReasonOptional: 'Необязательна',
    otherCommentLabel: 'Комментарий при причине «Другое»',
    otherCommentRequired: 'Обязателен',
    otherCommentOptional: 'Необязателен',
    groupsRequired: 'Выберите хотя бы одну группу пользователей или другой вариант.',
    staleTitle: 'Правила изменились',
    stale: ({ changedSince, lastChange, edits }) =>
      md`Пока форма была открыта, правила, которые вы меняли, изменил кто-то ещё, поэтому ничего не сохранено.\n*Сейчас:* ${changedSince}${lastChange ? md`\n${lastChange}` : md``}\n*Ваши изменения, не сохранены:* ${edits}\nОткройте ${cmd('policy')} снова, чтобы править текущие правила.`,
    saveFailed: 'Правила сейчас не удалось сохранить, ничего не изменилось. Попробуйте через минуту.',
  };
}
