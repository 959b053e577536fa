/** view.state.values as Slack sends it: block_id → action_id → element state. */
export type ViewStateValues = Record<string, Record<string, ElementState | undefined> | undefined>;

interface ElementState {
  type?: string;
  value?: string | null;
  selected_option?: { value?: string } | null;
  selected_options?: Array<{ value?: string }> | null;
}

export function inputValue(values: ViewStateValues, blockId: string, actionId: string): string | undefined {
  const value = values[blockId]?.[actionId]?.value;
  return typeof value === 'string' ? value : undefined;
}

/** A deselected static select comes back as null: treated like no choice. */
export function selectedValue(
  values: ViewStateValues,
  blockId: string,
  actionId: string,
): string | undefined {
  const option = values[blockId]?.[actionId]?.selected_option;
  return typeof option?.value === 'string' ? option.value : undefined;
}
