import type { ContextParamStatus, ExperimentType } from './interface-values.js';
import { buildMetricsCatalog, type MetricEntry } from './metrics-catalog.js';

// ASSUMPTION: contents and response shapes of the eleven dictionaries (interface: "Response
// schemas of the other ten dictionaries: not shown"; for context-param-predicates only `params`
// fields are named). The shapes differ ON PURPOSE — bare arrays, wrappers ({items}, {data},
// {result}), a tree, a split object, arrays of strings — so the client's normaliser is exercised.
// Identifier types differ too (numbers for teams/domains/layers/lists, strings elsewhere): create
// and update compare values with strict equality, so 12 and "12" are different values.

export interface TeamNode {
  id: number;
  name: string;
  children: TeamNode[];
}

export interface ContextParam {
  id: number;
  type: 'string' | 'number' | 'boolean' | 'version';
  title: string;
  label: string;
  status: ContextParamStatus;
  domainId: number;
}

export interface SandboxDictionaries {
  types: { value: ExperimentType; title: string; deprecated: boolean }[];
  domains: { items: { id: number; name: string }[] };
  participantTypes: { key: string; label: string }[];
  layers: { id: number; title: string; domainId: number }[];
  holdouts: { result: { code: string; name: string; status: 'active' | 'finished' }[] };
  'participant-lists': { allowed: { id: number; name: string }[]; excluded: { id: number; name: string }[] };
  'context-param-predicates': {
    params: ContextParam[];
    predicates: { id: string; title: string; arity: 'one' | 'many' }[];
    predicateApplicability: Record<ContextParam['type'], string[]>;
  };
  teams: { data: TeamNode[] };
  'objective-meta': { metrics: MetricEntry[]; slices: { id: string; title: string }[] };
  'preset-names': string[];
  tags: string[];
}

const team = (id: number, name: string, children: TeamNode[] = []): TeamNode => ({ id, name, children });

const param = (
  id: number,
  label: string,
  title: string,
  type: ContextParam['type'],
  status: ContextParamStatus,
  domainId: number,
): ContextParam => ({ id, type, title, label, status, domainId });

/** A fresh, mutable copy: tests may edit `state.dictionaries` to simulate a platform change. */
export function createDictionaries(): SandboxDictionaries {
  return {
    types: [
      { value: 'regular', title: 'A/B test', deprecated: false },
      { value: 'retro', title: 'Retro analysis', deprecated: false },
      { value: 'switchback', title: 'Switchback', deprecated: false },
      { value: 'dfp', title: 'DFP (external advertising)', deprecated: false },
      { value: 'dfp_filler', title: 'DFP filler', deprecated: false },
      { value: 'holdout_analyzer', title: 'Holdout analyzer', deprecated: false },
      { value: 'crm', title: 'CRM communication', deprecated: false },
      { value: 'adhoc', title: 'Ad hoc (obsolete)', deprecated: true },
    ],
    domains: {
      items: [
        { id: 1, name: 'Marketplace' },
        { id: 2, name: 'Payments' },
        { id: 3, name: 'Delivery' },
        { id: 4, name: 'Advertising' },
      ],
    },
    participantTypes: [
      { key: 'user', label: 'Registered user' },
      { key: 'visitor', label: 'Visitor (device or cookie)' },
      { key: 'seller', label: 'Seller account' },
      { key: 'courier', label: 'Courier' },
    ],
    layers: [
      { id: 101, title: 'Search ranking', domainId: 1 },
      { id: 102, title: 'Catalog UI', domainId: 1 },
      { id: 103, title: 'Recommendations', domainId: 1 },
      { id: 201, title: 'Checkout flow', domainId: 2 },
      { id: 202, title: 'Payment methods', domainId: 2 },
      { id: 301, title: 'Delivery slots', domainId: 3 },
      { id: 401, title: 'DFP banners', domainId: 4 },
      { id: 402, title: 'Sponsored listings', domainId: 4 },
    ],
    holdouts: {
      result: [
        { code: 'global-2025-h1', name: 'Global holdout 2025 H1', status: 'active' },
        { code: 'payments-2025-q2', name: 'Payments holdout 2025 Q2', status: 'active' },
        { code: 'global-2024-h2', name: 'Global holdout 2024 H2', status: 'finished' },
      ],
    },
    'participant-lists': {
      allowed: [
        { id: 501, name: 'QA staff' },
        { id: 502, name: 'Beta testers' },
        { id: 503, name: 'Employees' },
      ],
      excluded: [
        { id: 601, name: 'Fraud suspects' },
        { id: 602, name: 'Load-test bots' },
      ],
    },
    'context-param-predicates': {
      params: [
        param(1, 'app_version', 'App version', 'version', 'active', 1),
        param(2, 'city', 'City', 'string', 'active', 1),
        param(3, 'is_new_user', 'New user', 'boolean', 'draft', 1),
        param(4, 'legacy_segment', 'Legacy segment', 'string', 'archived', 1),
        param(5, 'old_region', 'Old region', 'string', 'deleted', 1),
        param(6, 'payment_method', 'Payment method', 'string', 'active', 2),
        param(7, 'basket_value', 'Basket value', 'number', 'active', 2),
        param(8, 'card_issuer', 'Card issuer', 'string', 'draft', 2),
        param(9, 'delivery_zone', 'Delivery zone', 'string', 'active', 3),
        param(10, 'courier_kind', 'Courier kind', 'string', 'archived', 3),
        param(11, 'ad_slot', 'Ad slot', 'string', 'active', 4),
        param(12, 'ad_format', 'Ad format', 'string', 'deleted', 4),
      ],
      predicates: [
        { id: 'eq', title: 'equals', arity: 'one' },
        { id: 'neq', title: 'does not equal', arity: 'one' },
        { id: 'in', title: 'is one of', arity: 'many' },
        { id: 'not_in', title: 'is none of', arity: 'many' },
        { id: 'gt', title: 'greater than', arity: 'one' },
        { id: 'lt', title: 'less than', arity: 'one' },
        { id: 'contains', title: 'contains', arity: 'one' },
      ],
      predicateApplicability: {
        string: ['eq', 'neq', 'in', 'not_in', 'contains'],
        number: ['eq', 'neq', 'gt', 'lt', 'in'],
        boolean: ['eq'],
        version: ['eq', 'gt', 'lt'],
      },
    },
    teams: {
      data: [
        team(10, 'Marketplace', [
          team(11, 'Search', [team(111, 'Ranking'), team(112, 'Suggest')]),
          team(12, 'Catalog', [team(121, 'Listing page'), team(122, 'Product card')]),
        ]),
        team(20, 'Fintech', [team(21, 'Payments', [team(211, 'Checkout'), team(212, 'Wallet')])]),
        team(30, 'Logistics', [team(31, 'Delivery')]),
        team(40, 'Ads', [team(41, 'Display'), team(42, 'Sponsored')]),
      ],
    },
    'objective-meta': {
      metrics: buildMetricsCatalog(),
      slices: [
        { id: 'platform', title: 'Platform' },
        { id: 'country', title: 'Country' },
        { id: 'new_vs_returning', title: 'New vs returning' },
        { id: 'participant_type', title: 'Participant type' },
      ],
    },
    'preset-names': ['Core marketplace', 'Checkout funnel', 'Ads revenue', 'Delivery quality', 'Guardrails'],
    tags: [
      'checkout',
      'search',
      'catalog',
      'onboarding',
      'payments',
      'delivery',
      'ads',
      'recommendations',
      'mobile',
      'web',
      'pricing',
      'retention',
      'growth',
      'guardrail',
      'q1-2025',
      'q2-2025',
      'legacy',
      'ml',
      'ux',
      'performance',
    ],
  };
}

/** Every team id in the tree: any level may own an experiment. */
export function flattenTeams(nodes: readonly TeamNode[]): TeamNode[] {
  return nodes.flatMap((n) => [n, ...flattenTeams(n.children)]);
}
