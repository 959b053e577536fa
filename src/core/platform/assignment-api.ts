// What the domain asks of the splitter (assignment and exposure), for its use-cases in
// core/assignment.ts. src/splitter implements it with the interface's exact schemas; src/compose
// hands that client over, where the compiler checks it fits these shapes.

/** A platform as the splitter names it: its id, and a version where one matters. */
interface PlatformRef {
  id: number;
  version?: string | undefined;
}

/** Who is assigned: a signed-in user, a visitor, or both (at least one). */
interface Participant {
  userId?: number | undefined;
  visitorId?: string | undefined;
}

export interface FeaturesQuery {
  tag: string;
  platform: PlatformRef;
  participant: Participant;
}

/** One experiment's group for the participant; fields the interface does not name are kept. */
export interface AssignedFeature {
  experimentLabel: string;
  label: string;
  [field: string]: unknown;
}

export interface ExposureRecord {
  experimentLabel: string;
  platform: PlatformRef;
  participant: Participant;
}

export interface AssignmentApi {
  getFeaturesByTag(query: FeaturesQuery): Promise<AssignedFeature[]>;
  /** Registers exposures; never retried, as each counts in the experiment's statistics. */
  exposeManyV2(request: { exposures: ExposureRecord[] }): Promise<void>;
}
