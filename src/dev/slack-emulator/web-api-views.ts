import { type ApiResult, fail, type MethodHandler, missing, str } from './api-context.js';
import { checkBlockKitLimits } from './block-kit/check-limits.js';
import { DOCUMENTED_LIMITS as LIMITS } from './block-kit/documented-limits.js';
import { isRecord } from './request-body.js';

function viewArg(args: Record<string, unknown>): Record<string, unknown> | ApiResult {
  if (args.view === undefined) return missing('view');
  if (!isRecord(args.view)) return fail('invalid_arguments', ['[ERROR] view must be a JSON object']);
  return args.view;
}

function viewError(view: Record<string, unknown>): ApiResult | undefined {
  if (JSON.stringify(view).length > LIMITS.viewBytes) return fail('view_too_large');
  const breaches = checkBlockKitLimits({ kind: 'view', view });
  return breaches.length > 0
    ? fail(
        'invalid_blocks',
        breaches.map((b) => `[ERROR] ${b}`),
      )
    : undefined;
}

const isError = (value: Record<string, unknown>): boolean => value.ok === false;

const open: MethodHandler = (args, ctx) => {
  const view = viewArg(args);
  if (isError(view)) return view;
  const trigger = ctx.triggers.check(args.trigger_id);
  if (!trigger.ok) return fail(trigger.error);
  if (view.type !== 'modal') return fail('invalid_arguments', ['[ERROR] views.open opens modal views only']);
  const error = viewError(view);
  if (error) return error;
  if (typeof view.external_id === 'string' && ctx.views.externalIdTaken(view.external_id)) {
    return fail('duplicate_external_id');
  }
  ctx.triggers.consume(String(args.trigger_id));
  return { ok: true, view: ctx.views.toApi(ctx.views.open(view, trigger.context.userId)) };
};

// Pushing needs a modal already open for the trigger's user (or the trigger's own view); Slack does
// not document the error for pushing without one, so the emulator answers not_found.
const push: MethodHandler = (args, ctx) => {
  const view = viewArg(args);
  if (isError(view)) return view;
  const trigger = ctx.triggers.check(args.trigger_id);
  if (!trigger.ok) return fail(trigger.error);
  const error = viewError(view);
  if (error) return error;
  const pushed = ctx.views.push(view, trigger.context);
  if (pushed === 'push_limit_reached') return fail('push_limit_reached');
  if (pushed === 'no_open_view') return fail('not_found', ['[ERROR] no open modal to push onto']);
  ctx.triggers.consume(String(args.trigger_id));
  return { ok: true, view: ctx.views.toApi(pushed) };
};

const update: MethodHandler = (args, ctx) => {
  const view = viewArg(args);
  if (isError(view)) return view;
  const viewId = str(args.view_id);
  const externalId = str(args.external_id);
  if (viewId === undefined && externalId === undefined) {
    return fail('invalid_arguments', ['[ERROR] view_id or external_id is required']);
  }
  const error = viewError(view);
  if (error) return error;
  const target = viewId === undefined ? { externalId } : { viewId };
  const updated = ctx.views.update(target, view, str(args.hash));
  if (updated === 'not_found') return fail('not_found');
  if (updated === 'hash_conflict') return fail('hash_conflict');
  return { ok: true, view: ctx.views.toApi(updated) };
};

// views.publish: the user's Home tab, replaced whole each time (https://docs.slack.dev/reference/methods/views.publish).
const publish: MethodHandler = (args, ctx) => {
  const view = viewArg(args);
  if (isError(view)) return view;
  const userId = str(args.user_id);
  if (userId === undefined) return missing('user_id');
  if (!ctx.users.has(userId)) return fail('user_not_found');
  if (view.type !== 'home')
    return fail('invalid_arguments', ['[ERROR] views.publish publishes home views only']);
  const error = viewError(view);
  if (error) return error;
  ctx.homes.set(userId, view);
  return { ok: true, view: { id: `VHOME${userId}`, type: 'home', ...view } };
};

export const viewMethods: Record<string, MethodHandler> = {
  'views.publish': publish,
  'views.open': open,
  'views.push': push,
  'views.update': update,
};
