import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { cmd, count, n, word } from '../messages/ru-format.js';
import type { DigestMessages } from './messages.js';

// Russian texts of the channel digest and of the summary of alerts held in quiet hours.

const WEEKDAYS = [
  'в воскресенье',
  'в понедельник',
  'во вторник',
  'в среду',
  'в четверг',
  'в пятницу',
  'в субботу',
];
const VERBS = { start: md`запустил(а)`, stop: md`остановил(а)`, archive: md`архивировал(а)` };

export function digestMessagesRu(): DigestMessages {
  return { ...digestPartsRu(), ...channelSettingsRu(), ...rhythmNoticesRu() };
}

/** The digest's headings and lines, and its preview's notes. */
function digestPartsRu() {
  return {
    title: ({ from, to }) => md`:newspaper: *Сводка* с ${from} по ${to}`,
    runningHeading: ({ count: c }) => md`*Запущены* (${count(c)})`,
    runningLine: ({ experiment, days, hours }) =>
      days > 0
        ? md`• ${experiment}: ${n(days, 'день', 'дня', 'дней')}, ${n(hours, 'час', 'часа', 'часов')}`
        : hours > 0
          ? md`• ${experiment}: ${n(hours, 'час', 'часа', 'часов')}`
          : md`• ${experiment}: меньше часа`,
    happenedHeading: md`*За этот период*`,
    happenedLine: ({ action, experiment, user, when, why }) =>
      why === undefined
        ? md`• ${when}: ${user} ${VERBS[action]} ${experiment}`
        : md`• ${when}: ${user} ${VERBS[action]} ${experiment} (${why})`,
    waitingHeading: md`*Ждут одобрения*`,
    waitingLine: ({ what, user }) => md`• ${what}, просит ${user}`,
    dueHeading: md`*Запланировано до следующей сводки*`,
    dueLine: ({ what, when }) => md`• ${when}: ${what}`,
    longHeading: ({ days }) => md`*Идут дольше ${n(days, 'дня', 'дней', 'дней')}*`,
    previewNote: ({ schedule }) =>
      schedule === undefined
        ? md`Эту сводку видите только вы. Чтобы она приходила сюда по расписанию: ${cmd('digest daily 09:00')} или ${cmd('digest weekly mon 09:00')}.`
        : md`Эту сводку видите только вы. Сводка этого канала: ${schedule}; ${cmd('digest off')} отключает её.`,
    emptyPreview: ({ schedule }) =>
      schedule === undefined
        ? md`Здесь за последние сутки ничего не произошло: ни один эксперимент не запускали, не останавливали и не архивировали, ничто не ждёт одобрения и не запланировано. Чтобы сводка приходила сюда по расписанию: ${cmd('digest daily 09:00')}.`
        : md`С прошлой сводки здесь ничего не произошло, поэтому сейчас её бы не отправили. Сводка этого канала: ${schedule}.`,
  } satisfies Partial<DigestMessages>;
}

/** Replies to `/exp digest`. */
function channelSettingsRu() {
  return {
    schedule: ({ weekday, at, zone }) =>
      weekday === undefined
        ? md`каждый день в ${at} (${zone})`
        : md`каждую неделю, ${word(WEEKDAYS[weekday] ?? '?')} в ${at} (${zone})`,
    set: ({ user, schedule, next }) =>
      md`${user} настроил(а) сводку этого канала: ${schedule}. Первая — ${next}; за период, в котором ничего не произошло, сводки не будет. ${cmd('digest')} показывает её сейчас, ${cmd('digest off')} отключает.`,
    off: ({ user }) => md`${user} отключил(а) сводку этого канала.`,
    notSet: md`У этого канала нет сводки. ${cmd('digest daily 09:00')} включает её.`,
    unreadable: ({ words }) =>
      md`${cmd('digest')} принимает: ничего (показать сводку), ${cmd('digest daily ЧЧ:ММ')}, ${cmd('digest weekly ДЕНЬ ЧЧ:ММ')} (\`пн\`…\`вс\` или \`mon\`…\`sun\`) или ${cmd('digest off')}; после них можно указать пояс: \`tz:Europe/Moscow\` (иначе — ваш часовой пояс в Slack). Непонятно: ${words}. Ничего не изменено.`,
    saveFailed: md`Не удалось сохранить сводку: приложение сейчас не может обратиться к своему хранилищу. Ничего не изменено; попробуйте чуть позже.`,
    full: md`Тихие часы или сводка уже настроены в слишком многих каналах (5000): в этом ничего не изменено. Отключите их в части каналов: ${cmd('digest off')} или ${cmd('subscribe quiet:off')}.`,
    readFailed: md`Не удалось прочитать сводку: приложение сейчас не может обратиться к своему хранилищу. Попробуйте чуть позже.`,
  } satisfies Partial<DigestMessages>;
}

/** Quiet hours, the window, running long, and the channel's notes. */
function rhythmNoticesRu() {
  return {
    quietSet: ({ user, hours, zone }) =>
      md`${user} настроил(а) тихие часы этого канала: ${hours} (${zone}). Оповещения в эти часы откладываются и приходят одной сводкой, когда часы кончаются; служебные уведомления рабочего пространства не откладываются. ${cmd('subscribe quiet:off')} отключает их.`,
    quietOff: ({ user, released }) =>
      released > 0
        ? md`${user} отключил(а) тихие часы этого канала; ${n(released, 'отложенное оповещение придёт', 'отложенных оповещения придут', 'отложенных оповещений придут')} одной сводкой.`
        : md`${user} отключил(а) тихие часы этого канала.`,
    quietNone: md`У этого канала нет тихих часов. ${cmd('subscribe quiet:22:00-08:00')} включает их.`,
    quietUnreadable: ({ value, problem }) =>
      problem === 'unknown-zone'
        ? md`${value}: такой часовой пояс неизвестен. Укажите его как \`tz:Europe/Moscow\` или не указывайте — тогда возьмётся ваш пояс в Slack. Ничего не изменено.`
        : problem === 'empty'
          ? md`${value}: у тихих часов должны различаться начало и конец. Ничего не изменено.`
          : md`Тихие часы пишутся так: \`quiet:22:00-08:00\` (24-часовые, начало-конец) или \`quiet:off\`; а не ${value}. Ничего не изменено.`,
    channelNote: ({ channel, quiet, digest, long, window, delivered }) =>
      joinSafe(
        [
          channel,
          quiet === undefined ? undefined : md`тихие часы ${quiet}`,
          digest === undefined ? undefined : md`сводка ${digest}`,
          long === undefined ? undefined : md`напоминание после ${n(long, 'дня', 'дней', 'дней')}`,
          window === undefined
            ? undefined
            : window.isDefault
              ? md`окно ${window.text} (по умолчанию)`
              : md`окно ${window.text}`,
          delivered === undefined ? md`оповещений ещё не было` : md`последнее оповещение ${delivered}`,
        ].filter((part): part is SafeText => part !== undefined),
        md` · `,
      ),
    nudge: ({ experiment, days, since, mark }) =>
      md`:hourglass_flowing_sand: ${experiment} идёт уже ${n(days, 'день', 'дня', 'дней')} (с ${since}) — дольше порога этого канала в ${n(mark, 'день', 'дня', 'дней')}. Остановите его, если он своё отработал, или отложите напоминание на неделю.`,
    remindButton: 'Напомнить через 7 дней',
    reminded: ({ experiment, at }) =>
      md`Канал снова услышит о том, что ${experiment} идёт долго, ${at}, если его не остановят раньше.`,
    longSet: ({ user, days }) =>
      days === undefined
        ? md`${user} отключил(а) напоминания этого канала о долгих экспериментах.`
        : md`${user} настроил(а) канал: об эксперименте, который идёт дольше ${n(days, 'дня', 'дней', 'дней')}, здесь напомнят один раз, с кнопками «Остановить…» и «Напомнить через 7 дней». ${cmd('subscribe long:off')} отключает.`,
    windowSet: ({ user, window }) =>
      md`${user} задал(а) окно оповещений этого канала: ${window}. События одного эксперимента, пришедшие чаще, остаются одним сообщением (карточка обновляется, каждое событие — в её ветке); событие после более долгой паузы снова появляется в канале.`,
    windowUnreadable: ({ value }) =>
      md`Окно оповещений пишется \`window:90s\`, \`window:5m\` или \`window:1h\` (от секунды до суток); а не ${value}. Ничего не изменено.`,
    longUnreadable: ({ value }) =>
      md`Порог долгого эксперимента пишется \`long:30d\` (дни, от 1 до 3650) или \`long:off\`; а не ${value}. Ничего не изменено.`,
    quietSummary: ({ shown, total, hours }) =>
      shown < total
        ? md`:zzz: Пока в канале были тихие часы (${hours}), отложено ${n(total, 'оповещение', 'оповещения', 'оповещений')}; последние ${count(shown)}:`
        : md`:zzz: Пока в канале были тихие часы (${hours}), отложено ${n(total, 'оповещение', 'оповещения', 'оповещений')}:`,
  } satisfies Partial<DigestMessages>;
}
