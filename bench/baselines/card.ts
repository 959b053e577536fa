/** The card the Bolt baselines post after a start: the shape of the app's card. */
export function card(id: string, headline: string, experiment: Record<string, unknown>) {
  const field = (label: string, key: string) => ({
    type: 'mrkdwn',
    text: `*${label}*\n${String(experiment[key] ?? '—').slice(0, 100)}`,
  });
  const button = (action: string, label: string) => ({
    type: 'button',
    action_id: `exp_${action}`,
    value: id,
    text: { type: 'plain_text', text: label },
  });
  return [
    { type: 'section', text: { type: 'mrkdwn', text: headline } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: `*${String(experiment.name ?? id).slice(0, 200)}* (${id})` },
      fields: [
        field('Status', 'status'),
        field('Type', 'type'),
        field('Team', 'team'),
        field('Layer', 'layer'),
      ],
    },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `Next: stop or archive experiment ${id}.` }] },
    { type: 'actions', elements: [button('stop', 'Stop…'), button('archive', 'Archive')] },
  ];
}
