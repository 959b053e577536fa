import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { cmd, n } from '../messages/ru-format.js';
import type { AlertMessages, SubscriptionMessages } from './messages.js';

// Russian texts of the subscription commands and of the alerts they route. Filter keys and event
// names (`team:`, `events:stop`) stay as typed: they are the command's words.

const where = (origin: SafeText | undefined): SafeText => (origin === undefined ? md`` : md` в ${origin}`);

/** What was asked, in words (an action whose outcome is unknown). */
const ASKED: Record<LifecycleAction, SafeText> = {
  start: md`запустить`,
  stop: md`остановить`,
  archive: md`отправить в архив`,
  unarchive: md`вернуть из архива`,
};

const DONE: Record<LifecycleAction, SafeText> = {
  start: md`запущен`,
  stop: md`остановлен`,
  archive: md`отправлен в архив`,
  unarchive: md`возвращён из архива`,
};

const lines = (items: readonly SafeText[]): SafeText => joinSafe(items.map((i) => md`• ${i}`));

export function subscriptionMessagesRu(): SubscriptionMessages {
  return {
    allActions: md`все`,
    recommended: ({ list }) => md`основные (${list})`,
    describe: ({ actions, team, type, experiment }) => {
      const narrowers = [
        team === undefined ? undefined : md`команда ${team}`,
        type === undefined ? undefined : md`тип ${type}`,
        experiment === undefined ? undefined : md`эксперимент ${experiment}`,
      ].filter((x): x is SafeText => x !== undefined);
      const of = narrowers.length === 0 ? md`все эксперименты` : joinSafe(narrowers, md`, `);
      return md`оповещения ${actions}: ${of}`;
    },
    opsDescribe: md`служебные уведомления рабочего пространства (токен платформы истекает или отвергнут)`,
    opsAlone: md`\`alerts:ops\` не сочетается с другими фильтрами: он шлёт служебные уведомления рабочего пространства, а не оповещения об экспериментах. Выполните его отдельно, в канале, который должен их получать: ${cmd('subscribe alerts:ops')}. Ничего не изменилось.`,
    subscribed: ({ user, what, changed }) =>
      changed
        ? md`${user} изменил(а) подписку этого канала: ${what}. Чтобы отписаться: ${cmd('unsubscribe')} с тем же фильтром или ${cmd('subscriptions')}.`
        : md`${user} подписал(а) этот канал: ${what}. Чтобы отписаться: ${cmd('unsubscribe')} с тем же фильтром или ${cmd('subscriptions')}.`,
    subscribedThere: ({ channel, what }) => md`${channel} подписан: ${what}. Там опубликована заметка.`,
    unsubscribed: ({ user, what }) =>
      what.length === 1
        ? md`${user} отписал(а) этот канал: ${what[0] ?? md``}.`
        : md`${user} отписал(а) этот канал от всех оповещений об экспериментах:\n${lines(what)}`,
    unsubscribedThere: ({ channel, count }) =>
      md`У ${channel} ${count === 1 ? md`удалена` : md`удалено`} ${n(count, 'подписка', 'подписки', 'подписок')}. Там опубликована заметка.`,
    narrowed: ({ user, removed, remaining }) =>
      remaining.length === 0
        ? md`${user} выключил(а) в этом канале оповещения ${removed}; оповещений об экспериментах он больше не получает.`
        : md`${user} выключил(а) в этом канале оповещения ${removed}. Он по-прежнему получает:\n${lines(remaining)}`,
    notSubscribed: md`Этот канал не подписан на оповещения об экспериментах, ничего не изменилось. Подписать: ${cmd('subscribe')}.`,
    noSuchSubscription: ({ what, others }) =>
      others.length === 0
        ? md`У этого канала нет подписки «${what}» и других подписок тоже, ничего не изменилось.`
        : md`У этого канала нет подписки «${what}», ничего не изменилось. Его подписки:\n${lines(others)}\nНазовите тот же фильтр, чтобы удалить одну, или выполните ${cmd('unsubscribe')} без фильтров, чтобы удалить все.`,
    unchanged: ({ named, remaining }) =>
      md`Этот канал не получает оповещений ${named}, ничего не изменилось. Он получает:\n${lines(remaining)}`,
    unknownActions: ({ words, allowed }) =>
      md`Неизвестное событие ${words}. Выберите из ${allowed}, \`recommended\` (по умолчанию) или \`all\`. Ничего не изменилось.`,
    unknownWord: ({ word }) =>
      md`${word} — не фильтр. Используйте \`#канал\`, \`team:КОМАНДА\`, \`type:ТИП\`, \`experiment:ID\` и \`events:stop,archive\`, например ${cmd('subscribe events:stop,archive')}; ${cmd('dict teams')} перечислит команды. Ничего не изменилось.`,
    repeated: ({ key }) =>
      md`${key} указан дважды; укажите один раз (для другой подписки выполните команду ещё раз). Ничего не изменилось.`,
    emptyValue: ({ key }) => md`${key} нужно значение, например \`${key}:growth\`. Ничего не изменилось.`,
    badExperiment: ({ value }) =>
      md`\`experiment:\` принимает номер эксперимента (целое положительное число), а не ${value}. Ничего не изменилось.`,
    unlinkedChannel: ({ word }) =>
      md`Slack не узнал в ${word} канал. Выберите его из списка, который Slack предлагает после \`#\` (приватный канал — сначала добавьте в него приложение). Ничего не изменилось.`,
    unknownTeam: ({ typed, suggestion }) =>
      suggestion === undefined
        ? md`Команды ${typed} среди команд платформы нет. Список: ${cmd('dict teams')}. Ничего не изменилось.`
        : md`Команды ${typed} среди команд платформы нет. Может быть, ${suggestion}? Весь список: ${cmd('dict teams')}. Ничего не изменилось.`,
    unknownType: ({ typed, allowed }) =>
      md`Типа эксперимента ${typed} нет. Выберите из ${allowed}. Ничего не изменилось.`,
    teamsUnavailable: md`Команды платформы сейчас не прочитать, поэтому \`team:\` не проверить. Ничего не изменилось; попробуйте через минуту.`,
    limitReached: ({ max }) =>
      md`У этого канала уже ${n(max, 'подписка', 'подписки', 'подписок')} — больше одному каналу нельзя. Сначала удалите одну через ${cmd('subscriptions')}. Ничего не изменилось.`,
    channelsOnly: md`Оповещения приходят в каналы: выполните ${cmd('subscribe')} в канале, который должен их получать, или назовите его: ${cmd('subscribe #канал')}. Ничего не изменилось.`,
    cannotPost: ({ error, channel }) =>
      md`Приложение не может писать в ${channel} (${error}), значит, и оповещения туда не дойдут. Ничего не изменилось. Добавьте приложение в канал (упомяните его или используйте \`/invite\`) и подпишитесь снова.`,
    saveFailed: md`Подписки сейчас не удалось прочитать или сохранить. Ничего не изменилось; попробуйте через минуту.`,
    listHeader: 'Оповещения об экспериментах в этом пространстве',
    listLine: ({ channel, what, here }) => md`${channel}: ${what}${here ? md` _(этот канал)_` : md``}`,
    removeButton: 'Убрать',
    removedNote: ({ user, what }) => md`${user} убрал(а) подписку этого канала: ${what}.`,
    alreadyRemoved: md`Эта подписка уже удалена; список ниже актуален.`,
    listEmpty: md`Пока ни один канал не получает оповещений об экспериментах. Выполните ${cmd('subscribe')} в канале или сузьте подписку до команды (${cmd('dict teams')} перечислит их) и некоторых событий: ${cmd('subscribe team:КОМАНДА events:stop,archive')}.`,
    listHint: md`Добавить: ${cmd('subscribe [#канал] [team:КОМАНДА] [type:ТИП] [experiment:ID] [events:СПИСОК]')}; у канала их может быть несколько.`,
    moreNotShown: ({ count }) => md`…и ещё ${n(count, 'подписка', 'подписки', 'подписок')}, не показаны.`,
    deliveryStopped: ({ channel, error, dropped }) =>
      dropped
        ? md`Оповещения об экспериментах больше нельзя публиковать в ${channel} (${error}), поэтому его подписки удалены. Подпишите другой канал: ${cmd('subscribe #канал')}.`
        : md`Оповещения об экспериментах не удалось опубликовать в ${channel} (${error}). Добавьте приложение в канал (упомяните его или используйте \`/invite\`), чтобы следующие дошли.`,
    ...followMessagesRu(),
  };
}

export function alertMessagesRu(): AlertMessages {
  return {
    lifecycle: ({ action, user, experiment, origin }) =>
      md`${user}: эксперимент ${experiment} ${DONE[action]}${where(origin)}.`,
    unknownOutcome: ({ action, user, experiment, origin, id, appStopped }) => {
      const why = appStopped
        ? md`приложение остановилось, не дождавшись ответа платформы`
        : md`платформа не ответила`;
      return md`:warning: ${user} попросил(а) ${ASKED[action]} эксперимент ${experiment}${where(origin)}, но ${why}: применено ли действие, неизвестно. ${cmd(`show ${id}`)} покажет, что с ним.`;
    },
    created: ({ user, experiment, origin }) =>
      md`${user} создал(а) эксперимент ${experiment}${where(origin)}.`,
    updated: ({ user, experiment, fields, origin }) =>
      md`${user} изменил(а) эксперимент ${experiment}${where(origin)}: ${fields}.`,
    statusChanged: ({ user, experiment, status }) =>
      user === undefined
        ? md`Эксперимент ${experiment} теперь в статусе ${status}.`
        : md`${user} сообщил(а), что эксперимент ${experiment} в статусе ${status}.`,
    outsideActor: ({ actor }) => (actor === undefined ? md`Кто-то вне Slack` : md`*${actor}*`),
    viaEvent: md`_по событию платформы_`,
    source: ({ event, when }) =>
      event
        ? when === undefined
          ? md`_по событию платформы_`
          : md`_по событию платформы, ${when}_`
        : when === undefined
          ? md``
          : md`_${when}_`,
    footer: md`Оповещение об эксперименте для этого канала. ${cmd('subscriptions')} — куда идут оповещения; ${cmd('unsubscribe')} — прекратить их здесь.`,
  };
}

type FollowMessages = Pick<
  SubscriptionMessages,
  'yourDms' | 'followed' | 'unfollowed' | 'notFollowing' | 'following' | 'followingNone'
>;

/** `/exp follow`: an experiment's lifecycle in the person's direct messages. */
function followMessagesRu(): FollowMessages {
  return {
    yourDms: md`ваши личные сообщения`,
    followed: ({ experimentId, experiment, already }) =>
      already
        ? md`Вы уже следите за экспериментом ${experiment}: его ход приходит вам в личные сообщения. Перестать: ${cmd(`unfollow ${experimentId}`)}.`
        : md`Теперь вы следите за экспериментом ${experiment}: кто его запускает, останавливает, архивирует или правит, вы узнаете в личных сообщениях (кроме своих действий). Перестать: ${cmd(`unfollow ${experimentId}`)}.`,
    unfollowed: ({ experiment }) => md`Вы больше не следите за экспериментом ${experiment}.`,
    notFollowing: ({ experiment }) =>
      md`Вы не следите за экспериментом ${experiment}, ничего не изменилось. За чем вы следите: ${cmd('follow')}.`,
    following: ({ experiments }) =>
      md`Вы следите за ${joinSafe(experiments, md`, `)}. Перестать: ${cmd('unfollow ID')}.`,
    followingNone: md`Вы ни за одним экспериментом не следите. Следить: ${cmd('follow ID')} — его ход будет приходить вам в личные сообщения.`,
  };
}
