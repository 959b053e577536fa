import type {
  ConsoleExposureType,
  ContextParamStatus,
  ExperimentInterruptReason,
  ExperimentMarkupScopeType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from '../../console/schemas.js';
import type { DictionaryName } from '../../console/types.js';
import type { ExperimentFormType, FormErrorCode, FormField } from '../../lifecycle/experiment-form.js';
import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import type { SplitterMethod } from '../../splitter/errors.js';
import type { SafeText } from '../blocks/escape.js';
import type { ApprovalMessages } from './approval-types.js';
import type { AuditMessages } from './audit-types.js';
import type {
  ExperimentCardMessages,
  ExperimentEditMessages,
  ExperimentListMessages,
} from './experiment-types.js';
import type { HomeMessages } from './home-types.js';
import type { HookMessages } from './hooks-types.js';
import type { IdentityMessages } from './identity-types.js';
import type { PolicyMessages } from './policy-types.js';

// The contract every language must fulfil. mrkdwn texts are SafeText: a translation builds them
// with md`` and can only interpolate values the builders already escaped. plain_text fields
// (buttons, titles, labels, options) are plain strings: Slack never parses them.
// Length notes are Slack limits the builders truncate to; the messages test pins the English ones.

/** The lines of the help; each `/exp` subcommand's declaration names the ones that document it. */
export type HelpKey =
  | 'help'
  | 'show'
  | 'list'
  | 'start'
  | 'stop'
  | 'stopWithReason'
  | 'archive'
  | 'unarchive'
  | 'dict'
  | 'create'
  | 'edit'
  | 'features'
  | 'expose'
  | 'policy'
  | 'identity'
  | 'audit'
  | 'hooks'
  | 'connection'
  | 'follow'
  | 'subscriptions';

export interface HelpEntry {
  key: HelpKey;
  /** Shown as code, e.g. `/exp start ID`. */
  usage: string;
  description: SafeText;
}

/** Confirm dialog texts: title ≤100, text ≤300, confirm/deny ≤30. */
export interface ConfirmTexts {
  title(experimentId: number): string;
  text(experimentId: number): string;
  confirm: string;
  deny: string;
}

export type TokenState = 'active' | 'invalid' | 'unreadable';

/** Identifies the failed operation when it is a lifecycle action; absent for reads. */
export interface ActionContext {
  action?: LifecycleAction | undefined;
  experimentId?: number | undefined;
}

export interface Messages {
  locale: string;
  /** ALLOW_SANDBOX: the context line every message carries when real Slack uses the simulator. */
  sandboxNotice: SafeText;
  /** `/exp dict`: the list of dictionaries and one dictionary's pages. */
  dict: DictMessages;
  /** `/exp features` and `/exp expose`. */
  splitter: SplitterMessages;
  /** `/exp create` and `/exp edit ID`. */
  experimentModal: ExperimentModalMessages;
  /** `/exp edit ID`: the audience view, the diff before saving, concurrent changes. */
  experimentEdit: ExperimentEditMessages;
  experiments: ExperimentResultMessages;
  /** `/exp subscribe`, `/exp unsubscribe` and `/exp subscriptions`. */
  subscriptions: SubscriptionMessages;
  /** Lifecycle alerts posted in subscribed channels. */
  alerts: AlertMessages;
  /** What the app knows of an experiment: cards, `/exp show`, refusals from that knowledge. */
  experimentCard: ExperimentCardMessages;
  /** `/exp list`. */
  experimentList: ExperimentListMessages;
  /** `/exp policy` and the refusals it causes. */
  policy: PolicyMessages;
  /** `/exp audit`: the trail of attempts to act (admins). */
  audit: AuditMessages;
  /** Whose platform token acts: login, logout, whoami. */
  identity: IdentityMessages;
  /** `/exp hooks`: the inbound lifecycle hook (admins). */
  hooks: HookMessages;
  tokenHealth: TokenHealthMessages;
  /** The App Home tab. */
  home: HomeMessages;
  /** Requests waiting for a second person's approval. */
  approvals: ApprovalMessages;
  actions: {
    /** The verb as the user typed it: "tried to *start*". */
    name: Record<LifecycleAction, string>;
    /** Button labels, ≤75 (Slack may cut at ~30). */
    button: Record<LifecycleAction, string>;
    startConfirm: ConfirmTexts;
    archiveConfirm: ConfirmTexts;
  };
  /** Human labels of ExperimentInterruptReason; also option texts (≤75). */
  interruptReasons: Record<ExperimentInterruptReason, string>;
  help: {
    header: string;
    intro: SafeText;
    commands: readonly HelpEntry[];
    examplesTitle: SafeText;
    examples: readonly string[];
    fallback: SafeText;
  };
  lifecycle: {
    success(p: { action: LifecycleAction; user: SafeText; experimentId: number }): SafeText;
    stopDetails(p: { reason: SafeText | undefined; comment: SafeText | undefined }): SafeText;
    /** The app stopped between sending an action and hearing back: reported once, afterwards. */
    interrupted(p: {
      user: SafeText;
      action: LifecycleAction;
      experimentId: number;
      when: SafeText;
    }): SafeText;
    /**
     * The platform answered and the process died while telling it: the known outcome, said again
     * (the first telling may or may not have arrived).
     */
    interruptedWhileTelling(p: {
      user: SafeText;
      action: LifecycleAction;
      experimentId: number;
      when: SafeText;
      done: boolean;
    }): SafeText;
    /** The process died after acknowledging the request and before sending it: nothing was sent. */
    interruptedBeforeSending(p: {
      user: SafeText;
      action: LifecycleAction;
      experimentId: number;
      when: SafeText;
    }): SafeText;
    conflict(p: {
      action: LifecycleAction;
      user: SafeText;
      experimentId: number;
      status: SafeText | undefined;
    }): SafeText;
    working(p: { action: LifecycleAction; experimentId: number }): SafeText;
    duplicateClick: SafeText;
  };
  errors: {
    notFound(p: { experimentId: number | undefined }): SafeText;
    notConnected: SafeText;
    invalidToken: SafeText;
    insufficientScope: SafeText;
    /** The app's own store failed before anything was sent to the platform. */
    /** action: what was not done (`*start*`), with the experiment when there is one. */
    storeUnavailable(p?: { action?: SafeText; experimentId?: number | undefined }): SafeText;
    /** Too many actions in progress in this process: this one was refused before anything was sent. */
    busy(p: { action: SafeText; experimentId: number }): SafeText;
    /** Any other 403 (a gateway, a firewall, a platform rule): the token is not known to be bad. */
    forbidden: SafeText;
    conflict(p: {
      action: LifecycleAction | undefined;
      experimentId: number | undefined;
      status: SafeText | undefined;
    }): SafeText;
    validation(p: { status: number | undefined; quoted: boolean }): SafeText;
    server(p: { status: number | undefined }): SafeText;
    unexpectedStatus(p: ActionContext & { status: number | undefined }): SafeText;
    unexpectedResponse(p: ActionContext): SafeText;
    timeout: SafeText;
    connection: SafeText;
    /** A lifecycle POST that may have reached the platform: never claim success or failure. */
    /** A failure after a non-idempotent request was sent: it may or may not have been applied. */
    outcomeUnknown(
      p: ActionContext & {
        cause: 'timeout' | 'connection' | 'server' | 'response';
        status?: number | undefined;
      },
    ): SafeText;
    invalidRequest(p: { issues: SafeText }): SafeText;
    unexpected(p: ActionContext): SafeText;
  };
  input: {
    missingId(p: { command: string }): SafeText;
    badId(p: { got: SafeText }): SafeText;
    badReason(p: { got: SafeText }): SafeText;
    commentRequired(p: { experimentId: number | undefined }): SafeText;
    unexpectedArgs(p: { command: string; extra: SafeText }): SafeText;
    unknownCommand(p: { word: SafeText; suggestion: string | undefined }): SafeText;
    seeHelp: SafeText;
    /** The command text is longer than any `/exp` command needs; nothing was read or done. */
    tooLong(p: { length: number; max: number }): SafeText;
    /** A button whose value could not be read (stale message or forged payload): nothing was sent. */
    unreadableButton: SafeText;
  };
  connection: {
    adminOnly: SafeText;
    connected(p: { user: SafeText; baseUrl: SafeText }): SafeText;
    disconnected(p: { user: SafeText }): SafeText;
    notConnected: SafeText;
    tokenHeader: string;
    labels: {
      baseUrl: SafeText;
      expires: SafeText;
      scopes: SafeText;
      state: SafeText;
      connectedBy: SafeText;
    };
    states: Record<TokenState, string>;
    expiresIn(p: { days: number; date: SafeText }): SafeText;
    expired(p: { date: SafeText }): SafeText;
    expiryUnknown: SafeText;
    scopesUnknown: SafeText;
    connectedBy(p: { user: SafeText | undefined; date: SafeText | undefined }): SafeText;
    expiringSoon(p: { days: number }): SafeText;
    expiredWarning: SafeText;
    /** The stored token cannot be decrypted with the configured keys. */
    unreadableWarning: SafeText;
    invalidWarning: SafeText;
    tokenNeverShown: SafeText;
    /** After connecting: the scopes the interface shows that the token's own claims do not list. */
    scopesLacking(p: { scopes: SafeText }): SafeText;
    /** After connecting a token that lists no scopes: what each kind of request needs. */
    scopesNotStated: SafeText;
  };
  modals: {
    cancel: string;
    loadingTitle: string;
    loadingText: SafeText;
    /** private_metadata could not be read back: the form is stale or was tampered with. */
    expired: string;
    /** The form was not one the app opened for this person (or was altered): refused, recorded. */
    forged: string;
    /** Slack refused to open a form (its error code given); nothing changed. */
    openFailed(p: { error: SafeText }): SafeText;
    stop: {
      /** ≤24 */
      title: string;
      /** ≤24 */
      submit: string;
      intro(p: { experimentId: number; name: SafeText | undefined; status: SafeText | undefined }): SafeText;
      reasonLabel: string;
      /** The "no reason" option, offered when the policy does not require a reason (≤75). */
      noReason: string;
      reasonPlaceholder: string;
      commentLabel: string;
      commentPlaceholder: string;
      commentHint: string;
      /** Shown under the comment input (response_action errors) when the reason is Other. */
      commentRequiredForOther: string;
      reasonRequired: string;
    };
    connect: {
      title: string;
      submit: string;
      intro: SafeText;
      /** The "for this workspace / this channel only" choice, offered in channels. */
      scopeLabel: string;
      scopeWorkspace: string;
      scopeWorkspaceHint: string;
      scopeChannel: string;
      scopeChannelHint: string;
      baseUrlLabel: string;
      baseUrlPlaceholder: string;
      baseUrlHint: string;
      tokenLabel: string;
      tokenPlaceholder: string;
      tokenHint: string;
      baseUrlInvalid: string;
      tokenRequired: string;
      tokenRejected: string;
      tokenLacksScope: string;
      unreachable: string;
      notAPlatform: string;
      /** The connect form is for admins; shown in place of it. */
    };
  };
}

/** Texts of `/exp dict`. Dictionary labels, values, groups and filters arrive escaped. */
export interface DictMessages {
  /** One line per dictionary in the list. */
  descriptions: Record<DictionaryName, string>;
  /** ≤150 */
  listHeader: string;
  listIntro: SafeText;
  listLine(p: { name: DictionaryName; description: SafeText }): SafeText;
  listExamples: SafeText;
  listFallback(p: { names: SafeText }): SafeText;
  unknownName(p: { input: SafeText; suggestion: DictionaryName | undefined }): SafeText;
  /** ≤150 */
  pageHeader(p: { name: DictionaryName }): string;
  showing(p: {
    from: number;
    to: number;
    total: number;
    filter: SafeText | undefined;
    page: number;
    pages: number;
  }): SafeText;
  empty(p: { name: DictionaryName; filter: SafeText | undefined }): SafeText;
  cachedAt(p: { date: SafeText }): SafeText;
  /** args: the words after the name that give the same page (body arguments, then the filter). */
  refreshHint(p: { name: DictionaryName; args: SafeText | undefined }): SafeText;
  /** What context-param-predicates was read for (the request body's ids). */
  scopeNote(p: { experimentId: number | undefined; domainId: number | undefined }): SafeText;
  /** What the normaliser skipped or guessed; detail is the first few warnings. */
  warnings(p: { count: number; detail: SafeText }): SafeText;
  groupHeading(p: { group: SafeText }): SafeText;
  /** Heading of items without a group in a dictionary that has groups. */
  ungroupedHeading: SafeText;
  participantListHeadings: { allowed: SafeText; excluded: SafeText };
  /** Where a team sits when its parent is not the line above. */
  inGroup(p: { group: SafeText }): SafeText;
  /** What each ContextParamStatus means for segment filters. */
  paramStatus: Record<ContextParamStatus, SafeText>;
  paramStatusUnknown: SafeText;
  operatorsTitle: SafeText;
  applicabilityTitle: SafeText;
  /** predicates/predicateApplicability have no documented shape: they are shown as sent. */
  shapeNote: SafeText;
  notProvided: SafeText;
  /** Button labels, ≤75 (Slack may cut at ~30). */
  previous: string;
  next: string;
}

/** Texts of `/exp features` and `/exp expose`. Tags, labels and ids arrive escaped. */
export interface SplitterMessages {
  platform(p: { id: number; name: SafeText | undefined }): SafeText;
  participant(p: { userId: number | undefined; visitorId: SafeText | undefined }): SafeText;
  featuresTitle(p: { count: number; tag: SafeText; platform: SafeText; participant: SafeText }): SafeText;
  featureLine(p: { experiment: SafeText; group: SafeText }): SafeText;
  noFeatures(p: { tag: SafeText; platform: SafeText; participant: SafeText }): SafeText;
  moreNotShown(p: { count: number }): SafeText;
  warning(p: { text: SafeText }): SafeText;
  expose: {
    confirmText(p: { label: SafeText; platform: SafeText; participant: SafeText }): SafeText;
    statsWarning: SafeText;
    /** Button labels, ≤75 (Slack may cut at ~30). */
    confirmButton: string;
    cancelButton: string;
    done(p: {
      label: SafeText;
      platform: SafeText;
      participant: SafeText;
      user: SafeText | undefined;
    }): SafeText;
    cancelled(p: { label: SafeText | undefined }): SafeText;
    /** Label and participant do not fit in a button value: no confirmation can be offered. */
    tooLong: SafeText;
  };
  errors: {
    /** quoted: the error's message (the splitter's own words when it gave some) follows in a code block. */
    api(p: { method: SplitterMethod; status: number; kind: SafeText | undefined; quoted: boolean }): SafeText;
    timeout(p: { method: SplitterMethod; outcomeUnknown: boolean }): SafeText;
    connection(p: { method: SplitterMethod; outcomeUnknown: boolean; code: SafeText | undefined }): SafeText;
    response(p: { method: SplitterMethod; status: number }): SafeText;
    request(p: { method: SplitterMethod; issues: SafeText }): SafeText;
    unexpected(p: { method: SplitterMethod | undefined }): SafeText;
    /** No SPLITTER_URL is configured on this deployment. */
    notConfigured: SafeText;
  };
  usage: {
    features: SafeText;
    expose: SafeText;
    arguments: SafeText;
    featuresExample: SafeText;
    exposeExample: SafeText;
    problem(p: { error: SafeText }): SafeText;
  };
}

/** Texts of the create/edit modal: plain_text (never parsed) except the intros. */
export interface ExperimentModalMessages {
  /** ≤24 */
  createTitle: string;
  /** ≤24, even for the largest id */
  editTitle(p: { experimentId: number }): string;
  /** ≤24 */
  createSubmit: string;
  /** ≤24 */
  editSubmit: string;
  createIntro: SafeText;
  editIntro(p: { experimentId: number }): SafeText;
  /** Input labels, one per form field. */
  labels: Record<FormField, string>;
  hints: Partial<Record<FormField, string>>;
  /** ≤150 */
  selectPlaceholder: string;
  /** ≤150, for the type-to-search pickers of large dictionaries */
  searchPlaceholder: string;
  /** Option texts (≤75) of the enumerations the interface defines. */
  types: Record<ExperimentFormType, string>;
  markupScopeTypes: Record<ExperimentMarkupScopeType, string>;
  exposures: Record<ConsoleExposureType, string>;
  statisticalMethods: Record<StatisticsMethod, string>;
  retroTypes: Record<RetroType, string>;
  switchbackStrategies: Record<SwitchbackStrategy, string>;
  /** param: the context param's label as the dictionary gave it (plain text). */
  segmentPredicateLabel(p: { param: string }): string;
  segmentValuesLabel(p: { param: string }): string;
  segmentValuesHint: string;
  /** Option group (≤75) of the items without a group in a dictionary that has groups. */
  ungrouped: string;
  /** Hint of a picker whose dictionary returned nothing. */
  dictionaryEmpty: string;
  /**
   * Hint when current values are not on offer (plain text list): gone from the dictionary, or not
   * going with other choices (a layer of another domain, a deleted context param).
   */
  notOffered(p: { values: string }): string;
  /** Shown under the input (response_action errors). */
  errors: Record<FormErrorCode, string>;
}

/** Outcomes of the create and edit modals, posted after the modal closes. */
export interface ExperimentResultMessages {
  created(p: { user: SafeText; experimentId: number | undefined; name: SafeText }): SafeText;
  updated(p: { user: SafeText; experimentId: number; fields: SafeText }): SafeText;
  nothingChanged(p: { experimentId: number }): SafeText;
  /** Shown in the modal when the platform has not answered inside Slack's 3 s window. */
  stillWorkingTitle: string;
  stillWorking: SafeText;
  /** The record could not be read (the interface shows no read endpoint): the form starts empty. */
  /** Edit on a platform without a read route: the form starts from what the app recorded. */
  prefilledFromRecord(p: { experimentId: number }): SafeText;
  unreadable(p: { experimentId: number }): SafeText;
  /** A modal field error carrying the platform's own words for a validation 400. */
  platformRefused(p: { detail: string }): string;
  loadFailedTitle: string;
  /** The one option offered while a large dictionary is still loading (≤75). */
  loadingOption: string;
  /** The only option offered while the app's own store is down (≤75). */
  unavailableOption: string;
}

/**
 * Texts of the subscription commands. `actions` arrive as a ready list of code spans (or `all`),
 * `channel` as a channel link built from an id.
 */
export interface SubscriptionMessages {
  /** The whole set, shown where a filter is `all`. */
  allActions(p: { list: SafeText }): SafeText;
  /** A subscription in words: its actions, then what narrows it (team, type, experiment). */
  describe(p: {
    actions: SafeText;
    team: SafeText | undefined;
    type: SafeText | undefined;
    experimentId: number | undefined;
  }): SafeText;
  /** What an `alerts:ops` subscription sends. */
  opsDescribe: SafeText;
  /** `alerts:ops` was given with experiment filters. */
  opsAlone: SafeText;
  /** In-channel note; `what` is describe's text. */
  subscribed(p: { user: SafeText; what: SafeText; changed: boolean }): SafeText;
  /** Ephemeral, to the person, when the subscribed channel is not the one they typed in. */
  subscribedThere(p: { channel: SafeText; what: SafeText }): SafeText;
  /** In-channel note: these subscriptions were removed. */
  unsubscribed(p: { user: SafeText; what: readonly SafeText[] }): SafeText;
  /** Ephemeral, to the person, when the channel is not the one they typed in. */
  unsubscribedThere(p: { channel: SafeText; count: number }): SafeText;
  /** In-channel note: some actions removed, others kept. */
  narrowed(p: { user: SafeText; removed: SafeText; remaining: readonly SafeText[] }): SafeText;
  notSubscribed: SafeText;
  /** No subscription with that filter; others lists what the channel has. */
  noSuchSubscription(p: { what: SafeText; others: readonly SafeText[] }): SafeText;
  unchanged(p: { named: SafeText; remaining: readonly SafeText[] }): SafeText;
  unknownActions(p: { words: SafeText; allowed: SafeText }): SafeText;
  /** A word that is no filter. */
  unknownWord(p: { word: SafeText }): SafeText;
  repeated(p: { key: SafeText }): SafeText;
  emptyValue(p: { key: SafeText }): SafeText;
  badExperiment(p: { value: SafeText }): SafeText;
  /** `#name` Slack did not link: a channel the app cannot see, or typed in a way Slack ignores. */
  unlinkedChannel(p: { word: SafeText }): SafeText;
  unknownTeam(p: { typed: SafeText; suggestion: SafeText | undefined }): SafeText;
  unknownType(p: { typed: SafeText; allowed: SafeText }): SafeText;
  /** The teams dictionary could not be read, so `team:` could not be checked. */
  teamsUnavailable: SafeText;
  limitReached(p: { max: number }): SafeText;
  /** Run in a DM or somewhere that is not a channel. */
  channelsOnly: SafeText;
  /** The subscribe note could not be posted: alerts could not be either, so nothing was kept. */
  cannotPost(p: { error: SafeText; channel: SafeText }): SafeText;
  saveFailed: SafeText;
  /** ≤150 */
  listHeader: string;
  listLine(p: { channel: SafeText; what: SafeText; here: boolean }): SafeText;
  /** ≤75 */
  removeButton: string;
  /** In-channel note after a Remove click. */
  removedNote(p: { user: SafeText; what: SafeText }): SafeText;
  /** Ephemeral: the subscription was already gone when Remove was clicked. */
  alreadyRemoved: SafeText;
  listEmpty: SafeText;
  listHint: SafeText;
  moreNotShown(p: { count: number }): SafeText;
  /** DM to the person who subscribed a channel the app can no longer post in. */
  deliveryStopped(p: { channel: SafeText; error: SafeText; dropped: boolean }): SafeText;
  /** Where a person's own follows go, in the list: their DMs with the app. */
  yourDms: SafeText;
  followed(p: { experimentId: number; already: boolean }): SafeText;
  unfollowed(p: { experimentId: number }): SafeText;
  notFollowing(p: { experimentId: number }): SafeText;
  following(p: { ids: readonly number[] }): SafeText;
  followingNone: SafeText;
}

/** Reminders about a platform token (the token-health job): to its owner, by DM, and to ops channels. */
export interface TokenHealthMessages {
  /** whose: which connection, in words; when: a date. */
  expiresSoon(p: { whose: SafeText; days: number; when: SafeText; fix: SafeText }): SafeText;
  expired(p: { whose: SafeText; fix: SafeText }): SafeText;
  refused(p: { whose: SafeText; fix: SafeText }): SafeText;
  workspaceToken(p: { host: SafeText; by: SafeText | undefined }): SafeText;
  channelToken(p: { channel: SafeText; host: SafeText; by: SafeText | undefined }): SafeText;
  configuredToken(p: { host: SafeText }): SafeText;
  personalToken: SafeText;
  fixWorkspace: SafeText;
  fixConfigured: SafeText;
  fixPersonal: SafeText;
}

/** Alerts in subscribed channels; `origin` is the channel the action came from, when known. */
export interface AlertMessages {
  lifecycle(p: {
    action: LifecycleAction;
    user: SafeText;
    experimentId: number;
    origin: SafeText | undefined;
  }): SafeText;
  created(p: {
    user: SafeText;
    experimentId: number | undefined;
    name: SafeText;
    origin: SafeText | undefined;
  }): SafeText;
  updated(p: {
    user: SafeText;
    experimentId: number;
    fields: SafeText;
    origin: SafeText | undefined;
  }): SafeText;
  /** A status reported by an inbound event, with no action named. */
  statusChanged(p: { user: SafeText | undefined; experimentId: number; status: SafeText }): SafeText;
  /** Who, for an inbound event: the sender's `actor` text, or nobody named. */
  outsideActor(p: { actor: SafeText | undefined }): SafeText;
  /** Appended to an alert that came from an inbound event, not from Slack. */
  viaEvent: SafeText;
  /** The alert's last line: where it came from (a platform event) and when it happened. */
  source(p: { event: boolean; when: SafeText | undefined }): SafeText;
  footer: SafeText;
}
